"""Rate limits on writes (POST, PATCH, PUT, DELETE), with Flask-Limiter (MIT): per client address
(RATE_LIMIT_PER_ADDRESS, every write including the open /extract and /verify) and per API key
(RATE_LIMIT_PER_KEY). Counters live in RATE_LIMIT_STORAGE_URI: memory:// (each worker process
counts on its own) or a Redis URI shared by all workers. Over the limit: 429 in the error shape
with Retry-After."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from flask import Flask, request
from flask_limiter import ApplicationLimit, Limiter
from flask_limiter.util import get_remote_address

WRITE_METHODS = frozenset({"POST", "PATCH", "PUT", "DELETE"})


def _not_a_write() -> bool:
    return request.method not in WRITE_METHODS


def _key_or_address() -> str:
    """The bearer token's hash (so keys are limited apart from addresses), else the address."""
    kind, _, token = request.headers.get("Authorization", "").partition(" ")
    if kind.lower() == "bearer" and token.strip():
        return "key:" + hashlib.sha256(token.strip().encode("utf-8", "replace")).hexdigest()[:32]
    return "addr:" + (get_remote_address() or "unknown")


def _has_key() -> bool:
    return _key_or_address().startswith("key:")


def init_app(app: Flask) -> Limiter:
    config = app.config
    limits: list[str | Callable[[], str] | ApplicationLimit] = []
    per_address = (config.get("RATE_LIMIT_PER_ADDRESS") or "").strip()
    per_key = (config.get("RATE_LIMIT_PER_KEY") or "").strip()
    if per_address:
        limits.append(
            ApplicationLimit(
                per_address, key_function=get_remote_address, exempt_when=_not_a_write, scope="writes-per-address"
            )
        )
    if per_key:
        limits.append(
            ApplicationLimit(
                per_key,
                key_function=_key_or_address,
                exempt_when=lambda: _not_a_write() or not _has_key(),
                scope="writes-per-key",
            )
        )
    limiter = Limiter(
        get_remote_address,
        app=app,
        application_limits=limits,
        storage_uri=config.get("RATE_LIMIT_STORAGE_URI") or "memory://",
        headers_enabled=False,  # Retry-After only on the 429 itself (api/extensions.py)
        key_prefix="quotetrack",
        enabled=bool(limits),
    )
    app.extensions["quotetrack_limiter"] = limiter
    return limiter
