"""Quote cards for CMS embedding: HTML, PNG, and the oEmbed endpoint that describes them."""

from __future__ import annotations

import re
from dataclasses import replace
from urllib.parse import urlencode, urlparse

from flask import Blueprint, Response, current_app, request, url_for
from flask_smorest import Blueprint as ApiBlueprint
from flask_smorest import abort
from markupsafe import escape
from werkzeug.wrappers import Response as WerkzeugResponse

from quotetrack import cards, display
from quotetrack.storage import repository, statement_queries

from .extensions import fetch_or_404
from .schemas import OEmbedArgsSchema, OEmbedSchema
from .security import base_url

pages = Blueprint("cards", __name__)
blp = ApiBlueprint("oembed", __name__, description="oEmbed for quote cards.")

_CARD_PATH = re.compile(r"^/cards/(quotes|statements)/(\d+)$")


def _links(kind: str, item_id: int, width: int, theme: str) -> cards.CardLinks:
    base = base_url()
    path = url_for(f"cards.{kind}_card", item_id=item_id)
    card_url = f"{base}{path}"
    image = f"{base}{url_for('cards.quote_png', item_id=item_id)}" if kind == "quote" else None
    oembed = f"{base}/api/v1/oembed?{urlencode({'url': card_url, 'format': 'json'})}"
    src = f"{card_url}?{urlencode({'width': width, 'theme': theme})}"
    snippet = (
        f'<iframe src="{escape(src)}" width="{width}" height="{cards.card_height(width)}" '
        f'style="border:0;max-width:100%" loading="lazy" title="Quote card"></iframe>'
    )
    return cards.CardLinks(card_url, image, oembed, snippet)


def _card_args() -> tuple[str, int]:
    theme = request.args.get("theme", "light")
    if theme not in cards.THEMES:
        abort(422, message="theme must be light or dark", errors={"query": {"theme": ["Must be light or dark."]}})
    try:
        width = cards.clamp_width(int(request.args["width"])) if "width" in request.args else cards.DEFAULT_WIDTH
    except ValueError:
        abort(422, message="width must be a number", errors={"query": {"width": ["Not a valid integer."]}})
    return theme, width


def _cacheable(response: Response) -> WerkzeugResponse:
    """ETag + Cache-Control, so a CMS page with many cards revalidates cheaply (304)."""
    response.cache_control.public = True
    response.cache_control.max_age = current_app.config["CARD_MAX_AGE"]
    response.add_etag()
    return response.make_conditional(request)


def _html(body: str) -> WerkzeugResponse:
    response = Response(body, mimetype="text/html")
    # Cards carry no scripts (the JSON-LD block is data, not executed) and load nothing.
    response.headers["Content-Security-Policy"] = (
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; "
        f"form-action 'none'; frame-ancestors {current_app.config['FRAME_ANCESTORS']}"
    )
    response.headers["X-Content-Type-Options"] = "nosniff"
    return _cacheable(response)


@pages.get("/cards/quotes/<int:item_id>")
def quote_card(item_id: int):
    theme, width = _card_args()
    quote = fetch_or_404(repository.get_quote, item_id, "quote")
    links = _page_links(_links("quote", item_id, width, theme), quote.article.id, quote.id, quote.speaker)
    threshold = current_app.config.get("LOW_CONFIDENCE", display.DEFAULT_LOW_CONFIDENCE)
    return _html(cards.render_quote_card(quote, links, theme, width, low_confidence=threshold))


@pages.get("/cards/statements/<int:item_id>")
def statement_card(item_id: int):
    theme, width = _card_args()
    statement = fetch_or_404(statement_queries.get_statement, item_id, "statement")
    source = statement.canonical_appearance or statement.first_appearance
    links = _page_links(
        _links("statement", item_id, width, theme),
        source.article_id if source else None,
        source.quote_id if source else None,
        statement.speaker,
    )
    return _html(cards.render_statement_card(statement, links, theme, width))


def _page_links(links: cards.CardLinks, article_id: int | None, quote_id: int | None, speaker) -> cards.CardLinks:
    """A card's links to this service's article page (the quote highlighted) and speaker page."""
    base = base_url()
    article = f"{base}/articles/{article_id}#q-{quote_id}" if article_id is not None else None
    return replace(links, article_page=article, speaker_page=f"{base}/speakers/{speaker.slug}" if speaker else None)


@pages.get("/cards/quotes/<int:item_id>.png")
def quote_png(item_id: int):
    quote = fetch_or_404(repository.get_quote, item_id, "quote")
    byline = " · ".join(
        p
        for p in (quote.article.outlet, quote.article.published and quote.article.published.strftime("%B %-d, %Y"))
        if p
    )
    shown = display.display(quote)  # reported speech without quotation marks, as on the card
    text = shown.segments[0].text if shown.kind == "direct" else shown.plain
    speaker = quote.speaker.name if quote.speaker else "Unattributed"
    threshold = current_app.config.get("LOW_CONFIDENCE", display.DEFAULT_LOW_CONFIDENCE)
    note = display.small_print(quote, threshold)
    image = cards.render_quote_png(text, speaker, byline, quoted=shown.kind == "direct", note=note)
    return _cacheable(Response(image, mimetype="image/png"))


@blp.route("/oembed")
@blp.arguments(OEmbedArgsSchema, location="query")
@blp.response(200, OEmbedSchema)
@blp.alt_response(404, description="The URL is not a card of this service, or the card does not exist.")
def oembed(args):
    """oEmbed (type rich) for a card URL: the iframe html a CMS inserts."""
    match = _CARD_PATH.match(urlparse(args["url"]).path)
    if match is None:
        abort(404, message="Not a quotetrack card URL (expected /cards/quotes/ID or /cards/statements/ID).")
    kind, item_id = match.group(1), int(match.group(2))
    getter = repository.get_quote if kind == "quotes" else statement_queries.get_statement
    item = fetch_or_404(getter, item_id, kind[:-1])
    width = cards.clamp_width(args.get("maxwidth"))
    links = _links("quote" if kind == "quotes" else "statement", item_id, width, args["theme"])
    return {
        "version": "1.0",
        "type": "rich",
        "provider_name": "quotetrack",
        "provider_url": base_url(),
        "title": display.display(item).plain if kind == "quotes" else display.trim(item.canonical_text),
        "author_name": item.speaker.name if item.speaker else None,
        "html": links.embed_snippet,
        "width": width,
        "height": cards.card_height(width),
        "cache_age": current_app.config["CARD_MAX_AGE"],
        **(
            {"thumbnail_url": links.image_url, "thumbnail_width": 1200, "thumbnail_height": 630}
            if links.image_url
            else {}
        ),
    }
