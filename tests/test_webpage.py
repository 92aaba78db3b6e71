"""HTML ingest: a news page's body, title, date and author; boilerplate gives no quotes.

tests/data/article_page.html is a realistic page written for these tests: navigation, a
promo banner, a figure caption, a "related articles" list and a footer, each with quote
marks in it, around a body with two direct quotes and two reported ones.
"""

import re
import socket
import threading
from datetime import date
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import lxml.html
import pytest

from quotetrack.errors import InvalidInput
from quotetrack.quotes import extract_quotes
from quotetrack.sources.webpage import article_from_html, article_from_page, fetch_html

from .test_fetch_policy import PUBLIC_STAND_IN, treat_stand_in_as_public

PAGE = Path(__file__).parent / "data" / "article_page.html"
BODY_QUOTES = {
    "We cannot wait for another storm to decide this for us,": "Helen Acosta",
    "The water was in people's kitchens in January.": "Helen Acosta",
    "the town should have sought a second engineering opinion": "Ray Dunmore",
    "I am not against the wall. I am against paying twice for it,": "Ray Dunmore",
    "she had lost a month of business to the flooding": "Marta Keane",
}
# Quoted words outside the article body: nav, promo banner, caption, related links, footer.
BOILERPLATE = (
    "Opinion,",
    "Best local coverage in the state,",
    "It held for ninety years,",
    "We will keep the ferry running,",
    "enough is enough",
    "Independent journalism for the coast since 1921,",
    "Subscribe now,",  # inside a <script>
)


def _whole_page_text() -> str:
    """What a naive scraper gets: every visible text of the page, one block per line."""
    page = lxml.html.fromstring(PAGE.read_text(encoding="utf-8"))
    for element in page.xpath("//script|//style"):
        element.drop_tree()
    lines = (line.strip() for line in page.body.text_content().splitlines())
    return "\n".join(line for line in lines if line)


def test_page_gives_body_and_metadata():
    article = article_from_html(PAGE.read_bytes())
    assert article.title == "Harbor town votes to rebuild its sea wall"
    assert article.published == date(2025, 3, 14)
    assert article.author == "Dana Whitcombe"
    assert article.outlet == "The Coastal Ledger"
    assert article.url == "https://ledger.example/news/harbor-sea-wall"  # the page's canonical link
    paragraphs = article.text.splitlines()
    assert any(p.startswith("The town council of Pell Harbor voted 6 to 1") for p in paragraphs)
    assert any(p.startswith("Residents who spoke at the meeting") for p in paragraphs)
    for words in (*BOILERPLATE, "Related articles", "Privacy policy", "Photo: Ledger staff"):
        assert words not in article.text


def test_fields_given_win_over_the_page():
    article = article_from_html(PAGE.read_text(encoding="utf-8"), title="Sea wall vote", outlet=None)
    assert article.title == "Sea wall vote"
    assert article.outlet == "The Coastal Ledger"  # None means "not given", so the page's counts


def test_a_page_without_a_body_is_invalid_input():
    # (A page with any text at all gives that text: trafilatura falls back to the whole page.)
    with pytest.raises(InvalidInput) as raised:
        article_from_html(
            "<html><head><title>x</title></head><body><script>var a;</script><img src=a.jpg></body></html>"
        )
    assert "html" in raised.value.errors


@pytest.mark.model
def test_only_the_bodys_quotes_come_out(nlp):
    # Control: the boilerplate of this page does yield quotes when it is not removed...
    naive = {q.text for q in extract_quotes(_whole_page_text(), nlp)[0]}
    assert {
        "It held for ninety years,",
        "We will keep the ferry running,",
        "Best local coverage in the state,",
    } <= naive
    # ...and none once trafilatura has removed it.
    article = article_from_html(PAGE.read_bytes())
    quotes, _ = extract_quotes(article.text, nlp)
    found = {q.text: (q.speaker.name if q.speaker else None) for q in quotes}
    for quote in quotes:
        assert article.text[quote.start : quote.end] == quote.text  # offsets refer to the stored text
        assert not any(words in quote.text for words in BOILERPLATE), quote.text
    for text, speaker in BODY_QUOTES.items():
        assert found.get(text) == speaker, (text, found)
    # Everything found lies in the body's paragraphs (the headline line has no quotes).
    body = PAGE.read_text(encoding="utf-8").split('<div class="story-body">')[1].split("</div>")[0]
    assert all(q.text.replace("'", "&#39;") in body or q.text in body for q in quotes)


@pytest.mark.model
def test_api_ingests_html_and_explicit_fields_win(client, auth):
    response = client.post(
        "/api/v1/articles", json={"html": PAGE.read_text(encoding="utf-8"), "outlet": "Ledger (print)"}, headers=auth
    )
    assert response.status_code == 201, response.get_json()
    data = response.get_json()
    article = data["article"]
    assert article["title"] == "Harbor town votes to rebuild its sea wall"
    assert article["outlet"] == "Ledger (print)"
    assert article["published"] == "2025-03-14" and article["author"] == "Dana Whitcombe"
    texts = {q["text"] for q in data["quotes"]}
    assert set(BODY_QUOTES) <= texts
    assert not any(words in text for text in texts for words in BOILERPLATE)
    stored = article_from_html(PAGE.read_bytes()).text
    for quote in data["quotes"]:
        assert stored[quote["start"] : quote["end"]] == quote["text"]
    # The API returns that extracted text (what the offsets index), not the HTML the client sent.
    assert client.get(f"/api/v1/articles/{article['id']}").get_json()["text"] == stored
    # The page's canonical URL identifies the article: posting it again gives the stored copy.
    again = client.post("/api/v1/articles", json={"html": PAGE.read_text(encoding="utf-8")}, headers=auth)
    assert again.status_code == 200 and again.get_json()["article"]["id"] == article["id"]


@pytest.mark.model
@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"text": "He said so.", "html": "<p>He said so.</p>"}, "html"),
        ({"title": "Nothing else"}, "text"),
        ({"url": "http://127.0.0.1:9/page.html"}, "url"),  # FETCH_URLS is off: nothing is fetched
        ({"html": "<html><body><img src=a.jpg></body></html>"}, "html"),
    ],
)
def test_api_rejects_missing_double_or_unfetchable_bodies(client, auth, body, field):
    response = client.post("/api/v1/articles", json=body, headers=auth)
    assert response.status_code == 422, response.get_json()
    assert field in response.get_json()["errors"]["json"]


class _Page(BaseHTTPRequestHandler):
    def do_GET(self):
        body = PAGE.read_bytes()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture
def page_server(monkeypatch):
    """The page on 127.0.0.2, which the fetcher is told to treat as a public site."""
    treat_stand_in_as_public(monkeypatch)
    server = ThreadingHTTPServer((PUBLIC_STAND_IN, 0), _Page)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://{PUBLIC_STAND_IN}:{server.server_address[1]}/harbor.html"
    server.shutdown()
    server.server_close()


def test_fetch_reads_http_pages_within_the_cap(page_server):
    assert fetch_html(page_server) == PAGE.read_bytes()
    article = article_from_page(None, fetch=True, url=page_server)
    assert article.url == page_server and "Pell Harbor" in article.text
    with pytest.raises(InvalidInput, match="over 1000 bytes"):
        fetch_html(page_server, max_bytes=1000)


@pytest.mark.parametrize("url", ["file:///etc/passwd", "ftp://127.0.0.1/page.html", "javascript:alert(1)"])
def test_fetch_refuses_other_schemes(url):
    with pytest.raises(InvalidInput, match="only http and https"):
        fetch_html(url)


def test_fetch_gives_up_after_its_timeout(monkeypatch):
    treat_stand_in_as_public(monkeypatch)
    with socket.socket() as silent:  # accepts the connection (backlog) and never answers
        silent.bind((PUBLIC_STAND_IN, 0))
        silent.listen(1)
        with pytest.raises(InvalidInput, match="longer than 0.5 s"):
            fetch_html(f"http://{PUBLIC_STAND_IN}:{silent.getsockname()[1]}/", timeout=0.5)


def test_fetch_is_off_unless_asked():
    with pytest.raises(InvalidInput, match="FETCH_URLS is off"):
        article_from_page(None, fetch=False, url="http://127.0.0.1:9/")


@pytest.mark.model
def test_api_fetches_when_the_setting_is_on(database_url, nlp, page_server):
    from api import create_app

    from .conftest import make_key, migrate

    migrate(database_url)
    app = create_app({"DATABASE_URL": database_url, "FETCH_URLS": True, "TESTING": True})
    response = app.test_client().post("/api/v1/articles", json={"url": page_server}, headers=make_key(app))
    app.extensions["quotetrack"].db.engine.dispose()
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["article"]["url"] == page_server
    assert set(BODY_QUOTES) <= {q["text"] for q in response.get_json()["quotes"]}


def test_whole_page_text_control_is_what_a_naive_scraper_sees():
    # Guards the control above: the boilerplate really is in the naive text.
    text = _whole_page_text()
    assert all(words in text for words in BOILERPLATE[:-1])
    assert re.search(r"^Related articles$", text, re.M)
