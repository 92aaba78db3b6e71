"""CORS: any origin may read (GET, HEAD, their preflights); writes only from origins
CORS_ORIGINS lists by name, never from `*`."""

from __future__ import annotations

import pytest

from .conftest import make_key, migrate

pytestmark = pytest.mark.model

CMS = "https://cms.example.org"
OTHER = "https://elsewhere.example.com"


def _app(database_url, nlp, origins: str | None):
    from api import create_app

    migrate(database_url)
    config = {"DATABASE_URL": database_url, "TESTING": True}
    if origins is not None:
        config["CORS_ORIGINS"] = origins
    return create_app(config)


@pytest.fixture
def open_client(database_url, nlp):
    app = _app(database_url, nlp, None)  # the default: "*"
    yield app, app.test_client()
    app.extensions["quotetrack"].db.engine.dispose()


@pytest.fixture
def listed_client(database_url, nlp):
    app = _app(database_url, nlp, f"* {CMS}/")
    yield app, app.test_client()
    app.extensions["quotetrack"].db.engine.dispose()


def _preflight(client, path: str, method: str, origin: str):
    headers = {"Origin": origin, "Access-Control-Request-Method": method}
    return client.options(path, headers={**headers, "Access-Control-Request-Headers": "authorization, content-type"})


def test_reads_are_open_to_any_origin_by_default(open_client):
    _, client = open_client
    for path in ("/api/v1/speakers", "/api/v1/openapi.json", "/api/v1/speakers/nobody"):  # errors too
        answer = client.get(path, headers={"Origin": OTHER})
        assert answer.headers["Access-Control-Allow-Origin"] == "*", path
        assert "Location" in answer.headers["Access-Control-Expose-Headers"]
    assert client.head("/api/v1/speakers", headers={"Origin": OTHER}).headers["Access-Control-Allow-Origin"] == "*"
    preflight = _preflight(client, "/api/v1/quotes", "GET", OTHER)
    assert preflight.status_code == 200 and preflight.headers["Access-Control-Allow-Origin"] == "*"
    assert "Authorization" in preflight.headers["Access-Control-Allow-Headers"]
    assert "Access-Control-Allow-Origin" not in client.get("/api/v1/speakers").headers  # not a CORS request


def test_writes_are_never_open_through_the_wildcard(open_client):
    app, client = open_client
    assert "Access-Control-Allow-Origin" not in _preflight(client, "/api/v1/articles", "POST", OTHER).headers
    written = client.post("/api/v1/articles", json={"text": "x y"}, headers={"Origin": OTHER, **make_key(app)})
    assert "Access-Control-Allow-Origin" not in written.headers  # the browser withholds the answer
    patch = _preflight(client, "/api/v1/speakers/1", "PATCH", OTHER)
    assert "Access-Control-Allow-Origin" not in patch.headers


def test_a_listed_origin_may_write_and_others_only_read(listed_client):
    app, client = listed_client
    preflight = _preflight(client, "/api/v1/articles", "POST", CMS)
    assert preflight.headers["Access-Control-Allow-Origin"] == CMS
    assert preflight.headers["Access-Control-Allow-Methods"] == "POST" and "Origin" in preflight.headers["Vary"]
    written = client.post(
        "/api/v1/articles", json={"text": "No quotes here."}, headers={"Origin": CMS, **make_key(app)}
    )
    assert written.status_code == 201 and written.headers["Access-Control-Allow-Origin"] == CMS
    assert "Access-Control-Allow-Origin" not in _preflight(client, "/api/v1/articles", "POST", OTHER).headers
    assert client.get("/api/v1/speakers", headers={"Origin": CMS}).headers["Access-Control-Allow-Origin"] == CMS
    assert client.get("/api/v1/speakers", headers={"Origin": OTHER}).headers["Access-Control-Allow-Origin"] == "*"


def test_an_empty_setting_sends_no_cors_headers(database_url, nlp):
    app = _app(database_url, nlp, "")
    client = app.test_client()
    assert "Access-Control-Allow-Origin" not in client.get("/api/v1/speakers", headers={"Origin": CMS}).headers
    app.extensions["quotetrack"].db.engine.dispose()


def test_extract_and_verify_are_open_to_any_origin_without_credentials(open_client):
    """They take no key and store nothing: reads in all but method (issue 42 item 5)."""
    _, client = open_client
    for path, body in (("/api/v1/extract", {"text": "“We will,” Sam Roe said."}), ("/api/v1/verify", {"text": "x y"})):
        preflight = client.options(
            path,
            headers={
                "Origin": OTHER,
                "Access-Control-Request-Method": "POST",
                "Access-Control-Request-Headers": "content-type",
            },
        )
        assert preflight.status_code == 200 and preflight.headers["Access-Control-Allow-Origin"] == "*", path
        assert preflight.headers["Access-Control-Allow-Methods"] == "POST"
        assert preflight.headers["Access-Control-Allow-Headers"] == "Content-Type"  # no key to send
        answer = client.post(path, json=body, headers={"Origin": OTHER})
        assert answer.status_code == 200 and answer.headers["Access-Control-Allow-Origin"] == "*", path
        assert (
            "Access-Control-Allow-Credentials" not in answer.headers
            and "Access-Control-Allow-Credentials" not in preflight.headers
        )
