"""oEmbed: the arguments a CMS sends for a card URL, and the description answered."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import validate

from .fields import HttpUrl, OrderedSchema, StrictSchema


class OEmbedArgsSchema(StrictSchema):
    url = HttpUrl(required=True, metadata={"description": "A card URL of this service."})
    maxwidth = ma.fields.Integer(
        validate=validate.Range(min=1, max=100_000),
        metadata={
            "description": "The card is laid out this wide (200 to 1200 px; below 200, 200: the narrowest card)."
        },
    )
    maxheight = ma.fields.Integer(validate=validate.Range(min=1, max=100_000))
    format = ma.fields.String(
        load_default="json",
        validate=validate.Length(max=20),
        metadata={"description": "Only json is implemented: any other format (xml) is a 501, as oEmbed says."},
    )
    theme = ma.fields.String(load_default="light", validate=validate.OneOf(("light", "dark")))


class OEmbedSchema(OrderedSchema):
    version = ma.fields.String(metadata={"enum": ["1.0"]})
    type = ma.fields.String(metadata={"enum": ["rich"]})
    provider_name = ma.fields.String()
    provider_url = ma.fields.String()
    title = ma.fields.String()
    author_name = ma.fields.String(allow_none=True)
    html = ma.fields.String(metadata={"description": "The iframe to insert."})
    width = ma.fields.Integer()
    height = ma.fields.Integer()
    cache_age = ma.fields.Integer()
    thumbnail_url = ma.fields.String()
    thumbnail_width = ma.fields.Integer()
    thumbnail_height = ma.fields.Integer()
