"""A spokesperson, named or not, speaks for an organisation: the quote stays the
spokesperson's, its remarks join the organisation's statements, a named one's page and verify
by their name still find their words, and an editor naming the speaker ends that.

Every article here is invented for these tests."""

from __future__ import annotations

from dataclasses import replace

import pytest
from sqlalchemy import select

from quotetrack import corrections as curation  # the module was curation.py (issue #43 item 6)
from quotetrack.quotes import extract_quotes
from quotetrack.service import store_article
from quotetrack.statements import queries as statement_queries
from quotetrack.statements.verify import verify
from quotetrack.storage.mappers import to_quote
from quotetrack.storage.models import ClaimRow, QuoteRow, SpeakerRow
from quotetrack.types import Article, Method, Quote, QuoteKind, Speaker, SpeakerKind


def _spoken_for(nlp, text: str) -> dict[str, str | None]:
    quotes, _ = extract_quotes(text, nlp)
    return {q.speaker.name: q.speaks_for.name if q.speaks_for else None for q in quotes if q.speaker}


# -- attribution: whom the article says the spokesperson speaks for (real parser) ----------------
@pytest.mark.model
def test_a_spokesperson_described_by_the_organisations_name_speaks_for_it(nlp):
    text = (
        "Northway Ferries has cancelled every crossing to the islands this week.\n\n"
        "Sailings would resume on Friday once the new engine was fitted, a Northway spokeswoman said."
    )
    assert _spoken_for(nlp, text)["Northway spokeswoman"] == "Northway Ferries"


@pytest.mark.model
def test_a_spokesperson_for_the_kind_of_body_speaks_for_the_one_named_before(nlp):
    text = (
        "Patients at Cardew General Hospital face longer waits after a fire in its kitchens.\n\n"
        "A spokesman for the hospital said outpatient clinics would run as normal."
    )
    # Named after it too: "the hospital" says less than its name, and the article named it
    # in the paragraph before.
    assert _spoken_for(nlp, text)["spokesman for Cardew General Hospital"] == "Cardew General Hospital"


@pytest.mark.model
def test_a_spokesperson_for_the_group_is_named_after_the_association_the_article_named(nlp):
    text = (
        "The Lowfield Tenants Association, which fought the rent rise, welcomed the ruling. A spokeswoman"
        " for the group said its members would pay the old rent but warned that any new rise must be phased in."
    )
    quotes, _ = extract_quotes(text, nlp)
    assert len(quotes) == 2
    # One mention, one person: both quotes are hers, not hers and a second spokeswoman's.
    assert {q.speaker.name for q in quotes} == {"spokeswoman for the Lowfield Tenants Association"}
    assert "spokeswoman for the group" in quotes[0].speaker.aliases
    assert {q.speaks_for.name for q in quotes if q.speaks_for} == {"Lowfield Tenants Association"}


@pytest.mark.model
def test_a_name_described_as_a_kind_of_body_is_that_body(nlp):
    # NER labels neither name; the apposition says what they are.
    text = (
        "Parkwell, the firm that runs enforcement for the council, said its warden followed procedure.\n\n"
        "A spokeswoman for the firm later told the Gazette the warden had not seen the driver."
    )
    assert _spoken_for(nlp, text)["spokeswoman for Parkwell"] == "Parkwell"


@pytest.mark.model
def test_a_spokesperson_for_a_body_named_paragraphs_back_keeps_the_words_of_the_article(nlp):
    text = (
        "The Brenmoor Health Department said cases had risen to 23.\n\n"
        "Clinics will open on Monday.\n\n"
        "Schools are checking records.\n\n"
        "The state has sent 5,000 more doses to the county, a spokeswoman for the agency said."
    )
    assert "spokeswoman for the agency" in _spoken_for(nlp, text)


@pytest.mark.model
def test_a_spokesperson_for_a_kind_of_body_the_story_never_names_speaks_for_that_kind(nlp):
    text = (
        "Wexcombe is to lose two of its five swimming pools next year.\n\n"
        "A council spokeswoman said the closures would save about £300,000 a year."
    )
    # No council is named: "council" itself, for identity to find (or keep as the article's own).
    assert _spoken_for(nlp, text)["council spokeswoman"] == "council"


def test_a_spokesperson_for_a_kind_of_body_joins_the_archived_one_of_a_place_the_story_names(db):
    named = "the pools would close in the spring"
    text = "Wexcombe is to lose two of its pools. The closures would save about £300,000 a year."
    council = Speaker("Wexcombe Borough Council", SpeakerKind.ORGANISATION)
    spokeswoman = Speaker("council spokeswoman", SpeakerKind.UNNAMED_SOURCE)
    kind = Speaker("council", SpeakerKind.ORGANISATION)
    with db.transaction() as session:
        store_article(
            session, Article(named, outlet="Paper A", url="https://example.org/a"), [_reported(named, council)], "t"
        )
        quote = replace(_reported(text, spokeswoman, speaks_for=kind), start=38, end=len(text))
        quote = replace(quote, text=text[38:])
        store_article(session, Article(text, outlet="Paper B", url="https://example.org/b"), [quote], "t")
    with db.reading() as session:
        stored = session.scalar(select(QuoteRow).where(QuoteRow.speaks_for_id.is_not(None)))
        assert stored.speaks_for.name == "Wexcombe Borough Council" and stored.speaks_for.article_id is None


@pytest.mark.model
def test_a_bare_spokesperson_speaks_for_the_body_named_before_they_are_introduced(nlp):
    text = (
        "Harbour Line Ferries has cancelled every crossing this week.\n\n"
        "Sailings would resume on Friday, spokeswoman Orla Brennan said.\n\n"
        "The Seafarers' Union blamed the company for the breakdown.\n\n"
        "Ms Brennan said the union had been told about the repairs in March."
    )
    quotes, _ = extract_quotes(text, nlp)
    brennan = [q for q in quotes if q.speaker is not None and q.speaker.name == "Orla Brennan"]
    assert len(brennan) == 2
    # Her later quote, after the union is named, is still the ferry company's voice.
    assert [q.speaks_for.name if q.speaks_for else None for q in brennan] == ["Harbour Line Ferries"] * 2


@pytest.mark.model
def test_a_spokesperson_with_no_body_named_before_speaks_for_themselves(nlp):
    text = (
        "Crossings to the islands were cancelled all week.\n\n"
        "A spokesman said the timetable would be published online.\n\n"
        "Spokeswoman Orla Brennan said sailings would resume on Friday."
    )
    spoken_for = _spoken_for(nlp, text)
    assert spoken_for["spokesman"] is None
    assert spoken_for["Orla Brennan"] is None


@pytest.mark.model
def test_a_named_spokesperson_the_article_titles_for_an_organisation_speaks_for_it(nlp):
    text = (
        "Harbour Line Ferries has cancelled every crossing this week.\n\n"
        "Company spokeswoman Orla Brennan said sailings would resume on Friday."
    )
    assert _spoken_for(nlp, text)["Orla Brennan"] == "Harbour Line Ferries"


@pytest.mark.model
def test_a_name_the_parser_hangs_on_the_organisation_describes_the_spokesperson(nlp):
    # "Leontine Marsh" is parsed in apposition to "company"; she is the spokeswoman.
    text = (
        "The Sallowfield Omnibus Company improved its offer.\n\n"
        "A spokeswoman for the company, Leontine Marsh, said every route would operate a full timetable."
    )
    quotes, _ = extract_quotes(text, nlp)
    assert quotes[0].speaker is not None and quotes[0].speaker.titles == ("spokeswoman for the company",)
    assert _spoken_for(nlp, text)["Leontine Marsh"] == "Sallowfield Omnibus Company"


# -- statements: stored by hand (no parser), on the test database --------------------------------
FERRIES = Speaker("Harbour Line Ferries", SpeakerKind.ORGANISATION)
SPOKESWOMAN = Speaker("Harbour Line spokeswoman", SpeakerKind.UNNAMED_SOURCE)


def _reported(text: str, speaker: Speaker, speaks_for: Speaker | None = None) -> Quote:
    return Quote(
        0, len(text), text, QuoteKind.INDIRECT, "said", speaker.name, speaker, Method.DESCRIPTION, 0.9,
        speaks_for=speaks_for,
    )  # fmt: skip


def _store_two_outlets(db) -> None:
    first = "sailings to the islands would resume on Friday once the new engine was fitted"
    second = "sailings to the islands would resume on Friday after the new engine is fitted"
    with db.transaction() as session:
        store_article(
            session, Article(first, outlet="Paper A", url="https://example.org/a"), [_reported(first, FERRIES)], "t"
        )
        quote = _reported(second, SPOKESWOMAN, speaks_for=FERRIES)
        store_article(session, Article(second, outlet="Paper B", url="https://example.org/b"), [quote], "t")


def test_an_unnamed_spokespersons_remark_joins_the_organisations_statement(db):
    _store_two_outlets(db)
    with db.reading() as session:
        claims = session.scalars(select(ClaimRow).order_by(ClaimRow.article_id)).all()
        assert len(claims) == 2 and claims[0].statement_id == claims[1].statement_id
        statement = statement_queries.get_statement(session, claims[0].statement_id)
        assert statement is not None and statement.speaker is not None
        assert statement.speaker.name == "Harbour Line Ferries"
        spokeswoman = to_quote(claims[1].quote)
        assert spokeswoman.speaker.name == "Harbour Line spokeswoman"  # the quote stays hers
        assert spokeswoman.speaks_for is not None and spokeswoman.speaks_for.name == "Harbour Line Ferries"


def test_an_editor_naming_the_spokesperson_takes_the_remark_out_of_the_organisations_statement(db):
    _store_two_outlets(db)
    with db.reading() as session:
        quote_id = session.scalar(select(QuoteRow.id).where(QuoteRow.speaks_for_id.is_not(None)))
    with db.transaction() as session:
        curation.correct_quote(session, quote_id, "editor", speaker_name="Orla Brennan", speaker_kind="person")
    with db.reading() as session:
        quote = session.get(QuoteRow, quote_id)
        assert quote.speaks_for_id is None and quote.speaker.name == "Orla Brennan"
        others = session.scalars(select(ClaimRow).where(ClaimRow.quote_id != quote_id)).all()
        assert quote.claims[0].statement_id != others[0].statement_id
        assert quote.claims[0].speaker_id == quote.speaker_id


def test_merging_the_organisation_moves_whom_its_spokespeople_speak_for(db):
    _store_two_outlets(db)
    with db.transaction() as session:
        store_article(
            session,
            Article("Harbour Line cancelled the crossings.", outlet="Paper C", url="https://example.org/c"),
            [_reported("the crossings were cancelled", Speaker("Harbour Line Group", SpeakerKind.ORGANISATION))],
            "t",
        )
    with db.transaction() as session:
        ferries = session.scalar(select(SpeakerRow).where(SpeakerRow.name == "Harbour Line Ferries"))
        group = session.scalar(select(SpeakerRow).where(SpeakerRow.name == "Harbour Line Group"))
        curation.merge_speakers(session, ferries.slug, group.slug, "editor")
    with db.reading() as session:
        spokeswoman = session.scalar(select(QuoteRow).where(QuoteRow.speaks_for_id.is_not(None)))
        group = session.scalar(select(SpeakerRow).where(SpeakerRow.name == "Harbour Line Group"))
        assert spokeswoman.speaks_for_id == group.id
        assert spokeswoman.claims[0].speaker_id == group.id
        first = session.scalar(select(ClaimRow).where(ClaimRow.text.contains("once the new engine")))
        assert first.statement_id == spokeswoman.claims[0].statement_id


def test_the_api_and_the_article_page_name_whom_the_spokesperson_speaks_for(client, auth):
    """Ingested through the API (real parse, real database); the page as a reader gets it."""
    text = (
        "Northway Ferries has cancelled every crossing to the islands this week.\n\n"
        "Sailings would resume on Friday once the new engine was fitted, a Northway spokeswoman said."
    )
    body = {"text": text, "outlet": "Paper D", "url": "https://example.org/d", "title": "Ferries"}
    created = client.post("/api/v1/articles", json=body, headers=auth).get_json()
    quote = next(q for q in created["quotes"] if q["speaker_mention"] == "a Northway spokeswoman")
    assert quote["speaker"]["name"] == "Northway spokeswoman"
    assert quote["speaks_for"]["name"] == "Northway Ferries"
    page = client.get(f"/articles/{created['article']['id']}").get_data(as_text=True)
    assert 'class="speaks-for"' in page and "Northway Ferries</a>" in page
    organisation = client.get(f"/speakers/{quote['speaks_for']['slug']}").get_data(as_text=True)
    assert 'id="spokespeople"' in organisation and "Sailings would resume on Friday" in organisation


BRENNAN = Speaker("Orla Brennan", SpeakerKind.PERSON)


def test_a_named_spokespersons_words_are_found_under_her_name_and_join_the_organisations_statement(db):
    first = "sailings to the islands would resume on Friday once the new engine was fitted"
    second = "sailings to the islands would resume on Friday after the new engine is fitted"
    own = "the harbour master had been consulted about the new timetable"
    with db.transaction() as session:
        store_article(
            session, Article(first, outlet="Paper A", url="https://example.org/a"), [_reported(first, FERRIES)], "t"
        )
        quotes = [_reported(second, BRENNAN, speaks_for=FERRIES)]
        store_article(session, Article(second, outlet="Paper B", url="https://example.org/b"), quotes, "t")
        store_article(
            session, Article(own, outlet="Paper C", url="https://example.org/c"), [_reported(own, BRENNAN)], "t"
        )
    with db.reading() as session:
        brennan = session.scalar(select(SpeakerRow).where(SpeakerRow.name == "Orla Brennan"))
        ferries = session.scalar(select(SpeakerRow).where(SpeakerRow.name == "Harbour Line Ferries"))
        claims = {c.text: c for c in session.scalars(select(ClaimRow))}
        assert claims[first].statement_id == claims[second].statement_id  # one remark, the company's
        # Her statements: the company's she is quoted in, and her own.
        listed, total = statement_queries.list_statements(session, speaker_id=brennan.id)
        assert total == 2 and {s.id for s in listed} == {claims[second].statement_id, claims[own].statement_id}
        # Did she say it? Her words are on record, under the company's voice.
        assert verify(session, second, brennan.id).verdict == "verbatim"
        # The company's own wording is not hers word for word: by her name, her variant of it.
        found = verify(session, first, brennan.id)
        assert found.verdict == "variant" and found.matches[0].id == claims[first].statement_id
        assert verify(session, first, ferries.id).verdict == "verbatim"
        # Words only the company is on record with are not hers: someone else said them.
        company_only = "the company had ordered two new engines"
    with db.transaction() as session:
        store_article(
            session,
            Article(company_only, outlet="Paper D", url="https://example.org/d"),
            [_reported(company_only, FERRIES)],
            "t",
        )
    with db.reading() as session:
        found = verify(session, company_only, brennan.id)
        assert found.verdict == "not_found"
        assert [o.speaker.name for o in found.other_speakers if o.speaker] == ["Harbour Line Ferries"]
