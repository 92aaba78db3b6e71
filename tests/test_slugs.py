"""Speaker slugs (issue 38, finding 5), on SQLite and PostgreSQL: two transactions never draw
one slug, a slug is never handed out twice, and drawing one costs the same few statements
however many namesakes the archive holds (storage/identity.py `unique_slug`, the counters of
migration 0012)."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

from sqlalchemy import event, inspect, select, text

from quotetrack.storage import Database
from quotetrack.storage.identity import unique_slug
from quotetrack.storage.models import SpeakerRow


def new_speaker(session, name: str) -> str:
    """A speaker named `name` under a slug drawn for it, flushed; its slug."""
    slug = unique_slug(session, name)
    session.add(SpeakerRow(slug=slug, name=name, kind="group", titles=[]))
    session.flush()
    return slug


def store(db: Database, name: str) -> str:
    with db.transaction() as session:
        return new_speaker(session, name)


def test_two_transactions_drawing_a_slug_for_one_name_at_once_get_two(db):
    """The first transaction draws a slug and keeps its transaction open while the second
    draws one for the same name; then both commit. (On SQLite the second waits at BEGIN:
    writers queue there. On PostgreSQL they overlap: a slug read as free then went to both,
    and the second's insert hit uq_speakers_slug.)"""
    first_drew, second_started = threading.Event(), threading.Event()

    def first() -> str:
        with db.transaction() as session:
            slug = new_speaker(session, "officials")
            first_drew.set()
            assert second_started.wait(10)
            time.sleep(0.5)  # the second draws (and inserts) while this one is open
            return slug

    def second() -> str:
        assert first_drew.wait(10)
        second_started.set()
        return store(db, "officials")

    with ThreadPoolExecutor(2) as pool:
        answers = [pool.submit(first), pool.submit(second)]
        slugs = [answer.result() for answer in answers]  # neither raised
    assert sorted(slugs) == ["officials", "officials-2"]
    with db.reading() as session:
        assert sorted(session.scalars(select(SpeakerRow.slug))) == ["officials", "officials-2"]


def test_many_transactions_drawing_one_name_at_once_all_get_slugs_of_their_own(db):
    barrier = threading.Barrier(8)

    def draw(_) -> str:
        barrier.wait()
        return store(db, "officials")

    with ThreadPoolExecutor(8) as pool:
        slugs = list(pool.map(draw, range(8)))
    assert len(set(slugs)) == 8
    assert set(slugs) == {"officials", *(f"officials-{n}" for n in range(2, 9))}


def statements_to_draw(db: Database, name: str) -> int:
    """SQL statements sent (on any connection of the engine) while drawing one slug."""
    sent: list[str] = []

    def count(_conn, _cursor, statement, *_):
        sent.append(statement)

    with db.transaction() as session:
        session.connection()  # the transaction's own BEGIN is not the draw's
        event.listen(db.engine, "before_cursor_execute", count)
        try:
            unique_slug(session, name)
        finally:
            event.remove(db.engine, "before_cursor_execute", count)
    return len(sent)


def test_drawing_a_slug_costs_the_same_with_one_namesake_or_fifty(db):
    store(db, "residents")
    for _ in range(50):
        store(db, "officials")
    one, fifty = statements_to_draw(db, "residents"), statements_to_draw(db, "officials")
    assert one == fifty <= 3, (one, fifty)


def test_slugs_stay_as_they_were_and_are_never_handed_out_twice(db):
    """base, base-2, base-3 ...; a name whose slug is another's numbered slug ("Officials 2")
    gets a number of its own; a slug taken by hand, or by a speaker deleted since, is skipped."""
    assert [store(db, name) for name in ["Officials", "Officials", "Officials 2", "Officials 3", "Officials"]] == [
        "officials",
        "officials-2",
        "officials-2-2",
        "officials-3",
        "officials-4",
    ]
    with db.transaction() as session:  # a row that never went through unique_slug
        session.add(SpeakerRow(slug="hospital", name="Hospital", kind="organization", titles=[]))
    assert store(db, "Hospital") == "hospital-2"
    with db.transaction() as session:  # a speaker that went (drop_unused_local_speakers)
        session.delete(session.scalar(select(SpeakerRow).where(SpeakerRow.slug == "officials-4")))
    assert store(db, "Officials") == "officials-5"  # its public URL is never someone else's


def test_the_counters_start_above_the_slugs_stored_before_them(database_url):
    """Migration 0012 on an archive whose slugs were probed: the next namesake goes on from the
    highest number, even with the first "officials" deleted since (its slug is not given again);
    a name that ends in a number ("Area 51", "COVID-19") numbers no other base; a renamed
    speaker's numbered slug still counts. Downgrading drops the table."""
    db = Database(database_url)
    try:
        db.migrate("0011")
        stored = [
            *((f"officials-{n}", "officials") for n in range(2, 19)),
            ("officials-2-2", "Officials 2"),
            ("area-51", "Area 51"),
            ("covid", "Covid"),
            ("covid-19", "COVID-19"),
            ("fanshawe", "Fanshawe"),
            ("fanshawe-3", "Odile Fanshawe"),  # renamed since its slug was drawn
        ]
        with db.engine.begin() as connection:
            for slug, name in stored:
                connection.execute(
                    text(
                        "INSERT INTO speakers (slug, name, kind, titles, ambiguous) VALUES (:s, :n, 'group', '[]', false)"
                    ),
                    {"s": slug, "n": name},
                )
        db.migrate()
        names = ["Officials", "Officials 2", "Area", "Area 51", "Covid", "Fanshawe"]
        with db.transaction() as session:
            drawn = {name: new_speaker(session, name) for name in names}
        assert drawn == {
            "Officials": "officials-19",
            "Officials 2": "officials-2-3",
            "Area": "area",
            "Area 51": "area-51-2",
            "Covid": "covid-2",
            "Fanshawe": "fanshawe-4",
        }
        assert statements_to_draw(db, "Officials") <= 3
        db.downgrade("0011")
        with db.engine.connect() as connection:
            assert not inspect(connection).has_table("slug_counters")
    finally:
        db.engine.dispose()


def test_a_migrations_slugs_are_drawn_from_the_same_counters(db):
    """name_upgrade (the data steps of the name migrations) draws on its connection as the
    ingest does once the counters exist; before 0012 (0006, 0007) it probes as it always did."""
    from quotetrack.storage import name_upgrade

    store(db, "Hospital")
    with db.engine.begin() as connection:
        assert name_upgrade.unique_slug(connection, "Hospital") == "hospital-2"
    assert store(db, "Hospital") == "hospital-3"  # the migration's draw counted
    db.downgrade("0011")
    with db.engine.begin() as connection:
        assert name_upgrade.unique_slug(connection, "Hospital") == "hospital-2"  # drawn above, never stored
