"""Extraction without storing: the text sent and the quotes found, each with its claims."""

from __future__ import annotations

import marshmallow as ma

from quotetrack.extraction.claims import claim_records

from .fields import OrderedSchema, StrictSchema, Text
from .vocabulary import KINDS, METHODS, SPEAKER_KINDS, one_of


class ExtractInSchema(StrictSchema):
    text = Text(required=True)


class ExtractedClaimSchema(OrderedSchema):
    start = ma.fields.Integer(metadata={"description": "Character offset of the claim in the article text."})
    end = ma.fields.Integer()
    text = ma.fields.String()


class ExtractedQuoteSchema(OrderedSchema):
    text = ma.fields.String()
    kind = ma.fields.Function(lambda q: q.kind.value, metadata=one_of("QuoteKind", KINDS))
    start = ma.fields.Integer()
    end = ma.fields.Integer()
    cue = ma.fields.String(allow_none=True)
    speaker_mention = ma.fields.String(allow_none=True)
    speaker = ma.fields.Function(
        lambda q: q.speaker.name if q.speaker else None, allow_none=True, metadata={"type": "string"}
    )
    speaker_kind = ma.fields.Function(
        lambda q: q.speaker.kind.value if q.speaker else None,
        allow_none=True,
        metadata=one_of("SpeakerKind", SPEAKER_KINDS),
    )
    speaker_titles = ma.fields.Function(
        lambda q: list(q.speaker.titles) if q.speaker else [], metadata={"type": "array", "items": {"type": "string"}}
    )
    speaks_for = ma.fields.Function(
        lambda q: q.speaks_for.name if q.speaks_for else None,
        allow_none=True,
        metadata={"type": "string", "description": "The organisation a spokesperson, named or not, speaks for."},
    )
    attribution_method = ma.fields.Function(lambda q: q.method.value, metadata=one_of("AttributionMethod", METHODS))
    attribution_evidence = ma.fields.String(
        attribute="evidence", metadata={"description": "What the attribution relied on, e.g. subject 'Heald'."}
    )
    confidence = ma.fields.Float()
    claims = ma.fields.List(
        ma.fields.Nested(ExtractedClaimSchema),
        metadata={"description": "The separate remarks the quote reports, in order (at least one: the whole quote)."},
    )

    def get_attribute(self, obj, attr, default):
        if attr == "claims":  # offsets on the quote; each claim's wording is read from the quote's text
            return claim_records(obj)
        return super().get_attribute(obj, attr, default)


class ExtractResultSchema(ma.Schema):
    quotes = ma.fields.List(ma.fields.Nested(ExtractedQuoteSchema))
