"""The archived people a bare surname may be, and which one it is (the rule on plain data is
attribution/identity_rules.choose_namesake: the only one, the article's first name, prominence).

Prominence counts a person's accepted quotes except those a bare surname gave them from another
article (the methods in SURNAME_JOINS): those joins move when the archive changes
(surname_joins.py), so counting them would let a join vote for itself and make the count, and the
choice, depend on the order articles arrived in."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from ..attribution.identity_rules import Namesake, NamesakeChoice, PersonName, choose_namesake
from ..types import QuoteStatus, SpeakerKind
from .models import IdentityDecisionRow, QuoteRow, SpeakerKeyRow, SpeakerRow

# Decisions that gave a bare surname another article's person (identity.IdentityMethod values).
SURNAME_JOINS = ("surname_unique", "surname_clue", "surname_prominent")


def archived_people(
    session: Session, last: str, fits: Callable[[PersonName, SpeakerRow], bool]
) -> dict[int, SpeakerRow]:
    """The archive's people with a first name and this surname that `fits` accepts, by id."""
    rows = session.execute(
        select(SpeakerKeyRow.key, SpeakerRow)
        .join(SpeakerRow, SpeakerKeyRow.speaker_id == SpeakerRow.id)
        .where(SpeakerKeyRow.key.like(f"person:%|{last}"))
    )
    found = {}
    for key, row in rows:
        first = key[len("person:") : key.index("|")]
        if first and row.kind == SpeakerKind.PERSON.value and fits(PersonName(first, last), row):
            found[row.id] = row
    return found


def quote_counts(session: Session, speaker_ids: list[int]) -> dict[int, int]:
    """Accepted quotes of each speaker, but those a bare surname of another article gave them."""
    if not speaker_ids:
        return {}
    rows = session.execute(
        select(QuoteRow.speaker_id, func.count())
        .outerjoin(IdentityDecisionRow, QuoteRow.identity_decision_id == IdentityDecisionRow.id)
        .where(
            QuoteRow.speaker_id.in_(speaker_ids),
            QuoteRow.status == QuoteStatus.ACCEPTED.value,
            or_(IdentityDecisionRow.id.is_(None), IdentityDecisionRow.method.notin_(SURNAME_JOINS)),
        )
        .group_by(QuoteRow.speaker_id)
    )
    counts = dict.fromkeys(speaker_ids, 0)
    counts.update({speaker_id: count for speaker_id, count in rows if speaker_id is not None})
    return counts


def choose(
    session: Session, last: str, candidates: dict[int, SpeakerRow], text: str
) -> tuple[SpeakerRow | None, str, dict]:
    """The candidate a bare surname is, the rule that chose it (or "none") and its evidence."""
    rows = sorted(candidates.values(), key=lambda r: r.id)
    counts = quote_counts(session, [r.id for r in rows]) if len(rows) > 1 else {}
    namesakes = [Namesake(_firsts(row, last), counts.get(row.id, 0)) for row in rows]
    choice: NamesakeChoice = choose_namesake(namesakes, text)
    return (rows[choice.chosen] if choice.chosen is not None else None), choice.rule, choice.evidence


def _firsts(row: SpeakerRow, last: str) -> tuple[str, ...]:
    suffix = f"|{last}"
    keys = [k.key for k in row.keys]
    return tuple(k[len("person:") : -len(suffix)] for k in keys if k.startswith("person:") and k.endswith(suffix))
