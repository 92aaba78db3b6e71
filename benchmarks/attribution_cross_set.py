"""Speaker accuracy across development sets: the candidate model trained on one set, scored on
the other (and the reverse), beside the article-fold cross-validation `quotetrack train-ranker`
reports. The two sets are one genre (Wikinews) but other articles, annotators and years, so the
gap between the two figures says how much the model leans on the articles it was fitted to.
The sieves (rules) were written while reading both sets' errors, so neither figure is a hidden
test of them; the held-out sets in benchmarks/attribution_cv.txt are.

    python benchmarks/attribution_cross_set.py --out benchmarks/attribution_cross_set.txt
"""

from __future__ import annotations

import argparse
from pathlib import Path

from quotetrack.config import load_settings
from quotetrack.measure import ranker_training
from quotetrack.measure.evaluation import format_reliability, load_gold
from quotetrack.nlp import configured_pipeline

SETS = {
    "gum-news-quotes": Path("../shared/data/gum-news-quotes/gold.json"),
    "wikinews-quotes": Path("../shared/data/wikinews-quotes/gold.json"),
}


def summary(report) -> str:
    figures = report.overall.figures()
    return (
        f"speaker {figures['speaker_accuracy']:.3f}  e2e F1 {figures['end_to_end_f1']:.3f}  "
        f"({report.overall.speaker_right}/{report.overall.matched_gold} matched quotes)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, help="also write the report here")
    args = parser.parse_args()
    nlp = configured_pipeline(load_settings())
    examples = {name: ranker_training.collect(load_gold(path), nlp) for name, path in SETS.items()}
    lines = ["$ python benchmarks/attribution_cross_set.py" + (f" --out {args.out}" if args.out else ""), ""]
    everything = [a for articles in examples.values() for a in articles]
    folded = ranker_training.cross_validate(everything)
    for test_name, test in examples.items():
        train_name, train = next((n, e) for n, e in examples.items() if n != test_name)
        model = ranker_training.fit(train)
        across = ranker_training.report(test, lambda a, m=model: ranker_training.predict(a, m), "model")
        within = ranker_training.report(test, lambda a: folded[a.gold.name], "model")
        sieves = ranker_training.report(test, lambda a: [q.span for q in a.quotes], "sieves")
        rows = [
            ("sieves alone", sieves),
            ("model, 5-fold CV over both sets' articles", within),
            (f"model trained on {train_name} only", across),
        ]
        lines += [
            f"== scored on {test_name} ({len(test)} articles)",
            *(f"  {label + ':':<46} {summary(report)}" for label, report in rows),
            *("  " + line for line in format_reliability(across)),
            "",
        ]
    text = "\n".join(lines)
    print(text)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
