"""The audit log of editorial corrections."""

from __future__ import annotations

from flask_smorest import Blueprint

from quotetrack.storage import audit

from .extensions import state
from .schemas.audit import AuditArgsSchema, AuditPageSchema

blp = Blueprint("audit", __name__, description="Who corrected what, when: before and after.")


@blp.route("/audit")
@blp.arguments(AuditArgsSchema, location="query")
@blp.response(200, AuditPageSchema)
def list_audit(args):
    """Corrections, newest first: API key name, time, action, target, before and after.
    Filter by `target` (quote:ID, speaker:ID or article:ID)."""
    with state().db.reading() as session:
        items, total = audit.list_audit(session, args["page"], args["per_page"], args.get("target"))
    return {"items": items, "total": total, "page": args["page"], "per_page": args["per_page"]}
