"""Quote cards for CMS embedding: HTML, PNG, and the oEmbed endpoint that describes them."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from urllib.parse import urlencode, urlparse

from flask import Blueprint, Response, current_app, request, url_for
from flask_smorest import Blueprint as ApiBlueprint
from flask_smorest import abort
from markupsafe import escape
from werkzeug.wrappers import Response as WerkzeugResponse

from quotetrack import card_text, cards, display
from quotetrack.storage import quote_search, statement_queries
from quotetrack.types import StoredSpeaker

from .extensions import fetch_or_404, state
from .schemas import OEmbedArgsSchema, OEmbedSchema
from .security import base_url

pages = Blueprint("cards", __name__)
blp = ApiBlueprint("oembed", __name__, description="oEmbed for quote cards.")

_CARD_PATH = re.compile(r"^/cards/(quotes|statements)/(\d+)$")


def _links(
    kind: str, item_id: int, width: int, theme: str, height: int, max_height: int | None = None
) -> cards.CardLinks:
    """The card's URLs and the iframe an embed inserts: `height` is the card's own height at
    `width`; `max_height` (a card cut to fit) travels in the URL so the card cuts the same."""
    base = base_url()
    path = url_for(f"cards.{kind}_card", item_id=item_id)
    card_url = f"{base}{path}"
    image = f"{base}{url_for('cards.quote_png', item_id=item_id)}" if kind == "quote" else None
    oembed = f"{base}/api/v1/oembed?{urlencode({'url': card_url, 'format': 'json'})}"
    query = {"width": width, "theme": theme, **({"maxheight": max_height} if max_height is not None else {})}
    src = f"{card_url}?{urlencode(query)}"
    snippet = (
        f'<iframe src="{escape(src)}" width="{width}" height="{height}" '
        f'style="border:0;max-width:100%" loading="lazy" title="Quote card"></iframe>'
    )
    return cards.CardLinks(card_url, image, oembed, snippet, height=height)


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
    if theme not in cards.THEMES:
        abort(422, message="theme must be light or dark", errors={"query": {"theme": ["Must be light or dark."]}})
    return theme, cards.clamp_width(_int_arg("width", None)), _int_arg("maxheight", None)


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


def _threshold() -> float:
    return float(current_app.config.get("LOW_CONFIDENCE", display.DEFAULT_LOW_CONFIDENCE))


@dataclass(frozen=True)
class _Card:
    """A card of one quote or statement, ready to render or describe in oEmbed."""

    kind: str  # "quote" or "statement"
    item_id: int
    text: card_text.CardText
    speaker: StoredSpeaker | None
    article: object  # the source: a quote's article or a statement's Appearance (None: none)
    article_page: str | None
    full_text: str  # the page a shortened card's "read in full" opens


def _quote_card(item_id: int) -> _Card:
    quote = fetch_or_404(quote_search.get_quote, item_id, "quote")
    base = base_url()
    return _Card(
        "quote",
        item_id,
        card_text.quote_card_text(quote, _threshold()),
        quote.speaker,
        quote.article,
        f"{base}/articles/{quote.article.id}#q-{quote.id}",
        f"{base}/articles/{quote.article.id}#q-{quote.id}",  # the quote whole, in its article
    )


def _statement_card(item_id: int) -> _Card:
    statement = fetch_or_404(statement_queries.get_statement, item_id, "statement")
    source = statement.canonical_appearance or statement.first_appearance
    quote = None
    if source is not None:  # the quote that printed the canonical wording: its cue, method and confidence
        with state().db.reading() as session:
            quote = quote_search.get_quote(session, source.quote_id)
    base = base_url()
    article_page = f"{base}/articles/{source.article_id}#q-{source.quote_id}" if source else None
    return _Card(
        "statement",
        item_id,
        card_text.statement_card_text(statement, quote, _threshold(), in_article=source is not None),
        statement.speaker,
        source,
        article_page,
        f"{base}/statements/{item_id}",
    )


def _fit(card: _Card, width: int, max_height: int | None) -> tuple[card_text.CardText, int]:
    """The card cut to `max_height`, or a 422 naming the smallest height the attribution needs."""
    try:
        return card_text.fit(card.text, width, max_height)
    except card_text.CardTooTall as too_tall:
        abort(
            422,
            message=f"maxheight {max_height} is below the smallest card at width {width} ({too_tall.minimum} px): "
            "a card is never cut below its first words and its attribution.",
            errors={"query": {"maxheight": [f"Must be at least {too_tall.minimum} at width {width}."]}},
        )
        raise  # not reached (abort raises); tells the type checker this branch returns nothing


def _render(card: _Card, theme: str, width: int, max_height: int | None) -> WerkzeugResponse:
    text, height = _fit(card, width, max_height)
    links = replace(
        _links(card.kind, card.item_id, width, theme, height, max_height if text.shortened else None),
        article_page=card.article_page,
        speaker_page=f"{base_url()}/speakers/{card.speaker.slug}" if card.speaker else None,
        full_text=card.full_text,
    )
    person = bool(card.speaker and card.speaker.kind == "person")
    return _html(cards.render_card(text, links, theme, width, card.speaker, card.article, person))


@pages.get("/cards/quotes/<int:item_id>")
def quote_card(item_id: int):
    theme, width, max_height = _card_args()
    return _render(_quote_card(item_id), theme, width, max_height)


@pages.get("/cards/statements/<int:item_id>")
def statement_card(item_id: int):
    theme, width, max_height = _card_args()
    return _render(_statement_card(item_id), theme, width, max_height)


def statement_embed(statement_id: int, width: int = cards.DEFAULT_WIDTH) -> cards.CardLinks:
    """The embed code of a statement's card (the statement page offers it)."""
    card = _statement_card(statement_id)
    return _links("statement", statement_id, width, "light", card.text.height(width))


@pages.get("/cards/quotes/<int:item_id>.png")
def quote_png(item_id: int):
    quote = fetch_or_404(quote_search.get_quote, item_id, "quote")
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
    """oEmbed (type rich) for a card URL: the iframe html a CMS inserts, as tall as the card
    is at that width; over `maxheight` the wording is cut (ellipsis, "read in full" link),
    never the attribution (a maxheight below that is a 422 naming the smallest height)."""
    match = _CARD_PATH.match(urlparse(args["url"]).path)
    if match is None:
        abort(404, message="Not a quotetrack card URL (expected /cards/quotes/ID or /cards/statements/ID).")
    item_id = int(match.group(2))
    card = _quote_card(item_id) if match.group(1) == "quotes" else _statement_card(item_id)
    width = cards.clamp_width(args.get("maxwidth"))
    max_height = args.get("maxheight")
    text, height = _fit(card, width, max_height)
    links = _links(card.kind, item_id, width, args["theme"], height, max_height if text.shortened else None)
    return {
        "version": "1.0",
        "type": "rich",
        "provider_name": "quotetrack",
        "provider_url": base_url(),
        "title": _title(card.text),
        "author_name": card.speaker.name if card.speaker else None,
        "html": links.embed_snippet,
        "width": width,
        "height": height,
        "cache_age": current_app.config["CARD_MAX_AGE"],
        **(
            {"thumbnail_url": links.image_url, "thumbnail_width": 1200, "thumbnail_height": 630}
            if links.image_url
            else {}
        ),
    }


def _title(card: card_text.CardText) -> str:
    """The wording as the card shows it (a direct one in quotation marks, reported speech
    without), then its kind, attribution method and confidence."""
    wording = f"{display.OPEN}{card.wording}{display.CLOSE}" if card.kind == "direct" else card.wording
    return f"{wording} \u2014 {card.small_print}" if card.small_print else wording
