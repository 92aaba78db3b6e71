"""Small records other answers nest: a speaker in brief, where something was published, an
article in brief, an appearance of a wording."""

from __future__ import annotations

import marshmallow as ma

from .fields import OrderedSchema
from .vocabulary import SPEAKER_KINDS, one_of


class SpeakerBriefSchema(ma.Schema):
    id = ma.fields.Integer()
    slug = ma.fields.String()
    name = ma.fields.String()
    kind = ma.fields.String(metadata=one_of("SpeakerKind", SPEAKER_KINDS))
    titles = ma.fields.List(ma.fields.String())


class PublicationSchema(OrderedSchema):
    """Where something was published."""

    outlet = ma.fields.String(allow_none=True)
    title = ma.fields.String(allow_none=True)
    url = ma.fields.String(allow_none=True)
    published = ma.fields.Date(allow_none=True)


class ArticleBriefSchema(PublicationSchema):
    id = ma.fields.Integer()


class AppearanceSchema(PublicationSchema):
    quote_id = ma.fields.Integer()
    article_id = ma.fields.Integer()
