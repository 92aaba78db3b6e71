"""The building blocks every schema uses: text fields with the character rules, ids, URLs,
UTC times, strict input schemas and pages of results."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import marshmallow as ma
from marshmallow import validate

from quotetrack.urls import HTTP_URL_PATTERN, MAX_URL_LENGTH, is_http_url
from quotetrack.validation import LINE_FORBIDDEN, SPACE, TEXT_FORBIDDEN, line_problem, text_problem

MAX_ID = 2**31 - 1  # ids are INTEGER columns: 32-bit on PostgreSQL
MAX_PAGE = 1_000_000
# The character rules of quotetrack/validation.py as the OpenAPI document's ECMA patterns, so
# that schema and server agree; a text needs one character other than white space.
LINE_PATTERN = f"^[^{LINE_FORBIDDEN}]*$"
TEXT_PATTERN = f"^[^{TEXT_FORBIDDEN}]*[^{TEXT_FORBIDDEN}{SPACE}][^{TEXT_FORBIDDEN}]*$"

SPEAKER_FILTER = (
    "Speaker id, slug, name or alias (or a part of one, e.g. a surname); a name several speakers answer "
    "to: 409 with the candidates in `errors.speaker.candidates`; one nobody on record answers to: an empty page."
)


def check_line(value: str) -> None:
    """A marshmallow validator: one line of text (quotetrack.validation.line_problem)."""
    problem = line_problem(value)
    if problem is not None:
        raise ma.ValidationError(problem)


class Line(ma.fields.String):
    """One line of text: no control characters, no lone surrogates (documented as a pattern)."""

    def __init__(self, *, max_length: int = 300, min_length: int = 0, **kwargs):
        validators: list[Callable[[Any], Any]] = [validate.Length(min=min_length, max=max_length), check_line]
        super().__init__(validate=validators, **kwargs)
        self.metadata = {**self.metadata, "pattern": LINE_PATTERN}


class Text(ma.fields.String):
    """Multi-line text (tabs and line breaks allowed, other controls not), with a visible character."""

    def __init__(self, *, max_length: int | None = None, **kwargs):
        validators: list[Callable[[Any], Any]] = [validate.Length(min=1, max=max_length), self._check]
        super().__init__(validate=validators, **kwargs)
        self.metadata = {**self.metadata, "pattern": TEXT_PATTERN}

    @staticmethod
    def _check(value: str) -> None:
        problem = text_problem(value)
        if problem is not None:
            raise ma.ValidationError(problem)


class SpeakerRef(ma.fields.Field):
    """A speaker as a client names one: an id (a JSON integer or digits), a slug, a name or an
    alias. Loaded as a string, the form the one speaker filter reads."""

    _MAX_ID = MAX_ID
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


class PageArgsSchema(StrictSchema):
    page = ma.fields.Integer(load_default=1, validate=validate.Range(min=1, max=MAX_PAGE))
    per_page = ma.fields.Integer(load_default=20, validate=validate.Range(min=1, max=100))


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
