"""CORS: a browser on another origin (a CMS plugin, a newsroom page) may read everything,
and may write only from the origins CORS_ORIGINS lists by name.

`*` in CORS_ORIGINS opens reads (GET, HEAD and their preflights) to any origin, and the two
POSTs that take no key and store nothing (extract, verify). Writes are never opened by `*`: a
write carries an API key, and a page on any origin should not be able to spend a key a user
pasted into it. No cookies are involved, so no credentials flag."""

from __future__ import annotations

from flask import Flask, Response, current_app, request

READS = frozenset({"GET", "HEAD"})
# POSTs that take no key and store nothing (reads in all but method): open through `*` like
# reads, with only Content-Type to send (no key, no credentials).
OPEN_POSTS = frozenset({"/api/v1/extract", "/api/v1/verify"})
OPEN_POST_HEADERS = "Content-Type"
# What a client sends beyond the CORS-safelisted headers (keys, JSON bodies, async ingest).
ALLOWED_HEADERS = "Authorization, Content-Type, Prefer"
# Answers' headers a script needs: where a new resource or job is, when to retry, the download name.
EXPOSED_HEADERS = "Location, Link, Retry-After, Content-Disposition"
PREFLIGHT_MAX_AGE = "600"


def parse_origins(value: str) -> tuple[str, ...]:
    """CORS_ORIGINS as configured: origins separated by spaces or commas, trailing slashes dropped."""
    return tuple(o.rstrip("/") for o in value.replace(",", " ").split())


def _allowed_origin(origin: str, method: str) -> str | None:
    """The Access-Control-Allow-Origin value for `origin` making a `method` request, or None."""
    origins = parse_origins(current_app.config["CORS_ORIGINS"])
    if origin in origins:
        return origin
    if "*" in origins and (method in READS or (method == "POST" and request.path in OPEN_POSTS)):
        return "*"
    return None


def _cors_headers(response: Response) -> Response:
    origin = request.headers.get("Origin")
    if not origin:
        return response
    response.vary.add("Origin")  # the answer differs by origin when a list is configured
    preflight = request.method == "OPTIONS" and "Access-Control-Request-Method" in request.headers
    method = request.headers["Access-Control-Request-Method"].upper() if preflight else request.method
    if request.method == "OPTIONS" and not preflight:
        method = "GET"  # a plain OPTIONS reads the Allow header: a read
    allowed = _allowed_origin(origin, method)
    if allowed is None:
        return response
    response.headers["Access-Control-Allow-Origin"] = allowed
    if preflight:
        response.headers["Access-Control-Allow-Methods"] = method
        open_post = allowed == "*" and method not in READS
        response.headers["Access-Control-Allow-Headers"] = OPEN_POST_HEADERS if open_post else ALLOWED_HEADERS
        response.headers["Access-Control-Max-Age"] = PREFLIGHT_MAX_AGE
    else:
        response.headers["Access-Control-Expose-Headers"] = EXPOSED_HEADERS
    return response


def init_app(app: Flask) -> None:
    app.after_request(_cors_headers)
