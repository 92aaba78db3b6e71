"""The record pages: a speaker, a statement with its embed code, and a wording verified against
the record; and the pages' icon. The search and article pages are search.py's."""

from __future__ import annotations

from datetime import date

from flask import Blueprint, Response, request

from quotetrack.statements import queries as statement_queries
from quotetrack.statements.verify import MAX_VERIFY_CHARS, too_long, verify
from quotetrack.storage import quote_search, speaker_queries

from ..card_making import statement_embed
from ..extensions import state
from ..schemas.vocabulary import SPEAKER_KINDS
from . import page

# The templates and /static are the app's own (api/templates, api/static), for every page.
pages = Blueprint("records", __name__)

# A quotation mark on the pages' accent colour: small enough to inline, so no static file to ship.
FAVICON = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" '
    'fill="#1f3a5f"/><text x="16" y="27" font-family="Georgia,serif" font-size="30" font-weight="bold" '
    'fill="#fff" text-anchor="middle">\u201c</text></svg>'
)


@pages.get("/favicon.ico")
@pages.get("/favicon.svg")
def favicon() -> Response:
    """The pages' icon (browsers ask for /favicon.ico whatever the page links: answer, not 404)."""
    response = Response(FAVICON, mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "public, max-age=86400"
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


@pages.get("/verify")
def verify_page():
    text = request.args.get("text", "").strip()[:MAX_VERIFY_CHARS]
    verdict, refused = None, too_long(text)
    if text and refused is None:
        with state().db.reading() as session:
            verdict = verify(session, text)
    return page("verify.html", text=text, verdict=verdict, refused=refused)


@pages.get("/speakers/<id_or_slug>")
def speaker_page(id_or_slug: str):
    """A speaker: names, kind, titles, aliases, external id, counts, quotes by date and
    outlet, and the corrections an editor can make (through the API, with a key)."""
    with state().db.reading() as session:
        speaker = speaker_queries.get_speaker(session, id_or_slug)
        if speaker is None:
            return page("missing.html", what=f"speaker {id_or_slug}"), 404
        quotes, total = quote_search.search_quotes(
            session, quote_search.QuoteFilters(speaker_ids=(speaker.id,)), per_page=100
        )
        # An organisation's spokespeople, named or not: their quotes are theirs, the voice is its own.
        voiced, _ = quote_search.search_quotes(
            session, quote_search.QuoteFilters(speaks_for_id=speaker.id), per_page=100
        )
        outlets = speaker_queries.speaker_outlets(session, speaker.id)
        candidates = speaker_queries.ambiguity_candidates(session, speaker.id) if speaker.ambiguous else []
    quotes.sort(key=lambda q: (q.article.published or date.min, q.article.id, q.start), reverse=True)
    return page(
        "speaker.html",
        speaker=speaker,
        quotes=quotes,
        total=total,
        voiced=voiced,
        outlets=outlets,
        candidates=candidates,
        kinds=SPEAKER_KINDS,
        open_editor=request.args.get("editor") == "1",
    )


@pages.get("/statements/<int:statement_id>")
def statement_page(statement_id: int):
    with state().db.reading() as session:
        statement = statement_queries.get_statement(session, statement_id)
    if statement is None:
        return page("missing.html", what=f"statement {statement_id}"), 404
    links = statement_embed(statement_id)
    return page("statement.html", statement=statement, links=links)
