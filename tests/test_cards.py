"""Cards, oEmbed and pages through the test client: headers, caching, errors. What a
browser shows is in test_browser.py."""

import re
from html.parser import HTMLParser

import pytest

from quotetrack.cards.render import render_quote_png

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
    assert client.get(f"/api/v1/oembed?url=http://localhost/cards/quotes/{quote_id}&format=xml").status_code == 501
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


class _Blocks(HTMLParser):
    """The text of each block of a card page, as a browser collapses its white space."""

    WANTED = ("label", "reported", "byline", "source", "small-print")

    def __init__(self):
        super().__init__()
        self.texts: dict[str, str] = {}
        self.open: list[tuple[str, int]] = []  # (block, depth) being read
        self.depth = 0

    def handle_starttag(self, tag, attrs):
        self.depth += 1
        classes = (dict(attrs).get("class") or "").split()
        name = "body" if tag == "blockquote" else next((c for c in classes if c in self.WANTED), None)
        if name and not self.open:
            self.open.append((name, self.depth))
            self.texts[name] = ""

    def handle_endtag(self, tag):
        if self.open and self.open[-1][1] == self.depth:
            self.open.pop()
        self.depth -= 1

    def handle_data(self, data):
        if self.open:
            self.texts[self.open[-1][0]] += data


def _rendered_blocks(html: str) -> dict[str, str]:
    parser = _Blocks()
    parser.feed(html.split("<body>", 1)[1])
    texts = {k: " ".join(v.split()) for k, v in parser.texts.items()}
    if "reported" in texts:
        texts["body"] = texts.pop("reported")
    return texts


def _model_blocks(card) -> dict[str, str]:
    blocks = card.blocks()
    texts = {
        "body": " ".join("".join(t for t, _ in blocks.body).split()),
        "byline": "".join(t for t, _ in blocks.byline),
        "source": blocks.source,
        "small-print": blocks.small_print,
    }
    return {**texts, **({"label": blocks.label} if blocks.label else {})}


def test_the_height_model_measures_the_text_the_card_shows(app, client, auth):
    """card_layout computes the height from CardText.blocks(); the template renders the card:
    both must hold the same text, block by block, or the height is of another card."""
    from api.card_making import build_quote_card, build_statement_card
    from quotetrack.cards import card_text

    text = (
        "“We will not let the shelters close this winter,” Gov. Linda Marsh said.\n\n"
        "Marsh said the state would use “every tool in the toolbox” to keep them open.\n\n"
        "Marsh said the budget would hold."
    )
    article = {**ARTICLE, "text": text, "url": "https://example.org/blocks"}
    quotes = client.post("/api/v1/articles", json=article, headers=auth).get_json()["quotes"]
    assert {q["kind"] for q in quotes} >= {"direct", "indirect"}
    statement_ids = {q["statement_id"] for q in quotes if q["statement_id"]}
    pages = [(f"/cards/quotes/{q['id']}", build_quote_card, q["id"]) for q in quotes]
    pages += [(f"/cards/statements/{s}", build_statement_card, s) for s in statement_ids]
    for path, build, item_id in pages:
        with app.test_request_context(path):
            card = build(item_id).text
        max_height = card.first_words(2).height(360)  # room for two words of the wording (or more)
        cut, _ = card_text.fit(card, 360, max_height)
        for shown, query in ((card, "width=360"), (cut, f"width=360&maxheight={max_height}")):
            html = client.get(f"{path}?{query}").get_data(as_text=True)
            assert _rendered_blocks(html) == _model_blocks(shown), (path, query)
            assert ("read in full" in html) == shown.shortened


def test_oembed_height_follows_the_wording_and_maxheight_cuts_it(client, auth):
    long_text = (
        "“" + " ".join(["The shelters will stay open all winter and every night"] * 12) + ",” Gov. Linda Marsh said."
    )
    article = {**ARTICLE, "text": long_text, "url": "https://example.org/long"}
    long_id = client.post("/api/v1/articles", json=article, headers=auth).get_json()["quotes"][0]["id"]
    short_id = client.post("/api/v1/articles", json=ARTICLE, headers=auth).get_json()["quotes"][0]["id"]

    def oembed(item_id, **params):
        return client.get("/api/v1/oembed", query_string={"url": f"http://localhost/cards/quotes/{item_id}", **params})

    long, short = (oembed(i, maxwidth=360).get_json() for i in (long_id, short_id))
    assert long["height"] > short["height"] + 150
    assert f'height="{long["height"]}"' in long["html"] and "maxheight" not in long["html"]
    assert oembed(long_id, maxwidth=800).get_json()["height"] < long["height"]

    cut = oembed(long_id, maxwidth=360, maxheight=250).get_json()
    assert cut["height"] <= 250 and "maxheight=250" in cut["html"]
    card = client.get(f"/cards/quotes/{long_id}?width=360&maxheight=250").get_data(as_text=True)
    assert "…”" in card and 'class="read-more"' in card and "/articles/" in card and "Linda Marsh" in card
    style = card.split("<style>")[1].split("</style>")[0]
    assert not re.search(r"overflow(-[xy])?\s*:|hidden|clip|max-height|[^-]height\s*:", style)  # nothing clips

    refused = oembed(long_id, maxwidth=360, maxheight=40)
    assert refused.status_code == 422 and set(refused.get_json()) == {"code", "status", "message", "errors"}
    assert "maxheight" in refused.get_json()["errors"]["query"]
    assert client.get(f"/cards/quotes/{long_id}?maxheight=40").status_code == 422
    assert client.get(f"/cards/quotes/{long_id}?maxheight=tall").status_code == 422


def test_statement_oembed_title_keeps_the_marks_and_the_facts(client, auth):
    quote = client.post("/api/v1/articles", json=ARTICLE, headers=auth).get_json()["quotes"][0]
    answer = client.get(f"/api/v1/oembed?url=http://localhost/cards/statements/{quote['statement_id']}").get_json()
    assert answer["title"].startswith("“We will not let the shelters close this winter”")
    assert " — direct quote · attributed by " in answer["title"] and "confidence" in answer["title"]
    quote_answer = client.get(f"/api/v1/oembed?url=http://localhost/cards/quotes/{quote['id']}").get_json()
    assert quote_answer["title"] == answer["title"]  # one wording, one quote: the same facts


# -- cards that resize their iframe (issue 42 item 1) ------------------------------------------------


def test_the_card_reports_its_height_with_one_script_the_csp_allows_by_hash(client, quote_id):
    import base64
    import hashlib

    response = client.get(f"/cards/quotes/{quote_id}")
    html = response.get_data(as_text=True)
    policy = response.headers["Content-Security-Policy"]
    scripts = re.findall(r"<script>(.*?)</script>", html, re.S)  # the executable ones (no type=)
    assert len(scripts) == 1 and "quotetrack:card-height" in scripts[0] and "postMessage" in scripts[0]
    digest = base64.b64encode(hashlib.sha256(scripts[0].encode()).digest()).decode()
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["default-src"] == "'none'"
    assert directives["script-src"] == f"'sha256-{digest}'"  # that script, nothing else
    assert "unsafe" not in directives["script-src"]


def test_the_oembed_html_resizes_its_iframe_on_the_cards_message(client, quote_id):
    body = client.get(f"/api/v1/oembed?url=http://localhost/cards/quotes/{quote_id}&maxwidth=400").get_json()
    html = body["html"]
    assert html.startswith("<iframe") and f'height="{body["height"]}"' in html  # the fallback without script
    script = html.split("<script>", 1)[1]
    assert "quotetrack:card-height" in script and "addEventListener" in script
    assert "e.source" in script and '"http://localhost"' in script  # the card iframe, from the card's origin


def test_oembed_honours_a_narrow_maxwidth_and_answers_501_for_xml(client, quote_id):
    def oembed(**params):
        return client.get("/api/v1/oembed", query_string={"url": f"http://localhost/cards/quotes/{quote_id}", **params})

    from quotetrack.cards.render import MIN_WIDTH

    narrow = oembed(maxwidth=240).get_json()
    assert narrow["width"] == 240 and 'width="240"' in narrow["html"] and "width=240" in narrow["html"]
    assert narrow["height"] > oembed(maxwidth=600).get_json()["height"]  # the height for that width
    smallest = oembed(maxwidth=50).get_json()
    assert smallest["width"] == MIN_WIDTH < 240  # below the smallest width the layout supports: that width
    xml = oembed(format="xml")
    assert xml.status_code == 501 and set(xml.get_json()) == {"code", "status", "message", "errors"}
    assert "format" in xml.get_json()["errors"]["query"]
