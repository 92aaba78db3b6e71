"""Statements (a remark and every wording of it) and verification of a wording against them."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import validate

from quotetrack.statements.verify import MAX_VERIFY_CHARS, MAX_VERIFY_WORDS, too_long

from .briefs import AppearanceSchema, SpeakerBriefSchema
from .fields import (
    MAX_PAGE,
    SPEAKER_FILTER,
    Line,
    OrderedSchema,
    PageArgsSchema,
    SpeakerRef,
    StrictSchema,
    Text,
    page_schema,
)
from .vocabulary import CONTRADICTION_REASONS, DIFF_OPS, KINDS, RELATIONS, VERDICTS, WORDING_RELATIONS, one_of


class DiffOpSchema(OrderedSchema):
    op = ma.fields.String(metadata=one_of("DiffOperation", DIFF_OPS))
    reference = ma.fields.String(
        metadata={
            "description": "Words of the reference: the canonical wording, or in verify answers the submitted text."
        }
    )
    wording = ma.fields.String(metadata={"description": "Words of this wording."})


class WordingSchema(OrderedSchema):
    text = ma.fields.String()
    kind = ma.fields.String(metadata=one_of("QuoteKind", KINDS))
    relation = ma.fields.String(
        metadata=one_of(
            "WordingRelation",
            WORDING_RELATIONS,
            description="To the canonical wording; in verify answers to the submitted text, where a wording that "
            "does not match it is `different`.",
        )
    )
    similarity = ma.fields.Float()
    diff = ma.fields.List(ma.fields.Nested(DiffOpSchema))
    appearances = ma.fields.List(ma.fields.Nested(AppearanceSchema))


class StatementSchema(OrderedSchema):
    id = ma.fields.Integer()
    speaker = ma.fields.Nested(SpeakerBriefSchema, allow_none=True)
    canonical_text = ma.fields.String(
        metadata={"description": "The best wording on record: verbatim direct when any outlet quoted it directly."}
    )
    canonical_kind = ma.fields.String(metadata=one_of("QuoteKind", KINDS, description="The canonical wording's kind."))
    canonical_appearance = ma.fields.Nested(
        AppearanceSchema, allow_none=True, metadata={"description": "Where the canonical wording was printed."}
    )
    first_seen = ma.fields.Date(allow_none=True)
    first_appearance = ma.fields.Nested(
        AppearanceSchema, allow_none=True, metadata={"description": "The first outlet to report the remark."}
    )
    quote_count = ma.fields.Integer(metadata={"description": "Quotes whose claims report this remark."})
    outlet_count = ma.fields.Integer()
    relation = ma.fields.String(
        allow_none=True, metadata=one_of("Relation", RELATIONS, description="In verify answers: to the submitted text.")
    )
    similarity = ma.fields.Float(allow_none=True)
    wordings = ma.fields.List(ma.fields.Nested(WordingSchema))


StatementPageSchema = page_schema(StatementSchema, "StatementPageSchema")


class StatementFilterSchema(PageArgsSchema):
    speaker = Line(min_length=1, metadata={"description": SPEAKER_FILTER})
    q = Line(max_length=500, metadata={"description": "Words that must all occur in one wording."})
    min_outlets = ma.fields.Integer(validate=validate.Range(min=1, max=MAX_PAGE))
    date_from = ma.fields.Date()
    date_to = ma.fields.Date()


class VerifyInSchema(StrictSchema):
    text = Text(
        required=True,
        max_length=MAX_VERIFY_CHARS,
        metadata={
            "description": f"The wording to check: a quote, at most {MAX_VERIFY_CHARS:,} characters and "
            f"{MAX_VERIFY_WORDS} words (more words: 422)."
        },
    )
    speaker = SpeakerRef(
        load_default=None,
        metadata={
            "description": "Only this speaker's statements (optional): an id (integer or string), slug, name or "
            "alias, read as the `speaker` filter of the lists is; nobody on record: 404; several: 409."
        },
    )

    @ma.validates("text")
    def _not_too_long(self, value: str, **kwargs) -> None:
        reason = too_long(value)
        if reason is not None:
            raise ma.ValidationError(reason)


class OtherSpeakerSchema(OrderedSchema):
    speaker = ma.fields.Nested(SpeakerBriefSchema, allow_none=True)
    statement_id = ma.fields.Integer()
    relation = ma.fields.String(metadata=one_of("Relation", RELATIONS))
    similarity = ma.fields.Float()
    canonical_text = ma.fields.String()


class ContradictionSchema(OrderedSchema):
    statement_id = ma.fields.Integer()
    speaker = ma.fields.Nested(SpeakerBriefSchema, allow_none=True)
    text = ma.fields.String(metadata={"description": "The stored wording the submitted text turns around."})
    reason = ma.fields.String(
        metadata=one_of(
            "ContradictionReason",
            CONTRADICTION_REASONS,
            description=(
                "negation (negated, or cut just after a negation), number (other numbers) or hedge (a"
                " possibility stated as a fact, or a fact as a possibility: 'fought' for 'might fight')"
            ),
        )
    )


class ArchiveScopeSchema(OrderedSchema):
    articles = ma.fields.Integer()
    quotes = ma.fields.Integer()
    first_published = ma.fields.Date(allow_none=True)
    last_published = ma.fields.Date(allow_none=True)


class VerdictSchema(OrderedSchema):
    text = ma.fields.String()
    verdict = ma.fields.String(metadata=one_of("VerdictValue", VERDICTS))
    matches = ma.fields.List(ma.fields.Nested(StatementSchema))
    other_speakers = ma.fields.List(
        ma.fields.Nested(OtherSpeakerSchema),
        metadata={"description": "When a speaker was given and did not say it: who did (empty otherwise)."},
    )
    contradictions = ma.fields.List(
        ma.fields.Nested(ContradictionSchema),
        metadata={"description": "Stored wordings that say the opposite: the same words negated, or other numbers."},
    )
    archive = ma.fields.Nested(
        ArchiveScopeSchema,
        metadata={"description": "What the answer covers: this archive only (a not_found means not in it)."},
    )
