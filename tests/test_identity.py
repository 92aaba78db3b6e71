"""Speaker identity across articles (storage/identity.py), on SQLite and PostgreSQL.

These tests fake the extractor: each article comes with the quotes and speakers that
attribution would hand to storage (types.Quote with types.Speaker), so the identity rules
are tested alone, fast enough for a property test. test_storage.py and test_curation.py
run the real pipeline."""

from __future__ import annotations

from dataclasses import replace

import hypothesis.strategies as st
from hypothesis import HealthCheck, given, settings
from sqlalchemy import select

from quotetrack.service import store_article
from quotetrack.storage import Database
from quotetrack.storage.models import QuoteRow
from quotetrack.types import Article, Method, Quote, QuoteKind, Speaker, SpeakerKind

P, ORG, G, U = SpeakerKind.PERSON, SpeakerKind.ORGANISATION, SpeakerKind.GROUP, SpeakerKind.UNNAMED_SOURCE


def article(url: str, *speakers: tuple[str, SpeakerKind, tuple[str, ...]]) -> tuple[Article, list[Quote]]:
    """An article with one quote per speaker; its text is the quotes, one per line."""
    lines, quotes, position = [], [], 0
    for number, (name, kind, titles) in enumerate(speakers):
        words = f"Remark {number} of {url}"
        lines.append(words)
        speaker = Speaker(name, kind, titles)
        method = Method.UNRESOLVED if name.lower() in {"he", "she", "they"} else Method.EXPLICIT_NAME
        quotes.append(
            Quote(position, position + len(words), words, QuoteKind.DIRECT, "said", name, speaker, method, 0.9)
        )
        position += len(words) + 1
    return Article("\n".join(lines), outlet=url, url=f"https://example.org/{url}"), quotes


def ingest(db: Database, item: tuple[Article, list[Quote]]) -> None:
    with db.transaction() as session:
        store_article(session, item[0], item[1], "test")


def speakers_by_quote(db: Database) -> dict[tuple[str, int], tuple]:
    """(article url, quote start) -> what identifies its speaker independently of ids: the
    set of quotes it shares the speaker with, its name and kind, and whether it is one
    article's own."""
    with db.reading() as session:
        rows = session.scalars(select(QuoteRow)).all()
        members: dict[int, set] = {}
        for q in rows:
            members.setdefault(q.speaker_id, set()).add((q.article.url, q.start))
        return {
            (q.article.url, q.start): (
                frozenset(members[q.speaker_id]),
                q.speaker.name,
                q.speaker.kind,
                q.speaker.article_id is not None,
                q.speaker.ambiguous,
            )
            for q in rows
        }


def test_ingesting_an_article_never_changes_another_articles_speakers(db):
    """The reported bug: 'Obama' (Barack) renamed 'Michelle Obama' by a later article."""
    ingest(db, article("post", ("Barack Obama", P, ("former President",))))
    ingest(db, article("post2", ("Obama", P, ("former President",))))
    before = speakers_by_quote(db)
    ingest(db, article("nyt", ("Michelle Obama", P, ("former first lady",)), ("officials", G, ())))
    ingest(db, article("other", ("Obama", P, ()), ("Patricia Hyde", P, ())))
    after = speakers_by_quote(db)
    for quote, (members, name, kind, local, ambiguous) in before.items():
        assert after[quote][1:] == (name, kind, local, ambiguous)
        assert members <= after[quote][0]  # it may gain quotes from new articles, never lose any
    assert after[("https://example.org/post2", 0)][1] == "Barack Obama"  # one candidate then: joined


def test_different_first_names_are_never_one_speaker(db):
    ingest(db, article("a", ("Tom Homan", P, ())))
    ingest(db, article("b", ("Jane Homan", P, ())))
    ingest(db, article("c", ("Thomas Homan", P, ())))
    ingest(db, article("d", ("Tom J. Homan", P, ())))  # middle initials do not matter
    found = speakers_by_quote(db)
    assert found[("https://example.org/a", 0)][0] == {("https://example.org/a", 0), ("https://example.org/d", 0)}
    assert len({v[0] for v in found.values()}) == 3


def test_a_bare_surname_joins_only_an_unambiguous_person(db):
    ingest(db, article("a", ("Maura Healey", P, ("Gov.",))))
    ingest(db, article("b", ("Healey", P, ("governor",))))  # one candidate, compatible title
    ingest(db, article("c", ("Healey", P, ("coach",))))  # one candidate, incompatible title
    ingest(db, article("d", ("John Healey", P, ())))
    ingest(db, article("e", ("Healey", P, ())))  # two candidates now
    found = speakers_by_quote(db)
    assert found[("https://example.org/b", 0)][1] == "Maura Healey"
    for url in ("c", "e"):
        members, name, _, local, ambiguous = found[(f"https://example.org/{url}", 0)]
        assert members == {(f"https://example.org/{url}", 0)} and name == "Healey" and local and ambiguous
    with db.reading() as session:
        decision = session.scalar(select(QuoteRow).where(QuoteRow.text.like("%of e"))).identity_decision
        assert decision.method == "surname_ambiguous"
        assert [c["name"] for c in decision.evidence["candidates"]] == ["Maura Healey", "John Healey"]


def test_a_bare_surname_with_a_role_needs_someone_known_in_that_role(db):
    ingest(db, article("a", ("Charlotte Brenner", P, ())))  # nothing known of her role
    ingest(db, article("b", ("Brenner", P, ("Captain",))))  # a captain: not shown to be her
    ingest(db, article("c", ("Brenner", P, ())))  # no role either side: the one candidate
    ingest(db, article("d", ("Ivo Sandel", P, ("Captain",))))
    ingest(db, article("e", ("Sandel", P, ("Capt.",))))  # the same role, abbreviated
    found = speakers_by_quote(db)
    members, name, _, local, _ = found[("https://example.org/b", 0)]
    assert members == {("https://example.org/b", 0)} and name == "Brenner" and local
    assert found[("https://example.org/c", 0)][1] == "Charlotte Brenner"
    assert found[("https://example.org/e", 0)][1] == "Ivo Sandel"


def test_groups_unnamed_sources_pronouns_and_common_nouns_are_never_shared(db):
    for url in ("a", "b"):
        ingest(
            db,
            article(
                url,
                ("officials", G, ()),
                ("a source at ICE Boston", U, ()),
                ("he", P, ()),
                ("person", P, ()),
                ("Experts", P, ()),
                ("II", ORG, ()),
            ),
        )
    found = speakers_by_quote(db)
    assert all(len(members) == 1 and local for members, _, _, local, _ in found.values())


def test_organisations_join_through_a_shared_name_or_alias(db):
    ingest(db, article("a", ("ICE", ORG, ())))
    with db.transaction() as session:
        text, quotes = article("b", ("Immigration and Customs Enforcement", ORG, ()))
        speaker = Speaker("Immigration and Customs Enforcement", ORG, (), ("ICE",))
        quotes = [replace(q, speaker=speaker) for q in quotes]
        store_article(session, text, quotes, "test")
    found = speakers_by_quote(db)
    assert len(found[("https://example.org/a", 0)][0]) == 2


def naming(item: tuple[Article, list[Quote]], line: str) -> tuple[Article, list[Quote]]:
    """The article with one more line of text after its quotes."""
    text, quotes = item
    return replace(text, text=f"{text.text}\n{line}"), quotes


def test_an_organisation_called_by_its_kind_joins_the_one_archived_of_a_place_it_names(db):
    the_university = ("the university", ORG, ())
    ingest(db, naming(article("early", the_university), "The Dunmore inquiry is out."))  # nothing archived yet
    ingest(db, article("a", ("Dunmore University", ORG, ())))
    ingest(db, article("b", ("Kelby City Council", ORG, ())))
    ingest(db, article("z", ("Zürich University", ORG, ())))
    ingest(db, naming(article("accents", the_university), "Zürich students were angry."))
    ingest(db, naming(article("blog", the_university), "If Dunmore wants to learn, it can."))
    ingest(db, naming(article("council", ("the council", ORG, ())), "Kelby residents were angry."))
    ingest(db, article("nowhere", the_university))  # names no place
    ingest(db, naming(article("far", the_university), "Students in dunmore protested."))  # not as a name
    ingest(db, article("c", ("University of Kelby", ORG, ())))
    ingest(db, naming(article("both", the_university), "Dunmore and Kelby compete."))  # two candidates
    ingest(db, article("d", ("Secretary of State", ORG, ())))
    ingest(db, naming(article("office", ("the state", ORG, ())), "The Secretary of State spoke."))  # a role, no place
    found = speakers_by_quote(db)

    def speaker_of(url):
        return found[(f"https://example.org/{url}", 0)]

    assert speaker_of("blog")[0] == speaker_of("a")[0]
    assert speaker_of("council")[0] == speaker_of("b")[0]
    assert speaker_of("accents")[0] == speaker_of("z")[0]
    for url in ("early", "nowhere", "far", "both", "office"):
        members, name, _, local, _ = speaker_of(url)
        assert len(members) == 1 and local and name in {"the university", "the state"}
    with db.reading() as session:
        decision = session.scalars(select(QuoteRow).where(QuoteRow.start == 0)).all()
        methods = {q.article.url.rsplit("/", 1)[1]: q.identity_decision.method for q in decision}
    assert methods["blog"] == methods["council"] == "kind_and_place"
    assert speaker_of("a")[1] == "Dunmore University"  # the archived speaker keeps its name


def test_every_decision_keeps_its_method_and_evidence(db):
    ingest(db, article("a", ("Tom Homan", P, ()), ("officials", G, ())))
    ingest(db, article("b", ("Tom Homan", P, ())))
    with db.reading() as session:
        decisions = {
            (q.article.url[-1], q.speaker.name): q.identity_decision for q in session.scalars(select(QuoteRow))
        }
    assert decisions[("a", "Tom Homan")].method == "new"
    assert decisions[("b", "Tom Homan")].method == "same_name"
    assert decisions[("b", "Tom Homan")].evidence["key"] == "person:tom|homan"
    assert decisions[("a", "officials")].method == "article_local"
    assert decisions[("a", "officials")].evidence["reason"] == "a group"


# Articles whose speakers exercise every rule; the bare surnames with full-name namesakes in
# other articles are tested in the second property below.
POOL = [
    article("p1", ("Patricia H. Hyde", P, ("acting director",)), ("officials", G, ())),
    article("p2", ("Patricia Hyde", P, ()), ("Tom Homan", P, ()), ("Homan", P, ())),
    article("p3", ("Jane Homan", P, ()), ("ICE", ORG, ()), ("a source at ICE Boston", U, ())),
    article("p4", ("Okafor", P, ()), ("he", P, ()), ("Tom Homan", P, ("border czar",))),
    article("p5", ("Okafor", P, ()), ("ICE", ORG, ()), ("person", P, ()), ("officials", G, ())),
]


def _fresh(database_url: str) -> Database:
    db = Database(database_url)
    with db.engine.begin() as connection:  # every example starts from an empty archive
        from quotetrack.storage.models import Base

        if db.engine.dialect.name == "postgresql":
            connection.exec_driver_sql("DROP SCHEMA public CASCADE; CREATE SCHEMA public;")
        else:
            Base.metadata.drop_all(connection)
            connection.exec_driver_sql("DROP TABLE IF EXISTS alembic_version")
    db.migrate()
    return db


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(order=st.permutations(range(len(POOL))))
def test_each_quotes_speaker_is_the_same_whatever_the_order(database_url, order):
    db = _fresh(database_url)
    for index in order:
        ingest(db, POOL[index])
    reference = _fresh(database_url)
    for item in POOL:
        ingest(reference, item)
    assert speakers_by_quote(db) == speakers_by_quote(reference)
    db.engine.dispose()
    reference.engine.dispose()


SURNAME_POOL = [
    article("s1", ("Obama", P, ())),
    article("s2", ("Barack Obama", P, ())),
    article("s3", ("Michelle Obama", P, ())),
]


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(order=st.permutations(range(len(SURNAME_POOL))))
def test_a_bare_surname_ends_where_the_whole_archive_puts_it_whatever_the_order(database_url, order):
    """Whatever the order, full names keep their own speakers, and the bare 'Obama' ends alone
    and ambiguous: two Obamas answer to it, neither named in its article nor prominent. Arriving
    between them, it joins the one archived then and goes apart again when the second comes
    (storage/surname_joins.py): never with one chosen among several."""
    db = _fresh(database_url)
    for index in order:
        ingest(db, SURNAME_POOL[index])
    found = speakers_by_quote(db)
    bare = found[("https://example.org/s1", 0)]
    assert len(bare[0]) == 1 and bare[3] and bare[4]
    assert found[("https://example.org/s2", 0)][1] == "Barack Obama"
    assert found[("https://example.org/s3", 0)][1] == "Michelle Obama"
    db.engine.dispose()
