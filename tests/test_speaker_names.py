"""Issue 19: a name is a name, one person one speaker, common nouns never archive-wide.

Every article here is invented for these tests; the rules must hold for news they never saw.
Three layers: the pure name functions, identity across articles with the extractor faked
(test_identity.py's helpers), and the real pipeline on whole articles. Last, the 0006 and
0009 migrations on stored archives written the old way."""

from __future__ import annotations

import pytest
from sqlalchemy import delete, select

from quotetrack.attribution.names import canonical_person, family_name, is_common_noun_phrase, surname
from quotetrack.quotes import extract_quotes
from quotetrack.service import store_article
from quotetrack.storage.identity import person_key, person_name
from quotetrack.storage.models import (
    AuditRow,
    QuoteRow,
    SpeakerAliasRow,
    SpeakerKeyRow,
    SpeakerRow,
)
from quotetrack.types import Article, SpeakerKind

from .migration_checks import migrated_again
from .test_identity import ORG, G, P, article, ingest, speakers_by_quote


# -- names ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("written", "titles", "name"),
    [
        ("Alderwoman Fenna Brouwer", ["Alderwoman"], "Fenna Brouwer"),
        ("Deputy Fire Chief Oskar Lindqvist", ["Deputy Fire Chief"], "Oskar Lindqvist"),
        ("Liberal MP Anneke Stroud", ["Liberal MP"], "Anneke Stroud"),
        ("Harbour Police Constable Ewan Tait", ["Harbour Police Constable"], "Ewan Tait"),
        ("Sgt Mirela Dobos", ["Sgt"], "Mirela Dobos"),
        ("Cr Wendeline Okoro", ["Cr"], "Wendeline Okoro"),
        ("Cllr Padraig Moyle", ["Cllr"], "Padraig Moyle"),
        ("Dr. Ivo Marchetti", ["Dr."], "Ivo Marchetti"),
        ("Mr. Mr. Vantongeren", ["Mr."], "Vantongeren"),
        ("Priscilla Nwosu, MP", ["MP"], "Priscilla Nwosu"),
        ("Nevada Attorney General Ruiz", ["Nevada Attorney General"], "Ruiz"),
        # Names that only look titled stay whole.
        ("Dean Hargrove", [], "Dean Hargrove"),
        ("Martin Luther King Jr.", [], "Martin Luther King Jr."),
        ("Cormac Healy, QC", [], "Cormac Healy, QC"),
        ("Kim Seo-yeon", [], "Kim Seo-yeon"),
        ("Ana Beatriz Moraes Pinheiro da Silva", [], "Ana Beatriz Moraes Pinheiro da Silva"),
    ],
)
def test_titles_come_off_the_name_wherever_they_stand(written, titles, name):
    assert canonical_person(written) == (titles, name)


def test_surnames_keep_particles_and_surname_first_names_their_family_name():
    assert family_name("Ottavio Di Stefano".split()) == ["Di", "Stefano"]
    assert family_name("Sofie van den Berg".split()) == ["van", "den", "Berg"]
    assert family_name("Van Pelt".split()) == ["Pelt"] or family_name("Van Pelt".split()) == ["Van", "Pelt"]
    assert family_name("Al Whitcombe".split()) == ["Whitcombe"]  # "Al" opening a name is a given name
    assert surname("Kim Seo-yeon") == "Kim"
    assert surname("Hanna Strauss-Ekberg") == "Strauss-Ekberg"  # a double-barrelled surname


def test_identity_keys_fold_titles_case_diacritics_and_particles():
    def key(name):
        return person_key(person_name(name))

    assert key("Dr. Zoë Ferrà") == key("Zoe Ferra") == key("ZOË FERRÀ") == "person:zoe|ferra"
    assert key("Councilmember Odile Fanshawe") == key("Odile Fanshawe")
    assert key("Ottavio Di Stefano") == "person:ottavio|di stefano"
    assert person_name("Di Stefano") is not None and person_name("Di Stefano").last == "di stefano"
    assert key("Kim Seo-yeon") == "person:seo yeon|kim" and person_name("Kim").last == "kim"
    assert key("Rashid al-Karimi") == "person:rashid|karimi" and person_name("Karimi").last == "karimi"


def test_common_nouns_are_not_names():
    for words in ("Hospital", "the Company", "Police", "Clinic officials", "City Council"):
        assert is_common_noun_phrase(words), words
    for words in ("Saint Brigid Infirmary", "Reuters", "Supreme Court", "Harlan Freight"):
        assert not is_common_noun_phrase(words), words


# -- identity across articles (extractor faked) ----------------------------------------------
def test_a_titled_name_a_bare_name_and_a_surname_are_one_speaker(db):
    ingest(db, article("one", ("Councilmember Odile Fanshawe", P, ())))
    ingest(db, article("two", ("Odile Fanshawe", P, ())))
    ingest(db, article("three", ("Fanshawe", P, ())))
    stored = speakers_by_quote(db)
    assert len({s[0] for s in stored.values()}) == 1
    with db.reading() as session:
        speaker = session.scalars(select(SpeakerRow)).one()
        assert speaker.name == "Odile Fanshawe" and "Councilmember" in speaker.titles
        assert speaker.slug == "odile-fanshawe"


def test_common_noun_organisations_and_groups_stay_in_their_article(db):
    ingest(db, article("one", ("Hospital", ORG, ()), ("hospital officials", G, ())))
    ingest(db, article("two", ("Hospital", ORG, ()), ("hospital officials", G, ())))
    stored = speakers_by_quote(db)
    assert len({s[0] for s in stored.values()}) == 4  # four speakers, one per article and description
    assert all(local for _, _, _, local, _ in stored.values())


def test_a_surname_first_name_answers_to_its_family_name_in_other_articles(db):
    ingest(db, article("one", ("Kim Seo-yeon", P, ("Minister",))))
    ingest(db, article("two", ("Kim", P, ("minister",))))
    stored = speakers_by_quote(db)
    assert len({s[0] for s in stored.values()}) == 1


# -- the pipeline on invented articles -------------------------------------------------------
def speakers(nlp, text: str) -> list[tuple[str, SpeakerKind, tuple[str, ...]]]:
    quotes, _ = extract_quotes(text, nlp)
    return [(q.speaker.name, q.speaker.kind, q.speaker.titles) if q.speaker else None for q in quotes]


@pytest.mark.model
def test_titles_and_roles_never_become_the_name(nlp):
    text = (
        "Ferry fares to rise in spring\n\n"
        'Alderwoman Fenna Brouwer said the increase was unavoidable. "We held fares for six years," Brouwer said.\n\n'
        'Labour MP Tobias Renwick criticised the timetable. "It is far too slow," Renwick said.'
    )
    found = speakers(nlp, text)
    assert [s[0] for s in found] == ["Fenna Brouwer", "Fenna Brouwer", "Tobias Renwick"]
    assert "Alderwoman" in found[0][2] and any("MP" in t for t in found[2][2])


@pytest.mark.model
def test_surname_first_hyphenated_particle_and_long_names_stay_whole(nlp):
    text = (
        "Talks resume\n\n"
        'Prime Minister Cho Hye-jin said the talks would resume next week. "We are ready," Cho said.\n\n'
        "Leonor de la Vega Ruiz, the regional envoy, said the ceasefire was holding. "
        '"Both sides have kept their word," de la Vega said.'
    )
    assert [s[0] for s in speakers(nlp, text)] == ["Cho Hye-jin"] * 2 + ["Leonor de la Vega Ruiz"] * 2


@pytest.mark.model
def test_a_bare_titled_surname_is_the_person_named_in_full(nlp):
    text = (
        "Delegation silent\n\n"
        'Ramiro Castellanos had earlier called the talks "useful". '
        "Mr. Castellanos, the delegation's spokesman, said no date had been set."
    )
    assert {s[0] for s in speakers(nlp, text)} == {"Ramiro Castellanos"}


@pytest.mark.model
def test_british_and_australian_titles_come_off_and_a_titled_surname_is_a_person(nlp):
    # "Cllr Moyle" is tagged an organisation by the small model: the title says person.
    text = (
        "Shire urges calm over water\n\n"
        "Shire mayor Cr Wendeline Okoro urged residents to boil their water until further notice.\n\n"
        "\u2018It is a precaution,\u2019 Cr Okoro said.\n\n"
        "Cllr Padraig Moyle, the deputy leader, said the council would meet on Friday.\n\n"
        "\u201cWe will act now,\u201d Cllr Moyle told the meeting."
    )
    found = speakers(nlp, text)
    assert [s[0] for s in found] == ["Wendeline Okoro"] * 2 + ["Padraig Moyle"] * 2
    assert all(s[1] is SpeakerKind.PERSON for s in found)


@pytest.mark.model
def test_names_with_typographic_apostrophes_are_one_person(nlp):
    text = (
        "Breach alert\n\n"
        "Security researcher Rohan D\u2019Souza said he had found a sample of the data on a forum.\n\n"
        "\u201cThe records I saw had names and emails,\u201d Mr D\u2019Souza said.\n\n"
        "Anita O\u2019Brien-Kaur, the chief executive, said the company was investigating. "
        "\u201cWe are sorry,\u201d O\u2019Brien-Kaur said."
    )
    found = speakers(nlp, text)  # the names as the article writes them
    assert [(s[0], s[1]) for s in found] == [("Rohan D\u2019Souza", SpeakerKind.PERSON)] * 2 + [
        ("Anita O\u2019Brien-Kaur", SpeakerKind.PERSON)
    ] * 2


@pytest.mark.model
def test_a_hyphenated_surname_alone_is_the_person_named_in_full(nlp):
    # NER tags the bare "Okonkwo-Lindt" an organisation in each of these sentences.
    text = (
        "Trade talks stall\n\n"
        '"We have made progress," Trade Minister Adaeze Okonkwo-Lindt told reporters on Friday.\n\n'
        "Okonkwo-Lindt said Norland would not sign a deal that kept the duty in place.\n\n"
        "The two sides will meet again in Kellby on March 14, Okonkwo-Lindt said."
    )
    assert {s[0] for s in speakers(nlp, text)} == {"Adaeze Okonkwo-Lindt"}


@pytest.mark.model
def test_organisations_keep_their_full_name_and_kind(nlp):
    text = (
        "Ferry fleet ageing\n\n"
        'The Brightwater Regional Ferry Authority approved the plan on Tuesday. "The fleet is old," the Authority said.'
    )
    assert speakers(nlp, text) == [("Brightwater Regional Ferry Authority", SpeakerKind.ORGANISATION, ())]


@pytest.mark.model
def test_a_club_named_like_a_person_is_an_organisation_and_its_short_name_and_the_club_are_it(nlp):
    # The small model tags "Brenton Rovers" a person; "Rovers" alone closes its name; "the
    # club" is the club already quoted, not the one its own sentence names.
    text = (
        "Rovers part company with coach\n\n"
        "Brenton Rovers have become the latest club to change coaches after a heavy home defeat.\n\n"
        "Rovers said assistant Ruth Okello would lead the side on Saturday.\n\n"
        "Okello will take charge of the trip to Corley Athletic, the club said."
    )
    found = speakers(nlp, text)
    assert [(s[0], s[1]) for s in found] == [("Brenton Rovers", SpeakerKind.ORGANISATION)] * 2


@pytest.mark.model
def test_descriptions_are_named_whole_and_officials_of_a_named_place_are_it(nlp):
    text = (
        "Clinic closes ward\n\n"
        "A consultant to the Andorran delegation said the draft would be ready by Friday. "
        "Clinic officials said the ward would reopen on Monday. "
        "Officials at Saint Brigid Infirmary said they had taken in the patients."
    )
    found = speakers(nlp, text)
    assert found[0][:2] == ("consultant to the Andorran delegation", SpeakerKind.UNNAMED_SOURCE)
    assert found[1][:2] == ("clinic officials", SpeakerKind.GROUP)
    assert found[2][:2] == ("Saint Brigid Infirmary", SpeakerKind.ORGANISATION)


@pytest.mark.model
def test_two_articles_officials_of_unnamed_hospitals_are_two_speakers(db, nlp):
    for number, town in enumerate(("Marlow", "Penhallow")):
        text = f"Ward closes in {town}\n\nHospital officials said the ward in {town} would close on Friday."
        item = Article(text, outlet="Test", url=f"https://example.org/ward-{number}")
        with db.transaction() as session:
            store_article(session, item, extract_quotes(text, nlp)[0], "test")
    with db.reading() as session:
        quotes = list(session.scalars(select(QuoteRow)))
        assert len(quotes) == 2 and quotes[0].speaker_id != quotes[1].speaker_id
        assert all(q.speaker.article_id == q.article_id for q in quotes)


# -- the 0006 migration on a stored archive --------------------------------------------------
def _stored_the_old_way(db, nlp) -> dict[str, int]:
    """Three articles stored, then their speakers rewritten as the old code left them: a
    title inside a name with its own key, and one common-noun organisation shared by two
    articles."""
    texts = {
        "a": 'Levy vote delayed\n\nCouncilmember Odile Fanshawe said the vote would wait. "We need the figures," she said.',
        "b": 'Levy passes\n\nOdile Fanshawe said the levy had passed. "It was close," Fanshawe said.',
        "c": "Wards close\n\nHospital officials said two wards would close.",
        "d": "Clinic hours cut\n\nHospital officials said the clinic would open later.",
    }
    for name, text in texts.items():
        item = Article(text, outlet="Test", url=f"https://example.org/old-{name}")
        with db.transaction() as session:
            store_article(session, item, extract_quotes(text, nlp)[0], "test")
    with db.transaction() as session:
        quotes = {q.article.url[-1]: q for q in session.scalars(select(QuoteRow))}
        titled = SpeakerRow(slug="councilmember-odile-fanshawe", name="Councilmember Odile Fanshawe", kind="person")
        session.add(titled)
        session.flush()
        session.add(SpeakerKeyRow(key="person:councilmember|fanshawe", speaker_id=titled.id))
        for q in session.scalars(select(QuoteRow).where(QuoteRow.article_id == quotes["a"].article_id)):
            q.speaker_id = titled.id
            for claim in q.claims:
                claim.speaker_id = titled.id
        hospital = SpeakerRow(slug="hospital", name="Hospital", kind="organization", titles=[])
        session.add(hospital)
        session.flush()
        session.add(SpeakerKeyRow(key="organization:hospital", speaker_id=hospital.id))
        for letter in "cd":
            for q in session.scalars(select(QuoteRow).where(QuoteRow.article_id == quotes[letter].article_id)):
                q.speaker_id = hospital.id
                for claim in q.claims:
                    claim.speaker_id = hospital.id
        return {"titled": titled.id, "plain": quotes["b"].speaker_id, "hospital": hospital.id}


@pytest.mark.model
def test_the_names_migration_splits_titles_merges_people_and_loses_nothing(db, nlp):
    ids = _stored_the_old_way(db, nlp)
    with migrated_again(db, "0005") as (session, quotes):
        fanshawe = {q.speaker for q in quotes if q.article.url[-1] in "ab"}
        assert len(fanshawe) == 1  # one person now
        person = fanshawe.pop()
        assert person.name == "Odile Fanshawe" and "Councilmember" in person.titles
        assert "Councilmember Odile Fanshawe" in {a.alias for a in person.aliases}
        merged = session.get(SpeakerRow, max(ids["titled"], ids["plain"]))
        assert merged.merged_into_id == min(ids["titled"], ids["plain"])  # its slug still resolves
        hospital = [q.speaker for q in quotes if q.article.url[-1] in "cd"]
        assert hospital[0].id != hospital[1].id and all(s.article_id is not None for s in hospital)
        assert session.get(SpeakerKeyRow, "organization:hospital") is None
        assert session.get(SpeakerKeyRow, "person:odile|fanshawe").speaker_id == person.id
        audit = {(a.action, a.target) for a in session.scalars(select(AuditRow))}
        assert ("speaker.migration_rename", f"speaker:{ids['titled']}") in audit
        assert ("speaker.migration_merge", f"speaker:{merged.id}") in audit
        assert any(action == "speaker.migration_split" for action, _ in audit)
        assert session.scalars(select(SpeakerAliasRow).where(SpeakerAliasRow.speaker_id == merged.id)).first()
    # A later article naming her joins the one speaker.
    text = 'Levy review\n\nOdile Fanshawe said the review would start in May. "We promised it," Fanshawe said.'
    item = Article(text, outlet="Test", url="https://example.org/after")
    with db.transaction() as session:
        store_article(session, item, extract_quotes(text, nlp)[0], "test")
    with db.reading() as session:
        speakers_now = {q.speaker_id for q in session.scalars(select(QuoteRow)) if "Fanshawe" in (q.speaker.name or "")}
        assert len(speakers_now) == 1


# -- the 0009 migration: styles of address on an archive already past 0006 --------------------
STYLED = {
    "a": 'Port levy delayed\n\nDatuk Seri Lum Kee Fong said the levy would wait. "We need the figures," Lum said.',
    "b": 'Port levy passes\n\nLum Kee Fong said the levy had passed. "It was close," Lum said.',
    "after": 'Port levy review\n\nLum Kee Fong said the review would start in May. "We promised it," he said.',
}


def _store(db, nlp, letter: str) -> None:
    item = Article(STYLED[letter], outlet="Test", url=f"https://example.org/styled-{letter}")
    with db.transaction() as session:
        store_article(session, item, extract_quotes(STYLED[letter], nlp)[0], "test")


def _stored_with_styles_in_names(db, nlp) -> dict[str, int]:
    """An archive at 0008 as the name rules before styles of address left it: the first
    article's "Datuk Seri Lum Kee Fong" stored with the style in the name and in its key, so
    the next article's "Lum Kee Fong" became a second speaker."""
    _store(db, nlp, "a")
    with db.transaction() as session:
        styled = session.scalars(select(SpeakerRow)).one()
        styled.name, styled.slug, styled.titles = "Datuk Seri Lum Kee Fong", "datuk-seri-lum-kee-fong", []
        session.execute(
            delete(SpeakerAliasRow).where(
                SpeakerAliasRow.speaker_id == styled.id, SpeakerAliasRow.alias == "Lum Kee Fong"
            )
        )
        session.execute(delete(SpeakerKeyRow).where(SpeakerKeyRow.speaker_id == styled.id))
        session.add(SpeakerKeyRow(key="person:datuk|fong", speaker_id=styled.id))
        styled_id = styled.id
    _store(db, nlp, "b")
    with db.reading() as session:
        plain = {q.speaker_id for q in session.scalars(select(QuoteRow)) if q.article.url.endswith("-b")}
    assert len(plain) == 1 and plain != {styled_id}  # two speakers for one person, as archived
    return {"styled": styled_id, "plain": plain.pop()}


@pytest.mark.model
def test_the_styles_migration_takes_styles_off_stored_names_and_merges_the_person(db, nlp):
    ids = _stored_with_styles_in_names(db, nlp)
    with migrated_again(db, "0008") as (session, quotes):
        people = {q.speaker for q in quotes}
        assert len(people) == 1  # one person now, the older speaker
        person = people.pop()
        assert person.id == ids["styled"]
        assert person.name == "Lum Kee Fong" and person.titles == ["Datuk Seri"]
        assert {"Datuk Seri Lum Kee Fong", "Lum Kee Fong"} <= {a.alias for a in person.aliases}
        merged = session.get(SpeakerRow, ids["plain"])
        assert merged.merged_into_id == person.id  # its slug still resolves
        assert session.get(SpeakerKeyRow, "person:lum|fong").speaker_id == person.id
        audit = [
            (a.action, a.target) for a in session.scalars(select(AuditRow).where(AuditRow.key_name == "migration 0009"))
        ]  # one entry per speaker renamed or merged
        assert sorted(audit) == [
            ("speaker.migration_merge", f"speaker:{merged.id}"),
            ("speaker.migration_rename", f"speaker:{person.id}"),
        ]
    # A later article naming him joins the one speaker.
    _store(db, nlp, "after")
    with db.reading() as session:
        assert {q.speaker_id for q in session.scalars(select(QuoteRow))} == {ids["styled"]}


@pytest.mark.model
def test_a_name_ner_took_for_places_is_a_person_when_the_apposition_says_so(nlp):
    text = (
        "Nurse recalls flood\n\n"
        "Oriane Lyon, a retired nurse from the valley, said the water rose within minutes. "
        '"We carried the patients upstairs," Lyon said.'
    )
    found = speakers(nlp, text)
    assert found and all(s is not None and s[:2] == ("Oriane Lyon", SpeakerKind.PERSON) for s in found)
