"""A re-extraction racing a revision, and quote ids that answer for ever (issue 38, findings 1-3).

1. The audit's reproduction with nothing faked: the API under gunicorn (two workers, a SQLite
   file), a 44 KB article re-extracted while a short new text is posted at its URL. Before the
   fix the article ended with the new text but the old text's quotes (offsets into nothing), and
   the revision's own quote ids answered other words.
   The in-process tests below fake one thing, said where they do: *when* the revision lands
   (a wrapper around the extractor posts it mid-extraction), so the interleaving is certain.
2. A quote found again by a re-extraction keeps its id; one not found again stays, superseded,
   naming its successor; SQLite never hands out an id twice.
3. Revisions and re-extractions are in the audit log under the key that made them."""

from __future__ import annotations

import os
import sqlite3
import threading
import time

import pytest
from sqlalchemy import delete, select

from quotetrack import service
from quotetrack.errors import StaleText
from quotetrack.storage.models import QuoteRow
from quotetrack.types import Article

from .processes import Stack, call
from .test_api import assert_error

pytestmark = pytest.mark.model

EXTRACT = service.extract_quotes  # the real extractor, which the wrappers below call

URL = "https://example.invalid/harbour-plan"
NAMES = ["Linda Marsh", "Tom Alvarez", "Ruth Okafor", "Sam Becker"]
SHORT = "“The bridge will reopen on Monday,” Ruth Okafor said.\n"
THREE = (
    "“The harbour will stay open all winter,” Linda Marsh said on Friday.\n\n"
    "“We have hired twelve more pilots,” Tom Alvarez said.\n\n"
    "“Nobody told the fishermen,” Ruth Okafor said.\n"
)


def long_article(paragraphs: int = 520) -> str:
    """About 44 KB of short quoted paragraphs: many quotes, seconds of extraction."""
    return "".join(
        f"“Section {n} of the harbour plan will be finished by the spring,” {NAMES[n % len(NAMES)]} said.\n\n"
        for n in range(paragraphs)
    )


def test_a_revision_during_a_reextract_never_leaves_quotes_of_another_text(tmp_path, nlp):
    path = tmp_path / "archive.sqlite3"
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{path}", "COREF_ENABLED": "false", "RATE_LIMIT_PER_ADDRESS": ""}
    env.update(RATE_LIMIT_PER_KEY="")
    stack = Stack(env, logs=tmp_path)
    try:
        stack.run("migrate")
        key = stack.run_output("keys", "create", "--name", "race-test", "--scope", "ingest").strip().splitlines()[-1]
        auth = {"Authorization": f"Bearer {key}"}
        base = stack.start_api(web_workers=2)
        big = long_article()
        assert len(big) > 40_000
        status, body, _ = call("POST", f"{base}/api/v1/articles", {"text": big, "url": URL}, auth)
        assert status == 201, body
        article_id = body["article"]["id"]

        answers: dict[str, tuple[int, dict, dict]] = {}
        reextracting = threading.Thread(
            target=lambda: answers.update(
                reextract=call("POST", f"{base}/api/v1/articles/{article_id}/reextract", None, auth)
            )
        )
        reextracting.start()
        time.sleep(0.3)  # the re-extraction is reading and extracting the 44 KB text
        status, revision, _ = call("POST", f"{base}/api/v1/articles", {"text": SHORT, "url": URL}, auth)
        reextracting.join(timeout=300)
        assert status == 201, revision
        assert revision["article"]["revision"] == 2
        (bridge,) = revision["quotes"]
        assert bridge["text"].startswith("The bridge will reopen on Monday")

        re_status, re_body, _ = answers["reextract"]
        assert re_status in (200, 409), re_body  # re-extracted the new text in turn, or refused: never both texts
        if re_status == 200:
            assert {q["revision"] for q in re_body["quotes"]} == {2}

        _, article, _ = call("GET", f"{base}/api/v1/articles/{article_id}")
        assert article["text"] == SHORT and article["revision"] == 2
        _, live, _ = call("GET", f"{base}/api/v1/articles/{article_id}/quotes")
        assert [q["revision"] for q in live] == [2]
        assert [SHORT[q["start"] : q["end"]] for q in live] == [live[0]["text"]]
        # The id the revision answered still shows the same words (a CMS may have embedded it).
        status, again, _ = call("GET", f"{base}/api/v1/quotes/{bridge['id']}")
        assert status == 200 and again["text"] == bridge["text"] and again["status"] == "accepted"
    finally:
        stack.stop()
    reopened = sqlite3.connect(path)
    try:
        assert reopened.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    finally:
        reopened.close()


class RevisedMidway:
    """The extractor, wrapped: while re-extracting, it posts a new text at the article's URL
    `times` times (each time it extracts the old text), as a concurrent revision would.
    What it fakes: only the moment the revision lands."""

    def __init__(self, db, nlp, texts: list[str]):
        self.db, self.nlp, self.texts = db, nlp, list(texts)
        self.extract = EXTRACT
        self.reentrant = False

    def __call__(self, text, nlp):
        found = self.extract(text, nlp)
        if self.texts and not self.reentrant:
            self.reentrant = True  # the revision's own extraction goes straight through
            try:
                service.ingest(Article(text=self.texts.pop(0), url=URL), self.nlp, self.db, 200_000, "feed")
            finally:
                self.reentrant = False
        return found


def _live(db, article_id: int) -> list[QuoteRow]:
    with db.reading() as session:
        rows = session.scalars(
            select(QuoteRow).where(QuoteRow.article_id == article_id, QuoteRow.status == "accepted")
        ).all()
        return [(r.revision, r.start, r.end, r.text) for r in rows]


def test_a_reextract_that_lost_to_a_revision_extracts_the_new_text(db, nlp, monkeypatch):
    first = service.ingest(Article(text=THREE, url=URL), nlp, db, 200_000)
    monkeypatch.setattr(service, "extract_quotes", RevisedMidway(db, nlp, [SHORT]))
    result = service.reextract(first.article.id, nlp, db, "editor")
    assert result.article.revision == 2
    live = _live(db, first.article.id)
    assert len(live) == 1 and live[0][0] == 2 and SHORT[live[0][1] : live[0][2]] == live[0][3]


def test_a_reextract_that_keeps_losing_answers_409_and_writes_nothing(app, client, auth, nlp, monkeypatch):
    db = app.extensions["quotetrack"].db
    article_id = client.post("/api/v1/articles", json={"text": THREE, "url": URL}, headers=auth).get_json()["article"][
        "id"
    ]
    texts = [SHORT + f"Update {n}.\n" for n in range(service.REEXTRACT_ATTEMPTS)]
    monkeypatch.setattr(service, "extract_quotes", RevisedMidway(db, nlp, texts))
    refused = client.post(f"/api/v1/articles/{article_id}/reextract", headers=auth)
    body = assert_error(refused, 409)
    assert "changed while it was being processed" in body["message"]
    audit = client.get(f"/api/v1/audit?target=article:{article_id}").get_json()["items"]
    assert [e["action"] for e in audit] == ["article.revision"] * service.REEXTRACT_ATTEMPTS  # no re-extraction
    live = _live(db, article_id)
    assert len(live) == 1 and live[0][0] == 1 + service.REEXTRACT_ATTEMPTS
    with pytest.raises(StaleText):
        monkeypatch.setattr(service, "extract_quotes", RevisedMidway(db, nlp, texts))
        service.reextract(article_id, nlp, db)


class Dropping:
    """The extractor, wrapped to find fewer quotes (a model that changed its mind): quotes whose
    text contains `drop` are not found, and a quote containing `trim` loses its last word.
    What it fakes: the new model's output."""

    def __init__(self, drop: str | None = None, trim: str | None = None):
        self.extract, self.drop, self.trim = EXTRACT, drop, trim

    def __call__(self, text, nlp):
        from dataclasses import replace

        quotes, rest = self.extract(text, nlp)
        kept = []
        for quote in quotes:
            if self.drop and self.drop in quote.text:
                continue
            if self.trim and self.trim in quote.text:
                cut = quote.text.rstrip(" ,.").rsplit(" ", 1)[0]
                quote = replace(quote, end=quote.start + len(cut), text=cut, claims=(), events=())
            kept.append(quote)
        return kept, rest


def test_a_quote_id_answers_after_reextractions_and_names_its_successor(app, client, auth, monkeypatch):
    posted = client.post("/api/v1/articles", json={"text": THREE, "url": URL}, headers=auth).get_json()
    article_id = posted["article"]["id"]
    harbour, pilots, fishermen = posted["quotes"]
    state = app.extensions["quotetrack"]

    def reextract():
        answer = client.post(f"/api/v1/articles/{article_id}/reextract", headers=auth)
        assert answer.status_code == 200, answer.get_json()
        return answer.get_json()["quotes"]

    # The same model again: every quote keeps its id.
    assert [q["id"] for q in reextract()] == [harbour["id"], pilots["id"], fishermen["id"]]

    # A model that no longer finds one quote and cuts another short.
    monkeypatch.setattr(service, "extract_quotes", Dropping(drop="fishermen", trim="pilots"))
    now = reextract()
    assert now[0]["id"] == harbour["id"]
    (trimmed,) = [q for q in now if "twelve" in q["text"]]
    assert trimmed["id"] not in (harbour["id"], pilots["id"], fishermen["id"])
    for old, successor in ((pilots, trimmed["id"]), (fishermen, None)):
        answer = client.get(f"/api/v1/quotes/{old['id']}")
        assert answer.status_code == 200
        body = answer.get_json()
        assert body["text"] == old["text"] and body["status"] == "superseded"
        assert body["latest_version"] == successor
        if successor is None:
            assert "Link" not in answer.headers
        else:
            assert answer.headers["Link"] == f'</api/v1/quotes/{successor}>; rel="latest-version"'
        card = client.get(f"/cards/quotes/{old['id']}")
        assert card.status_code == 200 and "revised" in card.get_data(as_text=True)
        assert client.get(f"/cards/quotes/{old['id']}.png").status_code == 200
        oembed = client.get(f"/api/v1/oembed?url=http://localhost/cards/quotes/{old['id']}")
        assert oembed.status_code == 200
    # A superseded quote is out of look-ups and is not corrected (it names the live one).
    assert client.get("/api/v1/quotes?q=fishermen").get_json()["total"] == 0
    refused = client.patch(f"/api/v1/quotes/{pilots['id']}", json={"status": "rejected"}, headers=auth)
    assert_error(refused, 409)
    assert refused.headers["Link"] == f'</api/v1/quotes/{trimmed["id"]}>; rel="latest-version"'

    # The old model back: the quotes it finds again at their spans are live again, same ids.
    monkeypatch.setattr(service, "extract_quotes", Dropping())
    assert [q["id"] for q in reextract()] == [harbour["id"], pilots["id"], fishermen["id"]]
    assert client.get(f"/api/v1/quotes/{trimmed['id']}").get_json()["status"] == "superseded"

    # Audited, under the key, with what became of the quotes.
    audit = client.get(f"/api/v1/audit?target=article:{article_id}").get_json()["items"]
    assert [e["action"] for e in audit] == ["article.reextract"] * 3 and {e["key_name"] for e in audit} == {"tests"}
    dropped = audit[1]["after"]
    assert dropped["kept"] == 1 and dropped["new"] == 1
    assert dropped["superseded"] == sorted([pilots["id"], fishermen["id"]])
    assert state.db  # the app's database served every call above


def test_ids_are_never_given_twice_even_after_the_newest_rows_are_deleted(db, nlp):
    first = service.ingest(Article(text=THREE, url=URL), nlp, db, 200_000)
    newest = max(q.id for q in first.quotes)
    with db.transaction() as session:  # as a re-extraction used to: the newest quote deleted
        session.execute(delete(QuoteRow).where(QuoteRow.id == newest))
    second = service.ingest(Article(text=SHORT, url=URL + "/other"), nlp, db, 200_000)
    assert min(q.id for q in second.quotes) > newest
    assert second.article.id > first.article.id


def test_a_queued_revision_is_audited_under_the_key_that_queued_it(db, nlp):
    from quotetrack.queue import run_job
    from quotetrack.storage import jobs

    service.ingest(Article(text=THREE, url=URL), nlp, db, 200_000, "feed")
    with db.transaction() as session:
        (job,) = jobs.create_jobs(session, [Article(text=SHORT, url=URL)], "night-feed")
    done = run_job(job.id, db, nlp, 200_000)
    assert done is not None and done.status == "done"
    from quotetrack.storage.audit import list_audit

    with db.reading() as session:
        entries, _ = list_audit(session, 1, 10)
    assert [(e.action, e.key_name) for e in entries] == [("article.revision", "night-feed")]
