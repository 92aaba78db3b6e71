"""The search pages: quote search with filters, real pagination and export links (`/`), and an
article with every quote highlighted in place (`/articles/{id}`), where a result leads.

Form fields are read leniently: a control character is a space, a bad value is ignored with a
note, never a 422."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import date
from urllib.parse import urlencode

from flask import Blueprint, Response, request

from quotetrack.statements import queries as statement_queries
from quotetrack.storage import article_queries, quote_search, speaker_queries
from quotetrack.types import StoredQuote, StoredSpeaker
from quotetrack.validation import blank_controls

from ..extensions import state
from ..schemas.vocabulary import KINDS
from . import low_confidence_threshold, page

pages = Blueprint("search", __name__)

PER_PAGE = 20
MIN_CONFIDENCE_CHOICES = (("", "any confidence"), ("0.5", "≥ 50%"), ("0.8", "≥ 80%"), ("0.9", "≥ 90%"))


# -- search ----------------------------------------------------------------------------------------
@dataclass
class SearchForm:
    q: str = ""
    speaker: str = ""
    outlet: str = ""
    kind: str = ""
    date_from: str = ""
    date_to: str = ""
    min_confidence: str = ""
    page: int = 1

    submitted: bool = False  # the form was sent (even empty: then every quote is listed, page by page)

    def _fields(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if k != "submitted"}

    def query(self, **changes) -> str:
        values = {**self._fields(), **changes}
        return urlencode({k: v for k, v in values.items() if v not in ("", None) and not (k == "page" and v == 1)})

    def export_query(self) -> str:
        return urlencode({k: v for k, v in self._fields().items() if k != "page" and v not in ("", None)})

    @property
    def active(self) -> bool:
        return self.submitted or any(v for k, v in self._fields().items() if k != "page")


def _date(value: str, name: str, problems: list[str]) -> date | None:
    if not value:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        problems.append(f"{name} is not a date (YYYY-MM-DD): ignored.")
        return None


def _read_form() -> tuple[SearchForm, list[str]]:
    args = request.args
    fields = ("q", "speaker", "outlet", "kind", "date_from", "date_to")
    # A control character is an error to PostgreSQL (NUL): made a space, as a form reads leniently.
    text = {k: blank_controls(args.get(k, ""))[:300] for k in fields}
    form = SearchForm(
        q=text["q"],
        speaker=text["speaker"],
        outlet=text["outlet"],
        kind=text["kind"],
        date_from=text["date_from"],
        date_to=text["date_to"],
        min_confidence=blank_controls(args.get("min_confidence", ""))[:10],
        submitted=any(k in args for k in (*fields, "page")),
    )
    problems: list[str] = []
    try:
        form.page = max(1, min(100_000, int(args.get("page", "1"))))
    except ValueError:
        problems.append("page is not a number: showing the first.")
    if form.kind and form.kind not in KINDS:
        problems.append(f"kind must be one of {', '.join(KINDS)}: ignored.")
        form.kind = ""
    if form.min_confidence:
        try:
            if not 0 <= float(form.min_confidence) <= 1:
                raise ValueError
        except ValueError:
            problems.append("minimum confidence must be between 0 and 1: ignored.")
            form.min_confidence = ""
    return form, problems


def _page_links(current: int, pages_total: int) -> list[int | None]:
    """Page numbers to link: first, last and two around the current one (None: a gap)."""
    wanted = sorted({1, pages_total, *range(current - 2, current + 3)} & set(range(1, pages_total + 1)))
    links: list[int | None] = []
    for number in wanted:
        if links and number - (links[-1] or 0) > 1:
            links.append(None)
        links.append(number)
    return links


def _speaker_filter(session, who: str) -> tuple[tuple[int, ...] | None, tuple[StoredSpeaker, ...]]:
    """The speaker field read as the API reads it (one resolver): the speaker ids to filter
    on, and the candidates when several speakers answer to the name."""
    if not who:
        return None, ()
    match = speaker_queries.resolve_speaker(session, who)
    if match.ambiguous:
        return (), match.candidates
    return ((match.speaker_id,) if match.speaker_id is not None else ()), ()


def _speakers_named(session, words: str) -> tuple[StoredSpeaker, ...]:
    """The speakers `words` name (a name, alias or slug typed into "Words in the quote"), so an
    empty search can ask "did you mean the speaker ...?". Numbers are ids only to the speaker
    field: a number searched as words is never taken for a speaker."""
    if not any(c.isalpha() for c in words):
        return ()
    match = speaker_queries.resolve_speaker(session, words)
    if match.ambiguous:
        return match.candidates
    speaker = speaker_queries.get_speaker(session, str(match.speaker_id)) if match.speaker_id is not None else None
    return (speaker,) if speaker else ()


@pages.get("/")
def home() -> Response:
    form, problems = _read_form()
    quotes: list[StoredQuote] = []
    total = 0
    candidates: tuple[StoredSpeaker, ...] = ()
    meant: tuple[StoredSpeaker, ...] = ()  # speakers the words in the quote name, when no quote has them
    with state().db.reading() as session:
        outlets = quote_search.outlets(session)
        if form.active:
            speaker_ids, candidates = _speaker_filter(session, form.speaker)
            filters = quote_search.QuoteFilters(
                text=form.q or None,
                speaker_ids=speaker_ids,
                kind=form.kind or None,
                outlet=form.outlet or None,
                date_from=_date(form.date_from, "from", problems),
                date_to=_date(form.date_to, "to", problems),
                min_confidence=float(form.min_confidence) if form.min_confidence else None,
            )
            if not candidates:  # several speakers answer to the name: let the journalist pick one
                quotes, total = quote_search.search_quotes(session, filters, form.page, PER_PAGE)
            if not total and not candidates and form.q:
                meant = _speakers_named(session, form.q)
        top, _ = statement_queries.list_statements(session, min_outlets=2, per_page=10)
    pages_total = max(1, -(-total // PER_PAGE))
    first = (form.page - 1) * PER_PAGE + 1
    return page(
        "home.html",
        form=form,
        problems=problems,
        quotes=quotes,
        total=total,
        first=first,
        last=first + len(quotes) - 1,
        pages_total=pages_total,
        page_links=_page_links(form.page, pages_total),
        outlets=outlets,
        kinds=KINDS,
        confidence_choices=MIN_CONFIDENCE_CHOICES,
        candidates=candidates,
        meant=meant,
        statements=top,
        searched=form.active,
    )


# -- article ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Piece:
    """A run of article text, inside at most one quote's highlight."""

    text: str
    quote: StoredQuote | None = None
    first: bool = False  # carries data-quote-id
    last: bool = False  # the quote's last run
    chip: StoredQuote | None = None  # the quote whose speaker label is drawn after this run


# Punctuation and quotation marks that close a quote right after its wording ('will,” he said'):
# the speaker label goes after them, never inside the marks.
_CLOSING = re.compile(r"^[,.;:!?\u2026]*[”\"’»]+")


def highlight(text: str, quotes: list[StoredQuote]) -> list[Piece]:
    """The article text cut at every quote boundary. Each run belongs to the innermost quote
    covering it (the one that starts last); a quote's first run carries its id, so every
    quote has exactly one element with data-quote-id, nested or overlapping ones included.
    The runs joined give back `text` exactly."""
    spans = [q for q in quotes if 0 <= q.start < q.end <= len(text)]
    cuts = sorted({0, len(text), *(q.start for q in spans), *(q.end for q in spans)})
    runs: list[tuple[int, int, StoredQuote | None]] = []
    for a, b in zip(cuts, cuts[1:], strict=False):
        covering = [q for q in spans if q.start <= a and b <= q.end]
        owner = max(covering, key=lambda q: (q.start, -q.end, q.id)) if covering else None
        runs.append((a, b, owner))
    first_run: dict[int, int] = {}
    last_run: dict[int, int] = {}
    for index, (_, _, owner) in enumerate(runs):
        if owner is not None:
            first_run.setdefault(owner.id, index)
            last_run[owner.id] = index
    pieces: list[Piece] = []
    placed = set(first_run)
    for index, (a, b, owner) in enumerate(runs):
        # A quote with no run of its own (the same span as another): an empty marker at its start.
        for quote in spans:
            if quote.id not in placed and quote.start == a:
                pieces.append(Piece("", quote, first=True, last=True))
                placed.add(quote.id)
        pieces.append(
            Piece(
                text[a:b],
                owner,
                first=owner is not None and first_run[owner.id] == index,
                last=owner is not None and last_run[owner.id] == index,
            )
        )
    return _chips_after_closing_marks(pieces)


def _chips_after_closing_marks(pieces: list[Piece]) -> list[Piece]:
    """Each quote's speaker label on its last run, or on the closing marks right after it."""
    placed: list[Piece] = []
    for index, piece in enumerate(pieces):
        after = pieces[index + 1] if index + 1 < len(pieces) else None
        closing = _CLOSING.match(after.text) if after is not None and after.quote is None else None
        if piece.quote is not None and piece.last and after is not None and closing:
            placed.append(piece)
            marks, rest = after.text[: closing.end()], after.text[closing.end() :]
            pieces[index + 1] = Piece(rest)  # the rest of the text after the marks
            placed.append(Piece(marks, chip=piece.quote))
            continue
        placed.append(replace(piece, chip=piece.quote) if piece.quote is not None and piece.last else piece)
    return [p for p in placed if p.text or p.quote is not None]


@pages.get("/articles/<int:article_id>")
def article_page(article_id: int):
    """The article as stored, every quote highlighted in place with its speaker and kind."""
    with state().db.reading() as session:
        article = article_queries.get_article(session, article_id, with_text=True)
        if article is None or article.text is None:
            return page("missing.html", what=f"article {article_id}"), 404
        quotes = article_queries.article_quotes(session, article_id)
        text = article.text
    return page(
        "article.html",
        article=article,
        quotes=quotes,
        pieces=highlight(text, quotes),
        low_count=sum(1 for q in quotes if q.confidence < low_confidence_threshold()),
    )
