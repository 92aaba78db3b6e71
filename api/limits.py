"""Rate limits on writes (POST, PATCH, PUT, DELETE), with Flask-Limiter (MIT): per valid API key
(RATE_LIMIT_PER_KEY) and, for writes without one, per client address (RATE_LIMIT_PER_ADDRESS, the
open /extract and /verify included). A real key has its own bucket, so a noisy client behind the same
address (one office, one proxy) cannot lock it out; an unknown or revoked key counts as none, so
inventing tokens buys no extra writes. Counters live in RATE_LIMIT_STORAGE_URI, by default the Redis
of BROKER_URL when there is one (shared by every worker), else memory:// (each worker process counts
on its own). Over the limit: 429 in the error shape with Retry-After."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlsplit

from flask import Flask, g, request
from flask_limiter import ApplicationLimit, Limiter
from flask_limiter.util import get_remote_address

from quotetrack.storage import keys

from . import faults
from .extensions import state

WRITE_METHODS = frozenset({"POST", "PATCH", "PUT", "DELETE"})
SHARED_SCHEMES = frozenset({"redis", "rediss"})


def _not_a_write() -> bool:
    return request.method not in WRITE_METHODS


def _valid_key() -> str | None:
    """'key:<hash>' for a bearer token that is an active API key, else None (once per request)."""
    if "rate_limit_key" not in g:
        g.rate_limit_key = None
        kind, _, token = request.headers.get("Authorization", "").partition(" ")
        if kind.lower() == "bearer" and token.strip():
            try:
                with state().db.reading() as session:
                    key = keys.authenticate(session, token.strip())
            except Exception as error:
                if not faults.is_unavailable(error):
                    raise
                key = None  # database down: count by address; the view answers 503 if it needs the database
            if key is not None:
                g.rate_limit_key = "key:" + keys.digest(token.strip())[:32]
    return g.rate_limit_key


def _key() -> str:
    return _valid_key() or "none"  # only called when _valid_key() is set (exempt otherwise)


def storage_uri(config) -> str:
    """RATE_LIMIT_STORAGE_URI, else the broker's Redis (counters shared across workers), else memory://
    (also when the Redis client, which comes with the worker extra, is not installed)."""
    configured = (config.get("RATE_LIMIT_STORAGE_URI") or "").strip()
    if configured:
        return configured
    broker = (config.get("BROKER_URL") or "").strip()
    if urlsplit(broker).scheme in SHARED_SCHEMES and _redis_client_installed():
        return broker
    return "memory://"


def _redis_client_installed() -> bool:
    try:
        import redis  # noqa: F401 (the worker extra)
    except ImportError:
        return False
    return True


def init_app(app: Flask) -> Limiter:
    config = app.config
    limits: list[str | Callable[[], str] | ApplicationLimit] = []
    per_address = (config.get("RATE_LIMIT_PER_ADDRESS") or "").strip()
    per_key = (config.get("RATE_LIMIT_PER_KEY") or "").strip()
    if per_address:
        limits.append(
            ApplicationLimit(
                per_address,
                key_function=get_remote_address,
                exempt_when=lambda: _not_a_write() or _valid_key() is not None,
                scope="writes-per-address",
            )
        )
    if per_key:
        limits.append(
            ApplicationLimit(
                per_key,
                key_function=_key,
                exempt_when=lambda: _not_a_write() or _valid_key() is None,
                scope="writes-per-key",
            )
        )
    uri = storage_uri(config)
    limiter = Limiter(
        get_remote_address,
        app=app,
        application_limits=limits,
        storage_uri=uri,
        # A shared store that goes down (Redis restarting) must not turn writes into 500s: each
        # worker counts on its own until it is back.
        in_memory_fallback_enabled=not uri.startswith("memory://"),
        headers_enabled=False,  # Retry-After only on the 429 itself (api/extensions.py)
        key_prefix="quotetrack",
        enabled=bool(limits),
    )
    app.extensions["quotetrack_limiter"] = limiter
    return limiter
