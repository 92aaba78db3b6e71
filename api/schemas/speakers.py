"""Speakers: the record, search arguments, and an editor's corrections (rename, merge, split)."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import validate

from .fields import Id, Line, OrderedSchema, PageArgsSchema, StrictSchema, page_schema
from .vocabulary import SPEAKER_KINDS, one_of


class SpeakerSchema(OrderedSchema):
    id = ma.fields.Integer()
    slug = ma.fields.String()
    name = ma.fields.String()
    kind = ma.fields.String(metadata=one_of("SpeakerKind", SPEAKER_KINDS))
    titles = ma.fields.List(ma.fields.String())
    aliases = ma.fields.List(ma.fields.String())
    quote_count = ma.fields.Integer()
    statement_count = ma.fields.Integer(
        allow_none=True,
        metadata={"description": "Statements attributed to the speaker (in the list and on the speaker)."},
    )
    wikidata_id = ma.fields.String(allow_none=True, metadata={"description": "External identifier, e.g. Q76."})
    ambiguous = ma.fields.Boolean(
        metadata={"description": "A bare surname no single archived person matched: an editor should look."}
    )
    article_id = ma.fields.Integer(
        allow_none=True,
        metadata={"description": "Set when the speaker belongs to one article (groups, unnamed sources, pronouns)."},
    )


class SpeakerSearchArgsSchema(PageArgsSchema):
    q = Line(max_length=300, metadata={"description": "Part of a name or alias."})
    kind = ma.fields.String(validate=validate.OneOf(SPEAKER_KINDS), metadata=one_of("SpeakerKind", SPEAKER_KINDS))
    ambiguous = ma.fields.Boolean(metadata={"description": "Only speakers marked ambiguous (or not)."})


SpeakerPageSchema = page_schema(SpeakerSchema, "SpeakerPageSchema")


class SpeakerPatchSchema(StrictSchema):
    name = Line(min_length=1)
    kind = ma.fields.String(validate=validate.OneOf(SPEAKER_KINDS), metadata=one_of("SpeakerKind", SPEAKER_KINDS))
    titles = ma.fields.List(
        Line(min_length=1, max_length=200),
        validate=validate.Length(max=50),
        metadata={"description": "The full list of titles (replaces the current one)."},
    )
    aliases = ma.fields.List(
        Line(min_length=1),
        validate=validate.Length(max=100),
        metadata={"description": "The full list of aliases (replaces the current one)."},
    )
    wikidata_id = ma.fields.String(
        allow_none=True,
        validate=validate.Regexp(r"^Q[1-9][0-9]{0,11}$", error="A Wikidata item id: Q followed by digits."),
        metadata={"description": "Wikidata item, e.g. Q76; null clears it."},
    )
    ambiguous = ma.fields.Boolean(metadata={"description": "false: an editor checked this speaker."})

    @ma.validates_schema
    def something(self, data, **kwargs):
        if not data:
            raise ma.ValidationError("Nothing to change.", "_schema")


class MergeInSchema(StrictSchema):
    into = Line(required=True, min_length=1, metadata={"description": "Speaker id or slug to merge into."})


class SplitInSchema(StrictSchema):
    quotes = ma.fields.List(
        Id(),
        required=True,
        validate=validate.Length(min=1, max=1000),
        metadata={"description": "Ids of this speaker's quotes that belong to someone else."},
    )
    name = Line(min_length=1, metadata={"description": "The new speaker's name (default: the same)."})
    kind = ma.fields.String(validate=validate.OneOf(SPEAKER_KINDS), metadata=one_of("SpeakerKind", SPEAKER_KINDS))
