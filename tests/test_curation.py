"""Editorial corrections over the API, with the real pipeline: keys and scopes, reattribution,
rejection, speaker edits, merge, split, the audit log, and corrections surviving
re-ingestion and re-extraction."""

import pytest

from quotetrack import service
from quotetrack.types import Article

from .conftest import make_key
from .test_api import assert_error

pytestmark = pytest.mark.model

POST = {
    "text": "“We will look at every option on the table,” former President Obama said in Chicago.",
    "outlet": "The Washington Post",
    "url": "https://example.org/post",
    "published": "2024-11-20",
}
NYT = {
    "text": "“Do not give up on each other,” Michelle Obama said at the rally.",
    "outlet": "The New York Times",
    "url": "https://example.org/nyt",
    "published": "2024-11-21",
}
HOMAN = {
    "text": "“We will do it with or without them,” Tom Homan said on Monday.\n\n"
    "“The shelter needs volunteers this winter,” Tom Homan said at the meeting.",
    "outlet": "Example Times",
    "url": "https://example.org/homan",
    "published": "2024-11-22",
}


def post(client, auth, body):
    response = client.post("/api/v1/articles", json=body, headers=auth)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def test_writes_need_a_key_with_the_scope_and_reads_do_not(client, app):
    assert_error(client.post("/api/v1/articles", json=POST), 401)
    assert_error(client.post("/api/v1/articles", json=POST, headers={"Authorization": "Bearer qt_wrong"}), 401)
    curate_only = make_key(app, "editor", ("curate",))
    body = assert_error(client.post("/api/v1/articles", json=POST, headers=curate_only), 403)
    assert "ingest" in body["message"]
    ingest_only = make_key(app, "robot", ("ingest",))
    quote = post(client, ingest_only, POST)["quotes"][0]
    assert_error(client.patch(f"/api/v1/quotes/{quote['id']}", json={"status": "rejected"}, headers=ingest_only), 403)
    assert_error(client.patch(f"/api/v1/quotes/{quote['id']}", json={"status": "rejected"}), 401)
    assert client.get(f"/api/v1/quotes/{quote['id']}").status_code == 200
    spec = client.get("/api/v1/openapi.json").get_json()
    assert spec["components"]["securitySchemes"]["bearerAuth"] == {
        "type": "http",
        "scheme": "bearer",
        "description": spec["components"]["securitySchemes"]["bearerAuth"]["description"],
    }
    patch = spec["paths"]["/api/v1/quotes/{quote_id}"]["patch"]
    assert patch["security"] == [{"bearerAuth": []}] and {"401", "403"} <= set(patch["responses"])
    assert "security" not in spec["paths"]["/api/v1/quotes/{quote_id}"]["get"]


def test_the_obama_case_and_an_editors_merge(client, auth):
    barack = post(client, auth, POST)["quotes"][0]
    michelle = post(client, auth, NYT)["quotes"][0]
    # One Obama on record when the Post came: its bare "Obama" is its own speaker, ambiguous.
    assert barack["speaker"]["name"] == "Obama" and michelle["speaker"]["name"] == "Michelle Obama"
    assert client.get(f"/api/v1/quotes/{barack['id']}").get_json()["speaker"]["name"] == "Obama"
    ambiguous = client.get("/api/v1/speakers?ambiguous=true").get_json()["items"]
    assert [s["name"] for s in ambiguous] == ["Obama"]

    renamed = client.patch(
        f"/api/v1/speakers/{barack['speaker']['slug']}",
        json={"name": "Barack Obama", "wikidata_id": "Q76", "titles": ["former President"]},
        headers=auth,
    )
    assert renamed.status_code == 200, renamed.get_json()
    assert renamed.get_json()["ambiguous"] is False and renamed.get_json()["wikidata_id"] == "Q76"
    # Later articles naming him now join him.
    later = post(
        client,
        auth,
        {**POST, "url": "https://example.org/later", "text": POST["text"].replace("Obama", "Barack Obama")},
    )
    assert later["quotes"][0]["speaker"]["id"] == barack["speaker"]["id"]

    conflict = client.patch(
        f"/api/v1/speakers/{michelle['speaker']['slug']}", json={"wikidata_id": "Q76"}, headers=auth
    )
    assert_error(conflict, 409)
    merged = client.post(
        f"/api/v1/speakers/{michelle['speaker']['slug']}/merge", json={"into": barack["speaker"]["slug"]}, headers=auth
    )
    assert merged.status_code == 200 and merged.get_json()["quote_count"] == 3
    # The merged slug answers as the speaker it went into.
    assert client.get(f"/api/v1/speakers/{michelle['speaker']['slug']}").get_json()["id"] == barack["speaker"]["id"]
    audit = client.get("/api/v1/audit?per_page=10").get_json()
    assert audit["total"] == 2 and [e["action"] for e in audit["items"]] == ["speaker.merge", "speaker.update"]
    assert audit["items"][1]["key_name"] == "tests"
    assert audit["items"][1]["before"]["name"] == "Obama" and audit["items"][1]["after"]["name"] == "Barack Obama"


def test_reattribution_and_rejection_survive_reingest_and_reextraction(client, app, auth, nlp):
    homan = post(client, auth, HOMAN)
    first, second = homan["quotes"]
    assert first["speaker"]["id"] == second["speaker"]["id"]
    moved = client.patch(f"/api/v1/quotes/{second['id']}", json={"speaker_name": "Jane Homan"}, headers=auth)
    assert moved.status_code == 200 and moved.get_json()["speaker"]["name"] == "Jane Homan"
    assert moved.get_json()["identity"]["method"] == "editor"
    rejected = client.patch(f"/api/v1/quotes/{first['id']}", json={"status": "rejected"}, headers=auth)
    assert rejected.get_json()["status"] == "rejected"
    assert client.get("/api/v1/quotes?q=with+or+without").get_json()["total"] == 0
    assert client.get(f"/api/v1/quotes/{first['id']}").status_code == 404
    assert client.get(f"/cards/quotes/{first['id']}").status_code == 404
    undone = client.patch(f"/api/v1/quotes/{first['id']}", json={"status": "accepted"}, headers=auth)
    assert undone.get_json()["status"] == "accepted" and client.get(f"/api/v1/quotes/{first['id']}").status_code == 200
    client.patch(f"/api/v1/quotes/{first['id']}", json={"status": "rejected"}, headers=auth)

    def state():
        quotes = client.get(f"/api/v1/articles/{homan['article']['id']}/quotes").get_json()
        return [(q["text"][:20], q["speaker"]["name"]) for q in quotes]

    assert state() == [("The shelter needs vo", "Jane Homan")]
    db = app.extensions["quotetrack"].db
    service.reextract(homan["article"]["id"], nlp, db)
    assert state() == [("The shelter needs vo", "Jane Homan")]
    # The same URL with edited text: the spans move, the corrections follow the wording.
    edited = Article(text="Updated.\n\n" + HOMAN["text"], outlet=HOMAN["outlet"], url=HOMAN["url"])
    service.ingest(edited, nlp, db, 20_000)
    assert state() == [("The shelter needs vo", "Jane Homan")]
    with db.reading() as session:  # the rejected quote is still stored, still rejected
        from sqlalchemy import select

        from quotetrack.storage.models import QuoteRow

        # The edited text is revision 2 of the article; revision 1's quotes stay, superseded.
        current = (QuoteRow.article_id == homan["article"]["id"], QuoteRow.revision == 2)
        statuses = sorted(session.scalars(select(QuoteRow.status).where(*current)))
    assert statuses == ["accepted", "rejected"]


def test_split_and_statements_follow_the_corrected_speaker(client, auth):
    homan = post(client, auth, HOMAN)
    copy = post(client, auth, {**HOMAN, "url": "https://example.org/homan-copy", "outlet": "Other Times"})
    tom = homan["quotes"][0]["speaker"]["slug"]
    statements = client.get(f"/api/v1/speakers/{tom}/statements").get_json()
    assert statements["total"] == 2 and all(s["outlet_count"] == 2 for s in statements["items"])
    shelter = [q["id"] for q in homan["quotes"] + copy["quotes"] if q["text"].startswith("The shelter")]
    new = client.post(f"/api/v1/speakers/{tom}/split", json={"quotes": shelter, "name": "Jane Homan"}, headers=auth)
    assert new.status_code == 201, new.get_json()
    jane = new.get_json()
    assert jane["name"] == "Jane Homan" and jane["quote_count"] == 2 and jane["statement_count"] == 1
    assert client.get(f"/api/v1/speakers/{tom}").get_json()["statement_count"] == 1
    moved = client.get(f"/api/v1/speakers/{jane['slug']}/statements").get_json()["items"][0]
    assert moved["outlet_count"] == 2 and moved["speaker"]["name"] == "Jane Homan"
    assert_error(
        client.post(f"/api/v1/speakers/{tom}/split", json={"quotes": shelter}, headers=auth), 404
    )  # no longer Tom's


@pytest.mark.parametrize(
    "path, method, body",
    [
        ("/api/v1/quotes/1", "patch", {}),  # nothing to change
        ("/api/v1/quotes/1", "patch", {"status": "deleted"}),
        ("/api/v1/quotes/1", "patch", {"speaker": "x", "speaker_name": "y"}),
        ("/api/v1/quotes/1", "patch", {"speaker_kind": "group"}),
        ("/api/v1/speakers/1", "patch", {"wikidata_id": "76"}),
        ("/api/v1/speakers/1", "patch", {"kind": "robot"}),
        ("/api/v1/speakers/1", "patch", {"aliases": "Tom"}),
        ("/api/v1/speakers/1", "patch", {"surprise": 1}),
        ("/api/v1/speakers/1/merge", "post", {}),
        ("/api/v1/speakers/1/split", "post", {"quotes": []}),
        ("/api/v1/speakers/1/split", "post", {"quotes": ["a"]}),
        ("/api/v1/audit?target=statement:1", "get", None),
        ("/api/v1/audit?per_page=0", "get", None),
    ],
)
def test_bad_corrections_are_422(client, auth, path, method, body):
    post(client, auth, HOMAN)
    kwargs = {"json": body, "headers": auth} if body is not None else {}
    assert_error(getattr(client, method)(path, **kwargs), 422)


def test_unknown_targets_are_404_and_self_merge_409(client, auth):
    homan = post(client, auth, HOMAN)
    slug = homan["quotes"][0]["speaker"]["slug"]
    assert_error(client.patch("/api/v1/quotes/999", json={"status": "rejected"}, headers=auth), 404)
    assert_error(
        client.patch(f"/api/v1/quotes/{homan['quotes'][0]['id']}", json={"speaker": "nobody"}, headers=auth), 404
    )
    assert_error(client.patch("/api/v1/speakers/nobody", json={"name": "X"}, headers=auth), 404)
    assert_error(client.post(f"/api/v1/speakers/{slug}/merge", json={"into": "nobody"}, headers=auth), 404)
    assert_error(client.post(f"/api/v1/speakers/{slug}/merge", json={"into": slug}, headers=auth), 409)
