"""Editors' corrections: reattribute or reject a quote, edit, merge and split speakers.

Every correction of a quote is also stored as an override keyed by article and span
(QuoteOverrideRow), which every later ingest or re-extraction of that article applies, and
every correction writes one audit entry (key name, time, before, after). Statements follow
the corrected speaker (statements.relink).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..statements import relink
from ..types import Speaker, SpeakerKind
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
from .models import AuditRow, IdentityDecisionRow, QuoteOverrideRow, QuoteRow, SpeakerKeyRow, SpeakerRow
from .repository import find_speaker_row, update_article_metadata


class NotFound(LookupError):
    pass


class Conflict(ValueError):
    """The correction contradicts the archive (e.g. the new name is another speaker's)."""


class Superseded(Conflict):
    """The quote belongs to an earlier revision of its article: a correction of it would
    change nothing that readers see. `live_quote_id`: the same quote in the live revision,
    when one is found (same wording, else same span)."""

    def __init__(self, quote_id: int, live_quote_id: int | None):
        self.quote_id, self.live_quote_id = quote_id, live_quote_id
        where = (
            f"correct the live quote /api/v1/quotes/{live_quote_id} instead"
            if live_quote_id is not None
            else "the live revision has no such quote"
        )
        super().__init__(f"Quote {quote_id} is from an earlier revision of its article, superseded; {where}.")


@dataclass(frozen=True)
class AuditEntry:
    id: int
    at: datetime
    key_name: str
    action: str
    target: str
    before: dict
    after: dict


# -- snapshots for the audit log -------------------------------------------------------------
def _speaker_ref(row: SpeakerRow | None) -> dict | None:
    return {"id": row.id, "slug": row.slug, "name": row.name} if row is not None else None


def quote_state(quote: QuoteRow) -> dict:
    return {"speaker": _speaker_ref(quote.speaker), "status": quote.status}


def speaker_state(row: SpeakerRow) -> dict:
    return {
        "name": row.name,
        "kind": row.kind,
        "titles": list(row.titles),
        "aliases": [a.alias for a in row.aliases],
        "wikidata_id": row.wikidata_id,
        "ambiguous": row.ambiguous,
        "merged_into": _speaker_ref(row.merged_into),
        "quote_count": len(row.quotes),
    }


def _audit(session: Session, key_name: str, action: str, target: str, before: dict, after: dict) -> None:
    session.add(AuditRow(key_name=key_name, action=action, target=target, before=before, after=after))
    session.flush()


def list_audit(session: Session, page: int, per_page: int, target: str | None = None) -> tuple[list[AuditEntry], int]:
    statement = select(AuditRow)
    if target:
        statement = statement.where(AuditRow.target == target)
    total = session.scalar(select(func.count()).select_from(statement.subquery())) or 0
    rows = session.scalars(
        statement.order_by(AuditRow.at.desc(), AuditRow.id.desc()).offset((page - 1) * per_page).limit(per_page)
    )
    return [AuditEntry(r.id, r.at, r.key_name, r.action, r.target, r.before, r.after) for r in rows], total


# -- helpers --------------------------------------------------------------------------------
def _speaker(session: Session, id_or_slug: str) -> SpeakerRow:
    row = find_speaker_row(session, str(id_or_slug))
    if row is None:
        raise NotFound(f"No speaker {id_or_slug!r}.")
    return row


def _pin(session: Session, quote: QuoteRow, key_name: str, speaker_id: int | None = None, status: str | None = None):
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


def _reattribute(session: Session, quotes: list[QuoteRow], target: SpeakerRow, key_name: str, why: str) -> None:
    previous = {q.id: _speaker_ref(q.speaker) for q in quotes}

    def change() -> None:
        for quote in quotes:
            quote.speaker = target

    relink(session, quotes, change)
    for quote in quotes:
        quote.identity_decision = IdentityDecisionRow(
            article_id=quote.article_id,
            speaker=target,
            mention=target.name,
            kind=target.kind,
            method=IdentityMethod.EDITOR.value,
            evidence={"by": key_name, "correction": why, "previous": previous[quote.id]},
        )
        _pin(session, quote, key_name, speaker_id=target.id)
    session.flush()


def _keys_for(name: str, kind: str) -> list[str]:
    """The shared identity keys a speaker of this name and kind would be found by."""
    if kind == SpeakerKind.ORGANIZATION.value:
        return organization_keys(Speaker(name, SpeakerKind.ORGANIZATION))
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


# -- corrections ------------------------------------------------------------------------------
def correct_quote(
    session: Session,
    quote_id: int,
    key_name: str,
    *,
    speaker: str | None = None,
    speaker_name: str | None = None,
    speaker_kind: str | None = None,
    status: str | None = None,
) -> QuoteRow:
    """Reattribute a quote to a speaker (id or slug) or a name, and/or set its status."""
    quote = session.get(QuoteRow, quote_id)
    if quote is None:
        raise NotFound(f"No quote {quote_id}.")
    if quote.revision != quote.article.revision:  # superseded, or rejected before its revision was
        # Refused rather than applied to the live quote: the live wording may differ (it is
        # another revision's text), and a curator should see which quote they are changing.
        raise Superseded(quote.id, _live_quote_id(session, quote))
    before = quote_state(quote)
    target = None
    if speaker is not None:
        target = _speaker(session, speaker)
    elif speaker_name is not None:
        kind = SpeakerKind(speaker_kind or (quote.speaker.kind if quote.speaker else SpeakerKind.PERSON.value))
        # The same rules as ingestion: "Barack Obama" finds him, a group stays this article's.
        target = Resolver(session, quote.article_id).resolve(Speaker(speaker_name.strip(), kind)).speaker
    if target is not None and target.id != quote.speaker_id:
        _reattribute(session, [quote], target, key_name, "quote reattributed")
    if status is not None and status != quote.status:

        def change() -> None:
            quote.status = status

        relink(session, [quote], change)
    if status is not None:
        _pin(session, quote, key_name, status=status)
    _audit(session, key_name, "quote.update", f"quote:{quote.id}", before, quote_state(quote))
    return quote


def _live_quote_id(session: Session, quote: QuoteRow) -> int | None:
    """The quote's counterpart in its article's live revision: the same wording, else the same span."""
    live = list(
        session.scalars(
            select(QuoteRow)
            .where(QuoteRow.article_id == quote.article_id, QuoteRow.revision == quote.article.revision)
            .order_by(QuoteRow.start)
        )
    )
    for same in (lambda q: q.text == quote.text, lambda q: (q.start, q.end) == (quote.start, quote.end)):
        found = next((q for q in live if same(q)), None)
        if found is not None:
            return found.id
    return None


def update_speaker(session: Session, id_or_slug: str, changes: dict, key_name: str) -> SpeakerRow:
    """Rename, set kind, aliases, titles, wikidata_id, or clear the ambiguous mark. A new
    name also becomes an identity key of the speaker, so later articles naming it join it;
    a name that is another speaker's identity is a Conflict (merge instead)."""
    row = _speaker(session, id_or_slug)
    before = speaker_state(row)
    name, kind = changes.get("name", row.name).strip(), changes.get("kind", row.kind)
    if kind != row.kind and kind not in (SpeakerKind.PERSON.value, SpeakerKind.ORGANIZATION.value):
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
    _audit(session, key_name, "speaker.update", f"speaker:{row.id}", before, speaker_state(row))
    return row


def merge_speakers(session: Session, source: str, into: str, key_name: str) -> SpeakerRow:
    """Every quote of `source` goes to `into`, with its names, titles and identity keys, so
    later articles naming it join `into` too. `source` answers as `into` from then on."""
    src, dst = _speaker(session, source), _speaker(session, into)
    if src.id == dst.id:
        raise Conflict("A speaker cannot be merged into itself.")
    before = {"source": speaker_state(src), "into": speaker_state(dst)}
    _reattribute(session, list(src.quotes), dst, key_name, f"merged {src.slug} into {dst.slug}")
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
    _audit(
        session,
        key_name,
        "speaker.merge",
        f"speaker:{src.id}",
        before,
        {"source": speaker_state(src), "into": speaker_state(dst)},
    )
    return dst


def split_speaker(
    session: Session, source: str, quote_ids: list[int], key_name: str, name: str | None = None, kind: str | None = None
) -> SpeakerRow:
    """Chosen quotes of `source` go to a new speaker (default: same name and kind). The new
    speaker takes the identity key of its name only when no one holds it, so later articles
    naming the original keep joining the original."""
    src = _speaker(session, source)
    quotes = list(session.scalars(select(QuoteRow).where(QuoteRow.id.in_(quote_ids))))
    strangers = sorted(set(quote_ids) - {q.id for q in quotes if q.speaker_id == src.id})
    if strangers:
        raise NotFound(f"Quotes {strangers} are not quotes of speaker {src.slug}.")
    if not quotes:
        raise NotFound("No quotes to split off.")
    name, kind = (name or src.name).strip(), kind or src.kind
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
    before = speaker_state(src)
    _reattribute(session, quotes, new, key_name, f"split from {src.slug}")
    session.expire(src, ["quotes"])
    _audit(
        session,
        key_name,
        "speaker.split",
        f"speaker:{src.id}",
        {"source": before, "quotes": sorted(quote_ids)},
        {"source": speaker_state(src), "new": {"id": new.id, "slug": new.slug, **speaker_state(new)}},
    )
    return new


def update_article(session: Session, article_id: int, changes: dict, key_name: str) -> None:
    """Correct an article's outlet, title, author or date; audited like every correction."""
    states = update_article_metadata(session, article_id, changes)
    if states is None:
        raise NotFound(f"No article {article_id}.")
    _audit(session, key_name, "article.update", f"article:{article_id}", *states)
