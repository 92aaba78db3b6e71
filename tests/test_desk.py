"""The journalist's desk through the test client: exports (CSV, JSON Lines) with the search
filters, the search page's filters and pagination, the article page, and honest labels on
pages, cards and oEmbed. What a browser shows is in test_desk_browser.py."""

from __future__ import annotations

import csv
import io
import json

import pytest

from api.export import COLUMNS

pytestmark = pytest.mark.model

TEXT = (
    "Mayor Jane Doe spoke to reporters on Monday.\n\n"
    "“=SUM(A1:A9) is not a formula, it is a slogan,” Doe said.\n\n"
    "Police chief Sam Roe said the department would not assist federal agents.\n\n"
    "“We will keep our streets safe, because we will,” Roe added.\n\n"
    "Roe said the city would use “every tool we have” to protect residents.\n\n"
    "“<img src=x onerror=alert(1)> & friends,” Doe said."
)
ARTICLE = {
    "text": TEXT,
    "outlet": "Test Outlet",
    "title": "A test <i>article</i>",
    "url": "https://example.org/desk",
    "published": "2024-11-20",
}
OTHER = {
    "text": "“Winter shelters stay open,” Gov. Linda Marsh said.\n\nMarsh said the budget would hold.",
    "outlet": "Other Paper",
    "url": "https://example.org/other",
    "published": "2024-10-01",
}


@pytest.fixture
def stored(client, auth):
    first = client.post("/api/v1/articles", json=ARTICLE, headers=auth).get_json()
    second = client.post("/api/v1/articles", json=OTHER, headers=auth).get_json()
    return first, second


def _csv(response) -> list[list[str]]:
    data = response.get_data(as_text=True)
    assert data.startswith("\ufeff")  # a UTF-8 BOM, so Excel reads the file as UTF-8
    return list(csv.reader(io.StringIO(data.removeprefix("\ufeff"))))


def test_csv_export_has_the_header_exact_offsets_and_no_formulas(client, stored):
    article, other = stored
    response = client.get("/api/v1/quotes/export.csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    assert response.headers["Content-Disposition"].startswith("attachment;")
    rows = _csv(response)
    assert tuple(rows[0]) == COLUMNS
    assert len(rows) - 1 == len(article["quotes"]) + len(other["quotes"])
    records = [dict(zip(COLUMNS, r, strict=True)) for r in rows[1:]]
    formula = next(r for r in records if "SUM(A1:A9)" in r["text"])
    assert formula["text"].startswith("'=SUM")  # a spreadsheet shows it, does not run it
    for record in records:
        assert not record["text"].startswith(("=", "+", "-", "@"))
        start, end = int(record["start"]), int(record["end"])
        source = TEXT if record["url"] == ARTICLE["url"] else OTHER["text"]
        assert source[start:end] == record["text"].removeprefix("'")
        assert 0 <= float(record["confidence"]) <= 1 and record["method"]
    trailing = next(r for r in records if "because we will" in r["text"])
    assert trailing["text"].endswith("because we will,")  # exports keep the exact wording


def test_exports_apply_the_search_filters(client, stored):
    def texts(query: str) -> list[str]:
        return [r[0] for r in _csv(client.get(f"/api/v1/quotes/export.csv?{query}"))[1:]]

    assert all("Winter" not in t for t in texts("outlet=test+outlet"))
    assert texts("outlet=Other+Paper") and all(t for t in texts("outlet=Other+Paper"))
    assert texts("date_to=2024-10-31") == texts("outlet=Other+Paper")
    assert texts("date_from=2024-11-01") == texts("outlet=Test+Outlet")
    indirect = texts("kind=indirect")
    assert indirect and "the department would not assist federal agents" in indirect
    assert texts("q=streets+safe") == ["We will keep our streets safe, because we will,"]
    assert set(texts("speaker=roe")) == set(texts("speaker=sam-roe")) != set()
    assert texts("min_confidence=1") == [
        r[0] for r in _csv(client.get("/api/v1/quotes/export.csv"))[1:] if float(r[9]) >= 1
    ]
    nobody = client.get("/api/v1/quotes/export.csv?speaker=nobody-at-all")  # an empty export, not a 404
    assert nobody.status_code == 200 and len(_csv(nobody)) == 1
    assert client.get("/api/v1/quotes/export.csv?min_confidence=2").status_code == 422
    assert client.get("/api/v1/quotes/export.csv?kind=quoted").status_code == 422


def test_jsonl_export_is_one_object_per_line(client, stored):
    article, other = stored
    response = client.get("/api/v1/quotes/export.jsonl?outlet=Test+Outlet")
    assert response.status_code == 200 and response.mimetype == "application/jsonl"
    lines = response.get_data(as_text=True).splitlines()
    records = [json.loads(line) for line in lines]
    assert len(records) == len(article["quotes"])
    assert set(COLUMNS) | {"id", "article_id"} == set(records[0])
    assert {r["id"] for r in records} == {q["id"] for q in article["quotes"]}
    formula = next(r for r in records if "SUM(A1:A9)" in r["text"])
    assert formula["text"].startswith("=SUM")  # JSON is data: nothing to escape


def test_exports_are_in_the_openapi_document_and_open(client):
    spec = client.get("/api/v1/openapi.json").get_json()
    csv_doc = spec["paths"]["/api/v1/quotes/export.csv"]["get"]
    assert "text/csv" in csv_doc["responses"]["200"]["content"]
    assert {p["name"] for p in csv_doc["parameters"]} >= {"q", "speaker", "kind", "outlet", "min_confidence"}
    assert "/api/v1/quotes/export.jsonl" in spec["paths"]
    assert not csv_doc.get("security")  # reads need no key


def test_search_page_paginates_with_totals_and_filters(client, auth):
    lines = [f"“Shelter number {i} stays open,” Mayor Ann Lee said." for i in range(45)]
    client.post("/api/v1/articles", json={"text": "\n\n".join(lines), "outlet": "Paged"}, headers=auth)
    total = len(_csv(client.get("/api/v1/quotes/export.csv?q=shelter"))) - 1
    assert total > 40
    first = client.get("/?q=shelter").get_data(as_text=True)
    assert f'<span id="total">{total}</span>' in first
    assert "showing 1–20" in first and 'href="/?q=shelter&amp;page=2"' in first
    third = client.get("/?q=shelter&page=3").get_data(as_text=True)
    assert f"showing 41–{total}" in third and 'rel="prev"' in third and 'rel="next"' not in third
    assert third.count('class="quote kind-direct') == total - 40
    assert 'href="/api/v1/quotes/export.csv?q=shelter"' in first
    filtered = client.get("/?q=shelter&outlet=Nowhere&min_confidence=0.9").get_data(as_text=True)
    assert '<span id="total">0</span>' in filtered
    odd = client.get("/?q=shelter&page=x&min_confidence=9&kind=zzz&date_from=soon")
    assert odd.status_code == 200 and odd.get_data(as_text=True).count('role="alert"') == 4


def test_article_page_highlights_every_quote_and_escapes(client, stored):
    article, _ = stored
    article_id = article["article"]["id"]
    response = client.get(f"/articles/{article_id}")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert html.count("data-quote-id=") == len(article["quotes"])
    for quote in article["quotes"]:
        assert f'data-quote-id="{quote["id"]}"' in html and f'id="quote-{quote["id"]}"' in html
        if quote["speaker"]:
            assert f'href="/speakers/{quote["speaker"]["slug"]}"' in html
    assert "<img src=x" not in html and "&lt;img src=x onerror=alert(1)&gt; &amp; friends" in html
    assert "A test &lt;i&gt;article&lt;/i&gt;" in html
    assert client.get("/articles/999999").status_code == 404


def test_results_label_reported_speech_without_marks(client, stored):
    html = client.get("/?q=department+assist").get_data(as_text=True)
    assert '<a class="speaker" href="/speakers/sam-roe">Sam Roe</a> said the department would not assist' in html
    assert "“the department" not in html
    assert "reported speech (not verbatim)" in html and "confidence" in html
    assert "<mark>the department would not assist federal agents</mark>" in html  # the sentence around it
    direct = client.get("/?q=streets+safe").get_data(as_text=True)
    assert "“We will keep our streets safe, because we will”" in direct  # trailing comma trimmed


def test_cards_and_oembed_label_reported_speech_honestly(client, stored):
    article, _ = stored
    reported = next(q for q in article["quotes"] if q["kind"] == "indirect")
    direct = next(q for q in article["quotes"] if "because we will" in q["text"])
    card = client.get(f"/cards/quotes/{reported['id']}").get_data(as_text=True)
    assert "Sam Roe said the department would not assist federal agents" in card
    assert "“the department" not in card and "<blockquote" not in card
    assert "reported speech (not verbatim) · attributed by" in card
    assert f"/articles/{article['article']['id']}#q-{reported['id']}" in card and "/speakers/sam-roe" in card
    direct_card = client.get(f"/cards/quotes/{direct['id']}").get_data(as_text=True)
    assert "<p>“We will keep our streets safe, because we will”</p>" in direct_card
    oembed = client.get(f"/api/v1/oembed?url=http://localhost/cards/quotes/{reported['id']}").get_json()
    # The wording as shown (no quotation marks for reported speech), then kind, method and confidence.
    assert oembed["title"].startswith("Sam Roe said the department would not assist federal agents — ")
    assert "reported speech (not verbatim) · attributed by " in oembed["title"] and "confidence" in oembed["title"]
    png = client.get(f"/cards/quotes/{reported['id']}.png")
    assert png.status_code == 200 and png.data[:8] == b"\x89PNG\r\n\x1a\n"


def test_export_streams_in_batches_in_the_search_order(app, client, stored):
    from quotetrack.storage import quote_search

    with app.extensions["quotetrack"].db.reading() as session:
        everything = quote_search.QuoteFilters()
        streamed = [q.id for q in quote_search.iter_quotes(session, everything, batch=2)]
        paged, total = quote_search.search_quotes(session, everything, 1, 100)
    assert streamed == [q.id for q in paged] and len(streamed) == total > 2
    exported = [
        r["id"] for r in map(json.loads, client.get("/api/v1/quotes/export.jsonl").get_data(as_text=True).splitlines())
    ]
    assert exported == streamed


def test_article_page_shows_the_latest_revision(client, auth):
    first = {"text": "“The shelters stay open,” Mayor Ann Lee said.", "url": "https://example.org/rev", "outlet": "Rev"}
    client.post("/api/v1/articles", json=first, headers=auth)
    revised = {
        **first,
        "text": "“The shelters stay open all winter,” Mayor Ann Lee said.\n\nLee said the budget holds.",
    }
    answer = client.post("/api/v1/articles", json=revised, headers=auth).get_json()
    html = client.get(f"/articles/{answer['article']['id']}").get_data(as_text=True)
    assert "revision 2" in html
    assert html.count("data-quote-id=") == len(answer["quotes"]) >= 2
    assert "The shelters stay open all winter" in html and "“The shelters stay open,”" not in html


def _speaker_ids(client, path: str, speaker: str) -> set[int]:
    answer = client.get(path, query_string={"speaker": speaker})
    assert answer.status_code == 200, answer.get_json()
    return {q["speaker"]["id"] for q in answer.get_json()["items"]}


def test_one_speaker_filter_reads_ids_slugs_names_and_aliases_everywhere(client, stored, auth):
    roe = client.get("/api/v1/speakers/sam-roe").get_json()
    for typed in (str(roe["id"]), "sam-roe", "Sam Roe", "roe", "ROE"):
        assert _speaker_ids(client, "/api/v1/quotes", typed) == {roe["id"]}, typed
        exported = {
            int(r[3]) for r in _csv(client.get("/api/v1/quotes/export.csv", query_string={"speaker": typed}))[1:]
        }
        assert exported == {roe["id"]}, typed
        page = client.get("/", query_string={"speaker": typed}).get_data(as_text=True)
        assert "streets safe" in page and "Winter shelters" not in page, typed
        statements = client.get("/api/v1/statements", query_string={"speaker": typed})
        assert statements.status_code == 200
        assert {s["speaker"]["id"] for s in statements.get_json()["items"]} <= {roe["id"]}
    # Unknown: an empty page everywhere, not a 404.
    for path in ("/api/v1/quotes", "/api/v1/statements"):
        empty = client.get(path, query_string={"speaker": "Nobody Atall"})
        assert empty.status_code == 200 and empty.get_json()["total"] == 0 and empty.get_json()["items"] == []


def test_an_ambiguous_speaker_name_answers_409_with_the_candidates(client, stored, auth):
    marsh = client.get("/api/v1/speakers/linda-marsh").get_json()
    roe = client.get("/api/v1/speakers/sam-roe").get_json()
    for speaker in (marsh, roe):  # two speakers now answer to "The Chief"
        patched = client.patch(f"/api/v1/speakers/{speaker['id']}", json={"aliases": ["The Chief"]}, headers=auth)
        assert patched.status_code == 200, patched.get_json()
    for path in ("/api/v1/quotes", "/api/v1/statements", "/api/v1/quotes/export.csv", "/api/v1/quotes/export.jsonl"):
        answer = client.get(path, query_string={"speaker": "the chief"})
        assert answer.status_code == 409, path
        body = answer.get_json()
        assert body["code"] == 409 and "several speakers" in body["message"]
        assert {c["slug"] for c in body["errors"]["speaker"]["candidates"]} == {"linda-marsh", "sam-roe"}
    verify = client.post("/api/v1/verify", json={"text": "streets safe", "speaker": "The Chief"})
    assert verify.status_code == 409
    page = client.get("/?speaker=the+chief").get_data(as_text=True)  # the page offers the candidates instead
    assert 'id="speaker-candidates"' in page and "speaker=linda-marsh" in page and "speaker=sam-roe" in page


def test_verify_takes_a_speaker_id_as_a_json_number(client, stored):
    roe = client.get("/api/v1/speakers/sam-roe").get_json()
    text = "We will keep our streets safe"
    by_number = client.post("/api/v1/verify", json={"text": text, "speaker": roe["id"]})
    by_slug = client.post("/api/v1/verify", json={"text": text, "speaker": "sam-roe"})
    assert by_number.status_code == 200 and by_number.get_json() == by_slug.get_json()
    assert by_number.get_json()["verdict"] != "not_found"
    assert client.post("/api/v1/verify", json={"text": text, "speaker": 0}).status_code == 422
    assert client.post("/api/v1/verify", json={"text": text, "speaker": True}).status_code == 422
    assert client.post("/api/v1/verify", json={"text": text, "speaker": 99999}).status_code == 404


def test_the_favicon_is_served_not_a_404(client):
    for path in ("/favicon.ico", "/favicon.svg"):
        answer = client.get(path)
        assert answer.status_code == 200 and answer.mimetype == "image/svg+xml"
        assert answer.get_data(as_text=True).startswith("<svg")
    assert 'rel="icon"' in client.get("/").get_data(as_text=True)


def test_reported_speech_claim_links_are_not_in_quotation_marks(app):
    from types import SimpleNamespace

    claims = [SimpleNamespace(statement_id=i, text=f"the city would act {i}") for i in (1, 2)]
    with app.test_request_context():
        macros = app.jinja_env.get_template("_quote.html").module
        reported = str(macros.statement_links(SimpleNamespace(kind="indirect", claims=claims)))
        direct = str(macros.statement_links(SimpleNamespace(kind="direct", claims=claims)))
    assert "“" not in reported and ">the city would act 1</a>" in reported
    assert "“the city would act 1”" in direct


def test_a_name_typed_as_words_gets_a_hint_to_the_speaker_filter(client, stored):
    for typed in ("Sam Roe", "roe"):  # no quote contains the name: the page says whose it is
        page = client.get("/", query_string={"q": typed}).get_data(as_text=True)
        assert '<span id="total">0</span>' in page and 'id="speaker-hint"' in page, typed
        assert 'did you mean the speaker <a href="/?speaker=sam-roe">Sam Roe</a>?' in page
        assert "No quote matches" not in page
    followed = client.get("/?speaker=sam-roe").get_data(as_text=True)
    assert "streets safe" in followed and 'id="speaker-hint"' not in followed
    for typed in ("zebra crossing", "12345"):  # words nobody answers to, a number: no hint
        page = client.get("/", query_string={"q": typed}).get_data(as_text=True)
        assert 'id="speaker-hint"' not in page and "No quote matches" in page, typed
    found = client.get("/", query_string={"q": "streets safe"}).get_data(as_text=True)
    assert 'id="speaker-hint"' not in found  # a search that finds quotes needs no hint


def test_statement_page_shows_each_wording_once_and_labels_the_differences(client, auth):
    first = {"text": "“We will keep our streets safe, because we will,” Police chief Sam Roe said.",
             "outlet": "First Paper", "url": "https://example.org/a", "published": "2024-11-20"}  # fmt: skip
    second = {"text": "“We will keep our streets safe,” Police chief Sam Roe said.",
              "outlet": "Second Paper", "url": "https://example.org/b", "published": "2024-11-21"}  # fmt: skip
    quote = client.post("/api/v1/articles", json=first, headers=auth).get_json()["quotes"][0]
    client.post("/api/v1/articles", json=second, headers=auth)
    statement = client.get(f"/api/v1/statements/{quote['statement_id']}").get_json()
    assert len(statement["wordings"]) == 2, statement
    html = client.get(f"/statements/{quote['statement_id']}").get_data(as_text=True)
    listed = html.split("<h2>Every wording</h2>")[1].split("<h2>Embed</h2>")[0]
    for wording in statement["wordings"]:
        shown = wording["text"].rstrip(",")
        assert listed.count(shown) == 1 or listed.count(shown + "”") == 1  # once, as printed
    changed = [w for w in statement["wordings"] if any(op["op"] != "equal" for op in w["diff"])]
    assert listed.count('class="diff-line"') == len(changed) >= 1
    # The word diff (normalised words) only where a wording differs, and always under its label.
    assert listed.count('<span class="diff">') == len(changed)
    assert listed.count("Words changed from the canonical wording") == len(changed)
    assert "<ins>" in listed or "<del>" in listed
