"""Bare surnames revisited: when an ingest quotes a person of a surname, every bare use of that
surname in other articles that the archive decided ("Merkel": joined the one namesake, one chosen
by the article's clue or by prominence, or kept apart and ambiguous) is decided again on today's
archive by the same rule (identity.Resolver.namesake), and its quotes move when the answer
changed: to the person now chosen, or back to a speaker of their own article, ambiguous. So where
a bare surname ends up depends on the archive, not on the order its articles arrived in.

A move is an automatic correction: the service relinks the quotes' statements around
`move_quotes` (storage never calls up), then `record` gives them a new identity decision (its
method and evidence, the previous speaker named) and writes one audit entry, "speaker.join" or
"speaker.apart", naming the quotes, so an editor can undo it with a split
(`POST /api/v1/speakers/{slug}/split`). Editors win: a quote an editor pinned (an override) or
moved (an "editor" decision), and a speaker an editor renamed or cleared of its ambiguous mark,
are never revisited.

Two ingests revisit one surname one after the other: `lock_surnames`, taken first in a unit of
work, before the article's row and any speaker's lock (PostgreSQL advisory locks, in a fixed
order), so the second sees the first's moves and makes none twice, and the lock adds no cycle."""

from __future__ import annotations

import zlib
from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..attribution.identity_rules import PersonName, normalised, person_name
from ..types import QuoteStatus, Speaker, SpeakerKind
from .audit import write_audit
from .correction_rows import speaker_ref, speaker_state
from .identity import IdentityMethod, Resolver, add_titles_and_aliases
from .models import ArticleRow, IdentityDecisionRow, QuoteOverrideRow, QuoteRow, SpeakerRow
from .namesakes import SURNAME_JOINS

SURNAME_LOCK_SPACE = 7402  # first key of pg_advisory_xact_lock(int, int): revisiting one surname
_REVISITED = (*SURNAME_JOINS, IdentityMethod.SURNAME_AMBIGUOUS.value)


@dataclass
class Move:
    """One article's bare surname whose quotes go from `source` to `target`."""

    decision: IdentityDecisionRow  # the decision the quotes had
    quotes: list[QuoteRow]
    source: SpeakerRow
    target: SpeakerRow
    method: IdentityMethod
    evidence: dict
    before: dict  # the two speakers before the move, for the audit entry


def surnames_quoted(speakers: Iterable[Speaker | None], in_full_only: bool = False) -> set[str]:
    """The surnames (folded) of the people among `speakers`, named in full (and alone, unless
    `in_full_only`)."""
    found = set()
    for speaker in speakers:
        if speaker is not None and speaker.kind is SpeakerKind.PERSON:
            person = person_name(normalised(speaker).name)
            if person is not None and (person.first or not in_full_only):
                found.add(person.last)
    return found


def lock_surnames(session: Session, surnames: Iterable[str]) -> None:
    """Serialise, across processes (PostgreSQL), the ingests quoting one surname; SQLite's
    writers queue already. Transaction-scoped, taken in one order."""
    if session.get_bind().dialect.name != "postgresql":
        return
    for key in sorted({zlib.crc32(s.encode()) & 0x7FFFFFFF for s in surnames}):
        session.execute(select(func.pg_advisory_xact_lock(SURNAME_LOCK_SPACE, key)))


def moves(session: Session, surnames: Iterable[str], article_id: int) -> list[Move]:
    """The other articles' bare surnames of `surnames` whose speaker today's archive changes."""
    found = []
    for surname in sorted(set(surnames)):
        decisions = session.scalars(
            select(IdentityDecisionRow)
            .where(
                IdentityDecisionRow.surname == surname,
                IdentityDecisionRow.article_id != article_id,
                IdentityDecisionRow.method.in_(_REVISITED),
            )
            .order_by(IdentityDecisionRow.id)
        )
        for decision in list(decisions):
            move = _revisit(session, decision)
            if move is not None:
                found.append(move)
    return found


def _revisit(session: Session, decision: IdentityDecisionRow) -> Move | None:
    quotes = _movable_quotes(session, decision)
    if not quotes:
        return None
    source = quotes[0].speaker
    if source is None or source.id != decision.speaker_id or any(q.speaker_id != source.id for q in quotes):
        return None  # moved since, by an editor
    apart = decision.method == IdentityMethod.SURNAME_AMBIGUOUS.value
    if apart and (source.article_id != decision.article_id or not source.ambiguous or source.merged_into_id):
        return None  # an editor named it, or cleared its ambiguous mark: theirs now
    article = session.get(ArticleRow, decision.article_id)
    evidence = decision.evidence or {}
    titles = tuple(evidence.get("titles", source.titles if apart else ()))
    person = PersonName("", decision.surname or "", evidence.get("initial", ""))
    resolver = Resolver(session, decision.article_id, article.text if article is not None else "")
    row, method, new_evidence = resolver.namesake(person, titles)
    if row is None and apart:
        return None
    if row is not None and row.id == source.id:
        return None
    if row is None:  # no longer decided: back to a speaker of its own article
        mention = normalised(Speaker(decision.mention, SpeakerKind.PERSON, titles))
        row = resolver.own_speaker(mention, method, new_evidence).speaker
        if row.merged_into_id is not None or not row.ambiguous:  # a speaker joined before, apart again
            row.merged_into, row.ambiguous = None, True
    before = {"source": speaker_state(source), "into": speaker_state(row)}
    return Move(decision, quotes, source, row, method, new_evidence, before)


def _movable_quotes(session: Session, decision: IdentityDecisionRow) -> list[QuoteRow]:
    """The decision's live quotes that no editor pinned."""
    quotes = session.scalars(
        select(QuoteRow)
        .where(QuoteRow.identity_decision_id == decision.id, QuoteRow.status != QuoteStatus.SUPERSEDED.value)
        .order_by(QuoteRow.id)
    ).all()
    pinned = {
        (o.start, o.end)
        for o in session.scalars(select(QuoteOverrideRow).where(QuoteOverrideRow.article_id == decision.article_id))
    }
    return [q for q in quotes if (q.start, q.end) not in pinned]


def move_quotes(move: Move) -> None:
    """The change itself, which the caller runs inside statement relinking."""
    for quote in move.quotes:
        quote.speaker = move.target


def record(session: Session, move: Move, key_name: str) -> None:
    """After `move_quotes`: the quotes' new decision, the names the join brings, the source
    emptied of them (a speaker of its own article answers as the target from then on, as after
    an editor's merge), and the audit entry."""
    joined = move.method != IdentityMethod.SURNAME_AMBIGUOUS
    decision = IdentityDecisionRow(
        article_id=move.decision.article_id,
        speaker=move.target,
        mention=move.decision.mention,
        kind=move.decision.kind,
        method=move.method.value,
        evidence={**move.evidence, "revisited": True, "previous": speaker_ref(move.source)},
        surname=move.decision.surname,
    )
    for quote in move.quotes:
        quote.identity_decision = decision
    if joined:
        add_titles_and_aliases(move.target, move.evidence.get("titles", ()), (move.decision.mention,))
    session.flush()
    session.expire(move.source, ["quotes"])
    session.expire(move.target, ["quotes"])
    if move.source.article_id is not None and not move.source.quotes:
        move.source.merged_into, move.source.ambiguous = move.target, False
    session.flush()
    after = {
        "source": speaker_state(move.source),
        "into": speaker_state(move.target),
        "quotes": [q.id for q in move.quotes],
        "method": move.method.value,
        "evidence": decision.evidence,
    }
    action = "speaker.join" if joined else "speaker.apart"
    write_audit(session, key_name, action, f"speaker:{move.source.id}", move.before, after)
