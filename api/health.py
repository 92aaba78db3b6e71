"""Probes for load balancers: /healthz (the process answers) and /readyz (its database, and the job
broker when BROKER_URL is set, answer now)."""

from __future__ import annotations

import socket
from urllib.parse import urlsplit

from flask import Blueprint, current_app, jsonify
from sqlalchemy import text

from .extensions import state
from .faults import RETRY_AFTER, sqlite_path

probes = Blueprint("health", __name__)


@probes.get("/healthz")
def healthz():
    return jsonify(status="ok")


def _database() -> str | None:
    """None when the database answers a query on the schema, else why not."""
    db = state().db
    path = sqlite_path(db.engine)
    if path is not None and not path.exists():
        return f"SQLite file {path.name} does not exist"
    try:
        with db.engine.connect() as connection:
            connection.execute(text("SELECT count(*) FROM alembic_version")).scalar()
    except Exception as error:  # any failure: not ready
        return f"database unavailable ({type(error).__name__})"
    return None


def _broker() -> str | None:
    """None when BROKER_URL is unset or its host accepts a TCP connection within 2 s."""
    url = current_app.config.get("BROKER_URL") or ""
    if not url:
        return None
    parts = urlsplit(url)
    if parts.scheme in ("sqlite", "memory", "file", "") or parts.hostname is None:
        return None  # a local broker (the database itself, or in-process): nothing more to reach
    port = parts.port or {"redis": 6379, "rediss": 6379, "amqp": 5672, "postgresql": 5432}.get(parts.scheme, 0)
    try:
        socket.create_connection((parts.hostname, port), timeout=2).close()
    except OSError as error:
        return f"broker unreachable ({error.strerror or type(error).__name__})"
    return None


@probes.get("/readyz")
def readyz():
    problems = {name: why for name, why in (("database", _database()), ("broker", _broker())) if why}
    if problems:
        response = jsonify(
            code=503,
            status="Service Unavailable",
            message="Not ready: " + "; ".join(problems.values()),
            errors=problems,
        )
        response.status_code = 503
        response.headers["Retry-After"] = str(RETRY_AFTER)
        return response
    return jsonify(status="ready")
