"""Articles: ingest and read back."""

from __future__ import annotations

import marshmallow as ma
from flask_smorest import Blueprint, abort

from quotetrack import service, webpage
from quotetrack.errors import InvalidInput
from quotetrack.storage import repository
from quotetrack.types import Article

from .auth import requires
from .extensions import fetch_or_404, state
from .schemas import ArticleInSchema, ArticleSchema, IngestResultSchema, QuoteSchema

blp = Blueprint("articles", __name__, description="Ingest articles and read their quotes.")


class RevisionSchema(ma.Schema):
    number = ma.fields.Integer()
    text_sha256 = ma.fields.String(metadata={"description": "SHA-256 of the revision's text."})
    created_at = ma.fields.DateTime()
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


@blp.route("/articles", methods=["POST"])
@requires(blp, "ingest")
@blp.arguments(ArticleInSchema)
@blp.response(201, IngestAnswerSchema, description="Stored (a new article, or a new revision of a known URL).")
@blp.alt_response(200, schema=IngestAnswerSchema, description="Already stored: the stored copy.")
@blp.alt_response(413, description="Request body too large.")
def ingest(data):
    """Ingest an article: extract, attribute and store its quotes, all or nothing.

    Idempotent: the same URL (or, without a URL, the same text) gives the same article; the
    same text again is answered 200 with the stored copy. A known URL with other text is
    stored as the article's next revision (201): the earlier revision's quotes stay readable
    by id but leave look-ups and statements. Send `text`, or the page as `html`; a `url`
    alone is fetched only where the server's FETCH_URLS setting is on (http and https, with a timeout and a size cap).
    """
    current = state()
    fields = {name: value for name, value in data.items() if name not in ("text", "html")}
    try:
        if data["text"] is not None:
            article = Article(text=data["text"], **fields)
        else:
            article = webpage.article_from_page(data["html"], fetch=current.config["FETCH_URLS"], **fields)
        result = service.ingest(article, current.nlp, current.db, current.config["MAX_ARTICLE_CHARS"])
    except InvalidInput as error:
        abort(422, message=error.message, errors={"json": error.errors})
    return result, 201 if result.created else 200


@blp.route("/articles/<int:article_id>")
@blp.response(200, ArticleDetailSchema)
@blp.alt_response(404, description="No such article.")
def get_article(article_id: int):
    """An article's metadata and its revisions; `quote_count` counts the latest revision's."""
    article = fetch_or_404(repository.article_with_revisions, article_id, "article")
    return article


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
