"""Quotation marks are a promise (issue 42 item 2): on every page type, card, the PNG, the oEmbed
title and the exports, an indirect or mixed wording of the seeds is never wrapped in quotation
marks it did not have; only a direct quote (and a mixed wording's own quoted fragments) is.
The seeds as the command line ingests them (tests/live_site.py), served by Flask's test client."""

from __future__ import annotations

import csv
import html
import io
import json
import re
import shutil
from urllib.parse import urlencode

import pytest

from quotetrack.cards import display, render

pytestmark = pytest.mark.model

OPENING = "“\"„«‘'"


@pytest.fixture(scope="module")
def client(seeded_database, tmp_path_factory):
    from api import create_app

    copy = tmp_path_factory.mktemp("marks") / "seeds.sqlite3"
    shutil.copy(seeded_database, copy)
    app = create_app({"DATABASE_URL": f"sqlite:///{copy}"})
    yield app.test_client()
    app.extensions["quotetrack"].db.engine.dispose()


def _all(client, path):
    items, page = [], 1
    while True:
        answer = client.get(f"{path}?per_page=100&page={page}").get_json()
        items += answer["items"]
        if len(items) >= answer["total"] or not answer["items"]:
            return items
        page += 1


@pytest.fixture(scope="module")
def seeds(client):
    quotes = _all(client, "/api/v1/quotes")
    statements = [client.get(f"/api/v1/statements/{s['id']}").get_json() for s in _all(client, "/api/v1/statements")]
    speakers = _all(client, "/api/v1/speakers")
    return quotes, statements, speakers


def _reported(quotes, statements) -> set[str]:
    """Every indirect or mixed wording of the seeds: quotes, their remarks, statements' wordings."""
    found = {q["text"] for q in quotes if q["kind"] != "direct"}
    found |= {c["text"] for q in quotes if q["kind"] != "direct" for c in q.get("claims") or ()}
    found |= {s["canonical_text"] for s in statements if s["canonical_kind"] != "direct"}
    found |= {w["text"] for s in statements for w in s["wordings"] if w["kind"] != "direct"}
    return found


def _shown(page: str) -> str:
    """A page's text as a reader sees it (scripts and styles, JSON-LD data among them, dropped)."""
    page = re.sub(r"<(script|style|textarea)\b.*?</\1>", " ", page, flags=re.S | re.I)
    page = re.sub(r"<title>.*?</title>", " ", page, flags=re.S | re.I)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", page)).split())


def _marked(text: str, wordings: set[str]) -> list[str]:
    """The wordings `text` shows right after an opening quotation mark they did not have."""
    wrong = []
    for wording in wordings:
        start = " ".join(display.trim(wording).split())
        if not start or start[0] in OPENING:  # its own mark, printed in the source
            continue
        key = start[:30]
        if any(f"{mark}{key}" in text for mark in OPENING):
            wrong.append(wording)
    return wrong


def test_no_page_card_or_export_puts_reported_speech_in_quotation_marks(client, seeds, monkeypatch):
    quotes, statements, speakers = seeds
    reported = _reported(quotes, statements)
    assert len(reported) >= 10  # the seeds' indirect and mixed wordings (6 of the 10 home statements)
    pages = ["/", "/?q=", *(f"/?q=&page={n}" for n in range(2, len(quotes) // 20 + 2))]
    pages += [f"/?kind={kind}&q=" for kind in ("indirect", "mixed")]
    pages += sorted({f"/articles/{q['article']['id']}" for q in quotes})
    pages += [f"/speakers/{s['slug']}" for s in speakers]
    pages += [f"/statements/{s['id']}" for s in statements]
    pages += [f"/verify?{urlencode({'text': w})}" for w in sorted(reported)[:12]]
    pages += [f"/cards/quotes/{q['id']}" for q in quotes] + [f"/cards/statements/{s['id']}" for s in statements]
    problems = {}
    for path in pages:
        response = client.get(path)
        assert response.status_code == 200, path
        wrong = _marked(_shown(response.get_data(as_text=True)), reported)
        if wrong:
            problems[path] = wrong
    assert not problems, (sorted(problems), json.dumps(problems, indent=1, ensure_ascii=False)[:3000])


def test_the_oembed_title_png_and_exports_keep_reported_speech_out_of_marks(client, seeds, monkeypatch):
    quotes, statements, _ = seeds
    reported = _reported(quotes, statements)
    drawn = []
    monkeypatch.setattr(render, "render_quote_png", lambda text, *a, **k: drawn.append((text, k)) or b"\x89PNG")
    for quote in quotes:
        answer = client.get(f"/api/v1/oembed?url=http://localhost/cards/quotes/{quote['id']}").get_json()
        assert not _marked(answer["title"], reported), answer["title"]
        assert client.get(f"/cards/quotes/{quote['id']}.png").status_code == 200
        text, options = drawn[-1]
        quoted = options.get("quoted", True)
        assert quoted == (quote["kind"] == "direct") and not _marked(f"“{text}" if quoted else text, reported)
    for statement in statements:
        answer = client.get(f"/api/v1/oembed?url=http://localhost/cards/statements/{statement['id']}").get_json()
        assert not _marked(answer["title"], reported), answer["title"]
    # The exports give the wording exactly as printed: never marks of their own around it.
    lines = client.get("/api/v1/quotes/export.jsonl").get_data(as_text=True).splitlines()
    assert {json.loads(line)["text"] for line in lines} == {q["text"] for q in quotes}
    rows = csv.DictReader(io.StringIO(client.get("/api/v1/quotes/export.csv").get_data(as_text=True).lstrip("\ufeff")))
    assert {row["text"].removeprefix("'") for row in rows} == {q["text"] for q in quotes}


# -- relations a journalist can read (issue 42 item 4) ------------------------------------------------

RAW_RELATION = re.compile(r"\b(verbatim|variant|fragment|paraphrase) \(\d+%\)")


def test_statement_and_verify_pages_name_what_a_relation_means(client, seeds):
    """Not "fragment (13%)" for a largely different wording: what the relation means to a reader,
    the number only where it says how alike a near-verbatim wording is."""
    _, statements, _ = seeds
    phrases = ("the same words as", "nearly the same words as", "word for word", "in other words")
    seen = set()
    for statement in statements:
        shown = _shown(client.get(f"/statements/{statement['id']}").get_data(as_text=True))
        assert not RAW_RELATION.search(shown), (statement["id"], RAW_RELATION.search(shown).group(0))
        for wording in statement["wordings"]:
            seen.add(wording["relation"])
        assert all(any(p in shown for p in phrases) for _ in statement["wordings"])
    assert {"verbatim", "fragment"} <= seen  # the seeds have both, so both phrases were checked
    fragment = next(s for s in statements if any(w["relation"] == "fragment" for w in s["wordings"]))
    page = _shown(client.get(f"/statements/{fragment['id']}").get_data(as_text=True))
    assert "part of the canonical wording, word for word" in page or "holds the canonical wording" in page
    for text in (
        "Either she helps us or she gets out of the way",
        "Either she helps us or she gets the hell out of the way",
    ):
        shown = _shown(client.get(f"/verify?{urlencode({'text': text})}").get_data(as_text=True))
        assert not RAW_RELATION.search(shown), RAW_RELATION.search(shown).group(0)
        assert "your text" in shown
