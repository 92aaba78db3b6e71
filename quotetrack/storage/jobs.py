"""Jobs: articles queued for the workers, and their status. The article travels in the job
row, not in the broker message, so a job redelivered after a worker died reads it again."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from ..types import Article, Job, JobStatus
from .models import JobRow


def _now() -> datetime:
    return datetime.now(UTC)


def _payload(article: Article) -> dict:
    return {
        "text": article.text,
        "outlet": article.outlet,
        "title": article.title,
        "url": article.url,
        "published": article.published.isoformat() if article.published else None,
        "author": article.author,
    }


def _article(payload: dict) -> Article:
    published = date.fromisoformat(payload["published"]) if payload.get("published") else None
    fields = {name: value for name, value in payload.items() if name != "key_name"}
    return Article(**{**fields, "published": published})


def key_name(session: Session, job_id: str) -> str | None:
    """The API key (or command) that queued the job: the worker audits its changes under it."""
    row = session.get(JobRow, job_id)
    return row.payload.get("key_name") if row is not None else None


def to_job(row: JobRow) -> Job:
    return Job(row.id, row.status, row.article_id, row.created, row.error, row.attempts, row.created_at, row.updated_at)


def create_jobs(session: Session, articles: list[Article], key_name: str | None = None) -> list[Job]:
    rows = [
        JobRow(id=uuid.uuid4().hex, status=JobStatus.QUEUED, payload={**_payload(a), "key_name": key_name}, attempts=0)
        for a in articles
    ]
    session.add_all(rows)
    session.flush()
    return [to_job(row) for row in rows]


def get_job(session: Session, job_id: str) -> Job | None:
    row = session.get(JobRow, job_id)
    return to_job(row) if row is not None else None


def start(session: Session, job_id: str) -> Article | None:
    """Mark the job running and hand over its article; None when there is nothing to do (it
    is done already: a redelivery after the worker finished but before it acknowledged)."""
    row = session.get(JobRow, job_id, with_for_update=True)
    if row is None or row.status == JobStatus.DONE:
        return None
    row.status, row.error, row.attempts = JobStatus.RUNNING, None, row.attempts + 1
    return _article(row.payload)


def finish(session: Session, job_id: str, article_id: int, created: bool) -> None:
    row = session.get(JobRow, job_id, with_for_update=True)
    if row is not None:
        row.status, row.article_id, row.created, row.error = JobStatus.DONE, article_id, created, None


def fail(session: Session, job_id: str, error: str, retrying: bool = False) -> None:
    row = session.get(JobRow, job_id, with_for_update=True)
    if row is not None:
        row.status, row.error = (JobStatus.QUEUED if retrying else JobStatus.FAILED), error


def delete_jobs(session: Session, job_ids: list[str]) -> None:
    """Jobs that never reached the broker (it was down): the client was told 503."""
    session.execute(delete(JobRow).where(JobRow.id.in_(job_ids)))


def stale(session: Session, before: datetime, limit: int = 1000) -> list[tuple[str, datetime]]:
    """Jobs still queued or running whose row has not changed since `before`: their broker
    message may be gone (a Redis restart without persistence loses the queue). Oldest first,
    each with the updated_at that claim() compares against."""
    rows = session.execute(
        select(JobRow.id, JobRow.updated_at)
        .where(JobRow.status.in_((JobStatus.QUEUED, JobStatus.RUNNING)), JobRow.updated_at < before)
        .order_by(JobRow.updated_at)
        .limit(limit)
    )
    return [(job_id, updated_at) for job_id, updated_at in rows]


def claim(session: Session, job_id: str, seen: datetime) -> bool:
    """Take a stale job for re-sending: its updated_at moves to now only if it is still what
    the sweeper saw (compare-and-set), so of several workers sweeping at once one re-sends it,
    and it is not re-sent again before another visibility timeout."""
    result = session.execute(
        update(JobRow)
        .where(JobRow.id == job_id, JobRow.updated_at == seen, JobRow.status.in_((JobStatus.QUEUED, JobStatus.RUNNING)))
        .values(updated_at=_now())
    )
    return result.rowcount == 1  # type: ignore[attr-defined]


def count_by_status(session: Session) -> dict[str, int]:
    from sqlalchemy import func

    return dict(session.execute(select(JobRow.status, func.count()).group_by(JobRow.status)).all())
