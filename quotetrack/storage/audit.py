"""The audit log: one entry per correction (key name, time, action, target, before, after)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from .models import AuditRow


@dataclass(frozen=True)
class AuditEntry:
    id: int
    at: datetime
    key_name: str
    action: str
    target: str
    before: dict
    after: dict


def write_audit(session: Session, key_name: str, action: str, target: str, before: dict, after: dict) -> None:
    session.add(AuditRow(key_name=key_name, action=action, target=target, before=before, after=after))
    session.flush()


def list_audit(session: Session, page: int, per_page: int, target: str | None = None) -> tuple[list[AuditEntry], int]:
    """Entries newest first, optionally of one target ("quote:12")."""
    statement = select(AuditRow)
    if target:
        statement = statement.where(AuditRow.target == target)
    total = session.scalar(select(func.count()).select_from(statement.subquery())) or 0
    rows = session.scalars(
        statement.order_by(AuditRow.at.desc(), AuditRow.id.desc()).offset((page - 1) * per_page).limit(per_page)
    )
    return [AuditEntry(r.id, r.at, r.key_name, r.action, r.target, r.before, r.after) for r in rows], total
