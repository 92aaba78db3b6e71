"""Revisions and what an ingest may change (issue 22, findings 7 and 8). Real pipeline, real
database (SQLite and PostgreSQL), the Flask test client.

7: a new revision sent without metadata keeps the stored outlet, title, author and date (only
the fields sent change them), and every revision and metadata change an ingest makes is in the
audit log, with the key that made it, as an editor's PATCH is (issue 38, finding 3).
8: a correction of a quote that a newer revision superseded is refused (409, error shape)
and points at the live quote; nothing is changed or audited."""

import pytest

from .test_api import assert_error

pytestmark = pytest.mark.model

URL = "https://example.org/ferry"
FIRST = "“The ferry will run all winter,” Marguerite Oyelaran-Bell said on Friday.\n"
SECOND = FIRST + "Correction: an earlier version of this article misstated the day.\n"
THIRD = SECOND + "The council meets again in March.\n"
META = {"outlet": "The Globe", "title": "Ferry to run", "author": "Kim Lee", "published": "2024-11-20"}


def _metadata(article: dict) -> dict:
    return {name: article[name] for name in META}


def _audit(client, article_id: int) -> list[dict]:
    return client.get(f"/api/v1/audit?target=article:{article_id}").get_json()["items"]


def test_a_new_revision_keeps_metadata_unless_sent_and_every_ingest_change_is_audited(client, auth):
    first = client.post("/api/v1/articles", json={"text": FIRST, "url": URL, **META}, headers=auth)
    assert first.status_code == 201, first.get_json()
    article_id = first.get_json()["article"]["id"]
    assert _audit(client, article_id) == []  # a new article is not a change

    # A correction re-posted by a feed that sends only url and text: nothing is lost, and the
    # new text (which replaces every live quote) is audited under the key that sent it.
    second = client.post("/api/v1/articles", json={"text": SECOND, "url": URL}, headers=auth)
    assert second.status_code == 201 and second.get_json()["article"]["revision"] == 2
    assert _metadata(second.get_json()["article"]) == META
    (revised,) = _audit(client, article_id)
    assert revised["action"] == "article.revision" and revised["key_name"] == "tests"
    assert revised["before"]["revision"] == 1 and revised["after"]["revision"] == 2
    assert revised["before"]["live_quotes"] == 1
    assert revised["before"]["text_sha256"] != revised["after"]["text_sha256"]
    assert revised["before"]["title"] == revised["after"]["title"] == "Ferry to run"

    # A revision that sends a new title: the title changes, the rest stays, one entry says both.
    third = client.post("/api/v1/articles", json={"text": THIRD, "url": URL, "title": "Ferry runs"}, headers=auth)
    assert third.status_code == 201 and third.get_json()["article"]["revision"] == 3
    assert _metadata(third.get_json()["article"]) == {**META, "title": "Ferry runs"}
    entry = _audit(client, article_id)[0]
    assert entry["action"] == "article.revision" and entry["key_name"] == "tests"
    assert entry["before"]["title"] == "Ferry to run" and entry["after"]["title"] == "Ferry runs"
    assert entry["before"]["revision"] == 2 and entry["after"]["revision"] == 3

    # The same text again with another outlet (ingest scope, no curate): changed and audited.
    again = client.post("/api/v1/articles", json={"text": THIRD, "url": URL, "outlet": "Globe Daily"}, headers=auth)
    assert again.status_code == 200 and again.get_json()["created"] is False
    assert again.get_json()["article"]["outlet"] == "Globe Daily"
    latest = _audit(client, article_id)
    assert len(latest) == 3 and latest[0]["action"] == "article.ingest"
    assert latest[0]["before"]["outlet"] == "The Globe" and latest[0]["after"]["outlet"] == "Globe Daily"
    assert client.get(f"/api/v1/articles/{article_id}").get_json()["outlet"] == "Globe Daily"


def test_correcting_a_superseded_quote_is_refused_and_points_at_the_live_quote(client, auth):
    old = client.post("/api/v1/articles", json={"text": FIRST, "url": URL}, headers=auth).get_json()
    (old_quote,) = old["quotes"]
    new = client.post("/api/v1/articles", json={"text": SECOND, "url": URL}, headers=auth).get_json()
    (live_quote,) = new["quotes"]
    assert live_quote["id"] != old_quote["id"]
    audit_before = client.get("/api/v1/audit").get_json()["total"]

    refused = client.patch(f"/api/v1/quotes/{old_quote['id']}", json={"status": "rejected"}, headers=auth)
    body = assert_error(refused, 409)
    assert f"/api/v1/quotes/{live_quote['id']}" in body["message"]
    assert body["errors"] == {"quote": [f"Superseded by quote {live_quote['id']}."]}
    assert refused.headers["Link"] == f'</api/v1/quotes/{live_quote["id"]}>; rel="latest-version"'
    assert client.get("/api/v1/audit").get_json()["total"] == audit_before  # nothing happened, nothing audited
    assert client.get(f"/api/v1/quotes/{live_quote['id']}").get_json()["status"] == "accepted"

    # The live quote takes the correction.
    fixed = client.patch(f"/api/v1/quotes/{live_quote['id']}", json={"status": "rejected"}, headers=auth)
    assert fixed.status_code == 200 and fixed.get_json()["status"] == "rejected"

    # A quote rejected in its own revision is not "superseded" by the next one, but it is
    # just as dead: accepting it would put an old revision's quote back into statements.
    assert client.post("/api/v1/articles", json={"text": THIRD, "url": URL}, headers=auth).status_code == 201
    refused = client.patch(f"/api/v1/quotes/{live_quote['id']}", json={"status": "accepted"}, headers=auth)
    assert_error(refused, 409)
    newest = int(refused.headers["Link"].split("/quotes/")[1].split(">")[0])
    assert newest not in (old_quote["id"], live_quote["id"])
    # Rejected again (the editor's override holds), so hidden like any rejected quote.
    assert client.get(f"/api/v1/quotes/{newest}").status_code == 404
    assert client.get(f"/api/v1/quotes/{live_quote['id']}").status_code == 404  # and the old one untouched
