"""Extraction without storage."""

from __future__ import annotations

from flask_smorest import Blueprint, abort

from quotetrack import service
from quotetrack.errors import InvalidInput
from quotetrack.types import Article

from .extensions import state
from .schemas.extract import ExtractInSchema, ExtractResultSchema

blp = Blueprint("extract", __name__, description="Extract quotes from text without storing it.")


@blp.route("/extract", methods=["POST"])
@blp.arguments(ExtractInSchema)
@blp.response(200, ExtractResultSchema)
def extract(data):
    """Find and attribute the quotes in a text; nothing is stored."""
    current = state()
    try:
        quotes = service.extract(Article(text=data["text"]), current.nlp, current.config["MAX_ARTICLE_CHARS"])
    except InvalidInput as error:
        abort(422, message=error.message, errors={"json": error.errors})
    return {"quotes": quotes}
