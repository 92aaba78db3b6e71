"""Two outlets' reports of one speaker, read side by side: a remark each outlet carries once.

An outlet seldom reports one remark twice, so when two articles quote one speaker, the claim
of one article that resembles a claim of the other more than anything else there, and the
other way round (each is the other's best match), is likely the same remark, even if the
words they share are too few for a paraphrase on their own ("he would bring a narrower
curfew to the council in April" / "he wants to bring back a scaled-down version of the
curfew"). The words still have to relate: at least MIN_SHARED content words in common and a
Dice of at least MIN_DICE (paraphrase.lexical_similarity, synonyms, phrases and LINKS
included), and nothing turns one against the other (negation, numbers, months, a possibility
against a fact, an event done on one side and undone on the other, one act done to two
different people or things: "police arrested him in February" is not "it had arrested a
Salvadoran immigrant").

Chosen on the development statement sets (benchmarks/statements_alignment.txt: seeds, A-D,
G); E and F, never read, say whether it holds.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Protocol

from . import paraphrase
from .events import different_events, hedged_apart, months_differ, opposed

ENABLED = True  # set False only to measure what the alignment costs linking
MIN_SHARED = 2
MIN_DICE = 0.3
# Words also match one WordNet derivational link apart ("appeal" / "appealing", "decide" /
# "decision"): too loose for a paraphrase on its own (paraphrase_eval.txt, +der), but here the
# mutual best match guards the choice.
LINKS = frozenset({"derivation"})
# Where an alignment ranks among a claim's links: below any paraphrase (overlap >= 0.4) and
# any event link (at least events.EVENT_FLOOR, 0.2), so a link the words or the event make
# wins a claim's strongest-neighbour choice; among alignments, the higher Dice wins.
WEIGHT = 0.19


class Wording(Protocol):
    """What alignment reads of a claim (a stored row, or storage.claims.StoredClaim)."""

    @property
    def id(self) -> int: ...
    @property
    def text(self) -> str: ...
    @property
    def event(self) -> dict | None: ...


def resemblance(a: Wording, b: Wording) -> float | None:
    """The Dice similarity of two claims' wordings when they share MIN_SHARED content words and
    nothing sets them against each other, else None. Symmetric."""
    if not paraphrase.share_a_word(a.text, b.text):
        return None  # most pairs: nothing in common, no need to weigh links
    dice = _worded_alike(*sorted((a.text, b.text)))
    if dice is None or opposed(a.event, b.event) or different_events(a.event, b.event, patients_only=True):
        return None  # one act done and undone, or done to someone else
    return dice


@lru_cache(maxsize=100_000)
def _worded_alike(a_text: str, b_text: str) -> float | None:
    """The wordings' part of resemblance(), cached: linking asks about a claim's rivals again
    for every candidate it has in their article."""
    shared, _, dice = paraphrase.lexical_similarity(a_text, b_text, LINKS)
    if (
        shared < MIN_SHARED
        or paraphrase.conflict(a_text, b_text) is not None
        or months_differ(a_text, b_text)
        or hedged_apart(a_text, b_text)
    ):
        return None
    return dice


def counterpart_score(a: Wording, b: Wording) -> float | None:
    """resemblance() when it reaches MIN_DICE: `b` may be `a`'s counterpart."""
    score = resemblance(a, b)
    return score if score is not None and score >= MIN_DICE else None


def mutual_best(
    a: Wording, b: Wording, score: float, peers_of_a: Iterable[Wording], peers_of_b: Iterable[Wording]
) -> bool:
    """`a` and `b` (resembling by `score`) are each other's single best match: no other claim
    of b's article (`peers_of_b`) resembles `a` as much, and no other claim of a's article
    (`peers_of_a`) resembles `b` as much. A tie is no alignment: which of two is meant is
    unknown."""
    for mine, other in ((a, peers_of_b), (b, peers_of_a)):
        for peer in other:
            if peer.id in (a.id, b.id):
                continue
            rival = resemblance(mine, peer)
            if rival is not None and rival >= score:
                return False
    return True


def strength(score: float) -> float:
    """The similarity an alignment link carries (0..WEIGHT)."""
    return round(WEIGHT * score, 3)
