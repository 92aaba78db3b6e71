"""Issue 19, session 4: organisations described in an article's own words are that
article's, an organisation keeps its full proper name whichever form came first, a
description one named speaker of the article answers to is that speaker, a surname
misspelt by a letter is the one person it is near, and migration 0007 applies the first
rule to stored archives.

Every article here is invented for these tests; the rules must hold for news they never saw."""

from __future__ import annotations

from dataclasses import replace

import pytest
from sqlalchemy import select

from quotetrack.attribution.names import is_description
from quotetrack.quotes import extract_quotes
from quotetrack.service import store_article
from quotetrack.storage.identity import add_titles_and_aliases
from quotetrack.storage.models import AuditRow, QuoteRow, SpeakerKeyRow, SpeakerRow
from quotetrack.types import Article, SpeakerKind

from .migration_checks import migrated_again
from .test_identity import ORG, G, P, U, article, ingest, speakers_by_quote


# -- names ----------------------------------------------------------------------------------
def test_a_common_noun_in_lower_case_makes_a_description():
    for words in ("Estonia's maritime administration", "Tagus news agency", "the K7 party", "Lisbon port officials"):
        assert is_description(words), words
    for words in (
        "Bank of Lisbon",
        "Médecins sans Frontières",
        "Fondation de la Mer",
        "eSwatini Water Services",
        "al-Noor Relief Trust",
        "Reuters",
        "K7",
    ):
        assert not is_description(words), words


# -- identity across articles (extractor faked) ----------------------------------------------
def test_two_articles_described_organisations_are_two_speakers(db):
    ingest(db, article("one", ("Estonia's maritime administration", ORG, ())))
    ingest(db, article("two", ("Estonia's maritime administration", ORG, ())))
    stored = speakers_by_quote(db)
    assert len({s[0] for s in stored.values()}) == 2
    assert all(local for _, _, _, local, _ in stored.values())


def test_a_described_organisation_with_a_proper_alias_is_shared_under_it(db):
    ingest(db, article("one", ("Tallinn Port Authority", ORG, ())))
    with db.transaction() as session:
        item, quotes = article("two", ("Tallinn's port authority", ORG, ()))
        aliased = replace(quotes[0].speaker, aliases=("Tallinn Port Authority",))
        quotes = [replace(quotes[0], speaker=aliased)]
        store_article(session, item, quotes, "test")
    stored = speakers_by_quote(db)
    assert len({s[0] for s in stored.values()}) == 1  # the proper name joins them
    with db.reading() as session:
        assert session.get(SpeakerKeyRow, "organization:tallinns port authority") is None


def test_people_are_untouched_by_the_description_rule(db):
    ingest(db, article("one", ("Ansgar van der Lee", P, ())))
    ingest(db, article("two", ("Ansgar van der Lee", P, ())))
    assert len({s[0] for s in speakers_by_quote(db).values()}) == 1


def test_a_description_a_named_speaker_answers_to_in_the_article_is_that_speaker(db):
    ingest(
        db,
        article(
            "one",
            ("Ludovic Arnaud", P, ("Grand Duchy Premier",)),
            ("Grand Duchy Premier", U, ()),
            ("the festival's organisers", G, ()),
            ("organisers", G, ()),
        ),
    )
    stored = speakers_by_quote(db)
    by_quote = {start: value for (_, start), value in stored.items()}
    starts = sorted(by_quote)
    assert by_quote[starts[0]][0] == by_quote[starts[1]][0]  # the premier is Ludovic Arnaud
    assert by_quote[starts[1]][1] == "Ludovic Arnaud"
    assert by_quote[starts[2]][0] == by_quote[starts[3]][0]  # "organisers" are the festival's
    assert by_quote[starts[3]][1] == "the festival's organisers"
    with db.reading() as session:
        methods = {q.identity_decision.method for q in session.scalars(select(QuoteRow))}
        assert "description_in_article" in methods


def test_a_description_two_speakers_answer_to_or_a_generic_one_stays_itself(db):
    ingest(
        db,
        article(
            "one",
            ("Ilse Brandt", P, ("Deputy Mayor",)),
            ("Piet Vos", P, ("Deputy Mayor",)),
            ("Deputy Mayor", U, ()),
            ("Lisbon port officials", G, ()),
            ("officials", G, ()),
        ),
    )
    names = sorted(value[1] for value in speakers_by_quote(db).values())
    assert names == ["Deputy Mayor", "Ilse Brandt", "Lisbon port officials", "Piet Vos", "officials"]


# -- the pipeline on invented articles ------------------------------------------------------
@pytest.mark.model
def test_a_surname_misspelt_by_a_letter_is_the_one_person_it_is_near(nlp):
    def speakers(text: str) -> list[str]:
        return [q.speaker.name for q in extract_quotes(text, nlp)[0] if q.speaker]

    opening = "Bridge repairs\n\nThe engineer Tobias Hallworth inspected the bridge on Monday. "
    assert speakers(opening + '"The cables are sound," Hallwroth said.') == ["Tobias Hallworth"]
    assert speakers(opening + '"The cables are sound," Mr Hallwroth said.') == ["Tobias Hallworth"]
    assert speakers(opening + '"The cables are sound," Hallam said.') == ["Hallam"]  # another name
    two = opening + 'Renata Hallwirth, his deputy, agreed. "The cables are sound," Hallwroth said.'
    assert "Tobias Hallworth" not in speakers(two)  # near two people: neither


@pytest.mark.model
def test_an_organisation_met_by_its_short_form_first_keeps_its_full_name(nlp):
    text = (
        "Storm warning issued\n\n"
        "The storm reached the coast on Sunday, KVTA reported. "
        '"Roads are closed in three counties," KVTA News said in its evening bulletin.'
    )
    quotes, _ = extract_quotes(text, nlp)
    assert {(q.speaker.name, q.speaker.kind) for q in quotes if q.speaker} == {("KVTA News", SpeakerKind.ORGANISATION)}
    assert all("KVTA" in q.speaker.aliases for q in quotes if q.speaker)


# -- the 0007 migration on a stored archive --------------------------------------------------
@pytest.mark.model
def test_the_descriptions_migration_splits_shared_descriptions_and_loses_nothing(db, nlp):
    texts = {
        "a": "Ferries checked\n\nThe harbour board said every ferry would be inspected before the holiday.",
        "b": "Ferry delays\n\nThe harbour board said two crossings would be cancelled on Friday.",
        "c": "Port dues\n\nThe harbour board said dues would rise in April.",
    }
    for name, text in texts.items():
        item = Article(text, outlet="Test", url=f"https://example.org/described-{name}")
        with db.transaction() as session:
            store_article(session, item, extract_quotes(text, nlp)[0], "test")
    # Rewrite them as the old code stored them: one shared speaker keyed by the description,
    # and a described organisation that also answers to a proper name.
    with db.transaction() as session:
        shared = SpeakerRow(
            slug="estonias-maritime-administration",
            name="Estonia's maritime administration",
            kind="organization",
            titles=[],
        )
        aliased = SpeakerRow(
            slug="tallinns-port-authority", name="Tallinn's port authority", kind="organization", titles=[]
        )
        session.add_all([shared, aliased])
        session.flush()
        session.add(SpeakerKeyRow(key="organization:estonias maritime administration", speaker_id=shared.id))
        session.add(SpeakerKeyRow(key="organization:tallinns port authority", speaker_id=aliased.id))
        session.add(SpeakerKeyRow(key="organization:tallinn port authority", speaker_id=aliased.id))
        add_titles_and_aliases(aliased, [], ["Tallinn's port authority", "Tallinn Port Authority"])
        for q in session.scalars(select(QuoteRow)):
            target = aliased if q.article.url.endswith("-c") else shared
            q.speaker_id = target.id
            for claim in q.claims:
                claim.speaker_id = target.id
        ids = {"shared": shared.id, "aliased": aliased.id}
    with migrated_again(db, "0006") as (session, quotes):
        described = {q.article.url[-1]: q.speaker for q in quotes if q.article.url[-1] in "ab"}
        assert described["a"].id != described["b"].id
        assert all(
            s.article_id is not None and s.name == "Estonia's maritime administration" for s in described.values()
        )
        assert session.get(SpeakerKeyRow, "organization:estonias maritime administration") is None
        # The one with a proper name stays shared under it; its description key is gone.
        assert session.get(SpeakerKeyRow, "organization:tallinn port authority").speaker_id == ids["aliased"]
        assert session.get(SpeakerKeyRow, "organization:tallinns port authority") is None
        assert session.get(SpeakerRow, ids["aliased"]).article_id is None
        audit = {(a.action, a.target) for a in session.scalars(select(AuditRow)) if a.key_name == "migration 0007"}
        assert ("speaker.migration_local", f"speaker:{ids['shared']}") in audit
        assert ("speaker.migration_rekey", f"speaker:{ids['aliased']}") in audit
        assert any(action == "speaker.migration_split" for action, _ in audit)
    # A later article's description of the same body is its own speaker.
    ingest(db, article("later", ("Estonia's maritime administration", ORG, ())))
    with db.reading() as session:
        later = [q for q in session.scalars(select(QuoteRow)) if q.article.url.endswith("/later")]
        assert later[0].speaker.article_id == later[0].article_id


@pytest.mark.model
def test_an_organisation_opened_by_a_first_name_is_an_organisation(nlp):
    text = (
        "Reporters jailed\n\n"
        "The press freedom group Harmony International has asked the court to free the reporters. "
        "Harmony International said the reporters were held without charge. "
        '"They did their jobs," Liberty Okafor, a lawyer for the reporters, said.'
    )
    found = {(q.speaker.name, q.speaker.kind) for q in extract_quotes(text, nlp)[0] if q.speaker}
    assert ("Harmony International", SpeakerKind.ORGANISATION) in found
    assert ("Liberty Okafor", SpeakerKind.PERSON) in found


def test_an_indefinite_description_twice_is_two_people(nlp):
    # "One reader ... the reader ..." is one person; a later "one reader" is someone new.
    text = (
        'One reader wrote to the paper: "The bus timetable makes no sense." '
        'The reader added that "nobody at the depot answers the phone".\n\n'
        "Others on the forum were less upset, with one reader writing "
        '"The new routes are faster for most of us."'
    )
    quotes, _ = extract_quotes(text, nlp)
    first = next(q for q in quotes if "timetable" in q.text)
    again = next(q for q in quotes if "depot" in q.text)
    other = next(q for q in quotes if "new routes" in q.text)
    assert first.speaker == again.speaker and first.speaker.name == "one reader"
    assert other.speaker is not None and other.speaker != first.speaker
    assert other.speaker.name == "one reader (2)" and "one reader" in other.speaker.aliases


def test_a_definite_description_twice_stays_one_person(nlp):
    text = (
        'A spokesman for the port said: "The cranes are back in service." '
        'The spokesman said later that "the backlog will be cleared by Monday".'
    )
    quotes, _ = extract_quotes(text, nlp)
    assert len({q.speaker for q in quotes}) == 1


def test_why_a_source_is_unnamed_is_not_part_of_its_name(nlp):
    text = (
        "One senior backbencher, speaking on condition of anonymity, said the chancellor had lost the room. "
        "A doctor who used to treat the minister said that he had been ill for months."
    )
    quotes, _ = extract_quotes(text, nlp)
    names = [q.speaker.name for q in quotes if q.speaker]
    assert "one senior backbencher" in names
    assert any(n.startswith("doctor who used to treat") for n in names)  # a clause that describes stays


def test_the_same_body_is_the_one_quoted_before(nlp):
    # "The same management" says it is the management that spoke before, not a new speaker.
    text = (
        "Pool row\n\n"
        'Leisure centre management held a briefing on Monday to say the water was "safe for swimmers". '
        'The same management also insisted that "budgets are under control". Parents were not convinced.'
    )
    quotes, _ = extract_quotes(text, nlp)
    first = next(q for q in quotes if "swimmers" in q.text)
    again = next(q for q in quotes if "budgets" in q.text)
    assert first.speaker is not None and first.speaker.name == "Leisure centre management"
    assert again.speaker == first.speaker


def test_a_noun_that_is_a_person_when_it_says_of_what_describes_a_person(nlp):
    # "head" is first a body part in WordNet; "the head of the agency" is a person, and the
    # "he" after the quote is that person, not the nurse quoted before.
    text = (
        "Cuts bite\n\n"
        "The ward will reopen next week, the hospital's chief nurse has said.\n\n"
        "The head of the water agency said funding had been cut. He said staff were worried."
    )
    quotes, _ = extract_quotes(text, nlp)
    head = next(q for q in quotes if "funding" in q.text)
    worried = next(q for q in quotes if "worried" in q.text)
    assert head.speaker is not None and head.speaker.name == "head of the water agency"
    assert worried.speaker == head.speaker


def test_a_name_before_a_common_noun_is_whom_the_speaker_works_for(nlp):
    # NER reads "Harbour Line" as a person; before "spokeswoman" it is her employer, so the
    # speaker is the unnamed spokeswoman (speaking for the ferry company the article names).
    text = (
        "Harbour Line Ferries has cancelled every crossing to the islands this week.\n\n"
        "A Harbour Line spokeswoman said sailings would resume on Friday once the new engine was fitted."
    )
    quote = extract_quotes(text, nlp)[0][0]
    assert quote.speaker is not None and quote.speaker.kind is SpeakerKind.UNNAMED_SOURCE
    assert quote.speaker.name == "Harbour Line spokeswoman"
    assert quote.speaks_for is not None and quote.speaks_for.name == "Harbour Line Ferries"
