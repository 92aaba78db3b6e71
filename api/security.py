"""Security headers on every response, trusted hosts for absolute links, bounded JSON, path ids
within 64 bits."""

from __future__ import annotations

import json
import sys
from typing import Any

from flask import Flask, current_app, request
from flask.json.provider import DefaultJSONProvider
from flask_smorest import abort
from webargs.flaskparser import FlaskParser
from werkzeug.routing import IntegerConverter
from werkzeug.wrappers import Response

from quotetrack.validation import line_problem

# Defaults for responses that set no policy of their own (JSON, PNG, errors): load nothing, embed nowhere.
DEFAULT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
# Swagger UI (/api/v1/docs): its assets and the spec from this server, its inline bootstrap script.
DOCS_CSP = (
    "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
)


class IdConverter(IntegerConverter):
    """`<int:...>` path segments: ASCII digits up to 2^31-1 (ids are INTEGER columns, 32-bit on
    PostgreSQL); larger ones are a 404 like any id that does not exist."""

    def __init__(self, map, *args, **kwargs):  # noqa: A002 (werkzeug's name)
        kwargs.setdefault("max", 2**31 - 1)
        super().__init__(map, *args, **kwargs)


class BoundedJSONProvider(DefaultJSONProvider):
    """Request bodies nested deeper than MAX_JSON_DEPTH (or too deep for the parser) are a 400,
    not a RecursionError (500)."""

    sort_keys = False  # keep the schemas' field order: id and text first

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        try:
            value = json.loads(s, **kwargs)
        except RecursionError:
            raise ValueError("JSON nested too deeply.") from None
        limit = current_app.config.get("MAX_JSON_DEPTH", 32) if current_app else 32
        if _depth_exceeds(value, limit):
            raise ValueError(f"JSON nested deeper than {limit} levels.")
        return value


class BoundedFlaskParser(FlaskParser):
    """webargs' parser for the API: request bodies go through the same depth check (a 400), and
    unknown query parameters follow the schemas' own `unknown = RAISE` (a 422, as unknown body
    fields are) instead of webargs' default of dropping them."""

    def _raw_load_json(self, req):
        try:
            value = super()._raw_load_json(req)
        except RecursionError:
            raise json.JSONDecodeError("JSON nested too deeply", "(request body)", 0) from None
        limit = current_app.config.get("MAX_JSON_DEPTH", 32)
        if _depth_exceeds(value, limit):
            raise json.JSONDecodeError(f"JSON nested deeper than {limit} levels", "(request body)", 0)
        return value


def _depth_exceeds(value: Any, limit: int) -> bool:
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = list(item.values())
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def _host_allowed(host: str, allowed: list[str]) -> bool:
    name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    return host in allowed or name in allowed


def base_url() -> str:
    """Absolute base for links: PUBLIC_BASE_URL, else the request's host when ALLOWED_HOSTS lists it.
    Any other Host header is a 400 here: it must never decide a link a cache could keep."""
    configured = (current_app.config.get("PUBLIC_BASE_URL") or "").strip()
    if configured:
        return configured.rstrip("/")
    allowed = (current_app.config.get("ALLOWED_HOSTS") or "").split()
    if not _host_allowed(request.host.lower(), [h.lower() for h in allowed]):
        abort(400, message="Host not allowed for links: set PUBLIC_BASE_URL or ALLOWED_HOSTS.")
    return request.host_url.rstrip("/")


def _headers(response: Response) -> Response:
    headers = response.headers
    if "Content-Security-Policy" not in headers:
        docs = request.path.startswith("/api/v1/docs")
        headers["Content-Security-Policy"] = DOCS_CSP if docs else DEFAULT_CSP
    headers.setdefault("X-Content-Type-Options", "nosniff")
    headers.setdefault("Referrer-Policy", "strict-origin-when-cross-origin")
    headers.setdefault(
        "Cross-Origin-Resource-Policy", "same-site" if request.path.startswith("/api/") else "cross-origin"
    )
    return response


def _quiet_gunicorn() -> None:
    """Under gunicorn, say `Server: quotetrack` rather than which server answers (gunicorn writes the
    header itself, from this module global, for each response), and answer gunicorn's own errors in
    the one error shape (see _gunicorn_error)."""
    wsgi = sys.modules.get("gunicorn.http.wsgi")
    if wsgi is not None:
        wsgi.SERVER = "quotetrack"  # type: ignore[attr-defined]
    util = sys.modules.get("gunicorn.util")
    if util is not None:
        util.write_error = _gunicorn_error  # type: ignore[attr-defined]


def _gunicorn_error(sock, status_int: int, reason: str, mesg: str) -> None:
    """What gunicorn answers itself, before or around the app: a request line over its
    limit_request_line (414), headers over its limits (431), a request it cannot parse (400), a
    worker stopped past --timeout (500). gunicorn writes these from `gunicorn.util.write_error`, an
    HTML page; this replaces it (in each worker, as the app loads) with the error shape."""
    from gunicorn.util import write_nonblock
    from werkzeug.http import HTTP_STATUS_CODES

    status = HTTP_STATUS_CODES.get(status_int, reason)
    body = json.dumps(
        {"code": status_int, "status": status, "message": mesg or status, "errors": {}}, ensure_ascii=True
    ).encode()
    head = (
        f"HTTP/1.1 {status_int} {reason}\r\n"
        "Connection: close\r\n"
        "Content-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n"
        f"Content-Security-Policy: {DEFAULT_CSP}\r\n"
        "X-Content-Type-Options: nosniff\r\n"
        "Server: quotetrack\r\n"
        "\r\n"
    )
    write_nonblock(sock, head.encode("latin-1", "replace") + body)


def _path_without_controls() -> None:
    """A path segment with NUL or another control character names nothing here (and PostgreSQL
    refuses NUL in a query): a 404 before any view runs."""
    for value in (request.view_args or {}).values():
        if isinstance(value, str) and line_problem(value) is not None:
            abort(404, message="Nothing here has control characters in its name.")


def init_app(app: Flask) -> None:
    app.before_request(_path_without_controls)
    app.after_request(_headers)
    _quiet_gunicorn()
