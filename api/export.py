"""Exports: every quote matching the search filters as CSV or JSON Lines, streamed.

Their own blueprint, documented under the quotes tag so that they sit beside `GET
/api/v1/quotes` in the OpenAPI document (and in a generated client's quotes module). Reads are
open, like every read."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from datetime import date

from flask import Response, request
from flask_smorest import Blueprint

from quotetrack.storage import quote_search
from quotetrack.types import StoredQuote

from .extensions import state
from .schemas.quotes import QuoteExportArgsSchema
from .speaker_lookup import AMBIGUOUS, speaker_filter

blp = Blueprint("export", __name__, description="Quotes matching the search filters, as files.")
# The tag the routes are documented under: the quotes blueprint's (an export is a quote search).
TAGS = ["quotes"]

COLUMNS = (
    "text",
    "kind",
    "speaker",
    "speaker_id",
    "outlet",
    "published",
    "url",
    "start",
    "end",
    "confidence",
    "method",
    "statement_id",
    "statement_ids",
)
# A spreadsheet runs a cell that starts with one of these as a formula (CSV injection).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def filters_from(session, args: dict) -> quote_search.QuoteFilters:
    """The storage filters for validated export/search arguments; 409 for an ambiguous speaker."""
    return quote_search.QuoteFilters(
        text=args.get("q"),
        speaker_ids=speaker_filter(session, args.get("speaker")),
        kind=args.get("kind"),
        outlet=args.get("outlet"),
        date_from=args.get("date_from"),
        date_to=args.get("date_to"),
        min_confidence=args.get("min_confidence"),
    )


def safe_cell(value: object) -> object:
    """A string cell a spreadsheet would read as a formula, prefixed with a quote."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def row(quote: StoredQuote) -> dict:
    """One quote as an export record: the stored wording and offsets, exactly."""
    published: date | None = quote.article.published
    return {
        "text": quote.text,
        "kind": quote.kind,
        "speaker": quote.speaker.name if quote.speaker else None,
        "speaker_id": quote.speaker.id if quote.speaker else None,
        "outlet": quote.article.outlet,
        "published": published.isoformat() if published else None,
        "url": quote.article.url,
        "start": quote.start,
        "end": quote.end,
        "confidence": round(quote.confidence, 4),
        "method": quote.method,
        "statement_id": quote.statement_id,
        # Every remark's statement, in the quote's order ("12 40": two remarks in one quote).
        "statement_ids": " ".join(str(c.statement_id) for c in quote.claims if c.statement_id is not None),
    }


def _csv_lines(quotes: Iterator[StoredQuote]) -> Iterator[str]:
    buffer = io.StringIO()
    buffer.write("\ufeff")  # a UTF-8 BOM: without it Excel reads the file as ANSI and garbles ’ and é
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    for quote in quotes:
        record = row(quote)
        writer.writerow(["" if record[c] is None else safe_cell(record[c]) for c in COLUMNS])
        if buffer.tell() > 16_384:
            yield buffer.getvalue()
            buffer.seek(0)
            buffer.truncate()
    yield buffer.getvalue()


def _jsonl_lines(quotes: Iterator[StoredQuote]) -> Iterator[str]:
    for quote in quotes:
        # statement_ids as an array here (a CSV cell holds them space-separated).
        ids = [c.statement_id for c in quote.claims if c.statement_id is not None]
        record = {"id": quote.id, "article_id": quote.article.id, **row(quote), "statement_ids": ids}
        yield json.dumps(record, ensure_ascii=False) + "\n"


def _stream(args: dict, render, mimetype: str, filename: str) -> Response:
    db = state().db
    with db.reading() as session:  # resolve the filters (and answer 409) before streaming starts
        filters = filters_from(session, args)

    def generate() -> Iterator[str]:
        with db.reading() as session:
            yield from render(quote_search.iter_quotes(session, filters))

    response = Response(generate(), content_type=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


@blp.route("/quotes/export.csv", tags=TAGS)
@blp.arguments(QuoteExportArgsSchema, location="query")
@blp.alt_response(409, schema="Error", description=AMBIGUOUS)
@blp.doc(
    responses={
        "200": {
            "description": "CSV (UTF-8 with a byte order mark, for Excel; header row: "
            + ", ".join(COLUMNS)
            + "); cells that a spreadsheet would run "
            "as a formula (starting with = + - @) are prefixed with a single quote. Streamed.",
            "content": {"text/csv": {"schema": {"type": "string"}}},
        },
    }
)
def export_csv(args):
    """Every quote matching the filters, as CSV, newest first (no page size: the whole result)."""
    return _stream(args, _csv_lines, "text/csv; charset=utf-8", "quotetrack-quotes.csv")


@blp.route("/quotes/export.jsonl", tags=TAGS)
@blp.arguments(QuoteExportArgsSchema, location="query")
@blp.alt_response(409, schema="Error", description=AMBIGUOUS)
@blp.doc(
    responses={
        "200": {
            "description": "JSON Lines: one object per quote with id, article_id and the CSV's fields (statement_ids "
            "an array of ids). Streamed. "
            "The same bytes come as application/octet-stream to a client that asks for it (`Accept`): a "
            "media type every client generator reads (as a file), where application/jsonl is one few know.",
            "content": {
                "application/jsonl": {"schema": {"type": "string"}},
                "application/octet-stream": {"schema": {"type": "string", "format": "binary"}},
            },
        },
    }
)
def export_jsonl(args):
    """Every quote matching the filters, one JSON object per line, newest first."""
    accept = request.accept_mimetypes
    as_bytes = accept.quality("application/octet-stream") > accept.quality("application/jsonl")
    mimetype = "application/octet-stream" if as_bytes else "application/jsonl; charset=utf-8"
    return _stream(args, _jsonl_lines, mimetype, "quotetrack-quotes.jsonl")
