"""The queue with real processes: PostgreSQL and Redis servers (scripts/test.sh starts them),
two `quotetrack worker` processes and the API under gunicorn, talking real HTTP. 40 articles
go in at once with `Prefer: respond-async` (10 of them exact duplicates of others, 5 new
versions of URLs stored before), one worker is SIGKILLed mid-run, and the archive must end
up exactly as a sequential ingest of the same articles leaves it. Nothing is faked; the
visibility timeout is shortened (10 s) so the killed worker's job comes back quickly."""

from __future__ import annotations

import os
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import date

import pytest
from sqlalchemy import create_engine, select, text

from quotetrack import service
from quotetrack.storage import Database
from quotetrack.storage.models import ArticleRow, QuoteRow, StatementRow
from quotetrack.types import Article

from .processes import Stack, call, corpus, new_version, wait_for_jobs

pytestmark = [pytest.mark.queue, pytest.mark.model, pytest.mark.postgres]

KNOWN, ORIGINALS, DUPLICATES = 5, 25, 10


def snapshot(db: Database) -> dict:
    """What must not depend on concurrency: articles and revisions, every quote with its
    status and speaker, and statements as the sets of claims they group."""
    with db.reading() as session:
        articles = {row.url: (row.revision, row.text_sha256) for row in session.scalars(select(ArticleRow))}
        quotes = sorted(
            (q.article.url, q.revision, q.start, q.end, q.status, q.speaker.name if q.speaker else None)
            for q in session.scalars(select(QuoteRow))
        )
        statements = sorted(
            sorted((c.quote.article.url, c.start, c.end) for c in statement.claims)
            + [("canonical", statement.canonical_text)]
            for statement in session.scalars(select(StatementRow))
        )
    return {"articles": articles, "quotes": quotes, "statements": statements}


@pytest.fixture
def servers():
    database_url, redis_url = os.environ.get("DATABASE_URL_TEST"), os.environ.get("REDIS_URL_TEST")
    if not database_url or not redis_url:
        pytest.skip("needs DATABASE_URL_TEST (PostgreSQL) and REDIS_URL_TEST (scripts/test.sh sets both)")
    engine = create_engine(database_url)
    with engine.begin() as connection:
        connection.execute(text("DROP SCHEMA public CASCADE; CREATE SCHEMA public;"))
    engine.dispose()
    import redis

    redis.Redis.from_url(redis_url).flushdb()
    return database_url, redis_url


def test_forty_concurrent_async_ingests_with_a_worker_killed_match_a_sequential_ingest(servers, tmp_path, nlp):
    database_url, redis_url = servers
    bodies = corpus(KNOWN + ORIGINALS)
    known, originals = bodies[:KNOWN], bodies[KNOWN:]
    batch = originals + originals[:DUPLICATES] + [new_version(b) for b in known]
    assert len(batch) == 40

    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "BROKER_URL": redis_url,
        "BROKER_VISIBILITY_TIMEOUT": "10",
        "COREF_ENABLED": "false",
        "MAX_ARTICLE_CHARS": "200000",
    }
    stack = Stack(env, logs=tmp_path)
    try:
        stack.run("migrate")  # once, before any web or queue worker starts
        key = stack.run_output("keys", "create", "--name", "queue-test", "--scope", "ingest").strip().splitlines()[-1]
        auth = {"Authorization": f"Bearer {key}"}
        victim = stack.start_worker()
        stack.start_worker()
        base = stack.start_api()
        for body in known:  # stored before: the batch's new versions are of known URLs
            assert call("POST", f"{base}/api/v1/articles", body, auth)[0] == 201

        def post(body):
            return call("POST", f"{base}/api/v1/articles", body, {**auth, "Prefer": "respond-async"})

        with ThreadPoolExecutor(8) as pool:
            answers = list(pool.map(post, batch))
        assert [status for status, _, _ in answers] == [202] * len(batch), answers[:3]
        assert all(headers["Location"] == f"/api/v1/jobs/{job['id']}" for _, job, headers in answers)
        job_ids = [job["id"] for _, job, _ in answers]

        # Kill one worker whole (main process and pool) while it is in the middle of an article.
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            statuses = [call("GET", f"{base}/api/v1/jobs/{j}")[1]["status"] for j in job_ids]
            # Both workers mid-article (one process each): the victim surely is. With only "a job
            # running", the running one could be the other worker's on a loaded machine (or with the
            # suite on both cores), and the kill then tested nothing.
            if statuses.count("done") >= 4 and statuses.count("running") >= 2:
                break
            time.sleep(0.2)
        Stack.kill(victim)

        finished = wait_for_jobs(base, job_ids, timeout=400)
        assert len(finished) == len(job_ids), f"{len(finished)} of {len(job_ids)} jobs finished"
        assert {job["status"] for job in finished.values()} == {"done"}, [
            job for job in finished.values() if job["status"] != "done"
        ]
        assert max(job["attempts"] for job in finished.values()) >= 2  # the killed worker's job ran again
        assert sum(job["created"] for job in finished.values()) == ORIGINALS + KNOWN  # duplicates were no-ops
    finally:
        stack.stop()

    concurrent = Database(database_url)
    got = snapshot(concurrent)
    with concurrent.reading() as session:
        duplicates = session.execute(
            text('SELECT article_id, revision, start, "end" FROM quotes GROUP BY 1, 2, 3, 4 HAVING count(*) > 1')
        ).all()
        revisions = session.scalar(text("SELECT count(*) FROM article_revisions"))
    concurrent.engine.dispose()
    assert duplicates == []
    assert len(got["articles"]) == KNOWN + ORIGINALS and revisions == KNOWN * 2 + ORIGINALS

    # The same articles one at a time, in the order a single client would send them.
    sequential = Database(f"sqlite:///{tmp_path / 'sequential.sqlite3'}")
    sequential.migrate()
    for body in [*known, *batch]:
        fields = {k: v for k, v in body.items() if k != "published"}
        published = body.get("published")
        article = Article(**fields, published=date.fromisoformat(published) if published else None)
        service.ingest(article, nlp, sequential, 200_000)
    expected = snapshot(sequential)
    assert got["articles"] == expected["articles"]
    assert got["quotes"] == expected["quotes"]
    assert got["statements"] == expected["statements"]
