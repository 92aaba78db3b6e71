"""Verbatim anchors in statement linking (issue 40, item 2): the same rare words in the quotation
marks of two outlets' wordings of one speaker link them, however the outlets' own words around them
differ. Invented articles through the real ingest, and the rule's pure functions."""

import itertools
from datetime import date

import pytest
from sqlalchemy import select

from quotetrack.quotes import extract_quotes
from quotetrack.service import store_article
from quotetrack.statements import anchors
from quotetrack.statements.words import words
from quotetrack.storage.models import ClaimRow
from quotetrack.types import Article

# One remark: both outlets quote "grossly negligent", each beside another fragment of its own and
# in words of its own, so neither the fragments (each a minority of the other's quoted words) nor
# the paraphrase (two content words in common) relate them.
MONDAY = Article(
    "The state auditor, Philippa Garrowby, criticised the housing ministry on Monday. Garrowby said the "
    'minister had been "grossly negligent" and "utterly indifferent to the tenants" in her handling of the '
    "files.\n\nThe ministry did not respond.",
    outlet="Capital Ledger",
    url="https://ledger.example/audit",
    published=date(2025, 5, 12),
)
TUESDAY = Article(
    "Auditor Philippa Garrowby released her report on Tuesday. Garrowby said that while the department "
    'was "grossly negligent" throughout, its junior officials had "done their best under impossible '
    'pressure".\n\nThe report runs to 90 pages.',
    outlet="Morning Courier",
    url="https://courier.example/audit",
    published=date(2025, 5, 13),
)
# Another remark of hers that week: other quoted words, no anchor.
SOFTWARE = Article(
    '"The ministry lost track of its own spending," auditor Philippa Garrowby said on Tuesday, calling the '
    'new billing software "a costly embarrassment".\n\nThe report runs to 90 pages.',
    outlet="Evening Post",
    url="https://post.example/audit",
    published=date(2025, 5, 13),
)


@pytest.fixture(scope="module")
def extracted(nlp):
    return {a.url: extract_quotes(a.text, nlp)[0] for a in (MONDAY, TUESDAY, SOFTWARE)}


def _ingest(db, extracted, *articles):
    for article in articles:
        quotes = extracted[article.url]
        assert any(q.speaker and q.speaker.name == "Philippa Garrowby" for q in quotes), quotes
        with db.transaction() as session:
            store_article(session, article, quotes, "test")


def _statements(db) -> dict[str, set[int | None]]:
    with db.reading() as session:
        found: dict[str, set[int | None]] = {}
        for claim in session.scalars(select(ClaimRow)):
            found.setdefault(claim.quote.article.url, set()).add(claim.statement_id)
        return found


def _moved(article: Article, days: int) -> Article:
    assert article.published is not None
    return Article(
        article.text,
        outlet=article.outlet,
        url=article.url,
        published=date.fromordinal(article.published.toordinal() + days),
    )


@pytest.mark.model
def test_the_same_quoted_words_in_two_outlets_paraphrase_are_one_statement(db, extracted):
    _ingest(db, extracted, MONDAY, TUESDAY, SOFTWARE)
    placed = _statements(db)
    (monday,), (tuesday,) = placed[MONDAY.url], placed[TUESDAY.url]
    assert monday == tuesday
    assert monday not in placed[SOFTWARE.url]  # her other remark that week stays apart


@pytest.mark.model
def test_a_two_word_anchor_needs_the_same_week(db, extracted):
    # Ten days apart (inside the three-week reporting window): two rare quoted words are not
    # enough on their own.
    later = _moved(TUESDAY, 9)
    _ingest(db, {**extracted, later.url: extracted[TUESDAY.url]}, MONDAY, later)
    placed = _statements(db)
    assert placed[MONDAY.url] != placed[TUESDAY.url]


@pytest.mark.model
def test_anchored_statements_do_not_depend_on_arrival_order(extracted, tmp_path):
    from quotetrack.storage import Database

    partitions = set()
    for n, order in enumerate(itertools.permutations((MONDAY, TUESDAY, SOFTWARE))):
        database = Database(f"sqlite:///{tmp_path / f'order{n}.sqlite3'}")
        database.migrate()
        _ingest(database, extracted, *order)
        groups: dict[int | None, set[str]] = {}
        for url, statements in _statements(database).items():
            for statement in statements:
                groups.setdefault(statement, set()).add(url)
        partitions.add(frozenset(frozenset(g) for g in groups.values()))
        database.engine.dispose()
    assert len(partitions) == 1


# -- the rule itself: pure functions --------------------------------------------------------
def _mixed(text: str, *fragments: str) -> tuple[str, tuple[tuple[str, ...], ...]]:
    return text, anchors.quoted_runs("mixed", text, fragments)


def _direct(text: str) -> tuple[str, tuple[tuple[str, ...], ...]]:
    return text, anchors.quoted_runs("direct", text, ())


def test_two_rare_words_anchor_only_as_a_whole_fragment_in_the_same_week():
    a = _mixed('the board was "wilfully blind" to the risks', "wilfully blind")
    b = _mixed('directors had been "wilfully blind", she said, and must answer for it', "wilfully blind")
    assert anchors.anchor(a, b, 2) is not None
    assert anchors.anchor(b, a, 2) == anchors.anchor(a, b, 2)  # symmetric
    assert anchors.anchor(a, b, 8) is None  # not the same week
    assert anchors.anchor(a, b, None) is None  # undated: nothing says it is the same week
    longer = _mixed('the board was "wilfully blind to every warning"', "wilfully blind to every warning")
    assert anchors.anchor(a, longer, 1) is None  # two rare words, and a fragment cut out of a longer one


def test_three_rare_words_in_a_row_anchor_overlapping_excerpts_even_undated():
    speech = _direct("We will not stand by while the estuary dies. This is our water, our fishing and our livelihood.")
    excerpt = _direct("This is our water, our fishing and our livelihood, and we will fight for every drop of it")
    weight = anchors.anchor(speech, excerpt, None)
    assert weight is not None and 0.5 < weight <= 1.0
    shorter = _direct("our livelihood, and we will fight")
    assert anchors.anchor(speech, shorter, None) is None  # one rare word in the shared run


def test_a_short_common_fragment_never_anchors():
    a = _mixed('the plan was "all over the map" and would strand workers', "all over the map")
    b = _mixed('the waterfront proposals were "all over the map"', "all over the map")
    assert anchors.anchor(a, b, 0) is None


def test_a_negation_before_the_shared_words_on_one_side_is_no_anchor():
    said = _mixed(
        'the minister was "grossly negligent and dishonest" with the files', "grossly negligent and dishonest"
    )
    denied = _direct("I was not grossly negligent and dishonest with those files, whatever the auditor says")
    assert anchors.anchor(said, denied, 1) is None
    also_said = _direct("She was grossly negligent and dishonest with those files")
    assert anchors.anchor(said, also_said, 1) is not None


def test_reported_speech_has_no_quoted_words():
    assert anchors.quoted_runs("indirect", "the minister had been grossly negligent", ()) == ()
    assert anchors.quoted_runs("mixed", 'she was "grossly negligent"', ("grossly negligent",)) == (
        tuple(words("grossly negligent")),
    )


def test_a_longer_anchor_with_more_rare_words_weighs_more():
    three = anchors.strength(tuple(words("estuary water livelihood")), 3)
    five = anchors.strength(tuple(words("the estuary water and our livelihood fishing fleet")), 5)
    assert 0.5 < three < five <= 1.0


def _claim(ident: int, text: str, fragments: tuple[str, ...], published: date):
    """A stored mixed claim as relate() reads it: its quote's kind and fragment offsets, its
    article's text and date."""
    from types import SimpleNamespace

    spans = tuple((text.index(f), text.index(f) + len(f)) for f in fragments)
    article = SimpleNamespace(text=text, published=published)
    quote = SimpleNamespace(kind="mixed", fragments=spans, article=article)
    return SimpleNamespace(
        id=ident, quote_id=ident, article_id=ident, quote=quote, text=text, start=0, end=len(text), event=None
    )


def test_an_anchor_links_within_the_reporting_window_and_never_bridges_months():
    from quotetrack.statements import relation
    from quotetrack.statements.wording import compare

    fragments_a = (
        "reckless with pension savings",
        "contemptuous of the negotiators, the arbitrators and the mediators",
    )
    fragments_b = ("reckless with pension savings", "done what little she could to steady the finances")
    first = f'the employers had been "{fragments_a[0]}" and "{fragments_a[1]}" in every round of the talks'
    second = f'while the board was "{fragments_b[0]}" for years, its newly appointed chair had "{fragments_b[1]}"'
    # The wordings alone do not relate them: only the quoted "reckless with pension savings" does.
    assert compare(first, second, True, fragments_a) is None and compare(second, first, True, fragments_b) is None
    a = _claim(1, first, fragments_a, date(2025, 3, 6))
    same_week = relation.relate(a, _claim(2, second, fragments_b, date(2025, 3, 8)))
    assert same_week is not None and same_week.similarity >= anchors.BASE
    assert relation.relate(_claim(2, second, fragments_b, date(2025, 3, 8)), a) == same_week  # either way round
    assert relation.relate(a, _claim(2, second, fragments_b, date(2025, 6, 12))) is None  # months apart
