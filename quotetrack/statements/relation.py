"""How two stored claims of one speaker relate: their wordings compared (wording.py), the time
between their articles (reprise.py), the vetoes that tell alike wordings apart (events.py), one
event worded apart (events.same_event), and a verbatim anchor (anchors.py): the same rare words in
the quotation marks of both. Reads only the two claims and what is loaded with them (their quotes,
the articles' dates; an article's text only for a mixed quote's fragments), so a link does not
depend on the order claims arrived in. Moved out of linking.py, which chooses and groups links."""

from __future__ import annotations

from datetime import date

from ..storage.models import ClaimRow, QuoteRow
from . import anchors, reprise
from .events import hedged_apart, months_differ, opposed, same_event
from .wording import WORDED_APART, Comparison, Relation, compare, strongest


def fragments_of(claim: ClaimRow) -> tuple[str, ...]:
    """The quoted fragments of a mixed quote that lie in this claim."""
    return quote_fragments(claim.quote, claim.start, claim.end)


def quote_fragments(quote: QuoteRow, start: int = 0, end: int | None = None) -> tuple[str, ...]:
    """The quoted fragments of a mixed quote (those within start..end); the article text is
    read only when there are some."""
    inside = [(s, e) for s, e in quote.fragments or () if start <= s and (end is None or e <= end)]
    if not inside:
        return ()
    text = quote.article.text
    return tuple(text[s:e] for s, e in inside)


def kind_of(claim: ClaimRow) -> str:
    return claim.quote.kind


def relate(a: ClaimRow, b: ClaimRow) -> Comparison | None:
    """The relation between two claims' wordings, the same whichever is `a`."""
    if a.quote_id == b.quote_id:
        return None  # one quote's claims are its separate remarks
    if far_apart(a, b):
        return None  # weeks apart: another remark, save a reprise of the same words
    reported = kind_of(a) != "direct" or kind_of(b) != "direct"
    best = strongest(
        compare(a.text, b.text, reported, fragments_of(a)), compare(b.text, a.text, reported, fragments_of(b))
    )
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


def far_apart(a: ClaimRow, b: ClaimRow) -> bool:
    """Published weeks apart (reprise.REPORTING_WINDOW_DAYS) with no long, rare verbatim span in
    common: whatever else their words share ("all over the map"), two remarks. Undated: never."""
    return reprise.weeks_apart(published(a), published(b)) and not reprise.reprise(a.text, b.text)


def _told_apart(a: ClaimRow, b: ClaimRow) -> bool:
    """Alike in words, and still two remarks. Word-for-word relations are not asked: a quoted
    fragment is the remark, whatever the outlets' own words around it say.
    - Dated apart: two events ("arrested Reed in March" / "... in June").
    - One event done and not done ("marshals arrested him" / "he was freed before marshals
      could arrest him").
    - A possibility and a fact ("the number of affected accounts could rise" / "2.1 million
      accounts were affected")."""
    return months_differ(a.text, b.text) or opposed(a.event, b.event) or hedged_apart(a.text, b.text)


def anchored(a: ClaimRow, b: ClaimRow) -> Comparison | None:
    """A verbatim anchor between two claims in two articles (anchors.py), as a paraphrase link
    weighted by the anchor: the outlets' words around the quoted ones are their own."""
    runs_a = anchors.quoted_runs(kind_of(a), a.text, fragments_of(a) if kind_of(a) == "mixed" else ())
    if not runs_a:
        return None
    runs_b = anchors.quoted_runs(kind_of(b), b.text, fragments_of(b) if kind_of(b) == "mixed" else ())
    if not runs_b:
        return None
    da, db = published(a), published(b)
    days = abs((da - db).days) if da is not None and db is not None else None
    weight = anchors.anchor((a.text, runs_a), (b.text, runs_b), days)
    return None if weight is None else Comparison(Relation.PARAPHRASE, weight)
