"""How two stored claims of one speaker relate: their wordings compared (wording.py), the time
between their articles (reprise.py), the vetoes that tell alike wordings apart (events.py), one
event worded apart (events.same_event), and a verbatim anchor (anchors.py): the same rare words in
the quotation marks of both. relate_claims() reads only the two claims, as plain data
(storage.claims.StoredClaim: wordings, quotes' kinds and fragments, the articles' dates), so a link
does not depend on the order claims arrived in and is tested without a database; relate() is the
same over two stored rows. Moved out of linking.py, which chooses and groups links."""

from __future__ import annotations

from datetime import date

from ..storage.claims import StoredClaim, quote_fragments, to_claim
from ..storage.models import ClaimRow
from . import anchors, reprise
from .events import hedged_apart, months_differ, opposed, same_event
from .wording import WORDED_APART, Comparison, Relation, compare, strongest

__all__ = ["quote_fragments"]  # verify reads a whole quote's fragments from here


def fragments_of(claim: ClaimRow) -> tuple[str, ...]:
    """The quoted fragments of a mixed quote that lie in this claim."""
    return quote_fragments(claim.quote, claim.start, claim.end)


def kind_of(claim: ClaimRow) -> str:
    return claim.quote.kind


def relate(a: ClaimRow, b: ClaimRow) -> Comparison | None:
    """relate_claims() over two stored claims (their quotes and articles loaded with them)."""
    return relate_claims(to_claim(a), to_claim(b))


def relate_claims(a: StoredClaim, b: StoredClaim) -> Comparison | None:
    """The relation between two claims' wordings, the same whichever is `a`."""
    if a.quote_id == b.quote_id:
        return None  # one quote's claims are its separate remarks
    if far_apart(a, b):
        return None  # weeks apart: another remark, save a reprise of the same words
    reported = a.kind != "direct" or b.kind != "direct"
    best = strongest(compare(a.text, b.text, reported, a.fragments), compare(b.text, a.text, reported, b.fragments))
    if best is not None and best.relation in WORDED_APART and _told_apart(a, b):
        best = None
    if a.article_id == b.article_id:
        # One article reports different things in similar words, or one event twice over
        # ("police arrested De Paz-Munoz in February" beside "they detained De Paz-Munoz"),
        # not one remark twice.
        return None if best is not None and best.relation is Relation.PARAPHRASE else best
    if best is None:
        best = anchored(a, b)
    if best is None and reported:
        # Worded apart, one event: the same predicate done to the same person or thing.
        score = same_event(a.text, a.event, b.text, b.event)
        if score is not None:
            return Comparison(Relation.PARAPHRASE, score)
    return best


def published(claim: ClaimRow) -> date | None:
    """The claim's article's date (loaded with the candidate: no query of its own). Read with a
    default: whatever stands for an article without a date (tests' stand-ins) is undated."""
    return getattr(claim.quote.article, "published", None)


def far_apart(a: StoredClaim, b: StoredClaim) -> bool:
    """Published weeks apart (reprise.REPORTING_WINDOW_DAYS) with no long, rare verbatim span in
    common: whatever else their words share ("all over the map"), two remarks. Undated: never."""
    return reprise.weeks_apart(a.published, b.published) and not reprise.reprise(a.text, b.text)


def _told_apart(a: StoredClaim, b: StoredClaim) -> bool:
    """Alike in words, and still two remarks. Word-for-word relations are not asked: a quoted
    fragment is the remark, whatever the outlets' own words around it say.
    - Dated apart: two events ("arrested Reed in March" / "... in June").
    - One event done and not done ("marshals arrested him" / "he was freed before marshals
      could arrest him").
    - A possibility and a fact ("the number of affected accounts could rise" / "2.1 million
      accounts were affected")."""
    return months_differ(a.text, b.text) or opposed(a.event, b.event) or hedged_apart(a.text, b.text)


def anchored(a: StoredClaim, b: StoredClaim) -> Comparison | None:
    """A verbatim anchor between two claims in two articles (anchors.py), as a paraphrase link
    weighted by the anchor: the outlets' words around the quoted ones are their own."""
    runs_a = anchors.quoted_runs(a.kind, a.text, a.fragments if a.kind == "mixed" else ())
    if not runs_a:
        return None
    runs_b = anchors.quoted_runs(b.kind, b.text, b.fragments if b.kind == "mixed" else ())
    if not runs_b:
        return None
    da, db = a.published, b.published
    days = abs((da - db).days) if da is not None and db is not None else None
    weight = anchors.anchor((a.text, runs_a), (b.text, runs_b), days)
    return None if weight is None else Comparison(Relation.PARAPHRASE, weight)
