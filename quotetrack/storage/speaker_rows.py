"""Finding a speaker's row: by id or slug, following editors' merges. For the write path and for
the look-ups that map rows to dataclasses (speaker_queries.py)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from .models import SpeakerRow


def live_speaker(session: Session, speaker_id: int) -> SpeakerRow:
    """The speaker, or the one an editor merged it into."""
    row = session.get(SpeakerRow, speaker_id)
    seen = set()
    while row is not None and row.merged_into_id is not None and row.id not in seen:
        seen.add(row.id)
        row = session.get(SpeakerRow, row.merged_into_id)
    if row is None:
        raise LookupError(f"speaker {speaker_id} is gone")
    return row


def find_speaker_row(session: Session, id_or_slug: str) -> SpeakerRow | None:
    """By numeric id or slug; a speaker merged into another answers as that one."""
    numeric = id_or_slug.isascii() and id_or_slug.isdigit() and int(id_or_slug) <= 2**31 - 1  # ids; not '²'
    condition = SpeakerRow.id == int(id_or_slug) if numeric else SpeakerRow.slug == id_or_slug
    row = session.scalar(select(SpeakerRow).where(condition))
    return live_speaker(session, row.id) if row is not None else None
