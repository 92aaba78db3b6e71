"""Jobs whose broker message was lost are sent again (issue 22, finding 5: with the worker
stopped, a batch of 20 was queued, Redis was killed and restarted, and the 20 jobs stayed
`queued` forever).

The first test kills a real Redis of its own (its own port and directory, so the shared test
Redis is untouched) with jobs queued, then starts a real `quotetrack worker`: its sweeper must
find the jobs left queued or running past the visibility timeout and send them again. The
others check the sweep itself against the database, with a stand-in for Celery that records
what would be sent."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import create_engine, text, update

from quotetrack import queue
from quotetrack.storage import Database, jobs
from quotetrack.storage.models import JobRow
from quotetrack.types import Article, JobStatus

from .processes import Stack, call, corpus, free_port, wait_for_jobs

VISIBILITY = 10


class _Redis:
    """A redis-server of the test's own. No persistence (--save '', no AOF): what a crash
    between snapshots, or Redis's default config killed before its first snapshot, loses."""

    def __init__(self, directory):
        self.port, self.directory = free_port(), directory
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.directory)]
            + ["--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        import redis

        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                redis.Redis.from_url(self.url).ping()
                return
            except redis.ConnectionError:
                time.sleep(0.1)
        raise RuntimeError("redis-server did not start")

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)

    def queue_length(self) -> int:
        import redis

        return int(redis.Redis.from_url(self.url).llen("celery"))


@pytest.mark.queue
@pytest.mark.model
@pytest.mark.postgres
def test_jobs_queued_when_redis_was_killed_are_sent_again_by_a_worker(tmp_path):
    database_url = os.environ.get("DATABASE_URL_TEST")
    if not database_url or not shutil.which("redis-server"):
        pytest.skip("needs DATABASE_URL_TEST (PostgreSQL) and redis-server")
    engine = create_engine(database_url)
    with engine.begin() as connection:
        connection.execute(text("DROP SCHEMA public CASCADE; CREATE SCHEMA public;"))
    engine.dispose()
    broker = _Redis(tmp_path)
    broker.start()
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "BROKER_URL": broker.url,
        "BROKER_VISIBILITY_TIMEOUT": str(VISIBILITY),
        "COREF_ENABLED": "false",
    }
    stack = Stack(env, logs=tmp_path)
    try:
        stack.run("migrate")
        key = stack.run_output("keys", "create", "--name", "sweep-test", "--scope", "ingest").strip().splitlines()[-1]
        base = stack.start_api(web_workers=1)
        bodies = corpus(6)
        status, answer, _ = call("POST", f"{base}/api/v1/articles/batch", bodies, {"Authorization": f"Bearer {key}"})
        assert status == 202, answer
        job_ids = [job["id"] for job in answer["jobs"]]
        assert broker.queue_length() == len(job_ids)
        # The one fake: a worker had taken the first job and died along with Redis (what the
        # row says then; its message is in Redis's unacked set, lost with the rest).
        db = Database(database_url)
        with db.transaction() as session:
            session.execute(update(JobRow).where(JobRow.id == job_ids[0]).values(status=JobStatus.RUNNING, attempts=1))
        db.engine.dispose()

        broker.kill()
        broker.start()
        assert broker.queue_length() == 0  # the queue is gone; the rows still say queued/running

        stack.start_worker()
        finished = wait_for_jobs(base, job_ids, timeout=90)
        assert len(finished) == len(job_ids), f"{len(finished)} of {len(job_ids)} jobs finished"
        assert {job["status"] for job in finished.values()} == {"done"}, finished
        assert finished[job_ids[0]]["attempts"] == 2  # the "running" one ran again
        articles = call("GET", f"{base}/api/v1/articles?per_page=100")[1]
        assert articles["total"] == len(bodies)
        assert "re-sent" in (tmp_path / "worker-0.log").read_text()
    finally:
        stack.stop()
        broker.kill()


class _Recorder:
    """Stands in for the Celery client: records the messages instead of sending them."""

    def __init__(self, fail: bool = False):
        self.sent: list[str] = []
        self.fail = fail

    def send_task(self, name, args, task_id, retry):
        if self.fail:
            raise OSError("broker down")
        assert name == queue.TASK and args == [task_id]
        self.sent.append(task_id)


def _age(db: Database, job_id: str, seconds: float, status: str | None = None) -> None:
    values: dict = {"updated_at": datetime.now(UTC) - timedelta(seconds=seconds)}
    if status is not None:
        values["status"] = status
    with db.transaction() as session:
        session.execute(update(JobRow).where(JobRow.id == job_id).values(**values))


def test_the_sweep_resends_only_jobs_left_past_the_timeout_and_each_once(db):
    with db.transaction() as session:
        old_queued, old_running, old_done, old_failed, fresh = jobs.create_jobs(
            session, [Article(text=f"Article {n}.") for n in range(5)]
        )
    _age(db, old_queued.id, 60)
    _age(db, old_running.id, 60, JobStatus.RUNNING)
    _age(db, old_done.id, 60, JobStatus.DONE)
    _age(db, old_failed.id, 60, JobStatus.FAILED)
    _age(db, fresh.id, 2)

    celery = _Recorder()
    assert sorted(queue.sweep(db, celery, VISIBILITY)) == sorted([old_queued.id, old_running.id])
    assert queue.sweep(db, celery, VISIBILITY) == []  # claimed: not again before a timeout
    assert sorted(celery.sent) == sorted([old_queued.id, old_running.id])


def test_two_sweepers_claim_a_job_once_and_a_broker_down_claims_nothing(db):
    with db.transaction() as session:
        (job,) = jobs.create_jobs(session, [Article(text="An article.")])
    _age(db, job.id, 60)
    cutoff = datetime.now(UTC) - timedelta(seconds=VISIBILITY)
    with db.reading() as session:
        ((_, seen),) = jobs.stale(session, cutoff)

    down = _Recorder(fail=True)
    assert queue.sweep(db, down, VISIBILITY) == []
    with db.transaction() as session:  # the failed send undid its claim: the job is still stale
        assert jobs.claim(session, job.id, seen) is True
    with db.transaction() as session:  # a second sweeper that saw the same row loses
        assert jobs.claim(session, job.id, seen) is False


def test_the_sweep_interval_follows_the_visibility_timeout():
    assert queue.sweep_interval(10) == 2.5 and queue.sweep_interval(300) == 60 and queue.sweep_interval(2) == 1
