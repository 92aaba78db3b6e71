"""Quotes: search across everything stored, one quote with its context."""

from __future__ import annotations

from flask_smorest import Blueprint, abort

from quotetrack import corrections
from quotetrack.storage import quote_search

from .auth import key_name, requires
from .corrections import correction
from .extensions import fetch_or_404, state
from .schemas.quotes import QuoteDetailSchema, QuotePageSchema, QuotePatchSchema, QuoteSearchArgsSchema
from .speaker_lookup import AMBIGUOUS, speaker_filter

blp = Blueprint("quotes", __name__, description="Search quotes by wording, speaker, outlet, date.")


@blp.route("/quotes")
@blp.arguments(QuoteSearchArgsSchema, location="query")
@blp.response(200, QuotePageSchema)
@blp.alt_response(409, schema="Error", description=AMBIGUOUS)
def search(args):
    """Quotes whose wording contains every word of `q`, with optional filters. `speaker`:
    id, slug, name or alias (one nobody answers to: an empty page)."""
    page, per_page = args.pop("page"), args.pop("per_page")
    items, total = [], 0
    with state().db.reading() as session:
        speaker_ids = speaker_filter(session, args.pop("speaker", None))
        if speaker_ids != ():
            filters = quote_search.QuoteFilters(text=args.pop("q", None), speaker_ids=speaker_ids, **args)
            items, total = quote_search.search_quotes(session, filters, page, per_page)
    return {"items": items, "total": total, "page": page, "per_page": per_page}


@blp.route("/quotes/<int:quote_id>")
@blp.response(200, QuoteDetailSchema)
@blp.alt_response(404, description="No such quote.")
def get_quote(quote_id: int):
    """One quote with its article, outlet and the sentence around it. A quote id answers for
    ever: a superseded one (a newer revision, a re-extraction) names its live successor in
    `latest_version` and a `Link: rel="latest-version"` header."""
    quote = fetch_or_404(quote_search.get_quote, quote_id, "quote")
    if quote.latest_version is None:
        return quote
    return quote, 200, {"Link": latest_version_link(quote.latest_version)}


def latest_version_link(quote_id: int) -> str:
    return f'</api/v1/quotes/{quote_id}>; rel="latest-version"'


@blp.route("/quotes/<int:quote_id>", methods=["PATCH"])
@requires(blp, "curate")
@blp.arguments(QuotePatchSchema)
@blp.response(200, QuoteDetailSchema)
@blp.alt_response(404, schema="Error", description="No such quote or speaker.")
@blp.alt_response(
    409,
    schema="Error",
    description="The quote is from a superseded revision: nothing changed; `Link: <...>; rel=latest-version` "
    "names the live quote when there is one.",
)
def correct_quote(data, quote_id: int):
    """Reattribute a quote (`speaker`: id or slug, or `speaker_name`) or reject it
    (`status: rejected`: not a quote; hidden from look-ups and cards; `accepted` undoes it).
    Kept as an override that survives re-ingesting the article; written to the audit log.
    A quote of a superseded revision is not corrected (409): correct the live one it names."""
    with correction() as session:
        try:
            corrections.correct_quote(session, quote_id, key_name(), **data)
        except corrections.Superseded as error:  # before correction()'s plain 409: this one names the live quote
            live = error.live_quote_id
            abort(
                409,
                message=str(error),
                errors={"quote": [f"Superseded by quote {live}." if live is not None else "Superseded."]},
                headers={"Link": latest_version_link(live)} if live is not None else {},
            )
    with state().db.reading() as session:
        return quote_search.get_quote(session, quote_id, include_rejected=True)
