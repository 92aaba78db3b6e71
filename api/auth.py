"""API keys on writes: `Authorization: Bearer KEY`. No key or an unknown key: 401; a key
without the scope: 403; both in the one error shape. Reads stay open."""

from __future__ import annotations

from functools import wraps

from flask import g, request
from flask_smorest import Blueprint, abort

from quotetrack.storage import keys

from .extensions import state

SCHEME = "bearerAuth"


def init_spec(api) -> None:
    api.spec.components.security_scheme(
        SCHEME,
        {
            "type": "http",
            "scheme": "bearer",
            "description": "An API key from `quotetrack keys create --name NAME --scope ingest,curate`.",
        },
    )


def _authorize(scope: str) -> None:
    header = request.headers.get("Authorization", "")
    kind, _, token = header.partition(" ")
    challenge = {"WWW-Authenticate": f'Bearer realm="quotetrack", scope="{scope}"'}
    if kind.lower() != "bearer" or not token.strip():
        abort(401, message="This endpoint needs an API key: Authorization: Bearer KEY.", headers=challenge)
    with state().db.reading() as session:
        key = keys.authenticate(session, token.strip())
    if key is None:
        abort(401, message="Unknown or revoked API key.", headers=challenge)
    elif scope not in key.scopes:
        abort(403, message=f"The key {key.name!r} lacks the {scope!r} scope.")
    else:
        g.api_key = key


def key_name() -> str:
    return g.api_key.name


def requires(blp: Blueprint, scope: str):
    """Check the key before anything else (so a bad body without a key is still a 401), and
    document the security requirement and both error answers in the OpenAPI document."""

    def decorator(view):
        @wraps(view)
        def checked(*args, **kwargs):
            _authorize(scope)
            return view(*args, **kwargs)

        checked = blp.doc(security=[{SCHEME: []}])(checked)
        checked = blp.alt_response(401, schema="Error", description="No API key, or an unknown or revoked one.")(
            checked
        )
        return blp.alt_response(403, schema="Error", description=f"The API key lacks the {scope!r} scope.")(checked)

    return decorator
