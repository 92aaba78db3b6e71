"""oEmbed for quote cards: what a CMS asks about a card URL to embed it."""

from __future__ import annotations

import re
from urllib.parse import urlparse

from flask import current_app
from flask_smorest import Blueprint, abort

from quotetrack.cards import card_text, display, render
from quotetrack.types import QuoteKind

from .card_making import build_quote_card, build_statement_card, card_links, fit
from .schemas.fields import MAX_ID
from .schemas.oembed import OEmbedArgsSchema, OEmbedSchema
from .security import base_url

blp = Blueprint("oembed", __name__, description="oEmbed for quote cards.")

_CARD_PATH = re.compile(r"^/cards/(quotes|statements)/([0-9]+)$")


@blp.route("/oembed")
@blp.arguments(OEmbedArgsSchema, location="query")
@blp.response(200, OEmbedSchema)
@blp.alt_response(404, description="The URL is not a card of this service, or the card does not exist.")
@blp.alt_response(501, schema="Error", description="A `format` other than json (the oEmbed answer to xml).")
def oembed(args):
    """oEmbed (type rich) for a card URL: the iframe html a CMS inserts, as tall as the card
    is at that width (`maxwidth`, or the narrowest card, 200 px, below that), and the lines that
    resize the iframe to the height the card reports; over `maxheight` the wording is cut
    (ellipsis, "read in full" link), never the attribution (a maxheight below that is a 422
    naming the smallest height)."""
    if args["format"] != "json":
        abort(
            501,
            message=f"format {args['format']} is not implemented: oEmbed answers here are json only.",
            errors={"query": {"format": ["Only json is implemented."]}},
        )
    match = _CARD_PATH.match(urlparse(args["url"]).path)
    if match is None:
        abort(404, message="Not a quotetrack card URL (expected /cards/quotes/ID or /cards/statements/ID).")
    kind, digits = match.groups()
    # An id past the id columns (2^31-1) is a 404 like any id that does not exist, as on the card
    # pages themselves (api/security.py's IdConverter), not an overflow in the database driver;
    # leading zeros are the same id there too.
    significant = digits.lstrip("0") or "0"
    if len(significant) > len(str(MAX_ID)) or int(significant) > MAX_ID:
        abort(404, message=f"No {kind.removesuffix('s')} {significant}.")
    item_id = int(significant)
    card = build_quote_card(item_id) if kind == "quotes" else build_statement_card(item_id)
    width = render.clamp_width(args.get("maxwidth"))
    max_height = args.get("maxheight")
    text, height = fit(card, width, max_height)
    links = card_links(card.kind, item_id, width, args["theme"], height, max_height if text.shortened else None)
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
    wording = f"{display.OPEN}{card.wording}{display.CLOSE}" if card.kind == QuoteKind.DIRECT else card.wording
    return f"{wording} \u2014 {card.small_print}" if card.small_print else wording
