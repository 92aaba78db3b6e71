"""The rows an editor's correction changes: overrides pinned by article and span, speakers
renamed, merged and split, and the snapshots the audit log keeps. The order of a correction,
and the statements that follow it, are quotetrack/corrections.py's."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..errors import Conflict, NotFound, Superseded
from ..types import QuoteStatus, Speaker, SpeakerKind
from .identity import (
    IdentityMethod,
    Resolver,
    add_titles_and_aliases,
    is_proper_name,
    organization_keys,
    person_key,
    person_name,
    unique_slug,
)
from .models import IdentityDecisionRow, QuoteOverrideRow, QuoteRow, SpeakerKeyRow, SpeakerRow
from .speaker_rows import find_speaker_row
from .successors import successor_id


# -- snapshots for the audit log -------------------------------------------------------------
def speaker_ref(row: SpeakerRow | None) -> dict | None:
    return {"id": row.id, "slug": row.slug, "name": row.name} if row is not None else None


def quote_state(quote: QuoteRow) -> dict:
    return {"speaker": speaker_ref(quote.speaker), "status": quote.status}


def speaker_state(row: SpeakerRow) -> dict:
    return {
        "name": row.name,
        "kind": row.kind,
        "titles": list(row.titles),
        "aliases": [a.alias for a in row.aliases],
        "wikidata_id": row.wikidata_id,
        "ambiguous": row.ambiguous,
        "merged_into": speaker_ref(row.merged_into),
        "quote_count": len(row.quotes),
    }


# -- quotes -------------------------------------------------------------------------------------
def correctable_quote(session: Session, quote_id: int) -> QuoteRow:
    """The quote an editor may correct: it exists and is of its article's live revision."""
    quote = session.get(QuoteRow, quote_id)
    if quote is None:
        raise NotFound(f"No quote {quote_id}.")
    if quote.revision != quote.article.revision or quote.status == QuoteStatus.SUPERSEDED:
        # Superseded (by a revision or a re-extraction), or rejected before its revision was.
        # Refused rather than applied to the live quote: the live wording may differ, and a
        # curator should see which quote they are changing.
        raise Superseded(quote.id, successor_id(session, quote))
    return quote


def speaker_named(session: Session, quote: QuoteRow, name: str, kind: str | None) -> SpeakerRow:
    """The speaker a name given for `quote` means, by the same rules as ingestion: "Barack
    Obama" finds him, a group stays this article's."""
    speaker_kind = SpeakerKind(kind or (quote.speaker.kind if quote.speaker else SpeakerKind.PERSON.value))
    return Resolver(session, quote.article_id).resolve(Speaker(name.strip(), speaker_kind)).speaker


def pin(session: Session, quote: QuoteRow, key_name: str, speaker_id: int | None = None, status: str | None = None):
    """Record the correction as an override of this article and span."""
    override = session.scalar(
        select(QuoteOverrideRow).where(
            QuoteOverrideRow.article_id == quote.article_id,
            QuoteOverrideRow.start == quote.start,
            QuoteOverrideRow.end == quote.end,
        )
    )
    if override is None:
        override = QuoteOverrideRow(article_id=quote.article_id, start=quote.start, end=quote.end, key_name=key_name)
        session.add(override)
    override.text, override.key_name = quote.text, key_name
    if speaker_id is not None:
        override.speaker_id = speaker_id
    if status is not None:
        override.status = status


def record_reattribution(
    session: Session,
    quotes: list[QuoteRow],
    target: SpeakerRow,
    previous: dict[int, dict | None],
    key_name: str,
    why: str,
) -> None:
    """Each quote moved to `target` gets the editor's decision (naming the speaker it had) and an override."""
    for quote in quotes:
        quote.identity_decision = IdentityDecisionRow(
            article_id=quote.article_id,
            speaker=target,
            mention=target.name,
            kind=target.kind,
            method=IdentityMethod.EDITOR.value,
            evidence={"by": key_name, "correction": why, "previous": previous[quote.id]},
        )
        pin(session, quote, key_name, speaker_id=target.id)
    session.flush()


# -- speakers -----------------------------------------------------------------------------------
def speaker_or_raise(session: Session, id_or_slug: str) -> SpeakerRow:
    row = find_speaker_row(session, str(id_or_slug))
    if row is None:
        raise NotFound(f"No speaker {id_or_slug!r}.")
    return row


def _keys_for(name: str, kind: str) -> list[str]:
    """The shared identity keys a speaker of this name and kind would be found by."""
    if kind == SpeakerKind.ORGANISATION.value:
        return organization_keys(Speaker(name, SpeakerKind.ORGANISATION))
    if kind == SpeakerKind.PERSON.value and is_proper_name(name):
        person = person_name(name)
        if person is not None and person.first:
            return [person_key(person)]
    return []


def _claim_keys(session: Session, row: SpeakerRow, keys: list[str]) -> None:
    for key in keys:
        owner = session.get(SpeakerKeyRow, key)
        if owner is None:
            row.keys.append(SpeakerKeyRow(key=key))
        elif owner.speaker_id != row.id:
            other = session.get(SpeakerRow, owner.speaker_id)
            raise Conflict(
                f"That identity belongs to speaker {other.slug if other else owner.speaker_id}; merge instead."
            )


def change_speaker(session: Session, row: SpeakerRow, changes: dict) -> None:
    """Rename, set kind, aliases, titles, wikidata_id, or clear the ambiguous mark. A new
    name also becomes an identity key of the speaker, so later articles naming it join it;
    a name that is another speaker's identity is a Conflict (merge instead)."""
    name, kind = changes.get("name", row.name).strip(), changes.get("kind", row.kind)
    if kind != row.kind and kind not in (SpeakerKind.PERSON.value, SpeakerKind.ORGANISATION.value):
        # Groups and unnamed sources are never shared: later articles stop finding it.
        for key in [k for k in row.keys if not k.key.startswith("local:")]:
            row.keys.remove(key)
    if name != row.name or kind != row.kind:
        keys = _keys_for(name, kind)
        _claim_keys(session, row, keys)
        if keys:  # a named person or organisation now: shared, no longer in doubt
            row.article_id, row.ambiguous = None, False
        add_titles_and_aliases(row, (), (row.name,))
        row.name, row.kind = name, kind
    if "titles" in changes:
        row.titles = list(dict.fromkeys(t.strip() for t in changes["titles"] if t.strip()))
    if "aliases" in changes:
        wanted = {a.strip() for a in changes["aliases"] if a.strip()}
        for alias in [a for a in row.aliases if a.alias not in wanted]:
            row.aliases.remove(alias)
        session.flush()  # deletes first: 'Homan' -> 'HOMAN' keeps its folded key unique
        add_titles_and_aliases(row, (), sorted(wanted))
    if "wikidata_id" in changes:
        wikidata = changes["wikidata_id"]
        if wikidata is not None:
            other = session.scalar(
                select(SpeakerRow).where(SpeakerRow.wikidata_id == wikidata, SpeakerRow.id != row.id)
            )
            if other is not None:
                raise Conflict(f"{wikidata} is speaker {other.slug}; merge instead.")
        row.wikidata_id = wikidata
    if "ambiguous" in changes:
        row.ambiguous = bool(changes["ambiguous"])
    session.flush()


def fold_speaker_into(session: Session, src: SpeakerRow, dst: SpeakerRow) -> None:
    """After its quotes moved: `src`'s overrides, names, titles and identity keys go to `dst`,
    so later articles naming it join `dst` too, and `src` answers as `dst` from then on."""
    for override in session.scalars(select(QuoteOverrideRow).where(QuoteOverrideRow.speaker_id == src.id)):
        override.speaker_id = dst.id
    for key in list(src.keys):
        src.keys.remove(key)
        session.flush()
        dst.keys.append(SpeakerKeyRow(key=key.key))
    add_titles_and_aliases(dst, src.titles, (src.name, *(a.alias for a in src.aliases)))
    if src.wikidata_id and not dst.wikidata_id:
        dst_wikidata, src.wikidata_id = src.wikidata_id, None
        session.flush()
        dst.wikidata_id = dst_wikidata
    src.merged_into = dst
    src.ambiguous = False
    session.flush()
    session.expire(src, ["quotes"])
    session.expire(dst, ["quotes"])


def quotes_spoken_for(session: Session, organisation: SpeakerRow) -> list[QuoteRow]:
    """The quotes of spokespeople speaking for `organisation`."""
    return list(session.scalars(select(QuoteRow).where(QuoteRow.speaks_for_id == organisation.id)))


def quotes_of(session: Session, src: SpeakerRow, quote_ids: list[int]) -> list[QuoteRow]:
    """The chosen quotes, every one of them `src`'s (else NotFound)."""
    quotes = list(session.scalars(select(QuoteRow).where(QuoteRow.id.in_(quote_ids))))
    strangers = sorted(set(quote_ids) - {q.id for q in quotes if q.speaker_id == src.id})
    if strangers:
        raise NotFound(f"Quotes {strangers} are not quotes of speaker {src.slug}.")
    if not quotes:
        raise NotFound("No quotes to split off.")
    return quotes


def split_off_speaker(session: Session, src: SpeakerRow, quotes: list[QuoteRow], name: str, kind: str) -> SpeakerRow:
    """A new speaker for quotes split from `src`. It takes the identity key of its name only
    when no one holds it, so later articles naming the original keep joining the original."""
    articles = {q.article_id for q in quotes}
    new = SpeakerRow(
        slug=unique_slug(session, name),
        name=name,
        kind=kind,
        titles=list(src.titles),
        article_id=articles.pop() if src.article_id is not None and len(articles) == 1 else None,
    )
    session.add(new)
    session.flush()
    for key in _keys_for(name, kind):
        if session.get(SpeakerKeyRow, key) is None:
            new.keys.append(SpeakerKeyRow(key=key))
    return new
