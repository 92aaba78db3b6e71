"""A quote's or a statement's card as both the card pages and oEmbed need it: its text, the
source it cites, its URLs and embed code, and its height fitted to a width."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode, urlsplit

from flask import url_for
from flask_smorest import abort
from markupsafe import escape

from quotetrack.cards import card_text, render
from quotetrack.statements import queries as statement_queries
from quotetrack.storage import quote_search
from quotetrack.types import StoredSpeaker

from .extensions import fetch_or_404, state
from .security import base_url


def card_links(
    kind: str, item_id: int, width: int, theme: str, height: int, max_height: int | None = None
) -> render.CardLinks:
    """The card's URLs and the iframe an embed inserts: `height` is the card's own height at
    `width`; `max_height` (a card cut to fit) travels in the URL so the card cuts the same. The
    snippet's script resizes the iframe to the height the card reports (render.HEIGHT_MESSAGE)."""
    base = base_url()
    path = url_for(f"cards.{kind}_card", item_id=item_id)
    card_url = f"{base}{path}"
    image = f"{base}{url_for('cards.quote_png', item_id=item_id)}" if kind == "quote" else None
    oembed = f"{base}/api/v1/oembed?{urlencode({'url': card_url, 'format': 'json'})}"
    query = {"width": width, "theme": theme, **({"maxheight": max_height} if max_height is not None else {})}
    src = f"{card_url}?{urlencode(query)}"
    # The iframe at the height computed for `width` (what stays without script), then the lines
    # that resize it to the height the card reports (a narrower iframe, other fonts).
    parts = urlsplit(base)
    snippet = (
        f'<iframe src="{escape(src)}" width="{width}" height="{height}" '
        f'style="border:0;max-width:100%" loading="lazy" title="Quote card"></iframe>'
        f"<script>{render.resize_script(f'{parts.scheme}://{parts.netloc}')}</script>"
    )
    return render.CardLinks(card_url, image, oembed, snippet, height=height)


@dataclass(frozen=True)
class Card:
    """A card of one quote or statement, ready to render or describe in oEmbed."""

    kind: str  # "quote" or "statement"
    item_id: int
    text: card_text.CardText
    speaker: StoredSpeaker | None
    article: object  # the source: a quote's article or a statement's Appearance (None: none)
    article_page: str | None
    full_text: str  # the page a shortened card's "read in full" opens


def build_quote_card(item_id: int) -> Card:
    quote = fetch_or_404(quote_search.get_quote, item_id, "quote")
    base = base_url()
    return Card(
        "quote",
        item_id,
        card_text.quote_card_text(quote, state().low_confidence),
        quote.speaker,
        quote.article,
        f"{base}/articles/{quote.article.id}#q-{quote.id}",
        f"{base}/articles/{quote.article.id}#q-{quote.id}",  # the quote whole, in its article
    )


def build_statement_card(item_id: int) -> Card:
    statement = fetch_or_404(statement_queries.get_statement, item_id, "statement")
    source = statement.canonical_appearance or statement.first_appearance
    quote = None
    if source is not None:  # the quote that printed the canonical wording: its cue, method and confidence
        with state().db.reading() as session:
            quote = quote_search.get_quote(session, source.quote_id)
    base = base_url()
    article_page = f"{base}/articles/{source.article_id}#q-{source.quote_id}" if source else None
    return Card(
        "statement",
        item_id,
        card_text.statement_card_text(statement, quote, state().low_confidence, in_article=source is not None),
        statement.speaker,
        source,
        article_page,
        f"{base}/statements/{item_id}",
    )


def fit(card: Card, width: int, max_height: int | None) -> tuple[card_text.CardText, int]:
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


def statement_embed(statement_id: int, width: int = render.DEFAULT_WIDTH) -> render.CardLinks:
    """The embed code of a statement's card (the statement page offers it)."""
    card = build_statement_card(statement_id)
    return card_links("statement", statement_id, width, "light", card.text.height(width))
