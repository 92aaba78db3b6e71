"""Reading statements back: lists, one statement with its wordings, candidates for verify."""

from __future__ import annotations

from datetime import date

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session, selectinload

from ..storage.claims import voices_lent
from ..storage.mappers import to_speaker
from ..storage.models import ClaimRow, QuoteRow, SpeakerRow, StatementRow
from ..storage.text_forms import fold_words, like_pattern
from ..types import Appearance, StoredStatement, Wording
from . import paraphrase
from .diff import word_diff
from .index import neighbours
from .words import canonical_form, stem_keys


def appearance(claim: ClaimRow) -> Appearance:
    article = claim.quote.article
    return Appearance(claim.quote_id, article.id, article.outlet, article.title, article.url, article.published)


def _order(claim: ClaimRow) -> tuple:
    return (claim.quote.article.published or date.max, claim.article_id, claim.start)


def wordings(claims: list[ClaimRow], reference: str, relation_of) -> tuple[Wording, ...]:
    """Group claims by wording; `relation_of(claim)` gives (relation, similarity) to `reference`."""
    groups: dict[str, list[ClaimRow]] = {}
    for claim in sorted(claims, key=_order):
        groups.setdefault(canonical_form(claim.text), []).append(claim)
    result = []
    for group in groups.values():
        first = group[0]
        relation, similarity = relation_of(first)
        result.append(
            Wording(
                first.text,
                first.quote.kind,
                relation,
                similarity,
                tuple(word_diff(reference, first.text)),
                tuple(appearance(c) for c in group),
            )
        )
    return tuple(sorted(result, key=lambda w: (-w.similarity, w.text)))


def to_statement(row: StatementRow, with_wordings: bool = True) -> StoredStatement:
    claims = sorted(row.claims, key=_order)
    canonical = next((c for c in claims if c.id == row.canonical_claim_id), None)
    return StoredStatement(
        id=row.id,
        speaker=to_speaker(row.speaker) if row.speaker else None,
        canonical_text=row.canonical_text,
        first_seen=row.first_seen,
        quote_count=row.quote_count,
        outlet_count=row.outlet_count,
        first_appearance=appearance(claims[0]) if claims else None,
        canonical_appearance=appearance(canonical) if canonical else None,
        canonical_kind=canonical.quote.kind if canonical else "direct",
        wordings=wordings(claims, row.canonical_text, lambda c: (c.relation or "verbatim", c.similarity or 0.0))
        if with_wordings
        else (),
    )


def _statement_query():
    return select(StatementRow).options(
        selectinload(StatementRow.claims).selectinload(ClaimRow.quote).selectinload(QuoteRow.article),
        selectinload(StatementRow.speaker).selectinload(SpeakerRow.aliases),
    )


def get_statement(session: Session, statement_id: int) -> StoredStatement | None:
    row = session.scalar(_statement_query().where(StatementRow.id == statement_id))
    return to_statement(row) if row else None


def list_statements(
    session: Session,
    *,
    speaker_id: int | None = None,
    text: str | None = None,
    min_outlets: int | None = None,
    date_from: date | None = None,
    date_to: date | None = None,
    page: int = 1,
    per_page: int = 20,
) -> tuple[list[StoredStatement], int]:
    statement = _statement_query()
    if speaker_id is not None:
        # Theirs, and those their own quotes are in under an organisation's voice (a
        # spokesperson: the remark is the company's, the words hers).
        quoted = select(ClaimRow.statement_id).join(ClaimRow.quote).where(QuoteRow.speaker_id == speaker_id)
        statement = statement.where(or_(StatementRow.speaker_id == speaker_id, StatementRow.id.in_(quoted)))
    for word in fold_words(text or "").split():
        statement = statement.where(
            StatementRow.id.in_(
                select(ClaimRow.statement_id).where(ClaimRow.folded.like(like_pattern(word), escape="\\"))
            )
        )
    if min_outlets:
        statement = statement.where(StatementRow.outlet_count >= min_outlets)
    if date_from:
        statement = statement.where(StatementRow.first_seen >= date_from)
    if date_to:
        statement = statement.where(StatementRow.first_seen <= date_to)
    total = (
        session.scalar(select(func.count()).select_from(statement.with_only_columns(StatementRow.id).subquery())) or 0
    )
    rows = session.scalars(
        statement.order_by(StatementRow.outlet_count.desc(), StatementRow.quote_count.desc(), StatementRow.id)
        .offset((page - 1) * per_page)
        .limit(per_page)
    )
    return [to_statement(r) for r in rows], total


def candidate_claims(session: Session, text: str, speaker_id: int | None, limit: int = 50) -> list[ClaimRow]:
    """Claims that share word 3-grams with `text` (see index.py), plus, for a named
    speaker, their recent claims (paraphrases share no 3-gram)."""
    # 3-grams find near-verbatim wordings; the words' stems and their WordNet synonyms find
    # paraphrases that share few of them ("troopers will not help" / "police will not assist").
    stems = stem_keys(text, expand=paraphrase.synonyms)
    if speaker_id is None:
        ids = neighbours(session, text, limit=limit, word_keys=stems)
    else:
        # A spokesperson's claims are indexed under the organisation they speak for.
        voices = [speaker_id, *voices_lent(session, speaker_id)]
        ids = [i for voice in voices for i in neighbours(session, text, voice, limit, word_keys=stems)]
        ids += session.scalars(
            select(ClaimRow.id)
            .where(ClaimRow.speaker_id.in_(voices), ClaimRow.statement_id.is_not(None))
            .order_by(ClaimRow.id.desc())
            .limit(limit)
        )
    if not ids:
        return []
    found = select(ClaimRow).where(ClaimRow.id.in_(set(ids)))
    # Each candidate is judged with its quote, article and the quote's other claims (a
    # wording may run over several): loaded in three queries, not three per candidate.
    quote = selectinload(ClaimRow.quote)
    claims = list(
        session.scalars(found.options(quote.selectinload(QuoteRow.article), quote.selectinload(QuoteRow.claims)))
    )
    if speaker_id is None:
        return claims
    # Under an organisation's voice, only the words this speaker's own quotes carry.
    return [c for c in claims if c.speaker_id == speaker_id or c.quote.speaker_id == speaker_id]
