"""The smorest Api with one error shape, and the per-app state (database, NLP pipeline)."""

from __future__ import annotations

import time

from flask import Flask, current_app
from flask_smorest import Api, abort
from flask_smorest.arguments import ArgumentsMixin
from werkzeug.exceptions import HTTPException, InternalServerError, MethodNotAllowed, ServiceUnavailable

from quotetrack.cards import display
from quotetrack.storage import Database

from . import faults
from .security import BoundedFlaskParser

# Unknown query parameters are a 422, as unknown body fields are: the schemas' own `unknown = RAISE`
# decides everywhere (webargs would otherwise drop unknown query parameters silently).
ArgumentsMixin.ARGUMENTS_PARSER = BoundedFlaskParser(unknown=None)


class QuoteTrackApi(Api):
    """Every error, including 404s outside the API and unexpected 500s, answers with
    {"code", "status", "message", "errors"} (see ErrorSchema in the OpenAPI document)."""

    def handle_http_exception(self, error: HTTPException):
        payload, code, headers = super().handle_http_exception(error)
        payload.setdefault("message", error.description)
        payload.setdefault("errors", {})
        retry_after = getattr(error, "retry_after", None)  # werkzeug's 503 can carry one (api/deadline.py)
        if isinstance(retry_after, int) and retry_after > 0:
            headers["Retry-After"] = str(retry_after)
        if isinstance(error, MethodNotAllowed) and error.valid_methods:
            headers["Allow"] = ", ".join(sorted(error.valid_methods))
        if error.code == 429:
            limiter = current_app.extensions.get("quotetrack_limiter")
            current = limiter.current_limit if limiter is not None else None
            wait = int(current.reset_at - time.time()) + 1 if current is not None else 60
            headers["Retry-After"] = str(max(1, wait))
        return payload, code, headers

    def _register_error_handlers(self):
        super()._register_error_handlers()
        self._app.register_error_handler(Exception, self._unexpected)

    def _unexpected(self, error: Exception):
        if faults.is_unavailable(error):
            current_app.logger.warning("database unavailable: %s", error)
            unavailable = ServiceUnavailable("The database is unavailable; try again shortly.")
            payload, code, headers = self.handle_http_exception(unavailable)
            headers["Retry-After"] = str(faults.RETRY_AFTER)
            return payload, code, headers
        current_app.logger.exception("unexpected error")
        return self.handle_http_exception(InternalServerError())


api = QuoteTrackApi()


class QuoteTrackState:
    """What the views need, built once per app from its config."""

    def __init__(self, app: Flask):
        self.config = app.config
        # No migration here: every web worker would run it. `quotetrack migrate` (or the serve
        # script, or a test fixture) brings the schema up once, before the workers start.
        self.db = Database(app.config["DATABASE_URL"])
        # Timeouts, no silent SQLite creation, a deleted file noticed: api/faults.py.
        faults.guard(self.db.engine, app.config["DB_CONNECT_TIMEOUT"], app.config["DB_STATEMENT_TIMEOUT"])
        app.extensions["quotetrack"] = self

    @property
    def low_confidence(self) -> float:
        """The confidence under which pages and cards label an attribution as uncertain."""
        return float(self.config.get("LOW_CONFIDENCE", display.DEFAULT_LOW_CONFIDENCE))

    @property
    def nlp(self):
        from quotetrack.nlp import configured_pipeline  # loads once per process (cached)

        config = self.config
        return configured_pipeline(config)


def state() -> QuoteTrackState:
    return current_app.extensions["quotetrack"]


def fetch_or_404(getter, item_id: int, what: str):
    """`getter(session, item_id)` in a read session, or a 404 in the error shape."""
    with state().db.reading() as session:
        item = getter(session, item_id)
    if item is None:
        abort(404, message=f"No {what} {item_id}.")
    return item
