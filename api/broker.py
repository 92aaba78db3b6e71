"""The web process's side of the queue (BROKER_URL): its Celery client, made once, whether a
request asks for an asynchronous answer, and the 503 for a broker that is down."""

from __future__ import annotations

from typing import TYPE_CHECKING

from flask import current_app, request
from flask_smorest import abort

from quotetrack.queue import WorkerExtraMissing, make_celery

if TYPE_CHECKING:  # celery comes with the worker extra: imported only when a queue is configured
    from celery import Celery

# How long a client told 503 (broker down) should wait before trying again, in seconds.
BROKER_RETRY_AFTER = 30


def broker() -> Celery | None:
    """The app's Celery client, made once per web process; None without BROKER_URL. A queue
    configured without the worker extra installed is a 503 in the error shape saying so."""
    config = current_app.config
    if not config.get("BROKER_URL"):
        return None
    celery = current_app.extensions.get("quotetrack_celery")
    if celery is None:
        try:
            celery = make_celery(config["BROKER_URL"], config["BROKER_VISIBILITY_TIMEOUT"])
        except WorkerExtraMissing as error:
            current_app.logger.error("%s", error)
            abort(503, message=str(error), headers={"Retry-After": str(BROKER_RETRY_AFTER)})
        current_app.extensions["quotetrack_celery"] = celery
    return celery


def wants_async() -> bool:
    """RFC 7240: `Prefer: respond-async` (possibly among other preferences)."""
    preferences = ",".join(request.headers.getlist("Prefer"))
    return any(p.split(";")[0].strip().lower() == "respond-async" for p in preferences.split(","))


def broker_unavailable(error: Exception) -> None:
    current_app.logger.warning("broker unavailable: %s", error)
    abort(
        503,
        message="The queue is unavailable; nothing was queued. Try again shortly, or send the request "
        "without `Prefer: respond-async` for a synchronous answer.",
        headers={"Retry-After": str(BROKER_RETRY_AFTER)},
    )
