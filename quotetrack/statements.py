"""Group quotes that report one remark into statements, incrementally and order-free.

Every quote points at its strongest neighbour: the quote of the same speaker whose wording
relates most strongly to its own (verbatim > variant > fragment > paraphrase, then
similarity, then a content-derived key). Statements are the connected groups of those
links. Each quote's strongest neighbour among *all* stored quotes does not depend on the
order they arrived in, so neither do the statements. A multi-remark quote links to one
remark only, so it cannot chain two remarks into one statement.

Candidates come from the same speaker's quotes (at most SPEAKER_CANDIDATES, newest first)
and from the shingle index (shared word 3-grams), never from a scan of the archive.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection
from datetime import date

from rapidfuzz import fuzz
from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from .normalization.statements import (
    RELATION_RANK,
    Comparison,
    Relation,
    canonical_form,
    compare,
    shingles,
    strongest,
)
from .storage.models import QuoteRow, QuoteShingleRow, StatementRow
from .storage.shingle_index import neighbours

_FAR_FUTURE = date.max  # sorts undated quotes last
SPEAKER_CANDIDATES = 1000
SHINGLE_CANDIDATES = 200


def fragments_of(quote: QuoteRow) -> tuple[str, ...]:
    return tuple(quote.article.text[s:e] for s, e in quote.fragments or ())


def relate(a: QuoteRow, b: QuoteRow) -> Comparison | None:
    """The relation between two quotes' wordings, the same whichever is `a`."""
    reported = a.kind != "direct" or b.kind != "direct"
    best = strongest(
        compare(a.text, b.text, reported, fragments_of(a)), compare(b.text, a.text, reported, fragments_of(b))
    )
    if best is not None and best.relation is Relation.PARAPHRASE and a.article_id == b.article_id:
        return None  # one article reports different things in similar words, not one remark twice
    return best


def link_strength(comparison: Comparison) -> float:
    return RELATION_RANK[comparison.relation] + comparison.similarity


def stable_key(quote: QuoteRow) -> str:
    """Identifies a quote by content, not by the order it was stored in."""
    return f"{quote.article.text_sha256}:{quote.start}:{quote.end}"


def _stronger(strength: float, key: str, than_strength: float, than_key: str | None) -> bool:
    if than_key is None:
        return True
    return (strength, _invert(key)) > (than_strength, _invert(than_key))


def _invert(key: str) -> tuple[int, ...]:
    return tuple(-ord(c) for c in key)  # the smaller key wins a tie


def index_quote(session: Session, quote: QuoteRow) -> None:
    for shingle in shingles(quote.text):
        session.add(QuoteShingleRow(quote_id=quote.id, shingle=shingle, speaker_id=quote.speaker_id))


def candidates(session: Session, quote: QuoteRow) -> list[QuoteRow]:
    """The same speaker's recent quotes and every quote of theirs sharing shingles."""
    ids = set(neighbours(session, quote.text, quote.speaker_id, SHINGLE_CANDIDATES, exclude=quote.id))
    if quote.speaker_id is not None:
        ids.update(
            session.scalars(
                select(QuoteRow.id)
                .where(QuoteRow.speaker_id == quote.speaker_id, QuoteRow.id != quote.id, QuoteRow.status == "accepted")
                .order_by(QuoteRow.id.desc())
                .limit(SPEAKER_CANDIDATES)
            )
        )
    return list(session.scalars(select(QuoteRow).where(QuoteRow.id.in_(ids)))) if ids else []


def _choose_best(quote: QuoteRow, pool: list[QuoteRow], touched: set[int]) -> None:
    """Set quote's strongest neighbour from `pool`; let each pool quote adopt `quote` when it
    is their strongest. Statements of every quote whose link changed go into `touched`."""
    best, best_strength = None, 0.0
    for other in pool:
        comparison = relate(quote, other)
        if comparison is None:
            continue
        strength = link_strength(comparison)
        if _stronger(strength, stable_key(other), best_strength, stable_key(best) if best else None):
            best, best_strength = other, strength
        current = other.best_link
        if _stronger(strength, stable_key(quote), other.best_link_rank, stable_key(current) if current else None):
            other.best_link, other.best_link_rank = quote, strength
            touched.add(other.id)
    quote.best_link, quote.best_link_rank = best, best_strength
    touched.add(quote.id)
    if best is not None:
        touched.add(best.id)


SPEAKER_LOCK_SPACE = 7401  # first key of pg_advisory_xact_lock(int, int): statement linking per speaker


def lock_speakers(session: Session, speaker_ids: Collection[int | None]) -> None:
    """Serialise statement linking per speaker across processes (PostgreSQL): linking reads
    and rewrites the speaker's other quotes' links, so two writers (ingests, an editor's
    correction) must not link one speaker's quotes at once. Transaction-scoped advisory
    locks, taken in id order; a deadlock with another transaction's order is detected by
    PostgreSQL and the ingest retried. SQLite needs none: its writers are serialised already."""
    if session.get_bind().dialect.name != "postgresql":
        return
    for speaker_id in sorted({i or 0 for i in speaker_ids}):  # 0: quotes without a speaker
        session.execute(select(func.pg_advisory_xact_lock(SPEAKER_LOCK_SPACE, speaker_id)))


def link_quotes(session: Session, quotes: list[QuoteRow], orphaned_statements: Collection[int] = frozenset()) -> None:
    """Link newly stored quotes into statements. `orphaned_statements`: statements that
    lost quotes (an article re-ingested with new text), to be rebuilt too."""
    lock_speakers(session, [q.speaker_id for q in quotes])
    for quote in quotes:
        index_quote(session, quote)
    session.flush()
    touched: set[int] = set()
    for quote in quotes:
        _choose_best(quote, candidates(session, quote), touched)
    # Quotes whose strongest neighbour was deleted look again.
    stale = (
        list(
            session.scalars(
                select(QuoteRow).where(QuoteRow.statement_id.in_(orphaned_statements), QuoteRow.best_link_id.is_(None))
            )
        )
        if orphaned_statements
        else []
    )
    for quote in stale:
        _choose_best(quote, candidates(session, quote), touched)
    session.flush()
    _regroup(session, touched, set(orphaned_statements))


def relink(session: Session, quotes: list[QuoteRow], change: Callable[[], None]) -> None:
    """Apply an editor's `change` to stored quotes (another speaker, or rejected) and let
    statements follow: the quotes leave their statements and whatever chose them as
    strongest neighbour looks again; the ones still accepted are linked anew under their
    (possibly new) speaker."""
    lock_speakers(session, [q.speaker_id for q in quotes])
    ids = [q.id for q in quotes]
    orphaned = {q.statement_id for q in quotes if q.statement_id is not None}
    for other in session.scalars(select(QuoteRow).where(QuoteRow.best_link_id.in_(ids))):
        other.best_link, other.best_link_rank = None, 0.0
    for quote in quotes:
        quote.best_link, quote.best_link_rank = None, 0.0
        quote.statement, quote.relation, quote.similarity = None, None, None
    session.execute(delete(QuoteShingleRow).where(QuoteShingleRow.quote_id.in_(ids)))
    session.flush()
    change()
    session.flush()
    link_quotes(session, [q for q in quotes if q.status == "accepted"], orphaned)


def _regroup(session: Session, quote_ids: set[int], statement_ids: set[int]) -> None:
    """Recompute the connected groups among the touched quotes and everything in their
    statements; give each group a statement."""
    members = {q.id: q for q in session.scalars(select(QuoteRow).where(QuoteRow.id.in_(quote_ids)))}
    statement_ids |= {q.statement_id for q in members.values() if q.statement_id is not None}
    frontier = True
    while frontier:  # close over statements reached through links
        more = session.scalars(
            select(QuoteRow).where(QuoteRow.statement_id.in_(statement_ids), QuoteRow.id.notin_(members))
        ).all()
        linked = [
            q.best_link for q in [*members.values(), *more] if q.best_link is not None and q.best_link.id not in members
        ]
        frontier = bool(more or linked)
        for q in [*more, *linked]:
            members[q.id] = q
            if q.statement_id is not None:
                statement_ids.add(q.statement_id)
    parent = {qid: qid for qid in members}

    def root(qid: int) -> int:
        while parent[qid] != qid:
            parent[qid] = parent[parent[qid]]
            qid = parent[qid]
        return qid

    for q in members.values():
        if q.best_link_id in parent:
            parent[root(q.id)] = root(q.best_link_id)
    groups: dict[int, list[QuoteRow]] = {}
    for q in members.values():
        groups.setdefault(root(q.id), []).append(q)
    old = {s.id: s for s in session.scalars(select(StatementRow).where(StatementRow.id.in_(statement_ids)))}
    reused: set[int] = set()
    for group in sorted(groups.values(), key=lambda g: -len(g)):
        counts = Counter(q.statement_id for q in group if q.statement_id in old and q.statement_id not in reused)
        statement = old[counts.most_common(1)[0][0]] if counts else None
        if statement is None:
            statement = StatementRow(canonical_text="")
            session.add(statement)
            session.flush()
        reused.add(statement.id)
        for q in group:
            q.statement = statement
        describe(statement, group)
    session.flush()
    empty = [sid for sid in old if sid not in reused]
    if empty:
        session.execute(delete(StatementRow).where(StatementRow.id.in_(empty)))


def _canonical(group: list[QuoteRow]) -> QuoteRow:
    """The best verbatim direct wording: the one most outlets printed, then the longest,
    then the first published."""
    pool = [q for q in group if q.kind == "direct"] or group
    forms = Counter(canonical_form(q.text) for q in pool)
    return min(
        pool,
        key=lambda q: (-forms[canonical_form(q.text)], -len(q.text), q.article.published or _FAR_FUTURE, stable_key(q)),
    )


def describe(statement: StatementRow, group: list[QuoteRow]) -> None:
    canonical = _canonical(group)
    statement.canonical_text = canonical.text
    statement.speaker_id = canonical.speaker_id
    dates = [q.article.published for q in group if q.article.published]
    statement.first_seen = min(dates) if dates else None
    statement.quote_count = len(group)
    statement.outlet_count = len({q.article.outlet or f"article:{q.article_id}" for q in group})
    for q in group:
        if q is canonical or canonical_form(q.text) == canonical_form(canonical.text):
            q.relation, q.similarity = Relation.VERBATIM.value, 1.0
            continue
        comparison = relate(q, canonical)
        if comparison is None:  # related through another wording of the statement
            fallback = Relation.VARIANT if q.kind == "direct" else Relation.PARAPHRASE
            comparison = Comparison(
                fallback, fuzz.token_set_ratio(canonical_form(q.text), canonical_form(canonical.text)) / 100
            )
        q.relation, q.similarity = comparison.relation.value, round(comparison.similarity, 3)
    statement.canonical_quote_id = canonical.id
