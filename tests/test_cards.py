"""Cards, oEmbed and pages through the test client: headers, caching, errors. What a
browser shows is in test_browser.py."""

import pytest

from quotetrack.cards import render_quote_png

from .conftest import make_key, migrate

pytestmark = pytest.mark.model

ARTICLE = {
    "text": "“We will not let the shelters close this winter,” Gov. Linda Marsh said.",
    "outlet": "Example Times",
    "url": "https://example.org/shelters",
    "published": "2024-11-20",
}


@pytest.fixture
def quote_id(client, auth):
    return client.post("/api/v1/articles", json=ARTICLE, headers=auth).get_json()["quotes"][0]["id"]


def test_card_is_self_contained_cached_and_locked_down(client, quote_id):
    response = client.get(f"/cards/quotes/{quote_id}")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<blockquote" in html and "<figure" in html and "<cite>" in html
    assert '"@type": "Quotation"' in html
    assert "<script src" not in html and '<link rel="stylesheet"' not in html and "<img" not in html
    assert 'type="application/json+oembed"' in html and 'property="og:image"' in html
    assert "frame-ancestors *" in response.headers["Content-Security-Policy"]
    assert "max-age=300" in response.headers["Cache-Control"]
    again = client.get(f"/cards/quotes/{quote_id}", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304


def test_frame_ancestors_is_a_setting(database_url, nlp):
    from api import create_app

    migrate(database_url)
    app = create_app({"DATABASE_URL": database_url, "FRAME_ANCESTORS": "https://cms.example.org"})
    client = app.test_client()
    quote_id = client.post("/api/v1/articles", json=ARTICLE, headers=make_key(app)).get_json()["quotes"][0]["id"]
    assert (
        "frame-ancestors https://cms.example.org"
        in client.get(f"/cards/quotes/{quote_id}").headers["Content-Security-Policy"]
    )
    app.extensions["quotetrack"].db.engine.dispose()


def test_oembed_answers_rich_iframe_html(client, quote_id):
    body = client.get(f"/api/v1/oembed?url=http://localhost/cards/quotes/{quote_id}&maxwidth=400").get_json()
    assert body["type"] == "rich" and body["version"] == "1.0" and body["width"] == 400
    assert body["html"].startswith("<iframe") and f"/cards/quotes/{quote_id}" in body["html"]
    assert body["author_name"] == "Linda Marsh"
    assert client.get("/api/v1/oembed?url=http://localhost/elsewhere/1").status_code == 404
    assert client.get(f"/api/v1/oembed?url=http://localhost/cards/quotes/{quote_id}&format=xml").status_code == 422
    assert client.get("/api/v1/oembed").status_code == 422
    assert client.get("/api/v1/oembed?url=http://localhost/cards/quotes/999").status_code == 404


def test_card_errors_use_the_error_shape(client, quote_id):
    for url in ("/cards/quotes/999", "/cards/statements/999", "/cards/quotes/999.png"):
        response = client.get(url)
        assert response.status_code == 404 and set(response.get_json()) == {"code", "status", "message", "errors"}
    assert client.get(f"/cards/quotes/{quote_id}?theme=neon").status_code == 422
    assert client.get(f"/cards/quotes/{quote_id}?width=wide").status_code == 422


def test_png_card_for_social_sharing(client, quote_id):
    response = client.get(f"/cards/quotes/{quote_id}.png")
    assert response.status_code == 200 and response.mimetype == "image/png"
    assert response.data[:8] == b"\x89PNG\r\n\x1a\n"


def test_png_rendering_fits_long_quotes():
    image = render_quote_png("word " * 120, "A Speaker", "Outlet · November 1, 2024")
    assert image[:4] == b"\x89PNG"


def test_journalist_pages_render(client, quote_id):
    assert b"Widely reported statements" in client.get("/").data
    assert b"Linda Marsh" in client.get("/?q=shelters").data
    assert b"Verdict" in client.get("/verify?text=We+will+not+let+the+shelters+close").data
    assert client.get("/statements/999").status_code == 404
