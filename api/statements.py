"""Statements (one remark, many wordings) and exact-wording verification."""

from __future__ import annotations

from flask_smorest import Blueprint, abort

from quotetrack.statements import queries as statement_queries
from quotetrack.statements.verify import verify as verify_wording

from .extensions import fetch_or_404, state
from .schemas.statements import (
    StatementFilterSchema,
    StatementPageSchema,
    StatementSchema,
    VerdictSchema,
    VerifyInSchema,
)
from .speaker_lookup import AMBIGUOUS, speaker_filter, speaker_or_404

blp = Blueprint("statements", __name__, description="Statements across outlets, and verification of wordings.")


def _page(args, **fixed):
    page, per_page = args.pop("page"), args.pop("per_page")
    items, total = [], 0
    with state().db.reading() as session:
        speaker_ids = speaker_filter(session, args.pop("speaker", None))
        if speaker_ids:
            fixed["speaker_id"] = speaker_ids[0]
        if speaker_ids != ():
            items, total = statement_queries.list_statements(
                session, text=args.pop("q", None), page=page, per_page=per_page, **fixed, **args
            )
    return {"items": items, "total": total, "page": page, "per_page": per_page}


@blp.route("/statements")
@blp.arguments(StatementFilterSchema, location="query")
@blp.response(200, StatementPageSchema)
@blp.alt_response(409, schema="Error", description=AMBIGUOUS)
def list_statements(args):
    """Statements, most widely reported first. Filters: speaker (id, slug, name or alias; one
    nobody answers to: an empty page), words in any wording, minimum number of outlets,
    first-seen date range."""
    return _page(args)


@blp.route("/statements/<int:statement_id>")
@blp.response(200, StatementSchema)
@blp.alt_response(404, description="No such statement.")
def get_statement(statement_id: int):
    """A statement with every wording, where each appeared, and how it differs from the
    canonical wording."""
    return fetch_or_404(statement_queries.get_statement, statement_id, "statement")


@blp.route("/speakers/<id_or_slug>/statements")
@blp.arguments(StatementFilterSchema(exclude=("speaker",)), location="query")
@blp.response(200, StatementPageSchema)
@blp.alt_response(404, description="No such speaker.")
def speaker_statements(args, id_or_slug: str):
    """A speaker's statements."""
    with state().db.reading() as session:
        speaker_id = speaker_or_404(session, id_or_slug).id
    return _page(args, speaker_id=speaker_id)


@blp.route("/verify", methods=["POST"])
@blp.arguments(VerifyInSchema)
@blp.response(200, VerdictSchema)
@blp.alt_response(404, schema="Error", description="No such speaker.")
@blp.alt_response(409, schema="Error", description=AMBIGUOUS)
def verify(data):
    """Check a wording against everything on record: verbatim, variant, fragment,
    paraphrase or not found; the matching statements, each outlet's wording, a word-level
    diff of the submitted text against each, and the first appearance."""
    with state().db.reading() as session:
        speaker_ids = speaker_filter(session, data.get("speaker"))
        if speaker_ids == ():  # a claim about someone not on record is a typo to report, not "not found"
            abort(404, message=f"No speaker {data['speaker']!r}.")
        return verify_wording(session, data["text"], speaker_ids[0] if speaker_ids else None)
