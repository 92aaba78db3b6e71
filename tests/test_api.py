"""The REST API through Flask's test client (in-process WSGI; test_http.py uses real HTTP)."""

import pytest

from quotetrack.storage.quote_search import QuoteFilters, search_quotes

from .conftest import post_seeds

pytestmark = pytest.mark.model

ARTICLE = {
    "text": (
        "Gov. Linda Marsh spoke in Albany on Friday.\n\n"
        "“We will not let the shelters close this winter,” Marsh said.\n\n"
        "The governor said the state would add 300 beds before December."
    ),
    "outlet": "Example Times",
    "title": "Shelters stay open",
    "url": "https://example.org/shelters",
    "published": "2024-11-20",
}


def assert_error(response, status):
    assert response.status_code == status, response.get_json()
    body = response.get_json()
    assert set(body) == {"code", "status", "message", "errors"}
    assert body["code"] == status
    return body


def test_ingest_returns_the_article_with_its_quotes(client, auth):
    response = client.post("/api/v1/articles", json=ARTICLE, headers=auth)
    assert response.status_code == 201
    body = response.get_json()
    assert body["created"] is True
    assert body["article"]["outlet"] == "Example Times"
    texts = {q["text"]: q for q in body["quotes"]}
    direct = texts["We will not let the shelters close this winter,"]
    assert direct["speaker"]["name"] == "Linda Marsh"
    assert ARTICLE["text"][direct["start"] : direct["end"]] == direct["text"]
    again = client.post("/api/v1/articles", json=ARTICLE, headers=auth)
    assert again.status_code == 200 and again.get_json()["created"] is False


def test_read_back_articles_speakers_and_quotes(client, auth):
    article_id = client.post("/api/v1/articles", json=ARTICLE, headers=auth).get_json()["article"]["id"]
    assert client.get(f"/api/v1/articles/{article_id}").get_json()["quote_count"] == 2
    quotes = client.get(f"/api/v1/articles/{article_id}/quotes").get_json()
    assert [q["kind"] for q in quotes] == ["direct", "indirect"]

    speakers = client.get("/api/v1/speakers?q=marsh").get_json()
    assert speakers["total"] == 1
    marsh = speakers["items"][0]
    assert marsh["slug"] == "linda-marsh" and marsh["quote_count"] == 2
    assert client.get("/api/v1/speakers/linda-marsh").get_json()["id"] == marsh["id"]
    assert client.get(f"/api/v1/speakers/{marsh['id']}").get_json()["slug"] == "linda-marsh"

    page = client.get("/api/v1/speakers/linda-marsh/quotes?kind=indirect").get_json()
    assert page["total"] == 1 and page["items"][0]["attribution_method"] == "role"
    assert client.get("/api/v1/speakers/linda-marsh/quotes?outlet=Other").get_json()["total"] == 0
    assert client.get("/api/v1/speakers/linda-marsh/quotes?date_from=2024-11-21").get_json()["total"] == 0
    assert client.get("/api/v1/speakers/linda-marsh/quotes?date_to=2024-11-20").get_json()["total"] == 2

    found = client.get("/api/v1/quotes?q=shelters+winter").get_json()
    assert found["total"] == 1
    detail = client.get(f"/api/v1/quotes/{found['items'][0]['id']}").get_json()
    assert detail["sentence"].startswith("“We will not let")
    assert detail["article"]["url"] == ARTICLE["url"]


def test_an_article_returns_the_text_its_quote_offsets_index(client, auth):
    post_seeds(client, auth)
    articles = client.get("/api/v1/articles?per_page=100").get_json()["items"]
    assert len(articles) == 5
    for brief in articles:
        article = client.get(f"/api/v1/articles/{brief['id']}").get_json()
        quotes = client.get(f"/api/v1/articles/{brief['id']}/quotes").get_json()
        assert article["text"] and quotes
        for quote in quotes:
            assert article["text"][quote["start"] : quote["end"]] == quote["text"]
    assert "text" not in articles[0]  # lists stay light: the text is on the one article


def test_pagination(client, auth):
    client.post("/api/v1/articles", json=ARTICLE, headers=auth)
    first = client.get("/api/v1/quotes?per_page=1&page=1").get_json()
    second = client.get("/api/v1/quotes?per_page=1&page=2").get_json()
    assert first["total"] == second["total"] == 2
    assert first["items"][0]["id"] != second["items"][0]["id"]


def test_extract_stores_nothing(client, app):
    body = client.post("/api/v1/extract", json={"text": ARTICLE["text"]}).get_json()
    assert {q["speaker"] for q in body["quotes"]} == {"Linda Marsh"}
    with app.extensions["quotetrack"].db.reading() as session:
        assert search_quotes(session, QuoteFilters())[1] == 0


@pytest.mark.parametrize(
    "payload, content_type",
    [
        ({}, "application/json"),  # no text
        ({"text": ""}, "application/json"),  # empty text
        ({"text": 42}, "application/json"),  # wrong type
        ({"text": "Fine.", "published": "yesterday"}, "application/json"),  # bad date
        ({"text": "Fine.", "url": "not a url"}, "application/json"),
        ({"text": "Fine.", "surprise": 1}, "application/json"),  # unknown field
    ],
)
def test_bad_article_input_is_a_422_and_writes_nothing(client, app, auth, payload, content_type):
    body = assert_error(client.post("/api/v1/articles", json=payload, headers=auth), 422)
    assert body["errors"]
    with app.extensions["quotetrack"].db.reading() as session:
        assert search_quotes(session, QuoteFilters())[1] == 0


def test_body_that_is_not_json(client, auth):
    assert_error(client.post("/api/v1/articles", data="{not json", content_type="application/json", headers=auth), 400)
    assert_error(client.post("/api/v1/articles", data="text=hello", content_type="text/plain", headers=auth), 422)


def test_text_over_the_size_limit(client, auth):
    assert_error(client.post("/api/v1/articles", json={"text": "word " * 5000}, headers=auth), 422)
    assert_error(
        client.post("/api/v1/articles", data="x" * 200_000, content_type="application/json", headers=auth), 413
    )


def test_unknown_ids_and_bad_query_parameters(client):
    assert_error(client.get("/api/v1/articles/999"), 404)
    assert_error(client.get("/api/v1/articles/999/quotes"), 404)
    assert_error(client.get("/api/v1/speakers/nobody"), 404)
    assert_error(client.get("/api/v1/speakers/nobody/quotes"), 404)
    assert_error(client.get("/api/v1/quotes/999"), 404)
    assert_error(client.get("/api/v1/quotes?kind=shouted"), 422)
    assert_error(client.get("/api/v1/quotes?per_page=1000"), 422)
    assert_error(client.get("/api/v1/quotes?date_from=last-week"), 422)
    assert_error(client.get("/api/v1/no-such-endpoint"), 404)
    assert_error(client.delete("/api/v1/quotes"), 405)


def test_openapi_document_and_docs_page(client):
    spec = client.get("/api/v1/openapi.json").get_json()
    assert {"/api/v1/articles", "/api/v1/speakers/{id_or_slug}/quotes", "/api/v1/extract"} <= set(spec["paths"])
    assert "Error" in spec["components"]["schemas"]
    page = client.get("/api/v1/docs")
    assert page.status_code == 200 and b"swagger-ui" in page.data
    assert client.get("/api/v1/docs-assets/swagger-ui-bundle.js").status_code == 200
