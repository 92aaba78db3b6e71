"""A bare surname across the archive (issue 41 items 1, 2 and 9; storage/surname_joins.py and
namesakes.py): invented articles through the real pipeline and the service, in both ingest orders;
an editor's undo and an editor's precedence; two ingests revisiting one surname at once."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import select

from quotetrack import corrections, service
from quotetrack.attribution.identity_rules import PROMINENCE_MIN, Namesake, choose_namesake
from quotetrack.storage.models import AuditRow, QuoteRow
from quotetrack.types import Article

pytestmark = pytest.mark.model

# Rule 1: a bare surname in one article, the full name in another.
BARE = (
    "Ferry fares to rise\n\nFerry fares will rise by a fifth in April, the operator announced on Tuesday.\n\n"
    "“The levy leaves us no choice,” Whitcombe said after the meeting in the town hall.\n\n"
    "Passengers said they would protest."
)
FULL = (
    "Harbour levy vote delayed\n\nThe council postponed its vote on the harbour levy on Monday.\n\n"
    "“We need another month to read the figures,” said Nadia Whitcombe, the harbour master.\n\n"
    "Ferry operators welcomed the delay."
)
FULL_AGAIN = (
    "Harbour dredging starts\n\nDredgers arrived in the harbour on Thursday.\n\n"
    "“The channel will be deep enough for the new ferries by June,” Nadia Whitcombe said.\n"
)
# Rule 2: a hyphenated surname used alone.
HYPHEN_BARE = (
    "Clinic to close\n\nThe Northgate clinic will close in May, staff were told on Friday.\n\n"
    "“Patients will be moved to the new wing within a week,” Ms. Oyelaran-Bell said.\n"
)
HYPHEN_FULL = (
    "New wing opens\n\nThe hospital's new wing opened on Monday.\n\n"
    "“It doubles the beds we can offer,” said Adaeze Oyelaran-Bell, the hospital's medical director.\n"
)


def _prominent(number: int) -> str:
    """An article quoting Ilse Brannigan eleven times: two of them give her PROMINENCE_MIN+."""
    lines = [f"Budget talks, day {number}\n"]
    topics = "roads schools parks libraries buses bridges clinics ports housing lighting water".split()
    for i, topic in enumerate(topics):
        lines.append(f"“The {topic} budget for ward {number * 20 + i} is settled,” Ilse Brannigan said.\n")
    return "\n".join(lines)


RELATIVE = (
    "Fish stall closes\n\nA fish stall on the quay closed on Monday after forty years.\n\n"
    "“The rents doubled and the boats stopped coming,” said Joachim Brannigan, who ran the stall.\n"
)
BARE_BRANNIGAN = (
    "Budget passes\n\nThe city budget passed on Friday by a wide margin.\n\n"
    "“This budget keeps every library open,” Brannigan said after the vote.\n"
)
BARE_BRANNIGAN_WITH_CLUE = (
    "Quay market\n\nThe quay market will reopen in June, Joachim's old neighbours heard on Friday.\n\n"
    "“The market was the heart of the quay,” Brannigan said after the meeting.\n"
)


def ingest(db, nlp, text: str, url: str) -> None:
    service.ingest(Article(text, outlet="Test", url=f"https://example.org/{url}"), nlp, db, 20_000, "tests")


def speaker_of(db, url: str, words: str) -> tuple[str, str, bool, bool]:
    """The name, identity method, whether it is the article's own speaker, and ambiguous, of the
    quote of `url` holding `words`."""
    with db.reading() as session:
        quote = session.scalar(select(QuoteRow).where(QuoteRow.text.contains(words), QuoteRow.status == "accepted"))
        assert quote is not None and quote.article.url.endswith(url), words
        speaker = quote.speaker
        return speaker.name, quote.identity_decision.method, speaker.article_id is not None, speaker.ambiguous


def audit(db, action: str) -> list[AuditRow]:
    with db.reading() as session:
        rows = list(session.scalars(select(AuditRow).where(AuditRow.action == action)))
        session.expunge_all()
        return rows


@pytest.mark.parametrize("order", ["bare first", "full name first"])
def test_a_bare_surname_joins_the_one_person_of_that_name_in_either_order(db, nlp, order):
    pairs = [(BARE, "bare"), (FULL, "full"), (HYPHEN_BARE, "hyphen-bare"), (HYPHEN_FULL, "hyphen-full")]
    if order == "full name first":
        pairs = [pairs[1], pairs[0], pairs[3], pairs[2]]
    for text, url in pairs:
        ingest(db, nlp, text, url)
    name, method, local, ambiguous = speaker_of(db, "bare", "leaves us no choice")
    assert (name, method, local, ambiguous) == ("Nadia Whitcombe", "surname_unique", False, False)
    name, method, local, _ = speaker_of(db, "hyphen-bare", "moved to the new wing")
    assert (name, method, local) == ("Adaeze Oyelaran-Bell", "surname_unique", False)
    joins = audit(db, "speaker.join")
    assert len(joins) == (2 if order == "bare first" else 0)  # a join of an earlier article is audited
    for join in joins:
        assert join.key_name == "tests" and join.after["method"] == "surname_unique" and join.after["quotes"]


@pytest.mark.parametrize(
    "order",
    [
        ("bare", "relative", "prominent-1", "prominent-2"),  # apart, joins the relative, then the prominent one
        ("relative", "bare", "prominent-1", "prominent-2"),
        ("prominent-1", "prominent-2", "relative", "bare"),
        ("prominent-1", "bare", "relative", "prominent-2"),
    ],
)
def test_relatives_sharing_a_surname_the_prominent_one_unless_the_article_says(db, nlp, order):
    texts = {
        "bare": BARE_BRANNIGAN,
        "relative": RELATIVE,
        "prominent-1": _prominent(1),
        "prominent-2": _prominent(2),
    }
    for url in order:
        ingest(db, nlp, texts[url], url)
    ingest(db, nlp, BARE_BRANNIGAN_WITH_CLUE, "clue")
    name, method, _, _ = speaker_of(db, "/bare", "keeps every library open")
    assert (name, method) == ("Ilse Brannigan", "surname_prominent")
    with db.reading() as session:
        quote = session.scalar(select(QuoteRow).where(QuoteRow.text.contains("keeps every library open")))
        counts = quote.identity_decision.evidence["quote_counts"]
    assert sorted(counts) == [1, 22]  # the relative's one quote, hers under her full name
    # The article's own clue (the relative's first name, written) wins over prominence.
    assert speaker_of(db, "clue", "heart of the quay")[:2] == ("Joachim Brannigan", "surname_clue")


def test_relatives_neither_prominent_nor_named_stay_apart(db, nlp):
    ingest(db, nlp, RELATIVE, "relative")
    ingest(db, nlp, BARE_BRANNIGAN, "bare")  # the one Brannigan archived: joined
    assert speaker_of(db, "/bare", "keeps every library open")[:2] == ("Joachim Brannigan", "surname_unique")
    ingest(db, nlp, _prominent(1), "prominent-1")  # 11 quotes against 1: not yet PROMINENCE_MIN
    name, method, local, ambiguous = speaker_of(db, "/bare", "keeps every library open")
    assert (name, method, local, ambiguous) == ("Brannigan", "surname_ambiguous", True, True)
    assert len(audit(db, "speaker.apart")) == 1


def test_an_editor_undoes_a_join_by_a_split_and_it_stays_undone(db, nlp):
    ingest(db, nlp, BARE, "bare")
    ingest(db, nlp, FULL, "full")
    (join,) = audit(db, "speaker.join")
    with db.transaction() as session:
        into = join.after["into"]["name"]
        assert into == "Nadia Whitcombe"
        corrections.split_speaker(session, "nadia-whitcombe", join.after["quotes"], "desk", name="Whitcombe")
    ingest(db, nlp, FULL_AGAIN, "full-again")  # revisits Whitcombe: the editor's split stands
    name, method, _, _ = speaker_of(db, "bare", "leaves us no choice")
    assert (name, method) == ("Whitcombe", "editor")
    assert len(audit(db, "speaker.join")) == 1


def test_an_editors_earlier_correction_is_never_overridden(db, nlp):
    ingest(db, nlp, BARE, "bare")
    ingest(db, nlp, HYPHEN_BARE, "hyphen-bare")
    with db.transaction() as session:
        whitcombe = session.scalar(select(QuoteRow).where(QuoteRow.text.contains("leaves us no choice"))).speaker
        corrections.update_speaker(session, whitcombe.slug, {"ambiguous": False}, "desk")  # looked at: apart
        hyphen = session.scalar(select(QuoteRow).where(QuoteRow.text.contains("moved to the new wing")))
        corrections.correct_quote(session, hyphen.id, "desk", status="rejected")  # an editor's pin
    ingest(db, nlp, FULL, "full")
    ingest(db, nlp, HYPHEN_FULL, "hyphen-full")
    assert speaker_of(db, "bare", "leaves us no choice")[0] == "Whitcombe"
    with db.reading() as session:
        hyphen = session.scalar(select(QuoteRow).where(QuoteRow.text.contains("moved to the new wing")))
        assert hyphen.speaker.name == "Oyelaran-Bell" and hyphen.status == "rejected"
    assert audit(db, "speaker.join") == []


def test_two_ingests_revisiting_one_surname_at_once_join_it_once(db, nlp):
    """On PostgreSQL too: the surname's lock queues them; neither deadlocks nor joins twice."""
    ingest(db, nlp, BARE, "bare")
    barrier = threading.Barrier(2)

    def post(item):
        text, url = item
        barrier.wait()
        ingest(db, nlp, text, url)

    with ThreadPoolExecutor(2) as pool:
        list(pool.map(post, [(FULL, "full"), (FULL_AGAIN, "full-again")]))
    assert speaker_of(db, "bare", "leaves us no choice")[0] == "Nadia Whitcombe"
    assert len(audit(db, "speaker.join")) == 1
    with db.reading() as session:
        moved = session.scalars(select(QuoteRow).where(QuoteRow.text.contains("leaves us no choice"))).all()
        assert len(moved) == 1 and moved[0].identity_decision.evidence["revisited"] is True


def test_the_namesake_rule_on_plain_data():
    angela, joachim = Namesake(("angela",), PROMINENCE_MIN * 10), Namesake(("joachim",), PROMINENCE_MIN)
    assert choose_namesake([angela], "").rule == "unique"
    assert choose_namesake([angela, joachim], "Merkel spoke.").rule == "prominence"  # 10x exactly
    assert choose_namesake([Namesake(("angela",), PROMINENCE_MIN * 10 - 1), joachim], "").chosen is None
    assert choose_namesake([Namesake(("angela",), PROMINENCE_MIN - 1), Namesake(("joachim",), 0)], "").chosen is None
    assert choose_namesake([angela, joachim], "Joachim and his sister.").chosen == 1  # the article's clue first
    assert choose_namesake([angela, joachim], "the joachim archive").chosen == 0  # not written as a name
    assert choose_namesake([angela, joachim], "Angela and Joachim spoke.").chosen is None  # both named
