"""Quotes: the stored record with its claims and identity, search and export arguments, and an
editor's correction."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import validate

from .briefs import ArticleBriefSchema, SpeakerBriefSchema
from .fields import SPEAKER_FILTER, Line, OrderedSchema, PageArgsSchema, StrictSchema, page_schema
from .vocabulary import (
    EDITOR_QUOTE_STATUSES,
    IDENTITY_METHODS,
    KINDS,
    METHODS,
    QUOTE_STATUSES,
    RELATIONS,
    SPEAKER_KINDS,
    one_of,
)


class IdentitySchema(OrderedSchema):
    method = ma.fields.String(
        metadata=one_of(
            "IdentityMethod", IDENTITY_METHODS, description="How the article's speaker became this archive speaker."
        )
    )
    mention = ma.fields.String(metadata={"description": "The article's name for the speaker."})
    evidence = ma.fields.Dict(metadata={"description": "Identity key, candidates, reason or the correction."})


class ClaimSchema(OrderedSchema):
    id = ma.fields.Integer()
    text = ma.fields.String(metadata={"description": "The words of the quote that report this remark."})
    start = ma.fields.Integer(metadata={"description": "Character offset in the article text."})
    end = ma.fields.Integer()
    statement_id = ma.fields.Integer(allow_none=True, metadata={"description": "The statement of this remark."})
    relation = ma.fields.String(
        allow_none=True,
        metadata=one_of("Relation", RELATIONS, description="To the statement's canonical wording."),
    )
    similarity = ma.fields.Float(allow_none=True)


class QuoteSchema(OrderedSchema):
    id = ma.fields.Integer()
    text = ma.fields.String(metadata={"description": "Exact wording as printed, without quote marks."})
    kind = ma.fields.String(metadata=one_of("QuoteKind", KINDS))
    start = ma.fields.Integer(metadata={"description": "Character offset of the wording in the article text."})
    end = ma.fields.Integer()
    cue = ma.fields.String(allow_none=True)
    speaker_mention = ma.fields.String(allow_none=True, metadata={"description": "The speaker as written."})
    speaker = ma.fields.Nested(SpeakerBriefSchema, allow_none=True)
    speaks_for = ma.fields.Nested(
        SpeakerBriefSchema,
        allow_none=True,
        metadata={
            "description": "The organisation a spokesperson speaks for ('a Kestrel spokesman', 'company"
            " spokeswoman Janelle Ortiz'): the quote's remarks join that organisation's statements."
        },
    )
    attribution_method = ma.fields.String(attribute="method", metadata=one_of("AttributionMethod", METHODS))
    confidence = ma.fields.Float()
    fragments = ma.fields.List(
        ma.fields.List(ma.fields.Integer()), metadata={"description": "Quoted fragments of a mixed quote (offsets)."}
    )
    article = ma.fields.Nested(ArticleBriefSchema)
    statement_id = ma.fields.Integer(
        allow_none=True,
        metadata={"description": "The statement of the quote's first claim (see claims for every remark)."},
    )
    relation = ma.fields.String(
        allow_none=True,
        metadata=one_of(
            "Relation", RELATIONS, description="The first claim's relation to its statement's canonical wording."
        ),
    )
    similarity = ma.fields.Float(allow_none=True)
    claims = ma.fields.List(
        ma.fields.Nested(ClaimSchema),
        metadata={"description": "The remarks the quote reports, each in its own statement."},
    )
    status = ma.fields.String(
        metadata=one_of(
            "QuoteStatus",
            QUOTE_STATUSES,
            description="accepted, rejected by an editor, or superseded (its article has a newer revision, or a "
            "re-extraction no longer finds it); a superseded quote still answers by id.",
        )
    )
    identity = ma.fields.Nested(IdentitySchema, allow_none=True)
    revision = ma.fields.Integer(
        metadata={"description": "The article revision the quote was extracted from: the text its offsets index."}
    )


class QuoteDetailSchema(QuoteSchema):
    sentence = ma.fields.String(metadata={"description": "The sentence(s) around the quote."})
    latest_version = ma.fields.Integer(
        allow_none=True,
        metadata={
            "description": "For a superseded quote: the id of the live quote that stands in its place (same "
            "wording, else same span, else the most overlapping one of the same text), also sent as "
            '`Link: </api/v1/quotes/ID>; rel="latest-version"`; null when nothing does.'
        },
    )


class QuoteFilterSchema(PageArgsSchema):
    kind = ma.fields.String(validate=validate.OneOf(KINDS), metadata=one_of("QuoteKind", KINDS))
    outlet = Line(max_length=200)
    date_from = ma.fields.Date()
    date_to = ma.fields.Date()


class QuoteSearchArgsSchema(QuoteFilterSchema):
    q = Line(max_length=500, metadata={"description": "Words that must all occur in the wording."})
    speaker = Line(min_length=1, metadata={"description": SPEAKER_FILTER})


QuotePageSchema = page_schema(QuoteSchema, "QuotePageSchema")


class QuotePatchSchema(StrictSchema):
    speaker = Line(min_length=1, metadata={"description": "Reattribute to this speaker (id or slug)."})
    speaker_name = Line(
        min_length=1,
        metadata={"description": "Reattribute to this name, found or created by the identity rules."},
    )
    speaker_kind = ma.fields.String(
        validate=validate.OneOf(SPEAKER_KINDS),
        metadata=one_of("SpeakerKind", SPEAKER_KINDS, description="Kind for speaker_name (default person)."),
    )
    status = ma.fields.String(
        validate=validate.OneOf(EDITOR_QUOTE_STATUSES),
        metadata={"description": "rejected: not a quote, hidden from look-ups and cards; accepted undoes it."},
    )

    @ma.validates_schema
    def one_change(self, data, **kwargs):
        if "speaker" in data and "speaker_name" in data:
            raise ma.ValidationError("Give speaker or speaker_name, not both.", "speaker_name")
        if "speaker_kind" in data and "speaker_name" not in data:
            raise ma.ValidationError("speaker_kind goes with speaker_name.", "speaker_kind")
        if not {"speaker", "speaker_name", "status"} & set(data):
            raise ma.ValidationError("Nothing to change: give speaker, speaker_name or status.", "_schema")


class QuoteExportArgsSchema(StrictSchema):
    """The search filters without paging: an export is the whole result."""

    q = Line(max_length=500, metadata={"description": "Words that must all occur in the wording."})
    speaker = Line(
        min_length=1,
        metadata={
            "description": "Speaker id, slug, name or alias (or a part of one, e.g. a surname); a name several "
            "speakers answer to is a 409 listing them; one nobody answers to exports nothing."
        },
    )
    kind = ma.fields.String(validate=validate.OneOf(KINDS), metadata=one_of("QuoteKind", KINDS))
    outlet = Line(max_length=200, metadata={"description": "Outlet name, case-insensitive."})
    date_from = ma.fields.Date(metadata={"description": "Published on or after (YYYY-MM-DD)."})
    date_to = ma.fields.Date(metadata={"description": "Published on or before (YYYY-MM-DD)."})
    min_confidence = ma.fields.Float(
        validate=validate.Range(min=0, max=1),
        metadata={"description": "Only attributions with at least this confidence (a calibrated probability)."},
    )
