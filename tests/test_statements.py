"""Statements across outlets and verification, on the seeds (real pipeline, real database)."""

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from quotetrack.quotes import extract_quotes
from quotetrack.service import store_article
from quotetrack.sources.files import read_path
from quotetrack.statements import linking
from quotetrack.statements import queries as statement_queries
from quotetrack.statements.diff import word_diff
from quotetrack.statements.verify import verify
from quotetrack.statements.wording import Relation, compare
from quotetrack.storage import Database
from quotetrack.storage.models import ClaimRow, QuoteRow

from .conftest import SEEDS, post_seeds


# -- wording comparison: pure functions ------------------------------------------------------
def test_typography_does_not_make_a_different_wording():
    a = "“She’s not very smart — I’ll give her that,”"
    b = "\"She's not very smart - I'll give her that.\""
    assert compare(a, b).relation is Relation.VERBATIM


def test_fragment_variant_and_paraphrase():
    whole = "Why are sanctuary cities protecting child rapists? Unconscionable. Any politician who does so should be recalled."
    assert compare("Any politician who does so should be recalled,", whole).relation is Relation.FRAGMENT
    assert (
        compare(
            "Either she helps us or she gets the hell out of the way, because we will",
            "Either she helps us, or she gets the hell out of the way, because we're going to do it",
        ).relation
        is Relation.VARIANT
    )
    assert (
        compare(
            "the State Police will not be deployed to assist in arresting immigrants",
            "state police would absolutely not assist agents in their deportation operations",
            reported=True,
        ).relation
        is Relation.PARAPHRASE
    )


def test_same_template_about_different_people_is_not_one_remark():
    a = "John Doe stands accused of horrifically victimizing a Massachusetts child and represents a threat to our neighborhoods"
    b = "This individual is accused of committing heinous crimes against a child that show he is a threat to our community"
    assert compare(a, b) is None


def test_word_diff():
    ops = word_diff("because we will", "because we're going to do it")
    assert [o["op"] for o in ops] == ["equal", "replace"]
    assert ops[1] == {"op": "replace", "reference": "we will", "wording": "we're going to do it"}


# -- on the seeds ------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def seed_extractions(nlp):
    return [(item.article, extract_quotes(item.article.text, nlp)[0]) for item in read_path(SEEDS)]


def _store(db, extractions, order):
    for index in order:
        article, quotes = extractions[index]
        with db.transaction() as session:
            store_article(session, article, quotes, "test")


def _partition(db) -> frozenset:
    with db.reading() as session:
        groups = {}
        for claim in session.scalars(select(ClaimRow)):
            groups.setdefault(claim.statement_id, set()).add((claim.quote.article.url, claim.start))
    return frozenset(frozenset(g) for g in groups.values())


@pytest.fixture(scope="module")
def seeded_db(seed_extractions, tmp_path_factory):
    db = Database(f"sqlite:///{tmp_path_factory.mktemp('st') / 'seeds.sqlite3'}")
    db.migrate()
    _store(db, seed_extractions, range(len(seed_extractions)))
    return db


def _statement_of(db, fragment):
    with db.reading() as session:
        claim = session.scalar(select(ClaimRow).where(ClaimRow.text.contains(fragment)))
        return statement_queries.get_statement(session, claim.statement_id)


@pytest.mark.model
@pytest.mark.parametrize(
    "fragment, outlets",
    [
        ("Any politician who does so", {"Local news report", "Boston 25 News"}),  # one post, quoted whole and in two
        ("Why are 'sanctuary' cities", {"Local news report", "Boston 25 News"}),
        ("Either she helps us", {"The Boston Globe", "Local news report"}),  # two wordings
        ("every tool in the toolbox", {"The Boston Globe", "Fox News"}),
        (
            "agents in their deportation operations",
            {"The Daily Wire", "Fox News", "Local news report", "The Boston Globe"},
        ),
    ],
)
def test_one_remark_is_one_statement_across_outlets(seeded_db, fragment, outlets):
    statement = _statement_of(seeded_db, fragment)
    printed = {a.outlet for w in statement.wordings for a in w.appearances}
    assert outlets <= printed, printed


@pytest.mark.model
def test_a_quote_reporting_two_remarks_joins_two_statements(seeded_db):
    """The Globe's mixed quote reports two remarks of the governor's: each of its claims
    joins the statement of that remark, and neither statement holds the other remark."""
    toolbox = _statement_of(seeded_db, "every tool in the toolbox")
    not_assist = _statement_of(seeded_db, "absolutely not assist")
    assert toolbox.id != not_assist.id
    assert not any("absolutely not" in w.text for w in toolbox.wordings)
    assert not any("toolbox" in w.text for w in not_assist.wordings)
    with seeded_db.reading() as session:
        globe = session.scalar(select(QuoteRow).where(QuoteRow.text.contains("every tool in the toolbox")))
        assert globe.kind == "mixed"
        assert [c.statement_id for c in globe.claims] == [toolbox.id, not_assist.id]


@pytest.mark.model
def test_a_post_quoted_whole_and_in_halves_gives_one_statement_per_sentence(seeded_db):
    first = _statement_of(seeded_db, "Why are 'sanctuary' cities")
    second = _statement_of(seeded_db, "Any politician who does so")
    assert first.id != second.id
    assert second.canonical_text.startswith("Any politician who does so should be recalled immediately")
    assert {w.relation for w in first.wordings + second.wordings} == {"verbatim"}


@pytest.mark.model
def test_two_press_statements_of_one_template_stay_two(seeded_db):
    first = _statement_of(seeded_db, "stands accused of horrifically")
    second = _statement_of(seeded_db, "This individual is accused")
    assert first.id != second.id


@pytest.mark.model
def test_verify_a_misquote_shows_the_variant_and_who_printed_what(seeded_db):
    with seeded_db.reading() as session:
        verdict = verify(session, "Either she helps us or she gets out of the way")
    assert verdict.verdict == "variant"
    top = verdict.matches[0]
    assert top.speaker.name == "Tom Homan"
    by_outlet = {a.outlet: w for w in top.wordings for a in w.appearances}
    assert set(by_outlet) == {"The Boston Globe", "Local news report"}
    assert {"op": "insert", "reference": "", "wording": "the hell"} in by_outlet["The Boston Globe"].diff
    assert top.first_appearance.outlet in by_outlet


@pytest.mark.model
def test_verify_verbatim_and_not_found(seeded_db):
    with seeded_db.reading() as session:
        assert verify(session, "“No, absolutely not.”").verdict == "verbatim"
        assert verify(session, "We will build a wall on the moon by Friday").verdict == "not_found"


@pytest.mark.model
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(order=st.permutations(range(5)))
def test_statements_do_not_depend_on_arrival_order(seed_extractions, seeded_db, order):
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(f"sqlite:///{Path(tmp) / 'order.sqlite3'}")
        db.migrate()
        _store(db, seed_extractions, order)
        assert _partition(db) == _partition(seeded_db)
        db.engine.dispose()


@pytest.mark.model
def test_statement_endpoints_and_verify_over_the_api(client, auth):
    post_seeds(client, auth)
    page = client.get("/api/v1/statements?min_outlets=2").get_json()
    assert page["total"] >= 4
    assert all(s["outlet_count"] >= 2 for s in page["items"])
    homan = client.get("/api/v1/speakers/tom-homan/statements?q=hell").get_json()["items"][0]
    detail = client.get(f"/api/v1/statements/{homan['id']}").get_json()
    assert len(detail["wordings"]) == 2 and detail["first_appearance"]["outlet"]
    quote = client.get("/api/v1/quotes?q=gets+the+hell").get_json()["items"][0]
    assert quote["statement_id"] == homan["id"] and quote["relation"] in {"verbatim", "variant"}
    answer = client.post(
        "/api/v1/verify", json={"text": "Either she helps us or she gets out of the way", "speaker": "tom-homan"}
    ).get_json()
    assert answer["verdict"] == "variant" and answer["matches"][0]["wordings"][0]["diff"]
    assert client.post("/api/v1/verify", json={"text": ""}).status_code == 422
    assert client.post("/api/v1/verify", json={"text": "x", "speaker": "nobody"}).status_code == 404
    assert client.get("/api/v1/statements/99999").status_code == 404
    assert client.get("/api/v1/statements?min_outlets=0").status_code == 422


@pytest.mark.model
def test_the_speakers_own_words_lead_a_statement_over_an_outlets_paraphrase(seeded_db):
    # Issue 40, item 5. The seeds' Daily Wire quotes Healey directly, "No, absolutely not": her
    # own words lead the state-police statement, short as they are, not the Daily Wire's
    # sentence built round two of them ("state police will 'absolutely not' cooperate ...").
    statement = _statement_of(seeded_db, "agents in their deportation operations")
    assert statement.canonical_text.startswith("No, absolutely not"), statement.canonical_text
    assert statement.canonical_kind == "direct"
    assert statement.canonical_appearance.outlet == "The Daily Wire"
    # Everywhere: a direct quote leads where any outlet printed one; else a mixed wording quoting
    # the speaker; an outlet's paraphrase only when no outlet quotes the remark at all.
    with seeded_db.reading() as session:
        groups: dict[int, list[ClaimRow]] = {}
        for claim in session.scalars(select(ClaimRow).where(ClaimRow.statement_id.is_not(None))):
            groups.setdefault(claim.statement_id, []).append(claim)
        for claims in groups.values():
            canonical = next(c for c in claims if c.id == claims[0].statement.canonical_claim_id)
            assert linking.own_words(canonical) == min(linking.own_words(c) for c in claims), canonical.text


@pytest.mark.model
def test_a_statement_cites_the_outlet_that_printed_its_canonical_wording(seeded_db):
    with seeded_db.reading() as session:
        statements, _ = statement_queries.list_statements(session, min_outlets=2, per_page=100)
    assert statements
    for statement in statements:
        printed = {a.outlet for w in statement.wordings if w.text == statement.canonical_text for a in w.appearances}
        assert statement.canonical_appearance.outlet in printed, statement.id


@pytest.mark.model
def test_the_statement_card_names_the_canonical_wordings_outlet_not_the_first_reporter(client, auth):
    post_seeds(client, auth)
    for item in client.get("/api/v1/statements?min_outlets=2&per_page=50").get_json()["items"]:
        detail = client.get(f"/api/v1/statements/{item['id']}").get_json()
        canonical = [w for w in detail["wordings"] if w["text"] == detail["canonical_text"]][0]
        outlets = {a["outlet"] for a in canonical["appearances"]}
        card = client.get(f"/cards/statements/{item['id']}").get_data(as_text=True)
        cited = card.split("<cite>")[1].split("</cite>")[0]
        assert any(outlet in cited for outlet in outlets), (detail["canonical_text"], cited)


@pytest.mark.model
def test_corrections_move_every_claim_of_a_quote(seed_extractions, tmp_path):
    """An editor rejecting the Globe's two-remark quote takes both its claims out of both
    statements; restoring it brings each back to its own statement."""
    from quotetrack import corrections as curation  # the module was curation.py (issue #43 item 6)

    db = Database(f"sqlite:///{tmp_path / 'corrections.sqlite3'}")
    db.migrate()
    _store(db, seed_extractions, range(len(seed_extractions)))
    before = _partition(db)
    with db.reading() as session:
        globe = session.scalar(select(QuoteRow).where(QuoteRow.text.contains("every tool in the toolbox")))
        globe_id, claim_ids = globe.id, [c.id for c in globe.claims]
    assert len(claim_ids) == 2
    with db.transaction() as session:
        curation.correct_quote(session, globe_id, "editor", status="rejected")
    with db.reading() as session:
        toolbox = _statement_of(db, "every tool in the toolbox has to be used")
        not_assist = _statement_of(db, "agents in their deportation operations")
        assert all(session.get(ClaimRow, c).statement_id is None for c in claim_ids)
        assert "The Boston Globe" not in {a.outlet for w in toolbox.wordings for a in w.appearances}
        assert "The Boston Globe" not in {a.outlet for w in not_assist.wordings for a in w.appearances}
    with db.transaction() as session:
        curation.correct_quote(session, globe_id, "editor", status="accepted")
    assert _partition(db) == before
    db.engine.dispose()


def test_two_claims_of_one_quote_stay_two_statements_when_a_third_wording_relates_to_both(db):
    """Each claim of a two-remark quote may pick the same wording of another outlet as its
    strongest neighbour; that must not chain the two remarks into one statement. The
    extraction is written by hand here (no parser): the quotes, their claims and speakers."""
    from quotetrack.storage.models import ClaimRow
    from quotetrack.types import Article, Method, Quote, QuoteKind, Speaker, SpeakerKind

    speaker = Speaker("Orla Penrose", SpeakerKind.PERSON, ())
    first = "Nurses have warned about ward staffing for years. I raised ward staffing with the minister three times."
    cut = first.index(" I raised")
    quote_a = Quote(
        0, len(first), first, QuoteKind.DIRECT, "said", "Penrose", speaker, Method.EXPLICIT_NAME, 0.95,
        claims=((0, cut), (cut + 1, len(first))),
    )  # fmt: skip
    second = "she had raised ward staffing and the nurses' warnings with the minister for years"
    quote_b = Quote(0, len(second), second, QuoteKind.INDIRECT, "said", "Penrose", speaker, Method.EXPLICIT_NAME, 0.95)
    with db.transaction() as session:
        store_article(session, Article(first, outlet="Paper A", url="https://example.org/a"), [quote_a], "test")
        store_article(session, Article(second, outlet="Paper B", url="https://example.org/b"), [quote_b], "test")
    with db.reading() as session:
        claims = session.scalars(select(ClaimRow).order_by(ClaimRow.article_id, ClaimRow.ordinal)).all()
        a_claims = [c for c in claims if c.quote.article.url.endswith("/a")]
        assert len(a_claims) == 2
        assert a_claims[0].statement_id != a_claims[1].statement_id
        # ... and the other outlet's wording still joins one of them.
        b_claim = next(c for c in claims if c.quote.article.url.endswith("/b"))
        assert b_claim.statement_id in {c.statement_id for c in a_claims}
