"""The ingest queue: Celery on a Redis broker (BROKER_URL). Workers run the same
service.ingest as the web app and the command line, one article per job.

Delivery is at least once: a job is acknowledged only after its article is committed
(acks_late), and a job whose worker died is delivered again (reject_on_worker_lost for a
killed pool process; the broker's visibility timeout when the whole worker is gone). A job
whose message the broker lost (Redis restarted without its data) is sent again by the
sweeper that every worker runs (sweep). Running a job twice is harmless: ingest is
idempotent, and the article is one transaction, so a worker killed mid-article leaves
nothing half-written.

Celery and its Redis client come with the `worker` extra and are imported only here, when a
queue is used: `pip install quotetrack` without that extra still imports the command line
and serves the API (a queued request then answers 503 saying what to install).
"""

from __future__ import annotations

import logging
import os
import threading
import time
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import OperationalError as DatabaseError

from .config import load_settings
from .errors import InvalidInput
from .storage import Database, jobs
from .storage.article_writes import NO_KEY
from .types import Article, Job

if TYPE_CHECKING:
    from celery import Celery

TASK = "quotetrack.ingest"
log = logging.getLogger(__name__)


class BrokerUnavailable(Exception):
    """The broker could not take the jobs: nothing was queued."""


class WorkerExtraMissing(RuntimeError):
    """A queue is configured (BROKER_URL) but celery is not installed."""

    MESSAGE = (
        "The queue (BROKER_URL) needs the worker extra, which is not installed: "
        "pip install 'quotetrack[worker]' (celery, redis)."
    )

    def __init__(self) -> None:
        super().__init__(self.MESSAGE)


def _broker_errors() -> tuple[type[BaseException], ...]:
    """What a broker that is down raises (kombu comes with celery, so only asked for with a queue)."""
    from kombu.exceptions import OperationalError

    return (OperationalError, OSError)


def make_celery(broker_url: str, visibility_timeout: int = 300) -> Celery:
    """The Celery client (and, in a worker, app) for the broker; WorkerExtraMissing without celery."""
    try:
        from celery import Celery, signals
    except ImportError as error:
        raise WorkerExtraMissing() from error
    # Each pool process loads the database and the NLP pipeline before its first job (connected
    # once: celery ignores the same receiver connected again).
    signals.worker_process_init.connect(_load_before_the_first_job)
    app = Celery("quotetrack", broker=broker_url, set_as_current=False)
    app.conf.update(
        task_acks_late=True,  # acknowledged after the article is committed, not when taken
        task_reject_on_worker_lost=True,  # a pool process killed mid-article: the job goes back
        worker_prefetch_multiplier=1,  # one job reserved per process: a dead worker strands few
        task_ignore_result=True,  # status lives in the jobs table
        task_serializer="json",
        accept_content=["json"],
        broker_connection_timeout=3,
        broker_connection_retry_on_startup=True,
        broker_transport_options={
            "visibility_timeout": visibility_timeout,
            # Look for jobs of dead workers every few seconds, so the timeout is the delay.
            "unacked_restore_interval": 5,
            "unacked_restore_throttle": 1,
        },
        worker_hijack_root_logger=False,
    )
    app.task(name=TASK, bind=True, max_retries=5)(_ingest_task)
    return app


@cache
def _runtime() -> tuple[Database, Any, int]:
    """Per worker process (after the fork): the database and the NLP pipeline, loaded once."""
    from .nlp import configured_pipeline

    settings = load_settings()
    # The same per-article time budget as the web app: a hostile text fails its job, not the worker.
    nlp = configured_pipeline(settings)
    return Database(settings["DATABASE_URL"]), nlp, settings["MAX_ARTICLE_CHARS"]


def _load_before_the_first_job(**_kwargs) -> None:
    _runtime()


def run_job(job_id: str, db: Database, nlp, max_chars: int) -> Job | None:
    """Ingest a job's article and record the outcome. An invalid article fails the job;
    a database error propagates (the task retries it)."""
    from . import service

    with db.transaction() as session:
        article = jobs.start(session, job_id)
        queued_by = jobs.key_name(session, job_id)
    if article is None:
        return None
    try:
        result = service.ingest(article, nlp, db, max_chars, queued_by or NO_KEY)
    except InvalidInput as error:
        with db.transaction() as session:
            jobs.fail(session, job_id, f"{error.message} {error.errors}")
    except DatabaseError:
        raise
    except Exception as error:  # a bug or a hostile text: recorded on the job, the worker goes on
        log.exception("job %s failed", job_id)
        with db.transaction() as session:
            jobs.fail(session, job_id, f"{type(error).__name__}: {error}")
    else:
        with db.transaction() as session:
            jobs.finish(session, job_id, result.article.id, result.created)
    with db.reading() as session:
        return jobs.get_job(session, job_id)


def _ingest_task(task, job_id: str) -> None:
    db, nlp, max_chars = _runtime()
    try:
        run_job(job_id, db, nlp, max_chars)
    except DatabaseError as error:  # the database is away: try again later, the job waits queued
        try:
            with db.transaction() as session:
                jobs.fail(session, job_id, f"database unavailable, retrying: {error.orig}", retrying=True)
        except DatabaseError:
            pass
        raise task.retry(exc=error, countdown=5) from error


def sweep(db: Database, celery: Celery, visibility_timeout: int) -> list[str]:
    """Send again every job left queued or running for longer than the visibility timeout.

    Redis keeps the queue in memory: restarted without persistence (or after a crash between
    snapshots) it has forgotten every message, while the jobs table still says queued or
    running. Nothing else would ever send those jobs. Sending one again is safe: a job that did
    finish is skipped by jobs.start, and ingest is idempotent for one that runs twice. Several
    workers may sweep at once: jobs.claim lets one of them re-send each job. Broker down: the
    sweep stops (nothing claimed) and the next one tries again. The ids re-sent."""
    cutoff = datetime.now(UTC) - timedelta(seconds=visibility_timeout)
    with db.reading() as session:
        candidates = jobs.stale(session, cutoff)
    resent = []
    for job_id, seen in candidates:
        try:
            with db.transaction() as session:
                if not jobs.claim(session, job_id, seen):
                    continue  # another worker's sweeper took it, or it moved on
                # Sent inside the claim's transaction: if the broker refuses, the claim is undone.
                celery.send_task(TASK, args=[job_id], task_id=job_id, retry=False)
        except _broker_errors() as error:
            log.warning("sweep: broker unavailable, %d job(s) left for the next sweep: %s", len(candidates), error)
            break
        resent.append(job_id)
    if resent:
        log.warning("sweep: re-sent %d job(s) left queued or running past %d s", len(resent), visibility_timeout)
    return resent


def sweep_interval(visibility_timeout: int) -> float:
    """How often a worker sweeps: a quarter of the visibility timeout (so a lost job waits at
    most 1.25 timeouts), at least every minute, at most every second."""
    return max(1.0, min(60.0, visibility_timeout / 4))


def start_sweeper(database_url: str, broker_url: str, visibility_timeout: int) -> threading.Thread:
    """Sweep now (a worker starting after a Redis restart finds the lost jobs at once, once
    they are past the timeout) and then every sweep_interval, in a daemon thread of the
    worker's main process: every running worker sweeps, so the sweep needs no beat process
    of its own and goes on while any worker is up."""
    db = Database(database_url)
    # Pool processes forked later (a replaced child) must not share this engine's sockets.
    os.register_at_fork(after_in_child=lambda: db.engine.dispose(close=False))
    celery = make_celery(broker_url, visibility_timeout)

    def loop() -> None:
        while True:
            try:
                sweep(db, celery, visibility_timeout)
            except Exception:  # the database away, a bug: log it, the worker goes on, sweep later
                log.exception("sweep failed")
            finally:
                db.engine.dispose()  # no connection held between sweeps
            time.sleep(sweep_interval(visibility_timeout))

    thread = threading.Thread(target=loop, name="quotetrack-sweeper", daemon=True)
    thread.start()
    return thread


def enqueue(db: Database, celery: Celery, articles: list[Article], key_name: str | None = None) -> list[Job]:
    """Queue the articles: job rows first (committed, so a fast worker finds them), then one
    broker message each. Broker down: the jobs are deleted and BrokerUnavailable raised.
    `key_name` (who queued them) is what the audit log names for the changes they make."""
    with db.transaction() as session:
        queued = jobs.create_jobs(session, articles, key_name)
    sent = 0
    try:
        for job in queued:
            celery.send_task(
                TASK, args=[job.id], task_id=job.id, retry=True, retry_policy={"max_retries": 1, "interval_start": 0.2}
            )
            sent += 1
    except _broker_errors() as error:
        with db.transaction() as session:
            jobs.delete_jobs(session, [job.id for job in queued[sent:]])
        raise BrokerUnavailable(str(error)) from error
    return queued
