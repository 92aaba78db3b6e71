"""Asynchronous ingest over HTTP: `Prefer: respond-async`, jobs, batches, and the broker down.

Real Redis (REDIS_URL_TEST, started by scripts/test.sh) and a real database; no worker
process here: a test runs the queued job in-process with the worker's own function
(quotetrack.queue.run_job). tests/test_queue_processes.py runs real workers."""

from __future__ import annotations

import os
import socket

import pytest

from quotetrack import queue
from quotetrack.types import Article

from .conftest import make_key, migrate

pytestmark = pytest.mark.model

TEXT = "“The ferry will run all winter,” Marguerite Oyelaran-Bell said on Friday.\n"
ASYNC = {"Prefer": "respond-async"}


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]  # nothing listens once the socket is closed


def make_app(database_url, **config):
    from api import create_app

    migrate(database_url)
    return create_app({"DATABASE_URL": database_url, "MAX_ARTICLE_CHARS": 20_000, "TESTING": True, **config})


@pytest.fixture
def redis_url():
    url = os.environ.get("REDIS_URL_TEST")
    if not url:
        pytest.skip("REDIS_URL_TEST unset (scripts/start-redis.sh starts a server)")
    import redis

    redis.Redis.from_url(url).flushdb()  # no jobs of another test left in the queue
    return url


def test_without_a_broker_the_preference_is_ignored(client, auth):
    response = client.post("/api/v1/articles", json={"text": TEXT}, headers={**auth, **ASYNC})
    assert response.status_code == 201
    assert response.get_json()["article"]["revision"] == 1


def test_broker_down_async_answers_503_and_sync_still_works(database_url):
    app = make_app(database_url, BROKER_URL=f"redis://127.0.0.1:{_closed_port()}/0")
    client, auth = app.test_client(), make_key(app)
    response = client.post("/api/v1/articles", json={"text": TEXT}, headers={**auth, **ASYNC})
    body = response.get_json()
    assert response.status_code == 503
    assert set(body) == {"code", "status", "message", "errors"} and body["code"] == 503
    assert response.headers["Retry-After"]
    assert client.post("/api/v1/articles", json={"text": TEXT}, headers=auth).status_code == 201
    app.extensions["quotetrack"].db.engine.dispose()


def test_async_ingest_answers_202_with_a_job_that_a_worker_completes(database_url, redis_url, nlp):
    app = make_app(database_url, BROKER_URL=redis_url)
    client, auth = app.test_client(), make_key(app)
    response = client.post(
        "/api/v1/articles", json={"text": TEXT, "url": "https://example.org/ferry"}, headers={**auth, **ASYNC}
    )
    assert response.status_code == 202, response.get_json()
    job = response.get_json()
    assert job["status"] == "queued" and response.headers["Location"] == f"/api/v1/jobs/{job['id']}"
    assert client.get(f"/api/v1/jobs/{job['id']}").get_json()["status"] == "queued"

    db = app.extensions["quotetrack"].db
    queue.run_job(job["id"], db, nlp, 20_000)  # what a worker process does with the message
    done = client.get(f"/api/v1/jobs/{job['id']}").get_json()
    assert done["status"] == "done" and done["created"] is True and done["attempts"] == 1
    article = client.get(f"/api/v1/articles/{done['article_id']}").get_json()
    assert article["url"] == "https://example.org/ferry" and article["quote_count"] == 1
    assert client.get("/api/v1/jobs/nope").status_code == 404
    db.engine.dispose()


def test_a_job_with_an_unusable_article_fails_with_its_reason(database_url, redis_url, nlp):
    app = make_app(database_url, BROKER_URL=redis_url, MAX_ARTICLE_CHARS=100)
    client = app.test_client()
    db = app.extensions["quotetrack"].db
    celery = queue.make_celery(redis_url)
    # Queued by a client with a larger limit than the worker's (the web app checks its own).
    (job,) = queue.enqueue(db, celery, [Article(text=TEXT * 5)])
    queue.run_job(job.id, db, nlp, 100)
    failed = client.get(f"/api/v1/jobs/{job.id}").get_json()
    assert failed["status"] == "failed" and "limit" in failed["error"]
    db.engine.dispose()


def test_batch_is_queued_with_a_broker_and_ingested_in_order_without(database_url, redis_url):
    bodies = [{"text": TEXT}, {"text": TEXT.replace("ferry", "tram")}]
    queued_app = make_app(database_url, BROKER_URL=redis_url)
    response = queued_app.test_client().post("/api/v1/articles/batch", json=bodies, headers=make_key(queued_app))
    assert response.status_code == 202
    assert [job["status"] for job in response.get_json()["jobs"]] == ["queued", "queued"]
    queued_app.extensions["quotetrack"].db.engine.dispose()

    sync_app = make_app(database_url)
    client, auth = sync_app.test_client(), make_key(sync_app, name="sync")
    response = client.post("/api/v1/articles/batch", json=bodies, headers=auth)
    assert response.status_code == 200
    assert [r["quotes"][0]["text"][:13] for r in response.get_json()["results"]] == ["The ferry wil", "The tram will"]
    assert client.post("/api/v1/articles/batch", json=[], headers=auth).status_code == 422
    assert client.post("/api/v1/articles/batch", json=[{"text": ""}], headers=auth).status_code == 422
    sync_app.extensions["quotetrack"].db.engine.dispose()


def test_jobs_and_batches_are_in_the_openapi_document(client):
    paths = client.get("/api/v1/openapi.json").get_json()["paths"]
    assert "/api/v1/jobs/{job_id}" in paths and "/api/v1/articles/batch" in paths
    assert {"202", "503"} <= set(paths["/api/v1/articles"]["post"]["responses"])


def test_cli_queues_files_as_jobs_and_refuses_without_a_broker(database_url, redis_url, tmp_path, monkeypatch):
    from click.testing import CliRunner

    from quotetrack.cli import main
    from quotetrack.storage import Database
    from quotetrack.storage import jobs as job_store

    (tmp_path / "a.txt").write_text(TEXT, encoding="utf-8")
    migrate(database_url)
    monkeypatch.setenv("DATABASE_URL", database_url)
    monkeypatch.setenv("BROKER_URL", "")
    refused = CliRunner().invoke(main, ["ingest", "--queue", str(tmp_path)])
    assert refused.exit_code != 0 and "BROKER_URL" in refused.output

    monkeypatch.setenv("BROKER_URL", redis_url)
    queued = CliRunner().invoke(main, ["ingest", "--queue", str(tmp_path)])
    assert queued.exit_code == 0, queued.output
    job_id = queued.output.split("job ")[1].split()[0]
    db = Database(database_url)
    with db.reading() as session:
        job = job_store.get_job(session, job_id)
    db.engine.dispose()
    assert job is not None and job.status == "queued"
