"""Ingest under races, on SQLite and PostgreSQL: requests posted at the same instant (a
barrier), from threads through the Flask app in this process, and from threads through real
HTTP to three gunicorn web worker processes. Real pipeline, real databases; nothing faked."""

from __future__ import annotations

import os
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import func, select

from quotetrack.storage import Database
from quotetrack.storage.models import ArticleRevisionRow, ArticleRow, SpeakerRow

pytestmark = pytest.mark.model

THREADS = 6
NEW_PERSON_A = "“The bridge will reopen in spring,” Zelda Quorringham said on Tuesday.\n"
NEW_PERSON_B = "“We have found the money for the bridge,” said Zelda Quorringham, the county treasurer.\n"
SAME_TEXT = "“Nobody told us about the closure,” Ambrose Fennimore-Tate said.\n"
# Each article's "officials" is a speaker of its own (officials, officials-2, ...): every
# ingest draws a slug for one name at once.
OFFICIALS = "“The {} bridge will stay shut until spring,” officials said on Tuesday.\n"
GROUP_THREADS, WAVES = 10, 4


def hammer(client, headers, bodies: list[dict]) -> list[tuple[int, dict]]:
    """POST every body at once, one thread each; the answers' status and JSON."""
    barrier = threading.Barrier(len(bodies))

    def post(body):
        barrier.wait()
        response = client.post("/api/v1/articles", json=body, headers=headers)
        return response.status_code, response.get_json()

    with ThreadPoolExecutor(len(bodies)) as pool:
        return list(pool.map(post, bodies))


def count(app, statement) -> int:
    with app.extensions["quotetrack"].db.reading() as session:
        return session.scalar(statement) or 0


def test_same_url_at_once_is_one_article(app, client, auth):
    body = {"text": NEW_PERSON_A, "url": "https://example.org/race/url", "outlet": "Race"}
    answers = hammer(client, auth, [body] * THREADS)
    assert sorted(status for status, _ in answers) == [200] * (THREADS - 1) + [201], answers
    assert len({answer["article"]["id"] for _, answer in answers}) == 1
    assert count(app, select(func.count()).select_from(ArticleRow)) == 1


def test_same_text_without_url_at_once_is_one_article(app, client, auth):
    answers = hammer(client, auth, [{"text": SAME_TEXT}] * THREADS)
    assert sorted(status for status, _ in answers) == [200] * (THREADS - 1) + [201], answers
    assert count(app, select(func.count()).select_from(ArticleRow)) == 1


def test_two_articles_naming_one_new_person_at_once_make_one_speaker(app, client, auth):
    bodies = [
        {"text": text, "url": f"https://example.org/race/person-{i % 2}"}
        for i, text in enumerate([NEW_PERSON_A, NEW_PERSON_B] * (THREADS // 2))
    ]
    answers = hammer(client, auth, bodies)
    assert all(status in (200, 201) for status, _ in answers), answers
    assert sorted(status for status, _ in answers).count(201) == 2
    assert count(app, select(func.count()).select_from(ArticleRow)) == 2
    named = select(func.count()).select_from(SpeakerRow).where(SpeakerRow.name == "Zelda Quorringham")
    assert count(app, named) == 1
    speakers = {q["speaker"]["id"] for _, answer in answers for q in answer["quotes"]}
    assert len(speakers) == 1


def test_new_versions_of_one_url_at_once_are_revisions_not_articles(app, client, auth):
    url = "https://example.org/race/revised"
    first = client.post("/api/v1/articles", json={"text": NEW_PERSON_A, "url": url}, headers=auth)
    assert first.status_code == 201
    bodies = [{"text": text, "url": url} for text in [NEW_PERSON_B, SAME_TEXT] * (THREADS // 2)]
    answers = hammer(client, auth, bodies)
    assert all(status in (200, 201) for status, _ in answers), answers
    assert count(app, select(func.count()).select_from(ArticleRow)) == 1
    # Each distinct new text is stored as a revision once at most (a text that was current
    # when its duplicate arrived is a no-op), never as a second article.
    revisions = count(app, select(func.count()).select_from(ArticleRevisionRow))
    assert 3 <= revisions <= 1 + len(bodies)
    assert [status for status, _ in answers].count(201) == revisions - 1


def test_articles_quoting_officials_at_once_each_get_a_slug_without_a_500(app, client, auth):
    """Issue 38 finding 5: every ingest creates a speaker "officials" of its article at the
    same instant. A slug drawn by probing officials, officials-2, ... went to two transactions
    (uq_speakers_slug on PostgreSQL), and one that kept losing answered 500."""
    for wave in range(WAVES):
        bodies = [
            {
                "text": OFFICIALS.format(f"Wave {wave} number {i}"),
                "url": f"https://example.org/race/officials-{wave}-{i}",
            }
            for i in range(GROUP_THREADS)
        ]
        answers = hammer(client, auth, bodies)
        assert [status for status, _ in answers] == [201] * GROUP_THREADS, answers
        assert all(answer["quotes"][0]["speaker"]["name"] == "officials" for _, answer in answers), answers
    with app.extensions["quotetrack"].db.reading() as session:
        slugs = list(session.scalars(select(SpeakerRow.slug).where(SpeakerRow.name == "officials")))
    assert len(slugs) == len(set(slugs)) == WAVES * GROUP_THREADS
    assert all(slug == "officials" or slug.removeprefix("officials-").isdigit() for slug in slugs), slugs


@pytest.mark.parametrize("web_workers", [3])
def test_races_between_web_worker_processes(database_url, tmp_path, web_workers):
    """The same races between real processes: gunicorn with three web workers (each its own
    pipeline and connection pool) on a loopback port, posts through real HTTP. Threads in
    one process share the GIL while parsing, which can keep them apart; processes do not."""
    from .conftest import migrate
    from .processes import Stack, call

    migrate(database_url)
    env = {**os.environ, "DATABASE_URL": database_url, "COREF_ENABLED": "false", "BROKER_URL": ""}
    stack = Stack(env, logs=tmp_path)
    try:
        key = stack.run_output("keys", "create", "--name", "race", "--scope", "ingest").strip().splitlines()[-1]
        auth = {"Authorization": f"Bearer {key}"}
        base = stack.start_api(web_workers=web_workers)
        # Warm every web worker (each loads the pipeline on its first ingest).
        warm = [{"text": f"“Warm {i},” Ann Lee said.\n"} for i in range(web_workers * 2)]
        with ThreadPoolExecutor(len(warm)) as pool:
            list(pool.map(lambda body: call("POST", f"{base}/api/v1/articles", body, auth), warm))

        def at_once(bodies):
            barrier = threading.Barrier(len(bodies))

            def post(body):
                barrier.wait()
                return call("POST", f"{base}/api/v1/articles", body, auth)[:2]

            with ThreadPoolExecutor(len(bodies)) as pool:
                return list(pool.map(post, bodies))

        same_url = at_once([{"text": NEW_PERSON_A, "url": "https://example.org/race/p-url"}] * 6)
        same_text = at_once([{"text": SAME_TEXT}] * 6)
        pairs = enumerate([NEW_PERSON_A, NEW_PERSON_B] * 3)
        person = at_once([{"text": t, "url": f"https://example.org/race/p-person-{i % 2}"} for i, t in pairs])
        officials = at_once(
            [
                {"text": OFFICIALS.format(f"Process {i}"), "url": f"https://example.org/race/p-officials-{i}"}
                for i in range(6)
            ]
        )
    finally:
        stack.stop()
    for answers in (same_url, same_text):
        assert sorted(status for status, _ in answers) == [200] * 5 + [201], answers
        assert len({answer["article"]["id"] for _, answer in answers}) == 1
    assert all(status in (200, 201) for status, _ in person), person
    assert [status for status, _ in officials] == [201] * 6, officials
    db = Database(database_url)
    with db.reading() as session:
        named = select(func.count()).select_from(SpeakerRow).where(SpeakerRow.name == "Zelda Quorringham")
        assert session.scalar(named) == 1
        assert session.scalar(select(func.count()).select_from(ArticleRow)) == len(warm) + 2 + 2 + 6
    db.engine.dispose()
