"""Articles: ingest and read back."""

from __future__ import annotations

import marshmallow as ma
from flask import jsonify
from flask_smorest import Blueprint, abort

from quotetrack import service, webpage
from quotetrack.errors import InvalidInput
from quotetrack.queue import BrokerUnavailable, enqueue
from quotetrack.storage import curation, repository
from quotetrack.types import Article

from .auth import key_name, requires
from .extensions import fetch_or_404, state
from .jobs import JobSchema, broker, broker_unavailable, wants_async
from .schemas import (
    ArticleInSchema,
    ArticleListArgsSchema,
    ArticlePatchSchema,
    ArticleSchema,
    IngestResultSchema,
    QuoteSchema,
    UtcDateTime,
    page_schema,
)

blp = Blueprint("articles", __name__, description="Ingest articles and read their quotes.")


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


class IngestAnswerSchema(IngestResultSchema):
    created = ma.fields.Boolean(
        metadata={"description": "False when this text was already stored (the stored copy is answered)."}
    )
    article = ma.fields.Nested(RevisedArticleSchema)


class BatchAnswerSchema(ma.Schema):
    jobs = ma.fields.List(
        ma.fields.Nested(JobSchema), metadata={"description": "Queued (202): one job per article, in order."}
    )
    results = ma.fields.List(
        ma.fields.Nested(IngestAnswerSchema),
        metadata={"description": "Without a broker (200): each article ingested, in order."},
    )


MAX_BATCH = 100


def _article(data: dict) -> Article:
    """The article of a request body: its text, or the body extracted from its page."""
    fields = {name: value for name, value in data.items() if name not in ("text", "html")}
    if data["text"] is not None:
        return Article(text=data["text"], **fields)
    return webpage.article_from_page(data["html"], fetch=state().config["FETCH_URLS"], **fields)


def _queued(articles: list[Article]):
    """Jobs for the articles, or a 503 in the error shape when the broker is down."""
    celery = broker()
    assert celery is not None
    try:
        return enqueue(state().db, celery, articles, key_name())
    except BrokerUnavailable as error:
        broker_unavailable(error)
        raise AssertionError("unreachable") from error


@blp.route("/articles", methods=["POST"])
@requires(blp, "ingest")
@blp.arguments(ArticleInSchema)
@blp.response(201, IngestAnswerSchema, description="Stored (a new article, or a new revision of a known URL).")
@blp.alt_response(200, schema=IngestAnswerSchema, description="Already stored: the stored copy.")
@blp.alt_response(
    202,
    schema=JobSchema,
    description="Queued (`Prefer: respond-async` and a broker configured): follow `Location: /api/v1/jobs/{id}`.",
)
@blp.alt_response(413, description="Request body too large.")
@blp.alt_response(503, schema="Error", description="`Prefer: respond-async` and the broker is down: nothing queued.")
def ingest(data):
    """Ingest an article: extract, attribute and store its quotes, all or nothing.

    Idempotent: the same URL (or, without a URL, the same text) gives the same article; the
    same text again is answered 200 with the stored copy. A known URL with other text is
    stored as the article's next revision (201): the earlier revision's quotes stay readable
    by id but leave look-ups and statements. Send `text`, or the page as `html`; a `url`
    alone is fetched only where the server's FETCH_URLS setting is on (http and https, public
    addresses only, 10 s and 5 MB for the whole fetch).

    With `Prefer: respond-async` and a queue configured (BROKER_URL), the article is queued
    instead: 202 with the job and `Location: /api/v1/jobs/{id}`. Without a queue the
    preference is ignored and the answer is synchronous.
    """
    current = state()
    try:
        article = _article(data)
        if wants_async() and broker() is not None:
            service.validate(article, current.config["MAX_ARTICLE_CHARS"])  # a bad article fails now, not later
            (job,) = _queued([article])
            response = jsonify(JobSchema().dump(job))
            response.status_code = 202
            response.headers["Location"] = f"/api/v1/jobs/{job.id}"
            response.headers["Preference-Applied"] = "respond-async"
            return response
        result = service.ingest(article, current.nlp, current.db, current.config["MAX_ARTICLE_CHARS"], key_name())
    except InvalidInput as error:
        abort(422, message=error.message, errors={"json": error.errors})
    return result, 201 if result.created else 200


@blp.route("/articles/batch", methods=["POST"])
@requires(blp, "ingest")
@blp.arguments(ArticleInSchema(many=True))
@blp.response(200, BatchAnswerSchema, description="No queue configured: every article ingested, in order.")
@blp.alt_response(202, schema=BatchAnswerSchema, description="Queued: one job per article, in order.")
@blp.alt_response(503, schema="Error", description="The broker is down: nothing queued.")
def ingest_batch(items):
    """Ingest a list of articles (a back-fill), at most 100 per request. With a queue
    (BROKER_URL) they are queued at once (202, one job each); without one they are ingested
    here, in order (200). Any invalid article rejects the whole request (422), before anything
    is stored or queued."""
    current = state()
    max_chars = current.config["MAX_ARTICLE_CHARS"]
    if not items or len(items) > MAX_BATCH:
        abort(422, message=f"Send 1 to {MAX_BATCH} articles.", errors={"json": {"_schema": ["Bad batch size."]}})
    articles: list[Article] = []
    for index, data in enumerate(items):
        try:
            article = _article(data)
            service.validate(article, max_chars)
        except InvalidInput as error:
            abort(422, message=f"Article {index}: {error.message}", errors={"json": {str(index): error.errors}})
        articles.append(article)
    if broker() is not None:
        response = jsonify(BatchAnswerSchema().dump({"jobs": _queued(articles)}))
        response.status_code = 202
        return response
    return {"results": [service.ingest(a, current.nlp, current.db, max_chars, key_name()) for a in articles]}


ArticlePageSchema = page_schema(RevisedArticleSchema, "ArticlePageSchema")


@blp.route("/articles")
@blp.arguments(ArticleListArgsSchema, location="query")
@blp.response(200, ArticlePageSchema)
def list_articles(args):
    """The archive's articles, newest first; filters `outlet`, `date_from`, `date_to`."""
    with state().db.reading() as session:
        items, total = repository.list_articles(
            session, args.get("outlet"), args.get("date_from"), args.get("date_to"), args["page"], args["per_page"]
        )
    return {"items": items, "total": total, "page": args["page"], "per_page": args["per_page"]}


@blp.route("/articles/<int:article_id>")
@blp.response(200, ArticleDetailSchema)
@blp.alt_response(404, description="No such article.")
def get_article(article_id: int):
    """An article's metadata and its revisions; `quote_count` counts the latest revision's."""
    article = fetch_or_404(repository.article_with_revisions, article_id, "article")
    return article


# After the GET rule of the same path: registered first, an out-of-range id (refused by the
# id converter) made werkzeug answer 405 instead of 404.
@blp.route("/articles/<int:article_id>", methods=["PATCH"])
@requires(blp, "curate")
@blp.arguments(ArticlePatchSchema)
@blp.response(200, ArticleDetailSchema)
@blp.alt_response(404, schema="Error", description="No such article.")
def update_article(data, article_id: int):
    """Correct an article's metadata (outlet, title, author, published; null clears one).
    The text and its quotes are untouched; the change is in the audit log."""
    try:
        with state().db.transaction() as session:
            curation.update_article(session, article_id, data, key_name())
    except curation.NotFound as error:
        abort(404, message=str(error))
    return fetch_or_404(repository.article_with_revisions, article_id, "article")


@blp.route("/articles/<int:article_id>/reextract", methods=["POST"])
@requires(blp, "ingest")
@blp.response(200, IngestResultSchema)
@blp.alt_response(404, schema="Error", description="No such article.")
def reextract(article_id: int):
    """Run extraction again on a stored article (after the extractor changed). Its quotes
    are replaced; editors' corrections are applied again; other articles are untouched."""
    current = state()
    try:
        return service.reextract(article_id, current.nlp, current.db)
    except LookupError:
        abort(404, message=f"No article {article_id}.")


@blp.route("/articles/<int:article_id>/quotes")
@blp.response(200, QuoteSchema(many=True))
@blp.alt_response(404, description="No such article.")
def article_quotes(article_id: int):
    """Every quote in an article, in text order."""
    with state().db.reading() as session:
        if repository.get_article(session, article_id) is None:
            abort(404, message=f"No article {article_id}.")
        return repository.article_quotes(session, article_id)
