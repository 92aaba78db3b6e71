"""oEmbed: the arguments a CMS sends for a card URL, and the description answered."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import validate

from .fields import HttpUrl, OrderedSchema, StrictSchema


class OEmbedArgsSchema(StrictSchema):
    url = HttpUrl(required=True, metadata={"description": "A card URL of this service."})
    maxwidth = ma.fields.Integer(validate=validate.Range(min=1, max=100_000))
    maxheight = ma.fields.Integer(validate=validate.Range(min=1, max=100_000))
    format = ma.fields.String(
        load_default="json", validate=validate.OneOf(("json",)), metadata={"description": "Only json (xml is a 422)."}
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
