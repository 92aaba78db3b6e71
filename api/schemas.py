"""Marshmallow schemas: the single source of the OpenAPI document."""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from typing import Any

import marshmallow as ma
from marshmallow import validate

from quotetrack.extraction.claims import claim_records
from quotetrack.normalization.statements import Relation
from quotetrack.storage.identity import IdentityMethod
from quotetrack.storage.quote_status import ACCEPTED, REJECTED, SUPERSEDED
from quotetrack.types import Method, QuoteKind, SpeakerKind
from quotetrack.urls import HTTP_URL_PATTERN, MAX_URL_LENGTH, is_http_url
from quotetrack.verification import MAX_VERIFY_CHARS, MAX_VERIFY_WORDS, NOT_FOUND, too_long

# -- closed sets, documented as enums (typed clients turn them into Enum classes) ----------------
KINDS = tuple(kind.value for kind in QuoteKind)
SPEAKER_KINDS = tuple(kind.value for kind in SpeakerKind)
METHODS = tuple(method.value for method in Method)
IDENTITY_METHODS = tuple(method.value for method in IdentityMethod)
RELATIONS = tuple(relation.value for relation in Relation)
VERDICTS = (*RELATIONS, NOT_FOUND)
WORDING_RELATIONS = (*RELATIONS, "different")  # verification.py: a wording the submitted text does not match
QUOTE_STATUSES = (ACCEPTED, REJECTED, SUPERSEDED)
DIFF_OPS = ("equal", "replace", "delete", "insert")
CONTRADICTION_REASONS = ("negation", "number")


ENUM_COMPONENT = "openapi_enum"  # field metadata read by api/openapi.py (apispec does not copy it into the document)


def one_of(name: str, values: tuple, **metadata) -> dict:
    """Field metadata for a closed set of values: documented as the shared enum component `name`
    (one Enum class in a generated client wherever the set appears), referenced from the field,
    nullable where the field allows null (api/openapi.py writes it)."""
    return {**metadata, ENUM_COMPONENT: (name, tuple(values))}


# -- bounds and character rules shared by every input ------------------------------------------
MAX_ID = 2**31 - 1  # ids are INTEGER columns: 32-bit on PostgreSQL
MAX_PAGE = 1_000_000
# C0 controls (except tab, newline, carriage return in multi-line text), DEL and C1 controls make no
# sense in any text here; NUL is refused by PostgreSQL. Each rule is one character class written the
# same way in Python and in the OpenAPI document's ECMA pattern, so schema and server agree.
_LINE_FORBIDDEN = "\\x00-\\x1f\\x7f-\\x9f"
_TEXT_FORBIDDEN = "\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f-\\x9f"
# Whitespace as Python's str.strip() sees it, plus U+FEFF (what ECMA's \s adds): text needs one other char.
_SPACE = "\\t\\n\\r \\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff"
LINE_PATTERN = f"^[^{_LINE_FORBIDDEN}]*$"
TEXT_PATTERN = f"^[^{_TEXT_FORBIDDEN}]*[^{_TEXT_FORBIDDEN}{_SPACE}][^{_TEXT_FORBIDDEN}]*$"
_LINE_BAD = re.compile(f"[{_LINE_FORBIDDEN}\\ud800-\\udfff]")
_TEXT_BAD = re.compile(f"[{_TEXT_FORBIDDEN}\\ud800-\\udfff]")
_VISIBLE = re.compile(f"[^{_TEXT_FORBIDDEN}{_SPACE}]")


class Line(ma.fields.String):
    """One line of text: no control characters, no lone surrogates (documented as a pattern)."""

    def __init__(self, *, max_length: int = 300, min_length: int = 0, **kwargs):
        validators: list[Callable[[Any], Any]] = [validate.Length(min=min_length, max=max_length), self._check]
        super().__init__(validate=validators, **kwargs)
        self.metadata = {**self.metadata, "pattern": LINE_PATTERN}

    @staticmethod
    def _check(value: str) -> None:
        if _LINE_BAD.search(value):
            raise ma.ValidationError("Control characters and lone surrogates are not allowed.")


class Text(ma.fields.String):
    """Multi-line text (tabs and line breaks allowed, other controls not), with a visible character."""

    def __init__(self, *, max_length: int | None = None, **kwargs):
        validators: list[Callable[[Any], Any]] = [validate.Length(min=1, max=max_length), self._check]
        super().__init__(validate=validators, **kwargs)
        self.metadata = {**self.metadata, "pattern": TEXT_PATTERN}

    @staticmethod
    def _check(value: str) -> None:
        if _TEXT_BAD.search(value):
            raise ma.ValidationError(
                "Control characters (other than tab and line breaks) and lone surrogates are not allowed."
            )
        if not _VISIBLE.search(value):
            raise ma.ValidationError("Only white space.")


SPEAKER_FILTER = (
    "Speaker id, slug, name or alias (or a part of one, e.g. a surname); a name several speakers answer "
    "to: 409 with the candidates in `errors.speaker.candidates`; one nobody on record answers to: an empty page."
)


class SpeakerRef(ma.fields.Field):
    """A speaker as a client names one: an id (a JSON integer or digits), a slug, a name or an
    alias. Loaded as a string, the form the one speaker filter reads."""

    _MAX_ID = 2**31 - 1
    _text = Line(min_length=1)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        as_text = {"type": "string", "minLength": 1, "maxLength": 300, "pattern": LINE_PATTERN}
        as_id = {"type": "integer", "minimum": 1, "maximum": self._MAX_ID}
        self.metadata = {**self.metadata, "oneOf": [as_id, as_text]}

    def _deserialize(self, value, attr, data, **kwargs) -> str:
        if isinstance(value, int) and not isinstance(value, bool):
            if not 1 <= value <= self._MAX_ID:
                raise ma.ValidationError(f"A speaker id is between 1 and {self._MAX_ID}.")
            return str(value)
        if not isinstance(value, str):
            raise ma.ValidationError("A speaker id (integer) or an id, slug, name or alias (string).")
        return self._text.deserialize(value)


class HttpUrl(ma.fields.String):
    """An absolute http or https URL (ASCII; percent-encode the rest), at most 2,048 characters."""

    def __init__(self, **kwargs):
        super().__init__(validate=[validate.Length(max=MAX_URL_LENGTH), self._check], **kwargs)
        self.metadata = {**self.metadata, "pattern": HTTP_URL_PATTERN, "format": "uri"}

    @staticmethod
    def _check(value: str) -> None:
        if not is_http_url(value):
            raise ma.ValidationError("Not an absolute http or https URL (ASCII, percent-encoded).")


class UtcDateTime(ma.fields.DateTime):
    """A stored UTC time (naive in the database) as RFC 3339 with its offset, as `date-time` requires."""

    def _serialize(self, value, attr, obj, **kwargs):
        if value is not None and value.tzinfo is None:
            value = value.replace(tzinfo=datetime.UTC)
        return super()._serialize(value, attr, obj, **kwargs)


def Id(**kwargs) -> ma.fields.Integer:  # noqa: N802 (a field factory, read like a field class)
    return ma.fields.Integer(strict=True, validate=validate.Range(min=1, max=MAX_ID), **kwargs)


class OrderedSchema(ma.Schema):
    """Fields dump in declaration order: id and text first, as a reader expects."""

    class Meta:
        ordered = True


class StrictSchema(OrderedSchema):
    """Input: unknown fields are an error, not silently dropped."""

    class Meta:
        unknown = ma.RAISE


class ArticleInSchema(StrictSchema):
    text = Text(
        load_default=None,
        metadata={"description": "Article body, one paragraph per line. Send this or `html`."},
    )
    html = Text(
        load_default=None,
        metadata={
            "description": "The article's web page instead of `text`: its body, title, date, author and outlet are "
            "extracted (menus, footers, captions and related links dropped) and the body is stored as the text that "
            "quote offsets refer to. Fields given in the request win over the page's own."
        },
    )
    outlet = Line(load_default=None, max_length=200)
    title = Line(load_default=None, max_length=500)
    url = HttpUrl(load_default=None)
    published = ma.fields.Date(load_default=None, metadata={"description": "YYYY-MM-DD"})
    author = Line(load_default=None, max_length=200)

    @ma.validates_schema
    def _one_body(self, data, **kwargs):
        if data.get("text") is not None and data.get("html") is not None:
            raise ma.ValidationError("Send either text or html, not both.", "html")
        if data.get("text") is None and data.get("html") is None and data.get("url") is None:
            # A url alone is fetched only where the server allows it (FETCH_URLS); the view says so.
            raise ma.ValidationError("Missing data for required field (text or html).", "text")


class ExtractInSchema(StrictSchema):
    text = Text(required=True)


class SpeakerSchema(OrderedSchema):
    id = ma.fields.Integer()
    slug = ma.fields.String()
    name = ma.fields.String()
    kind = ma.fields.String(metadata=one_of("SpeakerKind", SPEAKER_KINDS))
    titles = ma.fields.List(ma.fields.String())
    aliases = ma.fields.List(ma.fields.String())
    quote_count = ma.fields.Integer()
    statement_count = ma.fields.Integer(allow_none=True, metadata={"description": "In single-speaker answers."})
    wikidata_id = ma.fields.String(allow_none=True, metadata={"description": "External identifier, e.g. Q76."})
    ambiguous = ma.fields.Boolean(
        metadata={"description": "A bare surname no single archived person matched: an editor should look."}
    )
    article_id = ma.fields.Integer(
        allow_none=True,
        metadata={"description": "Set when the speaker belongs to one article (groups, unnamed sources, pronouns)."},
    )


class SpeakerBriefSchema(ma.Schema):
    id = ma.fields.Integer()
    slug = ma.fields.String()
    name = ma.fields.String()
    kind = ma.fields.String(metadata=one_of("SpeakerKind", SPEAKER_KINDS))
    titles = ma.fields.List(ma.fields.String())


class ArticleSchema(OrderedSchema):
    id = ma.fields.Integer()
    url = ma.fields.String(allow_none=True)
    outlet = ma.fields.String(allow_none=True)
    title = ma.fields.String(allow_none=True)
    author = ma.fields.String(allow_none=True)
    published = ma.fields.Date(allow_none=True)
    model_versions = ma.fields.String(metadata={"description": "Models that extracted the quotes."})
    quote_count = ma.fields.Integer(allow_none=True)


class PublicationSchema(OrderedSchema):
    """Where something was published."""

    outlet = ma.fields.String(allow_none=True)
    title = ma.fields.String(allow_none=True)
    url = ma.fields.String(allow_none=True)
    published = ma.fields.Date(allow_none=True)


class ArticleBriefSchema(PublicationSchema):
    id = ma.fields.Integer()


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
            description="accepted, rejected by an editor, or superseded (its article has a newer revision).",
        )
    )
    identity = ma.fields.Nested(IdentitySchema, allow_none=True)


class QuoteDetailSchema(QuoteSchema):
    sentence = ma.fields.String(metadata={"description": "The sentence(s) around the quote."})


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


class IngestResultSchema(ma.Schema):
    created = ma.fields.Boolean(metadata={"description": "False when the article was already stored."})
    article = ma.fields.Nested(ArticleSchema)
    quotes = ma.fields.List(ma.fields.Nested(QuoteSchema))


class PageArgsSchema(StrictSchema):
    page = ma.fields.Integer(load_default=1, validate=validate.Range(min=1, max=MAX_PAGE))
    per_page = ma.fields.Integer(load_default=20, validate=validate.Range(min=1, max=100))


class QuoteFilterSchema(PageArgsSchema):
    kind = ma.fields.String(validate=validate.OneOf(KINDS), metadata=one_of("QuoteKind", KINDS))
    outlet = Line(max_length=200)
    date_from = ma.fields.Date()
    date_to = ma.fields.Date()


class QuoteSearchArgsSchema(QuoteFilterSchema):
    q = Line(max_length=500, metadata={"description": "Words that must all occur in the wording."})
    speaker = Line(min_length=1, metadata={"description": SPEAKER_FILTER})


class SpeakerSearchArgsSchema(PageArgsSchema):
    q = Line(max_length=300, metadata={"description": "Part of a name or alias."})
    kind = ma.fields.String(validate=validate.OneOf(SPEAKER_KINDS), metadata=one_of("SpeakerKind", SPEAKER_KINDS))
    ambiguous = ma.fields.Boolean(metadata={"description": "Only speakers marked ambiguous (or not)."})


def page_schema(item_schema: type[ma.Schema], name: str) -> type[ma.Schema]:
    """A page of `item_schema` items with the total count, for list endpoints."""
    return type(
        name,
        (OrderedSchema,),
        {
            "items": ma.fields.List(ma.fields.Nested(item_schema)),
            "total": ma.fields.Integer(),
            "page": ma.fields.Integer(),
            "per_page": ma.fields.Integer(),
        },
    )


QuotePageSchema = page_schema(QuoteSchema, "QuotePageSchema")
SpeakerPageSchema = page_schema(SpeakerSchema, "SpeakerPageSchema")


class AppearanceSchema(PublicationSchema):
    quote_id = ma.fields.Integer()
    article_id = ma.fields.Integer()


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
            description="negation (negated, or cut just after a negation) or number (other numbers)",
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


# -- corrections (API key with the curate scope) -------------------------------------------------


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
        validate=validate.OneOf(("accepted", "rejected")),
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


class ArticleListArgsSchema(PageArgsSchema):
    outlet = Line(max_length=200, metadata={"description": "Exact outlet name (case aside)."})
    date_from = ma.fields.Date()
    date_to = ma.fields.Date()


class ArticlePatchSchema(StrictSchema):
    """Metadata only: the text, and so every quote's offsets, never change through a PATCH."""

    outlet = Line(allow_none=True, max_length=200)
    title = Line(allow_none=True, max_length=500)
    author = Line(allow_none=True, max_length=200)
    published = ma.fields.Date(allow_none=True, metadata={"description": "YYYY-MM-DD; null clears it."})

    @ma.validates_schema
    def something(self, data, **kwargs):
        if not data:
            raise ma.ValidationError("Nothing to change: give outlet, title, author or published.", "_schema")


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


class AuditEntrySchema(OrderedSchema):
    id = ma.fields.Integer()
    at = UtcDateTime()
    key_name = ma.fields.String(metadata={"description": "Name of the API key that made the correction."})
    action = ma.fields.String(
        metadata={
            "description": "quote.update, speaker.update, speaker.merge, speaker.split, article.update, "
            "article.ingest, or speaker.migration_* (a schema migration's change). Not an enum: later "
            "versions may add actions."
        }
    )
    target = ma.fields.String(metadata={"description": "quote:ID or speaker:ID"})
    before = ma.fields.Dict()
    after = ma.fields.Dict()


AuditPageSchema = page_schema(AuditEntrySchema, "AuditPageSchema")


class AuditArgsSchema(PageArgsSchema):
    target = ma.fields.String(
        validate=validate.Regexp(r"^(quote|speaker|article):[1-9][0-9]{0,17}$"),
        metadata={"description": "quote:ID, speaker:ID or article:ID"},
    )


def _present(*names: str) -> dict:
    """JSON Schema: each of `names` is there and not null."""
    return {"required": list(names), "properties": {name: {"type": "string"} for name in names}}


def cross_field_rules(fetch_urls: bool) -> dict[str, dict]:
    """What the schemas' @validates_schema checks, in the OpenAPI document's terms (keyed by the
    component name), so a client (or schemathesis) can tell a valid body from the document alone."""
    bodies = [_present("text"), _present("html")] + ([_present("url")] if fetch_urls else [])
    return {
        # Under allOf, so that generators keep ArticleIn one model with all its fields (a top-level
        # anyOf made openapi-python-client see a union of bodies without outlet, title, url, ...).
        "ArticleIn": {"allOf": [{"anyOf": bodies}, {"not": _present("text", "html")}]},
        "QuotePatch": {
            "allOf": [
                {"anyOf": [{"required": ["speaker"]}, {"required": ["speaker_name"]}, {"required": ["status"]}]},
                {"not": {"required": ["speaker", "speaker_name"]}},
                {"anyOf": [{"not": {"required": ["speaker_kind"]}}, {"required": ["speaker_name"]}]},
            ]
        },
        "SpeakerPatch": {"minProperties": 1},
        "ArticlePatch": {"minProperties": 1},
    }
