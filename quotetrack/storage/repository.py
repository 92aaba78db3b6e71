"""The only place ORM rows and dataclasses meet: saves and queries for the service and API."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Collection
from dataclasses import dataclass, replace
from datetime import date

from sqlalchemy import Select, delete, func, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, object_session, selectinload

from ..attribution.names import fold
from ..statements import link_quotes, lock_speakers, relink
from ..types import (
    Article,
    ArticleRevision,
    IdentityRecord,
    Quote,
    StoredArticle,
    StoredClaim,
    StoredQuote,
    StoredSpeaker,
)
from .identity import Decision, IdentityMethod, Resolver
from .models import (
    ArticleRevisionRow,
    ArticleRow,
    AuditRow,
    ClaimRow,
    IdentityDecisionRow,
    QuoteOverrideRow,
    QuoteRow,
    SpeakerAliasRow,
    SpeakerRow,
    StatementRow,
)

ACCEPTED, REJECTED, SUPERSEDED = "accepted", "rejected", "superseded"
# The audit log's key name for an ingest made without an API key (a library call).
NO_KEY = "(no key)"


def like_pattern(text: str) -> str:
    """A LIKE pattern (escape character backslash) matching `text` anywhere, its own % and _
    taken literally."""
    return "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def in_articles(statement: Select, outlet: str | None, date_from: date | None, date_to: date | None) -> Select:
    """`statement` (which selects or joins articles) narrowed to an outlet and a publication period."""
    if outlet:
        statement = statement.where(func.lower(ArticleRow.outlet) == outlet.lower())
    if date_from:
        statement = statement.where(ArticleRow.published >= date_from)
    if date_to:
        statement = statement.where(ArticleRow.published <= date_to)
    return statement


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def fold_words(text: str) -> str:
    """Lowercase letters and digits separated by single spaces: the search form of a text."""
    return " ".join(re.findall(r"[a-z0-9]+", fold(text.replace("’", "'").replace("'", ""))))


# -- articles -----------------------------------------------------------------------------------
def find_article(session: Session, article: Article, for_update: bool = False) -> ArticleRow | None:
    """The stored copy of `article`: same URL, or same text when it has no URL. `for_update`
    locks its row (PostgreSQL) so concurrent revisions of one article queue up."""
    if article.url:
        statement = select(ArticleRow).where(ArticleRow.url == article.url)
    else:
        statement = select(ArticleRow).where(
            ArticleRow.url.is_(None), ArticleRow.text_sha256 == text_hash(article.text)
        )
    if for_update:
        statement = statement.with_for_update().execution_options(populate_existing=True)
    return session.scalar(statement)


def save_article(
    session: Session, article: Article, quotes: list[Quote], versions: str, key_name: str = NO_KEY
) -> tuple[ArticleRow, bool]:
    """Store the article with its quotes and link them into statements, in the caller's
    transaction. Returns (row, created). The same text again: the stored row, unchanged. A
    known URL with other text: a new revision (created is True); the previous revision's
    quotes become "superseded", leave statements and look-ups, and stay readable by id.
    Either way the metadata fields sent (not None) win and the others keep their stored
    values; a change is written to the audit log under `key_name`, as an editor's is.

    Race-proof without read-then-write: the insert relies on the unique URL (or text) and,
    when a concurrent ingest won, re-reads its row; revisions of one article queue on its
    row lock."""
    digest = text_hash(article.text)
    row = find_article(session, article, for_update=True)
    if row is None:
        try:
            with session.begin_nested():  # a savepoint: losing the race leaves the transaction usable
                row = ArticleRow(url=article.url, text=article.text, text_sha256=digest, model_versions=versions)
                _set_metadata(row, article)
                session.add(row)
                session.flush()
        except IntegrityError:
            row = find_article(session, article, for_update=True)
            if row is None:
                raise
        else:
            session.add(
                ArticleRevisionRow(
                    article=row, number=1, text=article.text, text_sha256=digest, model_versions=versions
                )
            )
            _add_quotes(session, row, quotes)
            return row, True
    before = _metadata_state(row)
    if row.text_sha256 == digest:
        # The same text with corrected metadata (a fixed title or date): the fields sent win.
        _set_metadata(row, article, only_given=True)
        _audit_metadata(session, row, before, key_name)
        return row, False
    _supersede_quotes(session, row)
    row.revision += 1
    row.text, row.text_sha256, row.model_versions = article.text, digest, versions
    # A feed re-posting a corrected story often sends only url and text: a field left out keeps
    # its stored value (a revision is new text, not new metadata). PATCH clears a field.
    _set_metadata(row, article, only_given=True)
    _audit_metadata(session, row, before, key_name)
    session.add(
        ArticleRevisionRow(
            article=row, number=row.revision, text=article.text, text_sha256=digest, model_versions=versions
        )
    )
    _add_quotes(session, row, quotes)
    return row, True


def _set_metadata(row: ArticleRow, article: Article, only_given: bool = False) -> None:
    for name in ARTICLE_METADATA:
        value = getattr(article, name)
        if value is not None or not only_given:
            setattr(row, name, value)


# Article fields an ingest or an editor may set without touching the text (and its quotes).
ARTICLE_METADATA = ("outlet", "title", "author", "published")


def _metadata_state(row: ArticleRow) -> dict:
    return {"revision": row.revision, **{name: _plain(getattr(row, name)) for name in ARTICLE_METADATA}}


def _audit_metadata(session: Session, row: ArticleRow, before: dict, key_name: str) -> None:
    """An ingest that changed the stored metadata leaves the same trace as an editor's PATCH:
    who, when, before and after (a re-posted story could otherwise retitle an article unseen)."""
    after = _metadata_state(row)
    if any(before[name] != after[name] for name in ARTICLE_METADATA):
        session.add(
            AuditRow(key_name=key_name, action="article.ingest", target=f"article:{row.id}", before=before, after=after)
        )


def metadata_corrected(row: ArticleRow, article: Article) -> bool:
    """Does a re-post of the stored text carry metadata that differs from what is stored?"""
    return any(
        getattr(article, name) is not None and getattr(article, name) != getattr(row, name) for name in ARTICLE_METADATA
    )


def list_articles(
    session: Session, outlet: str | None, date_from, date_to, page: int, per_page: int
) -> tuple[list[StoredArticle], int]:
    """Articles newest first (by publication date, then id), with their current quote counts."""
    statement = in_articles(select(ArticleRow), outlet, date_from, date_to)
    total = session.scalar(select(func.count()).select_from(statement.subquery())) or 0
    rows = session.scalars(
        statement.order_by(ArticleRow.published.desc().nulls_last(), ArticleRow.id.desc())
        .offset((page - 1) * per_page)
        .limit(per_page)
    )
    return [to_article(row, count_quotes(session, row.id)) for row in rows], total


def update_article_metadata(session: Session, article_id: int, changes: dict) -> tuple[dict, dict] | None:
    """Set an article's outlet, title, author or date (None clears); (before, after), or None
    when there is no such article. The text, and so every quote's offsets, never change here."""
    row = get_article(session, article_id)
    if row is None:
        return None
    before = {name: _plain(getattr(row, name)) for name in ARTICLE_METADATA}
    for name in ARTICLE_METADATA:
        if name in changes:
            setattr(row, name, changes[name])
    session.flush()
    return before, {name: _plain(getattr(row, name)) for name in ARTICLE_METADATA}


def _plain(value):
    return value.isoformat() if hasattr(value, "isoformat") else value


def _supersede_quotes(session: Session, row: ArticleRow) -> None:
    """The current revision's accepted quotes step back for a new revision: they leave their
    statements (which are rebuilt without them) but keep their rows, speakers and offsets."""
    current = [q for q in row.quotes if q.revision == row.revision and q.status == ACCEPTED]

    def change() -> None:
        for quote in current:
            quote.status = SUPERSEDED

    relink(session, current, change)


def replace_quotes(session: Session, row: ArticleRow, quotes: list[Quote]) -> None:
    """Give the current revision these quotes instead of its own (re-extraction). Earlier
    revisions' quotes are untouched."""
    current = [q for q in row.quotes if q.revision == row.revision]
    orphaned = {c.statement_id for q in current for c in q.claims if c.statement_id is not None}
    previous_speakers = {q.speaker_id for q in current if q.speaker_id is not None}
    lock_speakers(session, previous_speakers)  # their statements are rebuilt below
    for quote in current:
        row.quotes.remove(quote)
    session.flush()
    _add_quotes(session, row, quotes, orphaned, previous_speakers)


def _add_quotes(
    session: Session,
    row: ArticleRow,
    quotes: list[Quote],
    orphaned: Collection[int] = frozenset(),
    previous_speakers: Collection[int] = frozenset(),
) -> None:
    """Add the current revision's quotes: identify their speakers across the archive, apply
    the editors' overrides, and link them into statements. Other articles' quotes keep their
    speakers (see identity.py)."""
    kept = select(QuoteRow.identity_decision_id).where(
        QuoteRow.article_id == row.id, QuoteRow.identity_decision_id.is_not(None)
    )
    session.execute(
        delete(IdentityDecisionRow).where(IdentityDecisionRow.article_id == row.id, IdentityDecisionRow.id.notin_(kept))
    )
    decisions = Resolver(session, row.id).resolve_all([q.speaker for q in quotes if q.speaker is not None])
    records = {speaker: _record(row.id, speaker.name, speaker.kind.value, d) for speaker, d in decisions.items()}
    overrides = Overrides(session, row)
    added = []
    with session.no_autoflush:  # the rows join the session together, below
        for quote in quotes:
            decision = decisions.get(quote.speaker) if quote.speaker is not None else None
            speaker = decision.speaker if decision else None
            record = records.get(quote.speaker) if quote.speaker is not None else None
            status = ACCEPTED
            override = overrides.find(quote)
            if override is not None:
                status = override.status or ACCEPTED
                if override.speaker_id is not None:
                    speaker = live_speaker(session, override.speaker_id)
                    extracted = {"speaker": quote.speaker.name if quote.speaker else None}
                    record = _record(
                        row.id,
                        speaker.name,
                        speaker.kind,
                        Decision(
                            speaker,
                            IdentityMethod.EDITOR,
                            {"override": override.id, "by": override.key_name, **extracted},
                        ),
                    )
            added.append(
                QuoteRow(
                    revision=row.revision,
                    speaker=speaker,
                    identity_decision=record,
                    status=status,
                    start=quote.start,
                    end=quote.end,
                    text=quote.text,
                    folded=fold_words(quote.text),
                    kind=quote.kind.value,
                    cue=quote.cue,
                    speaker_mention=quote.speaker_mention,
                    method=quote.method.value,
                    confidence=quote.confidence,
                    sentence_start=quote.sentence_start,
                    sentence_end=quote.sentence_end,
                    fragments=[list(f) for f in quote.fragments],
                    claims=_claims(row, quote),
                )
            )
        row.quotes.extend(added)
    session.flush()
    _drop_unused_local_speakers(session, set(previous_speakers))
    link_quotes(session, [q for q in added if q.status == ACCEPTED], orphaned)  # locks their speakers


def _claims(row: ArticleRow, quote: Quote) -> list[ClaimRow]:
    """The quote's claims as rows (the whole quote when extraction gave none). Their
    speaker is set from the quote's when they are linked (statements.link_quotes)."""
    spans = quote.claims or ((quote.start, quote.end),)
    events = quote.events if len(quote.events) == len(spans) else (None,) * len(spans)
    return [
        ClaimRow(
            article_id=row.id,
            ordinal=ordinal,
            start=start,
            end=end,
            text=row.text[start:end],
            folded=fold_words(row.text[start:end]),
            event=event,
        )
        for ordinal, ((start, end), event) in enumerate(zip(spans, events, strict=True))
    ]


def _record(article_id: int, mention: str, kind: str, decision: Decision) -> IdentityDecisionRow:
    return IdentityDecisionRow(
        article_id=article_id,
        speaker=decision.speaker,
        mention=mention,
        kind=kind,
        method=decision.method.value,
        evidence=decision.evidence,
    )


def _drop_unused_local_speakers(session: Session, speaker_ids: set[int]) -> None:
    """An article's own speakers that its new text no longer quotes (and no editor points at)."""
    if not speaker_ids:
        return
    quoted = select(QuoteRow.speaker_id).where(QuoteRow.speaker_id.in_(speaker_ids))
    pinned = select(QuoteOverrideRow.speaker_id).where(QuoteOverrideRow.speaker_id.in_(speaker_ids))
    unused = session.scalars(
        select(SpeakerRow).where(
            SpeakerRow.id.in_(speaker_ids),
            SpeakerRow.article_id.is_not(None),
            SpeakerRow.id.notin_(quoted),
            SpeakerRow.id.notin_(pinned),
        )
    )
    for speaker in unused:
        session.delete(speaker)
    session.flush()


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


def overlaps(a_start: int, a_end: int, b_start: int, b_end: int) -> bool:
    """The same quote, re-extracted: spans overlapping by at least half of the longer one."""
    overlap = min(a_end, b_end) - max(a_start, b_start)
    return overlap > 0 and overlap >= 0.5 * max(a_end - a_start, b_end - b_start)


class Overrides:
    """An article's editorial overrides, found for re-extracted quotes by span: the same
    span, else the same wording, else an overlapping span. A found override moves to the
    quote's new span, so the next extraction finds it exactly."""

    def __init__(self, session: Session, article: ArticleRow):
        self.rows = list(session.scalars(select(QuoteOverrideRow).where(QuoteOverrideRow.article_id == article.id)))
        self.used: set[int] = set()

    def find(self, quote: Quote) -> QuoteOverrideRow | None:
        free = [o for o in self.rows if o.id not in self.used]
        for test in (
            lambda o: (o.start, o.end) == (quote.start, quote.end),
            lambda o: o.text == quote.text,
            lambda o: overlaps(o.start, o.end, quote.start, quote.end),
        ):
            found = next((o for o in free if test(o)), None)
            if found is not None:
                self.used.add(found.id)
                found.start, found.end, found.text = quote.start, quote.end, quote.text
                return found
        return None


# -- reading --------------------------------------------------------------------------------------
def to_article(row: ArticleRow, quote_count: int | None) -> StoredArticle:
    return StoredArticle(
        row.id,
        row.url,
        row.outlet,
        row.title,
        row.author,
        row.published,
        row.model_versions,
        quote_count,
        revision=row.revision,
    )


def article_with_revisions(session: Session, article_id: int) -> StoredArticle | None:
    """The article with its revisions, oldest first, each with its number of quotes, and the
    text its quotes' offsets index."""
    row = get_article(session, article_id)
    if row is None:
        return None
    counts = dict(
        session.execute(
            select(QuoteRow.revision, func.count(QuoteRow.id))
            .where(QuoteRow.article_id == article_id, QuoteRow.status != REJECTED)
            .group_by(QuoteRow.revision)
        ).all()
    )
    revisions = tuple(
        ArticleRevision(r.number, r.text_sha256, r.created_at, r.model_versions, counts.get(r.number, 0))
        for r in row.revisions
    )
    return replace(to_article(row, count_quotes(session, article_id)), revisions=revisions, text=row.text)


def _revision_text(row: QuoteRow) -> str:
    """The text a quote's offsets refer to: its article's, or an earlier revision's."""
    article = row.article
    if row.revision == article.revision:
        return article.text
    session = object_session(row)
    text = (
        session.scalar(
            select(ArticleRevisionRow.text).where(
                ArticleRevisionRow.article_id == article.id, ArticleRevisionRow.number == row.revision
            )
        )
        if session is not None
        else None
    )
    return text if text is not None else article.text


def to_speaker(row: SpeakerRow, quote_count: int = 0, statement_count: int | None = None) -> StoredSpeaker:
    return StoredSpeaker(
        row.id,
        row.slug,
        row.name,
        row.kind,
        tuple(row.titles),
        tuple(a.alias for a in row.aliases if a.alias != row.name),
        quote_count,
        wikidata_id=row.wikidata_id,
        ambiguous=row.ambiguous,
        article_id=row.article_id,
        statement_count=statement_count,
    )


def to_quote(row: QuoteRow) -> StoredQuote:
    article = row.article
    decision = row.identity_decision
    return StoredQuote(
        id=row.id,
        article=to_article(article, quote_count=None),
        speaker=to_speaker(row.speaker) if row.speaker else None,
        start=row.start,
        end=row.end,
        text=row.text,
        kind=row.kind,
        cue=row.cue,
        speaker_mention=row.speaker_mention,
        method=row.method,
        confidence=row.confidence,
        sentence=_revision_text(row)[row.sentence_start : row.sentence_end],
        fragments=tuple((f[0], f[1]) for f in row.fragments),
        statement_id=row.claims[0].statement_id if row.claims else None,
        relation=row.claims[0].relation if row.claims else None,
        similarity=row.claims[0].similarity if row.claims else None,
        claims=tuple(
            StoredClaim(c.id, c.start, c.end, c.text, c.statement_id, c.relation, c.similarity) for c in row.claims
        ),
        status=row.status,
        identity=IdentityRecord(decision.method, decision.mention, decision.evidence) if decision else None,
        revision=row.revision,
    )


def get_article(session: Session, article_id: int) -> ArticleRow | None:
    return session.get(ArticleRow, article_id)


def count_quotes(session: Session, article_id: int) -> int:
    return (
        session.scalar(
            select(func.count(QuoteRow.id)).where(QuoteRow.article_id == article_id, QuoteRow.status == ACCEPTED)
        )
        or 0
    )


def article_quotes(session: Session, article_id: int) -> list[StoredQuote]:
    rows = session.scalars(
        _quote_query().where(QuoteRow.article_id == article_id, QuoteRow.status == ACCEPTED).order_by(QuoteRow.start)
    )
    return [to_quote(r) for r in rows]


def _accepted_counts():
    return (
        select(QuoteRow.speaker_id, func.count(QuoteRow.id).label("n"))
        .where(QuoteRow.status == ACCEPTED)
        .group_by(QuoteRow.speaker_id)
        .subquery()
    )


def list_speakers(
    session: Session,
    query: str | None,
    kind: str | None,
    page: int,
    per_page: int,
    ambiguous: bool | None = None,
) -> tuple[list[StoredSpeaker], int]:
    counts = _accepted_counts()
    statement = (
        select(SpeakerRow, func.coalesce(counts.c.n, 0))
        .outerjoin(counts, counts.c.speaker_id == SpeakerRow.id)
        .where(SpeakerRow.merged_into_id.is_(None))
    )
    if query:
        like = like_pattern(fold(query))
        aliases = select(SpeakerAliasRow.speaker_id).where(SpeakerAliasRow.folded.like(like, escape="\\"))
        statement = statement.where(
            or_(func.lower(SpeakerRow.name).like(like, escape="\\"), SpeakerRow.id.in_(aliases))
        )
    if kind:
        statement = statement.where(SpeakerRow.kind == kind)
    if ambiguous is not None:
        statement = statement.where(SpeakerRow.ambiguous.is_(ambiguous))
    total = session.scalar(select(func.count()).select_from(statement.subquery())) or 0
    rows = session.execute(
        statement.options(selectinload(SpeakerRow.aliases))
        .order_by(func.coalesce(counts.c.n, 0).desc(), SpeakerRow.name, SpeakerRow.id)
        .offset((page - 1) * per_page)
        .limit(per_page)
    )
    return [to_speaker(row, n) for row, n in rows], total


def find_speaker_row(session: Session, id_or_slug: str) -> SpeakerRow | None:
    """By numeric id or slug; a speaker merged into another answers as that one."""
    numeric = id_or_slug.isascii() and id_or_slug.isdigit() and int(id_or_slug) <= 2**31 - 1  # ids; not '²'
    condition = SpeakerRow.id == int(id_or_slug) if numeric else SpeakerRow.slug == id_or_slug
    row = session.scalar(select(SpeakerRow).where(condition))
    return live_speaker(session, row.id) if row is not None else None


def get_speaker(session: Session, id_or_slug: str) -> StoredSpeaker | None:
    row = find_speaker_row(session, id_or_slug)
    if row is None:
        return None
    count = session.scalar(
        select(func.count(QuoteRow.id)).where(QuoteRow.speaker_id == row.id, QuoteRow.status == ACCEPTED)
    )
    statements = session.scalar(select(func.count(StatementRow.id)).where(StatementRow.speaker_id == row.id))
    return to_speaker(row, count or 0, statements or 0)


def _quote_query() -> Select:
    return (
        select(QuoteRow)
        .join(ArticleRow)
        .options(
            selectinload(QuoteRow.article),
            selectinload(QuoteRow.speaker).selectinload(SpeakerRow.aliases),
            selectinload(QuoteRow.identity_decision),
            selectinload(QuoteRow.claims),
        )
    )


def search_quotes(
    session: Session,
    *,
    text: str | None = None,
    speaker_id: int | None = None,
    kind: str | None = None,
    outlet: str | None = None,
    date_from: date | None = None,
    date_to: date | None = None,
    page: int = 1,
    per_page: int = 20,
) -> tuple[list[StoredQuote], int]:
    """Quotes matching every filter. `text`: every word must occur in the wording. Quotes an
    editor rejected are never found."""
    statement = _quote_query().where(QuoteRow.status == ACCEPTED)
    for word in fold_words(text or "").split():
        statement = statement.where(QuoteRow.folded.like(like_pattern(word), escape="\\"))
    if speaker_id is not None:
        statement = statement.where(QuoteRow.speaker_id == speaker_id)
    if kind:
        statement = statement.where(QuoteRow.kind == kind)
    statement = in_articles(statement, outlet, date_from, date_to)
    total = session.scalar(select(func.count()).select_from(statement.with_only_columns(QuoteRow.id).subquery())) or 0
    rows = session.scalars(
        statement.order_by(ArticleRow.published.desc(), QuoteRow.id).offset((page - 1) * per_page).limit(per_page)
    )
    return [to_quote(r) for r in rows], total


def get_quote(session: Session, quote_id: int, include_rejected: bool = False) -> StoredQuote | None:
    """A quote by id; one superseded by a newer revision of its article still answers (its
    embedded cards keep working), a rejected one only with `include_rejected`."""
    statement = _quote_query().where(QuoteRow.id == quote_id)
    if not include_rejected:
        statement = statement.where(QuoteRow.status.in_((ACCEPTED, SUPERSEDED)))
    row = session.scalar(statement)
    return to_quote(row) if row else None


@dataclass(frozen=True)
class OutletCount:
    outlet: str | None
    count: int


def speaker_outlets(session: Session, speaker_id: int) -> list[OutletCount]:
    """How many of a speaker's quotes each outlet printed, most first."""
    rows = session.execute(
        select(ArticleRow.outlet, func.count(QuoteRow.id))
        .join(QuoteRow, QuoteRow.article_id == ArticleRow.id)
        .where(QuoteRow.speaker_id == speaker_id, QuoteRow.status == ACCEPTED)
        .group_by(ArticleRow.outlet)
        .order_by(func.count(QuoteRow.id).desc(), ArticleRow.outlet)
    )
    return [OutletCount(outlet, count) for outlet, count in rows]


def ambiguity_candidates(session: Session, speaker_id: int) -> list[StoredSpeaker]:
    """The people an ambiguous speaker could be, from its identity decisions' evidence."""
    ids: set[int] = set()
    for evidence in session.scalars(
        select(IdentityDecisionRow.evidence).where(IdentityDecisionRow.speaker_id == speaker_id)
    ):
        ids.update(c["id"] for c in evidence.get("candidates", []))
    if not ids:
        return []
    rows = session.scalars(select(SpeakerRow).where(SpeakerRow.id.in_(ids)).order_by(SpeakerRow.id))
    return [to_speaker(live_speaker(session, row.id)) for row in rows]
