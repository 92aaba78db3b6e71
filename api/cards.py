"""Quote cards for CMS embedding: the card pages (HTML) and a quote's PNG image. Their
oEmbed description is api/oembed.py; what both build on is api/card_making.py."""

from __future__ import annotations

from dataclasses import replace

from flask import Blueprint, Response, current_app, request
from flask_smorest import abort
from werkzeug.wrappers import Response as WerkzeugResponse

from quotetrack.cards import display, render
from quotetrack.storage import quote_search
from quotetrack.types import QuoteKind, SpeakerKind

from .card_making import Card, build_quote_card, build_statement_card, card_links, fit
from .extensions import fetch_or_404, state
from .security import base_url

pages = Blueprint("cards", __name__)


def _int_arg(name: str, default: int | None) -> int | None:
    if name not in request.args:
        return default
    try:
        value = int(request.args[name])
    except ValueError:
        abort(422, message=f"{name} must be a number", errors={"query": {name: ["Not a valid integer."]}})
    if not 1 <= value <= 100_000:
        abort(422, message=f"{name} is out of range", errors={"query": {name: ["Must be between 1 and 100000."]}})
    return value


def _card_args() -> tuple[str, int, int | None]:
    theme = request.args.get("theme", "light")
    if theme not in render.THEMES:
        abort(422, message="theme must be light or dark", errors={"query": {"theme": ["Must be light or dark."]}})
    return theme, render.clamp_width(_int_arg("width", None)), _int_arg("maxheight", None)


def _cacheable(response: Response) -> WerkzeugResponse:
    """ETag + Cache-Control, so a CMS page with many cards revalidates cheaply (304)."""
    response.cache_control.public = True
    response.cache_control.max_age = current_app.config["CARD_MAX_AGE"]
    response.add_etag()
    return response.make_conditional(request)


def _html(body: str) -> WerkzeugResponse:
    response = Response(body, mimetype="text/html")
    # Cards load nothing and run one script, allowed by its hash: the one reporting the card's
    # height to the page embedding it (render.HEIGHT_SCRIPT; the JSON-LD block is data, not run).
    response.headers["Content-Security-Policy"] = (
        f"default-src 'none'; script-src '{render.HEIGHT_SCRIPT_HASH}'; style-src 'unsafe-inline'; "
        "img-src 'self' data:; base-uri 'none'; "
        f"form-action 'none'; frame-ancestors {current_app.config['FRAME_ANCESTORS']}"
    )
    response.headers["X-Content-Type-Options"] = "nosniff"
    return _cacheable(response)


def _render(card: Card, theme: str, width: int, max_height: int | None) -> WerkzeugResponse:
    text, height = fit(card, width, max_height)
    links = replace(
        card_links(card.kind, card.item_id, width, theme, height, max_height if text.shortened else None),
        article_page=card.article_page,
        speaker_page=f"{base_url()}/speakers/{card.speaker.slug}" if card.speaker else None,
        full_text=card.full_text,
    )
    person = bool(card.speaker and card.speaker.kind == SpeakerKind.PERSON)
    return _html(render.render_card(text, links, theme, width, card.speaker, card.article, person))


@pages.get("/cards/quotes/<int:item_id>")
def quote_card(item_id: int):
    theme, width, max_height = _card_args()
    return _render(build_quote_card(item_id), theme, width, max_height)


@pages.get("/cards/statements/<int:item_id>")
def statement_card(item_id: int):
    theme, width, max_height = _card_args()
    return _render(build_statement_card(item_id), theme, width, max_height)


@pages.get("/cards/quotes/<int:item_id>.png")
def quote_png(item_id: int):
    quote = fetch_or_404(quote_search.get_quote, item_id, "quote")
    byline = " · ".join(
        p
        for p in (quote.article.outlet, quote.article.published and quote.article.published.strftime("%B %-d, %Y"))
        if p
    )
    shown = display.display(quote)  # reported speech without quotation marks, as on the card
    text = shown.segments[0].text if shown.kind == QuoteKind.DIRECT else shown.plain
    speaker = quote.speaker.name if quote.speaker else "Unattributed"
    note = display.small_print(quote, state().low_confidence)
    image = render.render_quote_png(text, speaker, byline, quoted=shown.kind == QuoteKind.DIRECT, note=note)
    return _cacheable(Response(image, mimetype="image/png"))
