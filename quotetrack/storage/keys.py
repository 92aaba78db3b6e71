"""API keys for writes: created with scopes, stored as SHA-256, shown once, revocable."""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..errors import InvalidInput
from .models import ApiKeyRow

SCOPES = ("ingest", "curate")  # ingest: POST articles, re-extract; curate: corrections
KEY_PREFIX = "qt_"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 ._@-]{0,99}$")


@dataclass(frozen=True)
class ApiKey:
    id: int
    name: str
    prefix: str
    scopes: tuple[str, ...]
    created_at: datetime
    revoked_at: datetime | None


def digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def _record(row: ApiKeyRow) -> ApiKey:
    return ApiKey(row.id, row.name, row.prefix, tuple(row.scopes.split(",")), row.created_at, row.revoked_at)


def parse_scopes(text: str) -> tuple[str, ...]:
    scopes = tuple(dict.fromkeys(s.strip() for s in text.split(",") if s.strip()))
    unknown = [s for s in scopes if s not in SCOPES]
    if not scopes or unknown:
        raise InvalidInput(
            f"Scopes must be a comma-separated choice of {', '.join(SCOPES)}.", {"scope": [f"Unknown: {unknown}"]}
        )
    return scopes


def create_key(session: Session, name: str, scopes: tuple[str, ...]) -> tuple[ApiKey, str]:
    """A new key named `name`: (its record, the key itself, which is never stored)."""
    if not _NAME.match(name):
        raise InvalidInput("A key name is 1-100 letters, digits, spaces or ._@-", {"name": ["Invalid name."]})
    if active(session, name) is not None:
        raise InvalidInput(f"An active key named {name!r} exists; revoke it first.", {"name": ["Already in use."]})
    key = KEY_PREFIX + secrets.token_urlsafe(32)
    row = ApiKeyRow(name=name, prefix=key[:10], key_sha256=digest(key), scopes=",".join(parse_scopes(",".join(scopes))))
    session.add(row)
    session.flush()
    return _record(row), key


def active(session: Session, name: str) -> ApiKeyRow | None:
    return session.scalar(select(ApiKeyRow).where(ApiKeyRow.name == name, ApiKeyRow.revoked_at.is_(None)))


def list_keys(session: Session) -> list[ApiKey]:
    return [_record(r) for r in session.scalars(select(ApiKeyRow).order_by(ApiKeyRow.id))]


def revoke_key(session: Session, name: str) -> bool:
    row = active(session, name)
    if row is None:
        return False
    row.revoked_at = datetime.now(UTC)
    return True


def authenticate(session: Session, key: str) -> ApiKey | None:
    """The active key whose hash matches, else None. The look-up is by hash, so the time
    it takes reveals nothing about the stored keys."""
    row = session.scalar(select(ApiKeyRow).where(ApiKeyRow.key_sha256 == digest(key)))
    return _record(row) if row is not None and row.revoked_at is None else None
