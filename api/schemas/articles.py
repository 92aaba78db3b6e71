"""Articles: what an ingest takes and answers (one, or a batch), the stored article with its
revisions, list arguments and an editor's metadata correction."""

from __future__ import annotations

import marshmallow as ma

from .fields import HttpUrl, Line, OrderedSchema, PageArgsSchema, StrictSchema, Text, UtcDateTime, page_schema
from .jobs import JobSchema
from .quotes import QuoteSchema


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


class ArticleSchema(OrderedSchema):
    id = ma.fields.Integer()
    url = ma.fields.String(allow_none=True)
    outlet = ma.fields.String(allow_none=True)
    title = ma.fields.String(allow_none=True)
    author = ma.fields.String(allow_none=True)
    published = ma.fields.Date(allow_none=True)
    model_versions = ma.fields.String(metadata={"description": "Models that extracted the quotes."})
    quote_count = ma.fields.Integer(allow_none=True)


class IngestResultSchema(ma.Schema):
    created = ma.fields.Boolean(metadata={"description": "False when the article was already stored."})
    article = ma.fields.Nested(ArticleSchema)
    quotes = ma.fields.List(ma.fields.Nested(QuoteSchema))


class RevisionSchema(ma.Schema):
    number = ma.fields.Integer()
    text_sha256 = ma.fields.String(metadata={"description": "SHA-256 of the revision's text."})
    created_at = UtcDateTime()
    model_versions = ma.fields.String()
    quote_count = ma.fields.Integer(metadata={"description": "Quotes extracted from it (superseded ones included)."})


class RevisedArticleSchema(ArticleSchema):
    revision = ma.fields.Integer(
        metadata={"description": "The latest revision's number: a known URL re-posted with other text adds one."}
    )


class ArticleDetailSchema(RevisedArticleSchema):
    revisions = ma.fields.List(ma.fields.Nested(RevisionSchema), metadata={"description": "Oldest first."})
    text = ma.fields.String(
        metadata={
            "description": "The latest revision's text: the text every quote's `start` and `end` index "
            "(`text[start:end]` is the quote's wording, offsets in Unicode code points). For an article "
            "sent as HTML (`html` or a fetched `url`) this is the text extracted from the page, not the "
            "HTML sent."
        }
    )


class IngestAnswerSchema(IngestResultSchema):
    created = ma.fields.Boolean(
        metadata={"description": "False when this text was already stored (the stored copy is answered)."}
    )
    article = ma.fields.Nested(RevisedArticleSchema)


class BatchItemErrorSchema(ma.Schema):
    message = ma.fields.String()
    errors = ma.fields.Dict(metadata={"description": "Per field, as in the error shape (422 items)."})


class BatchItemSchema(IngestAnswerSchema):
    index = ma.fields.Integer(metadata={"description": "The article's place in the request, from 0."})
    status = ma.fields.Integer(
        metadata={
            "description": "What a single POST /api/v1/articles would have answered: 201 stored, 200 already "
            "stored, 422 invalid (nothing of it stored), 500 failed (nothing of it stored), 503 not started (the "
            "batch's time budget ran out: send it again, or queue it) or the database unavailable.",
            "enum": [200, 201, 422, 500, 503],
        }
    )
    error = ma.fields.Nested(BatchItemErrorSchema, allow_none=True, metadata={"description": "Set unless 200/201."})


class BatchAnswerSchema(ma.Schema):
    jobs = ma.fields.List(
        ma.fields.Nested(JobSchema), metadata={"description": "Queued (202): one job per article, in order."}
    )
    results = ma.fields.List(
        ma.fields.Nested(BatchItemSchema),
        metadata={
            "description": "Without a broker (200 or 207): one per article, in order. Each article is stored "
            "whole or not at all; `status` says which."
        },
    )


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


ArticlePageSchema = page_schema(RevisedArticleSchema, "ArticlePageSchema")
