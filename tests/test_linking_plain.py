"""Statement linking's decisions on plain data, no database (issue #43 item 2): a claim's strongest
neighbour (statements/choice.choose) and the groups the links make (choice.connect)."""

from __future__ import annotations

import itertools
from datetime import date

from quotetrack.statements.choice import Choice, Linked, Offer, choose, connect, keep_statements, stronger
from quotetrack.statements.relation import relate_claims
from quotetrack.statements.wording import Relation
from quotetrack.storage.claims import StoredClaim


def test_the_strongest_offer_is_the_neighbour_whatever_the_order():
    offers = [Offer(1, "b:0:10", 11.4), Offer(2, "c:0:10", 12.7), Offer(3, "a:0:10", 10.9)]
    for order in itertools.permutations(offers):
        assert choose("z:0:10", order).best == 2
        assert choose("z:0:10", order).strength == 12.7


def test_a_tie_falls_to_the_smaller_content_key_in_any_order():
    offers = [Offer(7, "sha-b:4:30", 12.5), Offer(3, "sha-a:9:40", 12.5)]
    for order in itertools.permutations(offers):
        assert choose("sha-z:0:10", order).best == 3
    assert stronger(12.5, "sha-a:9:40", 12.5, "sha-b:4:30")
    assert not stronger(12.5, "sha-b:4:30", 12.5, "sha-a:9:40")


def test_nothing_related_is_no_neighbour():
    assert choose("sha:0:10", []) == Choice(None, 0.0, ())


def test_a_candidate_adopts_the_claim_only_when_the_link_beats_its_own():
    offers = [
        Offer(1, "a:0:1", 12.0, link_rank=11.0, link_key="x:0:1"),  # weaker link of its own: adopts
        Offer(2, "b:0:1", 12.0, link_rank=13.0, link_key="x:0:1"),  # stronger link of its own: keeps it
        Offer(3, "c:0:1", 12.0),  # no link of its own: adopts
        Offer(4, "d:0:1", 12.0, link_rank=12.0, link_key="n:0:1"),  # a tie: the smaller key (m) wins
        Offer(5, "e:0:1", 12.0, link_rank=12.0, link_key="l:0:1"),  # a tie its own key (l) wins
    ]
    for order in itertools.permutations(offers):
        assert sorted(choose("m:0:1", order).adopters) == [1, 3, 4]


def _linked(cid: int, text: str, link: int | None, rank: float, published: date | None = None, quote: int = 0):
    return Linked(cid, f"sha{cid}:0:{len(text)}", quote or cid, text, published, link, rank)


def _groups(claims: list[Linked]) -> set[frozenset[frozenset[int]]]:
    """The partitions connect() makes over every arrival order."""
    partitions = set()
    for order in itertools.permutations(claims):
        root = connect({c.id: c for c in order})
        groups: dict[int, set[int]] = {}
        for c in order:
            groups.setdefault(root(c.id), set()).add(c.id)
        partitions.add(frozenset(frozenset(g) for g in groups.values()))
    return partitions


def test_groups_do_not_depend_on_the_order_and_never_join_two_months():
    claims = [
        _linked(1, "guards released Lin Soto in March", 3, 11.5),
        _linked(2, "guards released Lin Soto in July", 3, 11.4),
        _linked(3, "guards released Lin Soto", 1, 11.5),
        _linked(4, "the board will not appeal the ruling", 5, 12.9),
        _linked(5, "the board said it will not appeal the ruling", 4, 12.9),
    ]
    assert _groups(claims) == {frozenset({frozenset({1, 3}), frozenset({2}), frozenset({4, 5})})}


def test_an_undated_wording_does_not_chain_remarks_weeks_apart():
    # The time veto: claim 2's article has no date; it links to a March and an October wording,
    # which are weeks apart, so only its stronger link is followed.
    claims = [
        _linked(1, "the council must rebuild the bridge", 2, 11.8, date(2025, 3, 4)),
        _linked(2, "the council has to rebuild the bridge", 1, 11.8),
        _linked(3, "the council should rebuild that bridge", 2, 11.5, date(2025, 10, 20)),
    ]
    assert _groups(claims) == {frozenset({frozenset({1, 2}), frozenset({3})})}
    # Within the reporting window the undated wording joins all three.
    near = [*claims[:2], _linked(3, "the council should rebuild that bridge", 2, 11.5, date(2025, 3, 18))]
    assert _groups(near) == {frozenset({frozenset({1, 2, 3})})}


def test_two_claims_of_one_quote_stay_apart_through_a_third_wording():
    claims = [
        _linked(1, "we will appeal", 3, 12.0, quote=10),
        _linked(2, "we will comply meanwhile", 3, 11.9, quote=10),
        _linked(3, "we will appeal and comply meanwhile", 1, 12.0, quote=20),
    ]
    assert _groups(claims) == {frozenset({frozenset({1, 3}), frozenset({2})})}


def _stored(cid: int, text: str, published: date | None, kind: str = "direct", article: int = 0, quote: int = 0):
    return StoredClaim(cid, quote or cid, article or cid, 1, text, kind, (), published)


def test_two_claims_relate_as_plain_data_and_weeks_apart_they_do_not():
    said = "Their budget is all over the map"  # seven words: too short to reprise
    march = _stored(1, said, date(2025, 3, 4))
    same_week = relate_claims(march, _stored(2, said, date(2025, 3, 9)))
    assert same_week is not None and same_week.relation is Relation.VERBATIM
    assert relate_claims(_stored(2, said, date(2025, 3, 9)), march) == same_week  # either way round
    # The time veto: months apart, another remark.
    assert relate_claims(march, _stored(3, said, date(2025, 10, 20))) is None
    # Undated: never held apart.
    assert relate_claims(march, _stored(4, said, None)) == same_week
    # A long, rare verbatim span bridges the months: a reprise of the remark's own words.
    reprised = "We will rebuild the Harlow bridge before the winter floods come"
    assert relate_claims(_stored(5, reprised, date(2025, 3, 4)), _stored(6, reprised, date(2025, 10, 20))) is not None


def test_the_claims_of_one_quote_never_relate():
    said = "We will rebuild the Harlow bridge before the winter floods come"
    assert relate_claims(_stored(1, said, None, quote=9), _stored(2, said, None, quote=9)) is None


def test_the_larger_group_keeps_the_statement_most_of_its_claims_are_in():
    # A statement (7) split in two: the larger part keeps it, the smaller keeps 8 if it can,
    # and a group of claims in no statement yet gets a new one (None).
    groups = [[7, 7, 8, None], [7, 8], [None]]
    assert keep_statements(groups, {7, 8}) == [7, 8, None]
    # A statement no longer existing is not kept; two groups never keep one statement.
    assert keep_statements([[9, 9], [7], [7]], {7}) == [None, 7, None]
