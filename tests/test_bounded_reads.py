"""Issue 22, finding 2: reads bounded in work, whatever was stored. A quote of thousands of
repeated words made every statement view run the quadratic word diff (38,000 words: 120 s and
a killed worker), its PNG card was drawn again on each GET (22 s), and verify diffed a
999-word text against every candidate (10.8 s).

No wall-clock assertions: the tests count the work (word pairs handed to SequenceMatcher,
PNG drawings) and check the answers."""

from __future__ import annotations

import difflib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quotetrack.cards import render
from quotetrack.statements import diff
from quotetrack.statements.diff import MAX_DIFF_PAIRS, word_diff, word_opcodes
from quotetrack.statements.verify import MAX_VERIFY_WORDS

# A quote that fits the test app's MAX_ARTICLE_CHARS (20,000): 4,500 words, three distinct.
LONG_QUOTE = "we will win " * 1_500
LONG_ARTICLE = {
    "text": f"“{LONG_QUOTE.strip()},” Jo Doe said.\n",
    "outlet": "Example Times",
    "url": "https://example.org/long",
    "published": "2024-11-20",
}


class CountingMatcher(difflib.SequenceMatcher):
    """SequenceMatcher that records the word pairs each diff may compare, and refuses a diff
    the bound does not allow (before the fix: minutes, so it fails at once instead)."""

    pairs: list[int] = []

    def __init__(self, *args, a=(), b=(), **kwargs):
        CountingMatcher.pairs.append(len(a) * len(b))
        if len(a) * len(b) > MAX_DIFF_PAIRS:
            raise AssertionError(f"a {len(a)} x {len(b)} word diff")
        super().__init__(*args, a=a, b=b, **kwargs)


@pytest.fixture
def counted(monkeypatch):
    CountingMatcher.pairs = []
    monkeypatch.setattr(diff, "SequenceMatcher", CountingMatcher)
    return CountingMatcher.pairs


def _valid(a: list[str], b: list[str], ops) -> None:
    """Opcodes cover both sides in order, equal runs are equal, and no two neighbours are
    both equal or both changes (SequenceMatcher's form)."""
    assert (ops[0][1], ops[0][3], ops[-1][2], ops[-1][4]) == (0, 0, len(a), len(b))
    for left, right in zip(ops, ops[1:], strict=False):
        assert (left[2], left[4]) == (right[1], right[3])
        assert (left[0] == "equal") != (right[0] == "equal")
    for op, i1, i2, j1, j2 in ops:
        assert op != "equal" or a[i1:i2] == b[j1:j2]
        assert op != "replace" or (i1 < i2 and j1 < j2)
        assert op != "delete" or (i1 < i2 and j1 == j2)
        assert op != "insert" or (i1 == i2 and j1 < j2)


def test_word_diff_of_normal_wordings_is_sequencematchers():
    reference = "Either she helps us or she gets out of the way"
    wording = "Either she helps us or she gets the hell out of the way"
    expected = difflib.SequenceMatcher(a=reference.lower().split(), b=wording.lower().split(), autojunk=False)
    assert [tuple(o.values()) for o in word_diff(reference, wording)] == [
        (op, " ".join(reference.lower().split()[i1:i2]), " ".join(wording.lower().split()[j1:j2]))
        for op, i1, i2, j1, j2 in expected.get_opcodes()
    ]


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 5_000),
    st.sampled_from([2, 5, 60, 5_000]),
    st.integers(0, 2**32),
)
def test_word_diff_of_long_wordings_is_bounded_and_valid(size, vocabulary, seed):
    rng = random.Random(seed)
    a = [f"w{rng.randrange(vocabulary)}" for _ in range(size)]
    b = list(a)
    for _ in range(rng.randrange(30)):
        position = rng.randrange(len(b) + 1)
        b[position:position] = [f"w{rng.randrange(vocabulary)}"] * rng.randrange(1, 4)
        del b[rng.randrange(len(b))]
    CountingMatcher.pairs = []
    original, diff.SequenceMatcher = diff.SequenceMatcher, CountingMatcher
    try:
        ops = word_opcodes(a, b)
    finally:
        diff.SequenceMatcher = original
    _valid(a, b, ops)
    # The work: SequenceMatcher only on small pieces, about linear in all.
    assert sum(CountingMatcher.pairs) <= max(MAX_DIFF_PAIRS, 250 * (len(a) + len(b)))


def test_a_38000_word_quote_diffs_in_linear_work(counted):
    quote = " ".join(["word"] * 38_000)
    assert word_diff(quote, quote) == [{"op": "equal", "reference": quote, "wording": quote}]
    ops = word_diff(quote, quote + " again")
    assert [o["op"] for o in ops] == ["equal", "insert"] and ops[1]["wording"] == "again"
    shifted = word_diff("a b " * 19_000, "b a " * 19_000)  # no common prefix, suffix or unique word
    assert " ".join(o["reference"] for o in shifted).split() == ["a", "b"] * 19_000
    assert " ".join(o["wording"] for o in shifted).split() == ["b", "a"] * 19_000
    assert sum(counted) <= 250 * 4 * 38_000


@pytest.mark.model
def test_statement_views_of_a_long_repeated_quote_stay_bounded(client, auth, counted):
    posted = client.post("/api/v1/articles", json=LONG_ARTICLE, headers=auth)
    assert posted.status_code == 201
    quote = posted.get_json()["quotes"][0]
    statement_id = client.get(f"/api/v1/quotes/{quote['id']}").get_json()["statement_id"]
    counted.clear()
    detail = client.get(f"/api/v1/statements/{statement_id}")
    assert detail.status_code == 200
    assert detail.get_json()["wordings"][0]["diff"][0]["op"] == "equal"
    assert client.get(f"/statements/{statement_id}").status_code == 200
    assert client.get(f"/cards/statements/{statement_id}").status_code == 200
    speaker = quote["speaker"]["slug"]
    assert client.get(f"/api/v1/speakers/{speaker}/statements").status_code == 200
    assert all(pairs <= MAX_DIFF_PAIRS for pairs in counted)  # before: 4,500 x 4,500 words


@pytest.mark.model
def test_png_cards_are_cached_per_content_and_bounded(client, auth, monkeypatch):
    drawn: list[str] = []
    wrap = render._wrap

    def counting_wrap(draw, text, font, max_width):
        drawn.append(text)
        return wrap(draw, text, font, max_width)

    monkeypatch.setattr(render, "_wrap", counting_wrap)
    getattr(render.render_quote_png, "cache_clear", lambda: None)()  # no cache before the fix
    quote_id = client.post("/api/v1/articles", json=LONG_ARTICLE, headers=auth).get_json()["quotes"][0]["id"]
    first = client.get(f"/cards/quotes/{quote_id}.png")
    assert first.status_code == 200 and first.data[:8] == b"\x89PNG\r\n\x1a\n" and drawn
    assert all(len(text) <= render.MAX_PNG_CHARS + 2 for text in drawn)  # the quote marks
    drawn.clear()
    again = client.get(f"/cards/quotes/{quote_id}.png")
    assert again.data == first.data and not drawn  # from the cache: nothing drawn
    # A correction changes what is drawn: a new image, never the cached one.
    corrected = client.patch(f"/api/v1/quotes/{quote_id}", json={"speaker_name": "Jane Roe"}, headers=auth)
    assert corrected.status_code == 200
    after = client.get(f"/cards/quotes/{quote_id}.png")
    assert drawn and after.data != first.data


@pytest.mark.model
def test_verify_refuses_a_text_over_the_word_limit_in_the_error_shape(client):
    response = client.post("/api/v1/verify", json={"text": " ".join(["word"] * 999)})
    assert response.status_code == 422  # before: 200 after 10.8 s
    body = response.get_json()
    assert body["code"] == 422 and body["status"] == "Unprocessable Entity"
    assert f"{MAX_VERIFY_WORDS} words" in body["errors"]["json"]["text"][0]
    at_limit = client.post("/api/v1/verify", json={"text": " ".join(["word"] * MAX_VERIFY_WORDS)})
    assert at_limit.status_code == 200
    page = client.get("/verify", query_string={"text": " ".join(["word"] * 999)})
    assert page.status_code == 200 and f"{MAX_VERIFY_WORDS} words".encode() in page.data
    document = client.get("/api/v1/openapi.json").get_json()
    text = document["components"]["schemas"]["VerifyIn"]["properties"]["text"]
    assert text["maxLength"] == 5_000 and f"{MAX_VERIFY_WORDS} words" in text["description"]
