"""Score quote extraction and attribution against hand-annotated gold files.

A predicted quote matches a gold quote when their character spans overlap by at least
MATCH_OVERLAP of the longer of the two (one-to-one, best overlaps first). Reported:
span precision / recall / F1, speaker accuracy on matched quotes, end-to-end F1 (span and
speaker right), the same per kind, and every miss.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..attribution.names import fold

MATCH_OVERLAP = 0.5
KINDS = ("direct", "indirect", "mixed")


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    text: str
    kind: str
    speaker: str | None
    speaker_aliases: tuple[str, ...] = ()
    method: str | None = None  # predictions only: the sieve that named the speaker
    confidence: float | None = None
    calibrated: float | None = None  # the model's calibrated confidence before the rule shift, where known


@dataclass
class GoldArticle:
    name: str
    text: str
    quotes: list[Span]


def _norm_name(name: str | None) -> str:
    if not name:
        return ""
    name = re.sub(r"^(?:the|a|an)\s+", "", fold(name.replace("’", "'")))
    return re.sub(r"[^a-z0-9@ ]+", "", name).strip()


def load_gold(path: Path) -> list[GoldArticle]:
    data = json.loads(path.read_text(encoding="utf-8"))
    articles = []
    for number, entry in enumerate(data["articles"]):
        if "text" in entry:
            text, name = entry["text"], entry.get("name", f"{path.name}[{number}]")
        else:
            source = next(
                (
                    base / entry["source"]
                    for base in (Path.cwd(), *path.resolve().parents)
                    if (base / entry["source"]).exists()
                ),
                None,
            )
            if source is None:
                raise FileNotFoundError(entry["source"])
            text, name = source.read_text(encoding="utf-8"), entry["source"]
        quotes, position = [], 0
        for quote in entry["quotes"]:
            if "after" in quote:
                position = text.index(quote["after"], position)
            start = text.find(quote["text"], position)
            if start < 0:
                raise ValueError(f"{name}: gold quote not in text: {quote['text'][:60]!r}")
            quotes.append(
                Span(
                    start,
                    start + len(quote["text"]),
                    quote["text"],
                    quote["kind"],
                    quote.get("speaker"),
                    tuple(quote.get("speaker_aliases", ())),
                )
            )
            position = start
        articles.append(GoldArticle(name, text, quotes))
    return articles


def speaker_right(predicted: str | None, gold: Span, lenient_surname: bool = False, acronyms: tuple = ()) -> bool:
    """`acronyms`: other names of a predicted organisation ("ICE" for Immigration and Customs
    Enforcement): the same entity, whichever of its names the article made canonical."""
    names = {_norm_name(gold.speaker), *(_norm_name(a) for a in gold.speaker_aliases)}
    guess = _norm_name(predicted)
    if guess in names or any(_norm_name(a) in names for a in acronyms):
        return True
    # For a peer that reports the speaker as written ("Homan"), a surname counts.
    return lenient_surname and bool(guess) and guess.split()[-1] == _norm_name(gold.speaker).split()[-1]


def match(predicted: list[Span], gold: list[Span]) -> list[tuple[Span, Span]]:
    pairs = []
    for p in predicted:
        for g in gold:
            overlap = min(p.end, g.end) - max(p.start, g.start)
            if overlap > 0 and overlap >= MATCH_OVERLAP * max(p.end - p.start, g.end - g.start):
                pairs.append((overlap, p, g))
    used_p, used_g, matched = set(), set(), []
    for _, p, g in sorted(pairs, key=lambda x: -x[0]):
        if id(p) not in used_p and id(g) not in used_g:
            used_p.add(id(p))
            used_g.add(id(g))
            matched.append((p, g))
    return matched


@dataclass
class Tally:
    predicted: int = 0
    gold: int = 0
    matched_predicted: int = 0  # predictions of this kind that matched
    matched_gold: int = 0  # gold quotes of this kind that were matched
    speaker_right: int = 0
    kind_right: int = 0
    end_to_end: int = 0  # gold of this kind matched with the right speaker
    end_to_end_predicted: int = 0  # predictions of this kind matched with the right speaker

    def figures(self) -> dict[str, float | int]:
        def ratio(a, b):
            return a / b if b else 0.0

        p, r = ratio(self.matched_predicted, self.predicted), ratio(self.matched_gold, self.gold)
        ep, er = ratio(self.end_to_end_predicted, self.predicted), ratio(self.end_to_end, self.gold)
        return {
            "gold": self.gold,
            "predicted": self.predicted,
            "precision": p,
            "recall": r,
            "f1": ratio(2 * p * r, p + r),
            "speaker_accuracy": ratio(self.speaker_right, self.matched_gold),
            "kind_accuracy": ratio(self.kind_right, self.matched_gold),
            "end_to_end_f1": ratio(2 * ep * er, ep + er),
        }


@dataclass
class Report:
    system: str
    overall: Tally = field(default_factory=Tally)
    by_kind: dict[str, Tally] = field(default_factory=lambda: {k: Tally() for k in KINDS})
    misses: list[str] = field(default_factory=list)
    # (method, confidence, speaker right) of every matched prediction that has a method
    attributions: list[tuple[str, float, bool]] = field(default_factory=list)
    # method -> the calibrated confidences before the rule shift (cross-validated reports only)
    calibrated: dict[str, list[float]] = field(default_factory=dict)


Predictor = Callable[[str], list[Span]]


def evaluate(articles: list[GoldArticle], predict: Predictor, system: str, lenient_surname: bool = False) -> Report:
    report = Report(system)
    for article in articles:
        predicted = predict(article.text)
        pairs = match(predicted, article.quotes)
        matched_gold = {id(g): p for p, g in pairs}
        matched_pred = {id(p): g for p, g in pairs}
        for g in article.quotes:
            for tally in (report.overall, report.by_kind[g.kind]):
                tally.gold += 1
            p = matched_gold.get(id(g))
            if p is None:
                report.misses.append(f"MISSED  {article.name}: [{g.kind}] {g.speaker}: {g.text[:90]!r}")
                continue
            right = speaker_right(p.speaker, g, lenient_surname, p.speaker_aliases)
            if p.method is not None and p.confidence is not None:
                report.attributions.append((p.method, p.confidence, right))
                if p.calibrated is not None:
                    report.calibrated.setdefault(p.method, []).append(p.calibrated)
            for tally in (report.overall, report.by_kind[g.kind]):
                tally.matched_gold += 1
                tally.speaker_right += right
                tally.kind_right += p.kind == g.kind
                tally.end_to_end += right
            if p.kind != g.kind:
                report.misses.append(f"KIND    {article.name}: {g.text[:60]!r} is {g.kind}, got {p.kind}")
            if not right:
                report.misses.append(f"SPEAKER {article.name}: {g.text[:60]!r} is {g.speaker!r}, got {p.speaker!r}")
        for p in predicted:
            kind = p.kind if p.kind in KINDS else "direct"
            gold_match = matched_pred.get(id(p))
            for tally in (report.overall, report.by_kind[kind]):
                tally.predicted += 1
                if gold_match is not None:
                    tally.matched_predicted += 1
                    tally.end_to_end_predicted += speaker_right(
                        p.speaker, gold_match, lenient_surname, p.speaker_aliases
                    )
            if gold_match is None:
                report.misses.append(f"EXTRA   {article.name}: [{p.kind}] {p.speaker}: {p.text[:90]!r}")
    return report


def organisation_acronyms(speaker) -> tuple[str, ...]:
    if speaker is None or speaker.kind.value != "organization":
        return ()
    return tuple(a for a in speaker.aliases if a.isupper() and 2 <= len(a) <= 6)


def quotetrack_predictor(nlp) -> Predictor:
    from ..quotes import extract_quotes

    def predict(text: str) -> list[Span]:
        quotes, _ = extract_quotes(text, nlp)
        return [
            Span(
                q.start,
                q.end,
                q.text,
                q.kind.value,
                q.speaker.name if q.speaker else None,
                speaker_aliases=organisation_acronyms(q.speaker),
                method=q.method.value,
                confidence=q.confidence,
            )
            for q in quotes
        ]

    return predict


def textacy_predictor(nlp) -> Predictor:
    """The peer: textacy's direct_quotations (direct quotes only, speaker as written)."""
    from textacy.extract.triples import direct_quotations

    def predict(text: str) -> list[Span]:
        doc = nlp(text)
        spans = []
        try:
            triples = list(direct_quotations(doc))
        except Exception:  # textacy gives up on a document with unbalanced quote marks
            return []
        for triple in triples:
            content = triple.content
            start, end = content[0].idx, content[-1].idx + len(content[-1].text)
            raw = text[start:end]
            # textacy's content includes the quote marks; gold spans do not.
            lead = len(raw) - len(raw.lstrip("\"“”'‘’ "))
            trail = len(raw) - len(raw.rstrip("\"“”'‘’ "))
            speaker = " ".join(t.text for t in triple.speaker) if triple.speaker else None
            spans.append(Span(start + lead, end - trail, raw.strip("\"“”'‘’ "), "direct", speaker))
        return spans

    return predict


def format_reports(reports: list[Report], gold_names: list[str], with_misses: bool = True) -> str:
    lines = [
        f"gold: {', '.join(gold_names)}",
        f"match: character overlap >= {MATCH_OVERLAP:.0%} of the longer span, one to one; P/R/F1 of spans;",
        "speaker and kind ok: accuracy on matched gold quotes; e2e F1: span and speaker right",
        "",
    ]
    header = (
        f"{'system':12} {'kind':9} {'gold':>5} {'pred':>5} {'P':>6} {'R':>6} {'F1':>6} {'speaker':>8} "
        f"{'e2e F1':>7} {'kind ok':>8}"
    )
    lines.append(header)
    lines.append("-" * len(header))
    for report in reports:
        for kind, tally in [("all", report.overall), *report.by_kind.items()]:
            f = tally.figures()
            lines.append(
                f"{report.system:12} {kind:9} {f['gold']:5} {f['predicted']:5} {f['precision']:6.3f} "
                f"{f['recall']:6.3f} {f['f1']:6.3f} {f['speaker_accuracy']:8.3f} {f['end_to_end_f1']:7.3f} "
                f"{f['kind_accuracy']:8.3f}"
            )
    for report in reports:
        if report.attributions:
            lines += ["", *format_sieves(report), "", *format_reliability(report)]
    for report in reports if with_misses else []:
        lines += ["", f"{report.system}: misses ({len(report.misses)})"]
        lines += [f"  {m}" for m in sorted(report.misses)]
    return "\n".join(lines)


def format_sieves(report: Report) -> list[str]:
    """Each sieve's coverage (share of matched quotes it attributed) and precision."""
    total = len(report.attributions)
    by_method: dict[str, list[bool]] = {}
    for method, _, right in report.attributions:
        by_method.setdefault(method, []).append(right)
    # A cross-validated report also gives each method's mean calibrated confidence before the
    # rule shift: the reference the shift is fitted against (attribution/rule_shift.py).
    calibrated = bool(report.calibrated)
    lines = [
        f"{report.system}: speaker accuracy by sieve (matched quotes: {total})",
        f"{'sieve':22} {'quotes':>6} {'coverage':>8} {'right':>6} {'precision':>9}"
        + (f" {'calibrated':>10}" if calibrated else ""),
    ]
    for method, outcomes in sorted(by_method.items(), key=lambda mo: -len(mo[1])):
        confidences = report.calibrated.get(method, [])
        mean = f" {sum(confidences) / len(confidences):10.4f}" if calibrated and confidences else ""
        lines.append(
            f"{method:22} {len(outcomes):6} {len(outcomes) / total:8.1%} {sum(outcomes):6} "
            f"{sum(outcomes) / len(outcomes):9.3f}{mean}"
        )
    return lines


RELIABILITY_BINS = (0.0, 0.5, 0.7, 0.8, 0.9, 0.95, 1.0001)


def reliability(
    attributions: list[tuple[str, float, bool]],
) -> tuple[list[tuple[float, float, int, float, float]], float]:
    """Rows (low, high, quotes, mean confidence, accuracy) and the expected calibration error."""
    rows, error, total = [], 0.0, len(attributions) or 1
    for low, high in zip(RELIABILITY_BINS, RELIABILITY_BINS[1:], strict=False):
        inside = [(c, r) for _, c, r in attributions if low <= c < high]
        if not inside:
            continue
        mean = sum(c for c, _ in inside) / len(inside)
        accuracy = sum(r for _, r in inside) / len(inside)
        rows.append((low, min(high, 1.0), len(inside), mean, accuracy))
        error += len(inside) / total * abs(mean - accuracy)
    return rows, error


def format_reliability(report: Report) -> list[str]:
    rows, error = reliability(report.attributions)
    total = len(report.attributions) or 1
    confident = [r for _, c, r in report.attributions if c >= 0.9]
    lines = [
        f"{report.system}: calibration (confidence = P(speaker right)); ECE {error:.3f}",
        f"{'confidence':12} {'quotes':>6} {'share':>6} {'mean conf':>9} {'accuracy':>8}",
    ]
    for low, high, count, mean, accuracy in rows:
        lines.append(f"[{low:.2f}, {high:.2f}) {count:6} {count / total:6.1%} {mean:9.3f} {accuracy:8.3f}")
    if confident:
        lines.append(
            f"confidence >= 0.9: {len(confident) / total:.1%} of matched quotes, "
            f"right {sum(confident) / len(confident):.1%}"
        )
    return lines
