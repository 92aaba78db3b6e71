"""Articles as a list, and their metadata corrected without touching text or quotes: by an
editor's PATCH (audited) or by re-posting the same text with fixed fields. Real pipeline,
real database (SQLite and PostgreSQL)."""

import pytest

from .conftest import make_key
from .test_api import assert_error

pytestmark = pytest.mark.model

GLOBE = {
    "text": "“The bridge will reopen in May,” Mayor Ana Ruiz said on Monday.",
    "outlet": "The Globe",
    "title": "Bridge to reopen",
    "url": "https://example.org/bridge",
    "published": "2024-11-20",
}
HERALD = {
    "text": "“Fares will not rise this year,” transit director Sam Holt said.",
    "outlet": "The Herald",
    "url": "https://example.org/fares",
    "published": "2024-11-22",
}


def test_articles_are_listed_newest_first_with_filters_and_pages(client, auth):
    for body in (GLOBE, HERALD):
        assert client.post("/api/v1/articles", json=body, headers=auth).status_code == 201
    page = client.get("/api/v1/articles").get_json()
    assert page["total"] == 2 and [a["outlet"] for a in page["items"]] == ["The Herald", "The Globe"]
    assert page["items"][0]["quote_count"] == 1
    assert client.get("/api/v1/articles?outlet=the globe").get_json()["total"] == 1
    assert client.get("/api/v1/articles?date_from=2024-11-21").get_json()["items"][0]["outlet"] == "The Herald"
    second = client.get("/api/v1/articles?per_page=1&page=2").get_json()
    assert second["total"] == 2 and [a["outlet"] for a in second["items"]] == ["The Globe"]
    assert_error(client.get("/api/v1/articles?page=0"), 422)


def test_an_editor_corrects_metadata_and_the_audit_log_keeps_it(client, app, auth):
    article = client.post("/api/v1/articles", json=GLOBE, headers=auth).get_json()["article"]

    def quotes():  # what a correction of metadata must leave alone
        listed = client.get(f"/api/v1/articles/{article['id']}/quotes").get_json()
        return [(q["id"], q["start"], q["end"], q["speaker"]["slug"]) for q in listed]

    quotes_before = quotes()
    fix = {"title": "Bridge to reopen in May", "published": "2024-11-19"}
    assert_error(client.patch(f"/api/v1/articles/{article['id']}", json=fix), 401)
    ingest_only = make_key(app, "robot", ("ingest",))
    assert_error(client.patch(f"/api/v1/articles/{article['id']}", json=fix, headers=ingest_only), 403)
    assert_error(client.patch(f"/api/v1/articles/{article['id']}", json={}, headers=auth), 422)
    assert_error(client.patch("/api/v1/articles/999999", json=fix, headers=auth), 404)

    fixed = client.patch(f"/api/v1/articles/{article['id']}", json=fix, headers=auth)
    assert fixed.status_code == 200, fixed.get_json()
    assert fixed.get_json()["title"] == "Bridge to reopen in May" and fixed.get_json()["published"] == "2024-11-19"
    assert quotes() == quotes_before
    entry = client.get(f"/api/v1/audit?target=article:{article['id']}").get_json()["items"][0]
    assert entry["before"]["title"] == "Bridge to reopen" and entry["after"]["published"] == "2024-11-19"


def test_reposting_the_same_text_with_a_corrected_title_updates_it(client, auth):
    first = client.post("/api/v1/articles", json=GLOBE, headers=auth).get_json()
    again = client.post("/api/v1/articles", json={**GLOBE, "title": "Bridge reopens in May"}, headers=auth)
    assert again.status_code == 200 and again.get_json()["created"] is False
    assert again.get_json()["article"]["title"] == "Bridge reopens in May"
    # Fields left out keep their stored values; the quotes are the same rows.
    assert again.get_json()["article"]["outlet"] == "The Globe"
    assert [q["id"] for q in again.get_json()["quotes"]] == [q["id"] for q in first["quotes"]]
