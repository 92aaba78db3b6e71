"""Ingest under races, on SQLite and PostgreSQL: threads post at the same instant (a barrier)
through the real Flask app, the real pipeline and a real database. Nothing is faked; the
threads share one process, so on PostgreSQL the races are between connections exactly as
between web workers, and on SQLite between connections to one file."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import func, select

from quotetrack.storage.models import ArticleRevisionRow, ArticleRow, SpeakerRow

pytestmark = pytest.mark.model

THREADS = 6
NEW_PERSON_A = "“The bridge will reopen in spring,” Zelda Quorringham said on Tuesday.\n"
NEW_PERSON_B = "“We have found the money for the bridge,” said Zelda Quorringham, the county treasurer.\n"
SAME_TEXT = "“Nobody told us about the closure,” Ambrose Fennimore-Tate said.\n"


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
