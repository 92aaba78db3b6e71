"""Jobs: articles queued for the workers (BROKER_URL set), and their status."""

from __future__ import annotations

from flask_smorest import Blueprint, abort

from quotetrack.storage import jobs

from .extensions import state
from .schemas.jobs import JobSchema

blp = Blueprint("jobs", __name__, description="Queued ingests (Prefer: respond-async, or a batch) and their status.")


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
