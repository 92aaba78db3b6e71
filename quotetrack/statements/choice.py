"""The two decisions of statement linking, on plain data (no database, no ORM rows):

- choose(): a claim's strongest neighbour among the candidates its wording relates to, and the
  candidates that take the claim as theirs (it relates to them more strongly than their own);
- connect(): the groups the strongest-neighbour links make, strongest link first, with the vetoes
  a group may not follow (two months, one quote, an undated wording between remarks weeks apart);
- keep_statements(): which existing statement each new group keeps (its id stays, so a link to a
  statement does not break when it gains or loses a wording).

Both read only what is given, and every tie falls to a content key (the claim's article text hash
and offsets), so neither depends on the order claims arrived in. linking.py reads the claims
through storage, relates them (relation.py) and writes back what these decide.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date

from . import reprise
from .events import months, months_differ


@dataclass(frozen=True)
class Offer:
    """A claim a new claim's wording relates to: by how much (`strength`), and its own
    strongest neighbour's strength and key (`link_key` None: it has none)."""

    id: int
    key: str
    strength: float
    link_rank: float = 0.0
    link_key: str | None = None


@dataclass(frozen=True)
class Choice:
    """A claim's strongest neighbour (None: no candidate relates) and its strength, and the
    candidates whose strongest neighbour the claim becomes."""

    best: int | None
    strength: float
    adopters: tuple[int, ...]


@dataclass(frozen=True)
class Linked:
    """A claim as grouping reads it: its wording, quote, article date and strongest neighbour."""

    id: int
    key: str
    quote_id: int
    text: str
    published: date | None
    best_link_id: int | None
    best_link_rank: float


def stronger(strength: float, key: str, than_strength: float, than_key: str | None) -> bool:
    """A link beats another by strength; at equal strength, the smaller content key wins."""
    if than_key is None:
        return True
    return (strength, _invert(key)) > (than_strength, _invert(than_key))


def _invert(key: str) -> tuple[int, ...]:
    return tuple(-ord(c) for c in key)  # the smaller key wins a tie


def choose(key: str, candidates: Iterable[Offer]) -> Choice:
    """The strongest of `candidates` for the claim with content key `key`, and those that
    adopt it: each whose own link is weaker than the link to this claim."""
    best: Offer | None = None
    adopters = []
    for other in candidates:
        if stronger(other.strength, other.key, best.strength if best else 0.0, best.key if best else None):
            best = other
        if stronger(other.strength, key, other.link_rank, other.link_key):
            adopters.append(other.id)
    return Choice(best.id if best else None, best.strength if best else 0.0, tuple(adopters))


def connect(members: Mapping[int, Linked]) -> Callable[[int], int]:
    """Join the claims along their strongest-neighbour links, strongest link first (then by
    content keys, so the order claims arrived in plays no part), into groups; `root(id)` names
    a claim's group. A link is not followed when it would put two claims dated in other months
    into one group: an undated wording ("police arrested Reed") links to "arrested Reed in
    March" and to "arrested Reed in June", but must not chain the two events into one statement;
    nor when it would put two claims of one quote together (each is a remark of its own, however
    a third outlet's wording relates to both).
    A link whose own two claims are dated apart is followed (relate let a word-for-word link
    through: the quoted words are the remark, whatever dates the outlets put around them).
    Publication dates the same way: a link with an undated end (an article without a date) is
    not followed when every dated claim of one group is weeks from every dated claim of the
    other (an undated wording must not chain a March remark to an October one); a link whose
    two ends are both dated was judged by relate (within the weeks, or a reprise)."""
    parent = {cid: cid for cid in members}
    dated: dict[int, set[frozenset[int]]] = {cid: {months(c.text)} - {frozenset()} for cid, c in members.items()}
    days: dict[int, set[date]] = {cid: {c.published} if c.published else set() for cid, c in members.items()}
    quotes: dict[int, set[int]] = {cid: {c.quote_id} for cid, c in members.items()}

    def root(cid: int) -> int:
        while parent[cid] != cid:
            parent[cid] = parent[parent[cid]]
            cid = parent[cid]
        return cid

    links = sorted(
        (
            (c, members[c.best_link_id])
            for c in members.values()
            if c.best_link_id is not None and c.best_link_id in members and c.best_link_id != c.id
        ),
        key=lambda pair: (-pair[0].best_link_rank, pair[0].key, pair[1].key),
    )
    for c, other in links:
        a, b = root(c.id), root(other.id)
        if a == b:
            continue
        if not months_differ(c.text, other.text) and any(not x & y for x in dated[a] for y in dated[b]):
            continue
        if quotes[a] & quotes[b]:
            continue  # two claims of one quote are two remarks, even through a third wording
        if (c.published is None or other.published is None) and (
            (gap := reprise.nearest_days(days[a], days[b])) is not None and gap > reprise.REPORTING_WINDOW_DAYS
        ):
            continue  # an undated wording between remarks weeks apart
        if len(quotes[a]) > len(quotes[b]):
            a, b = b, a  # the smaller group joins the larger: linear however big a statement grows
        parent[a] = b
        dated[b] |= dated.pop(a)
        quotes[b] |= quotes.pop(a)
        days[b] |= days.pop(a)
    return root


def keep_statements(groups: Sequence[Sequence[int | None]], existing: Collection[int]) -> list[int | None]:
    """For each group (the statement ids its claims are in, largest group first), the existing
    statement it keeps: the one most of its claims are in that no larger group kept (a tie: the
    first met), else None (a new statement)."""
    kept: list[int | None] = []
    taken: set[int] = set()
    for statements in groups:
        counts = Counter(s for s in statements if s in existing and s not in taken)
        pick = counts.most_common(1)[0][0] if counts else None
        if pick is not None:
            taken.add(pick)
        kept.append(pick)
    return kept
