"""The one speaker filter: what a client typed in a `speaker` field (an id, a slug, a name or
an alias) resolved to the speaker it means, to nobody, or to several candidates to choose from.
The API lists, the exports, verify and the search page all read the field through here, so
`speaker=Homan` means the same wherever it is typed."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from ..normalization.folding import fold
from ..types import StoredSpeaker
from .mappers import to_speaker
from .models import SpeakerAliasRow, SpeakerRow
from .speaker_queries import list_speakers
from .speaker_rows import find_speaker_row

MAX_CANDIDATES = 10


@dataclass(frozen=True)
class SpeakerMatch:
    speaker_id: int | None = None  # the one speaker meant; None with no candidates: nobody
    candidates: tuple[StoredSpeaker, ...] = ()  # several speakers answer to the name

    @property
    def ambiguous(self) -> bool:
        return len(self.candidates) > 1


def _exact_name_ids(session: Session, who: str) -> list[int]:
    """Live speakers whose name or one of whose aliases is `who`, case and accents aside."""
    folded = fold(who)
    aliases = select(SpeakerAliasRow.speaker_id).where(SpeakerAliasRow.folded == folded)
    rows = session.scalars(
        select(SpeakerRow.id)
        .where(SpeakerRow.merged_into_id.is_(None))
        .where(or_(func.lower(SpeakerRow.name) == folded, SpeakerRow.id.in_(aliases)))
        .order_by(SpeakerRow.id)
        .limit(MAX_CANDIDATES)
    )
    return list(rows)


def _candidates(session: Session, ids: list[int]) -> tuple[StoredSpeaker, ...]:
    rows = {row.id: row for row in session.scalars(select(SpeakerRow).where(SpeakerRow.id.in_(ids)))}
    return tuple(to_speaker(rows[i]) for i in ids)  # in the order found: most quoted first


def resolve_speaker(session: Session, who: str) -> SpeakerMatch:
    """An id or slug names its speaker; else an exact name or alias; else a part of one
    (`Homan`). One match is the speaker; several are candidates (the client picks one);
    none is nobody (an empty result, not an error: the record simply has no such speaker)."""
    who = who.strip()
    if not who:
        return SpeakerMatch()
    row = find_speaker_row(session, who)
    if row is not None:
        return SpeakerMatch(speaker_id=row.id)
    ids = _exact_name_ids(session, who)
    if not ids:  # most quoted first, so the likeliest candidates lead
        ids = [s.id for s in list_speakers(session, who, None, 1, MAX_CANDIDATES)[0]]
    if len(ids) == 1:
        return SpeakerMatch(speaker_id=ids[0])
    return SpeakerMatch(candidates=_candidates(session, ids)) if ids else SpeakerMatch()
