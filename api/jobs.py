"""Jobs: articles queued for the workers (BROKER_URL set), and their status."""

from __future__ import annotations

from typing import TYPE_CHECKING

import marshmallow as ma
from flask import current_app, request
from flask_smorest import Blueprint, abort

from quotetrack.queue import WorkerExtraMissing, make_celery
from quotetrack.storage import jobs

from .extensions import state

if TYPE_CHECKING:  # celery comes with the worker extra: imported only when a queue is configured
    from celery import Celery

blp = Blueprint("jobs", __name__, description="Queued ingests (Prefer: respond-async, or a batch) and their status.")

# How long a client told 503 (broker down) should wait before trying again, in seconds.
BROKER_RETRY_AFTER = 30


class JobSchema(ma.Schema):
    id = ma.fields.String(metadata={"description": "Also the path: /api/v1/jobs/{id}."})
    status = ma.fields.String(metadata={"enum": [jobs.QUEUED, jobs.RUNNING, jobs.DONE, jobs.FAILED]})
    article_id = ma.fields.Integer(allow_none=True, metadata={"description": "Set when done."})
    created = ma.fields.Boolean(
        allow_none=True, metadata={"description": "Done: a new article or revision (false: already stored)."}
    )
    error = ma.fields.String(allow_none=True, metadata={"description": "Why it failed."})
    attempts = ma.fields.Integer(metadata={"description": "Times a worker started it (>1: a worker died)."})
    created_at = ma.fields.DateTime()
    updated_at = ma.fields.DateTime()


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


@blp.route("/jobs/<string:job_id>")
@blp.response(200, JobSchema)
@blp.alt_response(404, schema="Error", description="No such job.")
def get_job(job_id: str):
    """A queued ingest: `queued`, `running`, `done` (with `article_id`) or `failed` (with `error`)."""
    with state().db.reading() as session:
        job = jobs.get_job(session, job_id)
    if job is None:
        abort(404, message=f"No job {job_id}.")
    return job
