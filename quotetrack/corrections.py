"""Editors' corrections: reattribute or reject a quote, edit, merge and split speakers, fix an
article's metadata. Each answers with dataclasses (quotetrack.types), never ORM rows.

Every correction of a quote is also stored as an override keyed by article and span, which
every later ingest or re-extraction of that article applies (storage/overrides.py), and every
correction writes one audit entry (key name, time, before, after). Statements follow the
corrected speaker or status (statements.relink); the rows each step changes are storage's
(storage/correction_rows.py).
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from .errors import Conflict, NotFound, Superseded
from .statements.linking import relink
from .storage import correction_rows
from .storage.article_writes import update_article_metadata
from .storage.audit import write_audit
from .storage.mappers import to_quote, to_speaker
from .storage.models import QuoteRow, SpeakerRow
from .types import StoredQuote, StoredSpeaker

__all__ = [
    "Conflict",
    "NotFound",
    "Superseded",
    "correct_quote",
    "merge_speakers",
    "split_speaker",
    "update_article",
    "update_speaker",
]


def _reattribute(session: Session, quotes: list[QuoteRow], target: SpeakerRow, key_name: str, why: str) -> None:
    """Move quotes to `target`; their statements follow; each move is the editor's decision."""
    previous = {q.id: correction_rows.speaker_ref(q.speaker) for q in quotes}

    def change() -> None:
        for quote in quotes:
            quote.speaker = target
            quote.speaks_for = None  # a spokesperson's organisation went with them

    relink(session, quotes, change)
    correction_rows.record_reattribution(session, quotes, target, previous, key_name, why)


def correct_quote(
    session: Session,
    quote_id: int,
    key_name: str,
    *,
    speaker: str | None = None,
    speaker_name: str | None = None,
    speaker_kind: str | None = None,
    status: str | None = None,
) -> StoredQuote:
    """Reattribute a quote to a speaker (id or slug) or a name, and/or set its status."""
    quote = correction_rows.correctable_quote(session, quote_id)
    before = correction_rows.quote_state(quote)
    target = None
    if speaker is not None:
        target = correction_rows.speaker_or_raise(session, speaker)
    elif speaker_name is not None:
        target = correction_rows.speaker_named(session, quote, speaker_name, speaker_kind)
    if target is not None and target.id != quote.speaker_id:
        _reattribute(session, [quote], target, key_name, "quote reattributed")
    if status is not None and status != quote.status:

        def change() -> None:
            quote.status = status

        relink(session, [quote], change)
    if status is not None:
        correction_rows.pin(session, quote, key_name, status=status)
    write_audit(session, key_name, "quote.update", f"quote:{quote.id}", before, correction_rows.quote_state(quote))
    return to_quote(quote)


def update_speaker(session: Session, id_or_slug: str, changes: dict, key_name: str) -> StoredSpeaker:
    """Rename, set kind, aliases, titles, wikidata_id, or clear the ambiguous mark (see
    correction_rows.change_speaker). Its quotes and statements stay as they are."""
    row = correction_rows.speaker_or_raise(session, id_or_slug)
    before = correction_rows.speaker_state(row)
    correction_rows.change_speaker(session, row, changes)
    write_audit(session, key_name, "speaker.update", f"speaker:{row.id}", before, correction_rows.speaker_state(row))
    return to_speaker(row)


def merge_speakers(session: Session, source: str, into: str, key_name: str) -> StoredSpeaker:
    """Every quote of `source` goes to `into`, with its names, titles and identity keys, so
    later articles naming it join `into` too. `source` answers as `into` from then on."""
    src, dst = correction_rows.speaker_or_raise(session, source), correction_rows.speaker_or_raise(session, into)
    if src.id == dst.id:
        raise Conflict("A speaker cannot be merged into itself.")
    before = {"source": correction_rows.speaker_state(src), "into": correction_rows.speaker_state(dst)}
    _reattribute(session, list(src.quotes), dst, key_name, f"merged {src.slug} into {dst.slug}")
    spokespeople = correction_rows.quotes_spoken_for(session, src)

    def speak_for_dst() -> None:
        for quote in spokespeople:
            quote.speaks_for = dst

    if spokespeople:
        relink(session, spokespeople, speak_for_dst)
    correction_rows.fold_speaker_into(session, src, dst)
    after = {"source": correction_rows.speaker_state(src), "into": correction_rows.speaker_state(dst)}
    write_audit(session, key_name, "speaker.merge", f"speaker:{src.id}", before, after)
    return to_speaker(dst)


def split_speaker(
    session: Session, source: str, quote_ids: list[int], key_name: str, name: str | None = None, kind: str | None = None
) -> StoredSpeaker:
    """Chosen quotes of `source` go to a new speaker (default: same name and kind). The new
    speaker takes the identity key of its name only when no one holds it, so later articles
    naming the original keep joining the original."""
    src = correction_rows.speaker_or_raise(session, source)
    quotes = correction_rows.quotes_of(session, src, quote_ids)
    new = correction_rows.split_off_speaker(session, src, quotes, (name or src.name).strip(), kind or src.kind)
    before = {"source": correction_rows.speaker_state(src), "quotes": sorted(quote_ids)}
    _reattribute(session, quotes, new, key_name, f"split from {src.slug}")
    session.expire(src, ["quotes"])
    after = {
        "source": correction_rows.speaker_state(src),
        "new": {"id": new.id, "slug": new.slug, **correction_rows.speaker_state(new)},
    }
    write_audit(session, key_name, "speaker.split", f"speaker:{src.id}", before, after)
    return to_speaker(new)


def update_article(session: Session, article_id: int, changes: dict, key_name: str) -> None:
    """Correct an article's outlet, title, author or date; audited like every correction."""
    states = update_article_metadata(session, article_id, changes)
    if states is None:
        raise NotFound(f"No article {article_id}.")
    write_audit(session, key_name, "article.update", f"article:{article_id}", *states)
