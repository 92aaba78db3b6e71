"""Time in statement linking (issue 40, item 4): wordings published weeks apart are one remark only
when they share a long, rare verbatim span. Invented articles through the real ingest (extraction,
attribution, store_article's linking), one councillor quoted in March and in October."""

import itertools
from datetime import date

import pytest
from sqlalchemy import select

from quotetrack.quotes import extract_quotes
from quotetrack.service import store_article
from quotetrack.statements import reprise
from quotetrack.storage.models import ClaimRow
from quotetrack.types import Article

MARCH_DEPOT = Article(
    "Councillor Dana Whitlock criticised the transport budget at a council meeting on Tuesday. Whitlock said "
    'the plan to close the Eastgate bus depot was "all over the map" and would leave night workers stranded.'
    "\n\nThe council will vote on the budget next month.",
    outlet="Eastgate Echo",
    url="https://echo.example/depot",
    published=date(2025, 3, 4),
)
# The same March remark in another outlet two days later: the fragment links them, as before.
MARCH_DEPOT_FOLLOW_UP = Article(
    "Councillor Dana Whitlock is fighting the depot closure. At Tuesday's meeting Whitlock said the plan to "
    'shut the Eastgate depot was "all over the map".\n\nThe depot has forty buses.',
    outlet="County Herald",
    url="https://herald.example/depot",
    published=date(2025, 3, 6),
)
# Seven months on, another remark on another subject that happens to use the same idiom.
OCTOBER_HARBOUR = Article(
    "Councillor Dana Whitlock attacked the harbour redevelopment on Monday. Whitlock said the proposals for "
    'waterfront housing were "all over the map" and ignored the fishing fleet.\n\nThe developer declined to comment.',
    outlet="Harbour Gazette",
    url="https://gazette.example/harbour",
    published=date(2025, 10, 13),
)
MARCH_NIGHT_BUS = Article(
    'Councillor Dana Whitlock has opposed the transport budget. "Closing the Eastgate depot would leave hundreds '
    'of night shift cleaners and nurses stranded without a bus home," Whitlock said on Tuesday.'
    "\n\nThe council will vote next month.",
    outlet="Eastgate Echo",
    url="https://echo.example/night-bus",
    published=date(2025, 3, 4),
)
# A reprise months later: the remark's own words again, word for word.
OCTOBER_NIGHT_BUS = Article(
    "Councillor Dana Whitlock returned to the depot row on Monday. Earlier this year Whitlock warned that "
    'closing the depot "would leave hundreds of night shift cleaners and nurses stranded without a bus home", '
    "and she said the new timetable proved her right.\n\nThe transport authority declined to comment.",
    outlet="Harbour Gazette",
    url="https://gazette.example/night-bus",
    published=date(2025, 10, 13),
)


@pytest.fixture(scope="module")
def extracted(nlp):
    articles = [MARCH_DEPOT, MARCH_DEPOT_FOLLOW_UP, OCTOBER_HARBOUR, MARCH_NIGHT_BUS, OCTOBER_NIGHT_BUS]
    return {a.url: (a, extract_quotes(a.text, nlp)[0]) for a in articles}


def _ingest(db, extracted, *articles, undated=()):
    for article in articles:
        stored, quotes = extracted[article.url]
        if article.url in undated:
            stored = Article(stored.text, outlet=stored.outlet, url=stored.url, published=None)
        assert any(q.speaker and q.speaker.name == "Dana Whitlock" for q in quotes), quotes
        with db.transaction() as session:
            store_article(session, stored, quotes, "test")


def _statements(db, words: str) -> dict[str, int | None]:
    """The statement of the claim holding `words` in each article (by url)."""
    with db.reading() as session:
        claims = session.scalars(select(ClaimRow).where(ClaimRow.text.contains(words))).all()
        return {c.quote.article.url: c.statement_id for c in claims}


@pytest.mark.model
def test_a_short_common_fragment_never_joins_wordings_months_apart(db, extracted):
    _ingest(db, extracted, MARCH_DEPOT, OCTOBER_HARBOUR)
    placed = _statements(db, "all over the map")
    assert set(placed) == {MARCH_DEPOT.url, OCTOBER_HARBOUR.url}
    assert placed[MARCH_DEPOT.url] != placed[OCTOBER_HARBOUR.url]


@pytest.mark.model
def test_the_same_short_fragment_within_days_still_links_whatever_the_order(db, extracted, tmp_path):
    from quotetrack.storage import Database

    articles = (MARCH_DEPOT, MARCH_DEPOT_FOLLOW_UP, OCTOBER_HARBOUR)
    _ingest(db, extracted, *articles)
    placed = _statements(db, "all over the map")
    assert placed[MARCH_DEPOT.url] == placed[MARCH_DEPOT_FOLLOW_UP.url]  # two days apart: one remark
    assert placed[OCTOBER_HARBOUR.url] != placed[MARCH_DEPOT.url]
    partition = _partition(placed)
    for n, order in enumerate(itertools.permutations(articles)):
        other = Database(f"sqlite:///{tmp_path / f'order{n}.sqlite3'}")
        other.migrate()
        _ingest(other, extracted, *order)
        assert _partition(_statements(other, "all over the map")) == partition, order
        other.engine.dispose()


def _partition(placed: dict[str, int | None]) -> frozenset[frozenset[str]]:
    groups: dict[int | None, set[str]] = {}
    for url, statement in placed.items():
        groups.setdefault(statement, set()).add(url)
    return frozenset(frozenset(g) for g in groups.values())


@pytest.mark.model
def test_a_long_verbatim_reprise_months_apart_still_links(db, extracted):
    _ingest(db, extracted, MARCH_NIGHT_BUS, OCTOBER_NIGHT_BUS)
    placed = _statements(db, "stranded without a bus home")
    assert set(placed) == {MARCH_NIGHT_BUS.url, OCTOBER_NIGHT_BUS.url}
    assert placed[MARCH_NIGHT_BUS.url] == placed[OCTOBER_NIGHT_BUS.url]


@pytest.mark.model
def test_an_undated_article_is_not_held_apart(db, extracted):
    # No date, no veto: the wording decides, as before.
    _ingest(db, extracted, MARCH_DEPOT, OCTOBER_HARBOUR, undated={MARCH_DEPOT.url})
    placed = _statements(db, "all over the map")
    assert placed[MARCH_DEPOT.url] == placed[OCTOBER_HARBOUR.url]


@pytest.mark.model
def test_an_undated_wording_does_not_chain_a_march_remark_to_an_october_one(db, extracted):
    undated = Article(
        MARCH_DEPOT_FOLLOW_UP.text, outlet="Undated Wire", url="https://wire.example/depot", published=None
    )
    extracted = dict(extracted) | {undated.url: (undated, extracted[MARCH_DEPOT_FOLLOW_UP.url][1])}
    _ingest(db, extracted, MARCH_DEPOT, undated, OCTOBER_HARBOUR)
    placed = _statements(db, "all over the map")
    assert placed[MARCH_DEPOT.url] != placed[OCTOBER_HARBOUR.url]
    assert placed[undated.url] in {placed[MARCH_DEPOT.url], placed[OCTOBER_HARBOUR.url]}


# -- the rule itself: pure functions --------------------------------------------------------
def test_weeks_apart_is_more_than_the_reporting_window_and_never_undated():
    assert not reprise.weeks_apart(date(2025, 3, 4), date(2025, 3, 25))  # 21 days
    assert reprise.weeks_apart(date(2025, 3, 4), date(2025, 3, 26))
    assert reprise.weeks_apart(date(2025, 10, 13), date(2025, 3, 4))
    assert not reprise.weeks_apart(None, date(2025, 3, 4))
    assert not reprise.weeks_apart(date(2025, 3, 4), None)


def test_a_reprise_is_a_long_run_of_rare_words_word_for_word():
    spoken = "Closing the Eastgate depot would leave hundreds of night shift cleaners and nurses stranded."
    assert reprise.reprise(spoken, "she warned it “would leave hundreds of night shift cleaners and nurses stranded”")
    # Short, however rare; long, but everyday words.
    assert not reprise.reprise(
        'the plan was "all over the map" and would strand workers', 'the proposals were "all over the map" today'
    )
    assert not reprise.reprise(
        "I don't think that's the right thing to do for the people of this city",
        "he said I don't think that's the right thing to do for the people who elected him",
    )
