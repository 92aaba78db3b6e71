"""Articles: ingest and read back."""

from __future__ import annotations

import time

from flask import current_app, jsonify
from flask_smorest import Blueprint, abort

from quotetrack import corrections, service
from quotetrack.errors import InvalidInput, StaleText
from quotetrack.queue import BrokerUnavailable, enqueue  # celery itself only once a queue is used
from quotetrack.sources import webpage
from quotetrack.storage import article_queries
from quotetrack.types import Article

from . import faults
from .auth import key_name, requires
from .broker import broker, broker_unavailable, wants_async
from .extensions import fetch_or_404, state
from .schemas.articles import (
    ArticleDetailSchema,
    ArticleInSchema,
    ArticleListArgsSchema,
    ArticlePageSchema,
    ArticlePatchSchema,
    BatchAnswerSchema,
    IngestAnswerSchema,
    IngestResultSchema,
)
from .schemas.jobs import JobSchema
from .schemas.quotes import QuoteSchema

blp = Blueprint("articles", __name__, description="Ingest articles and read their quotes.")


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
@blp.response(200, BatchAnswerSchema, description="No queue configured: every article stored (201/200 each).")
@blp.alt_response(
    207,
    schema=BatchAnswerSchema,
    description="No queue configured, and not every article was stored: each result's `status` and `error` say "
    "why; those with 201/200 are stored, the others not at all.",
)
@blp.alt_response(202, schema=BatchAnswerSchema, description="Queued: one job per article, in order.")
@blp.alt_response(503, schema="Error", description="The broker is down: nothing queued.")
def ingest_batch(items):
    """Ingest a list of articles (a back-fill), at most 100 per request. With a queue
    (BROKER_URL) they are queued at once (202, one job each). Without one they are ingested
    here, in order, each whole or not at all, within SYNC_BATCH_TIME_BUDGET seconds: 200 when
    every article is stored, else 207 with each article's own status (422 invalid, 500
    failed, 503 not started because the time ran out: send those again, or use the queue).
    An article that is invalid as sent (no text, too long, a page without a body) rejects the
    whole request (422) before anything is stored or queued; a `url` to fetch is fetched in
    its turn, and a failed fetch is that article's 422."""
    current = state()
    max_chars = current.config["MAX_ARTICLE_CHARS"]
    started = time.monotonic()
    if not items or len(items) > MAX_BATCH:
        abort(422, message=f"Send 1 to {MAX_BATCH} articles.", errors={"json": {"_schema": ["Bad batch size."]}})
    queued = broker() is not None
    fetch_in_turn = not queued and current.config["FETCH_URLS"]
    articles: list[Article | None] = []
    for index, data in enumerate(items):
        if fetch_in_turn and data["text"] is None and data["html"] is None:
            articles.append(None)  # a fetch: done in its turn, under the time budget
            continue
        try:
            article = _article(data)
            service.validate(article, max_chars)
        except InvalidInput as error:
            abort(422, message=f"Article {index}: {error.message}", errors={"json": {str(index): error.errors}})
        articles.append(article)
    if queued:
        response = jsonify(BatchAnswerSchema().dump({"jobs": _queued([a for a in articles if a is not None])}))
        response.status_code = 202
        return response
    budget = _batch_budget(current_app.config)
    results = [
        _not_started(index, budget)
        if budget and time.monotonic() - started >= budget
        else _ingest_item(index, article, items[index], max_chars)
        for index, article in enumerate(articles)
    ]
    everything_stored = all(result["status"] in (200, 201) for result in results)
    return {"results": results}, 200 if everything_stored else 207  # dumped by @blp.response


def _batch_budget(config) -> float:
    """SYNC_BATCH_TIME_BUDGET, shortened so that the last article started (which may take
    EXTRACTION_TIME_BUDGET) still ends before REQUEST_TIMEOUT would cut the whole answer off."""
    budget = float(config["SYNC_BATCH_TIME_BUDGET"] or 0)
    request_limit = float(config.get("REQUEST_TIMEOUT") or 0)
    if request_limit:
        room = max(request_limit - float(config.get("EXTRACTION_TIME_BUDGET") or 0) - BATCH_MARGIN, 1.0)
        budget = min(budget, room) if budget else room
    return budget


# Seconds kept between a batch's last article and REQUEST_TIMEOUT: storing and answering.
BATCH_MARGIN = 5.0


def _ingest_item(index: int, article: Article | None, data: dict, max_chars: int) -> dict:
    """One article of a synchronous batch, in its own transaction: its result, or why not.
    Never raises: one article's failure must not lose the answer for the others (committed
    before it) nor turn the batch into a bare 500."""
    current = state()
    try:
        article = article or _article(data)
        result = service.ingest(article, current.nlp, current.db, max_chars, key_name())
    except InvalidInput as error:
        return _failed(index, 422, f"Article {index}: {error.message}", error.errors)
    except Exception as error:
        if faults.is_unavailable(error):
            current_app.logger.warning("batch article %s: database unavailable: %s", index, error)
            return _failed(index, 503, f"Article {index}: the database is unavailable; send it again shortly.")
        current_app.logger.exception("batch article %s failed", index)
        return _failed(index, 500, f"Article {index}: failed unexpectedly; nothing of it was stored.")
    return {
        "index": index,
        "status": 201 if result.created else 200,
        "created": result.created,
        "article": result.article,
        "quotes": result.quotes,
    }


def _failed(index: int, status: int, message: str, errors: dict | None = None) -> dict:
    return {"index": index, "status": status, "error": {"message": message, "errors": errors or {}}}


def _not_started(index: int, budget: float) -> dict:
    # Stop starting articles rather than let the web worker's timeout kill the request: an
    # article started now could run EXTRACTION_TIME_BUDGET more seconds.
    message = (
        f"Article {index}: not started, the batch used its {budget:g} s; nothing of it was stored. Send it "
        "again (a smaller batch), or queue it (BROKER_URL) with a batch or Prefer: respond-async."
    )
    return _failed(index, 503, message)


@blp.route("/articles")
@blp.arguments(ArticleListArgsSchema, location="query")
@blp.response(200, ArticlePageSchema)
def list_articles(args):
    """The archive's articles, newest first; filters `outlet`, `date_from`, `date_to`."""
    with state().db.reading() as session:
        items, total = article_queries.list_articles(
            session, args.get("outlet"), args.get("date_from"), args.get("date_to"), args["page"], args["per_page"]
        )
    return {"items": items, "total": total, "page": args["page"], "per_page": args["per_page"]}


@blp.route("/articles/<int:article_id>")
@blp.response(200, ArticleDetailSchema)
@blp.alt_response(404, description="No such article.")
def get_article(article_id: int):
    """An article's metadata, its revisions and its text (what quote offsets index);
    `quote_count` counts the latest revision's."""
    article = fetch_or_404(article_queries.article_with_revisions, article_id, "article")
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
            corrections.update_article(session, article_id, data, key_name())
    except corrections.NotFound as error:
        abort(404, message=str(error))
    return fetch_or_404(article_queries.article_with_revisions, article_id, "article")


@blp.route("/articles/<int:article_id>/reextract", methods=["POST"])
@requires(blp, "ingest")
@blp.response(200, IngestResultSchema)
@blp.alt_response(404, schema="Error", description="No such article.")
@blp.alt_response(
    409,
    schema="Error",
    description="The article kept getting new revisions while it was being re-extracted: nothing was written.",
)
def reextract(article_id: int):
    """Run extraction again on a stored article (after the extractor changed). A quote found
    again (same span) keeps its id; one no longer found stays readable by id, `superseded`,
    naming its successor; editors' corrections are applied again; other articles are
    untouched. Audited as `article.reextract`. A revision posted meanwhile is re-extracted
    in turn: quotes are only ever stored with the text they were extracted from."""
    current = state()
    try:
        return service.reextract(article_id, current.nlp, current.db, key_name())
    except StaleText as error:
        abort(409, message=str(error))
    except LookupError:
        abort(404, message=f"No article {article_id}.")


@blp.route("/articles/<int:article_id>/quotes")
@blp.response(200, QuoteSchema(many=True))
@blp.alt_response(404, description="No such article.")
def article_quotes(article_id: int):
    """Every quote in an article, in text order."""
    with state().db.reading() as session:
        if article_queries.get_article(session, article_id) is None:
            abort(404, message=f"No article {article_id}.")
        return article_queries.article_quotes(session, article_id)
