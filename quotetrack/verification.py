"""verify(text, speaker=None): is this wording on record, who printed which wording, and
how does it differ? A journalist's "did she really say that?"."""

from __future__ import annotations

from dataclasses import dataclass, replace

from rapidfuzz import fuzz
from sqlalchemy.orm import Session

from .normalization.statements import RELATION_RANK, Comparison, Relation, canonical_form, compare, strongest, words
from .storage.models import QuoteRow, StatementRow
from .storage.statement_queries import candidate_quotes, to_statement, wordings
from .types import StoredStatement

NOT_FOUND = "not_found"
# A submitted wording close to part of a stored one ("Either she helps us or she gets out
# of the way" against the longer original) is a variant from this partial similarity on.
PARTIAL_VARIANT_RATIO = 85
MIN_WORDS = 3


@dataclass(frozen=True)
class Verdict:
    text: str
    verdict: str  # verbatim | variant | fragment | paraphrase | not_found
    matches: tuple[StoredStatement, ...]


def _relation(submitted: str, quote: QuoteRow) -> Comparison | None:
    fragments = tuple(quote.article.text[s:e] for s, e in quote.fragments or ())
    best = strongest(
        compare(submitted, quote.text, quote.kind != "direct"),
        compare(quote.text, submitted, quote.kind != "direct", fragments),
    )
    if best is not None:
        # "fragment" from the verifier's side: the submitted text is part of the record.
        if best.relation is Relation.FRAGMENT and len(words(submitted)) > len(words(quote.text)):
            return Comparison(Relation.VARIANT, best.similarity)
        return best
    a, b = canonical_form(submitted), canonical_form(quote.text)
    partial = fuzz.partial_ratio(a, b) if len(a.split()) >= MIN_WORDS else 0
    return Comparison(Relation.VARIANT, partial / 100) if partial >= PARTIAL_VARIANT_RATIO else None


def verify(session: Session, text: str, speaker_id: int | None = None, limit: int = 5) -> Verdict:
    best_by_statement: dict[int, Comparison] = {}
    for quote in candidate_quotes(session, text, speaker_id):
        comparison = _relation(text, quote)
        if comparison is not None and quote.statement_id is not None:
            best = strongest(best_by_statement.get(quote.statement_id), comparison)
            best_by_statement[quote.statement_id] = best or comparison
    ranked = sorted(
        best_by_statement.items(), key=lambda item: (-RELATION_RANK[item[1].relation], -item[1].similarity, item[0])
    )[:limit]
    matches = []
    for statement_id, comparison in ranked:
        row = session.get(StatementRow, statement_id)
        if row is None:
            continue
        stored = to_statement(row, with_wordings=False)

        def relation_of(quote: QuoteRow) -> tuple[str, float]:
            found = _relation(text, quote)
            return (found.relation.value, round(found.similarity, 3)) if found else ("different", 0.0)

        matches.append(
            replace(
                stored,
                relation=comparison.relation.value,
                similarity=round(comparison.similarity, 3),
                wordings=wordings(list(row.quotes), text, relation_of),
            )
        )
    verdict = (matches[0].relation if matches else None) or NOT_FOUND
    return Verdict(text, verdict, tuple(matches))
