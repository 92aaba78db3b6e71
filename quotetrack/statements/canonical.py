"""A statement's canonical wording and what it records of its claims (moved out of linking.py):
which wording leads (the speaker's own words where any outlet quotes them), the statement's
speaker, dates and counts, and how each claim's wording relates to the canonical one."""

from __future__ import annotations

from collections import Counter
from datetime import date

from rapidfuzz import fuzz

from ..storage.models import ClaimRow, StatementRow
from .relation import kind_of, relate
from .wording import Comparison, Relation
from .words import canonical_form, words

_FAR_FUTURE = date.max  # sorts undated quotes last

# A mixed wording ranks as the speaker's words when its quotes hold this many words: one quoted
# word is a scare quote or a term ('the university "failed" Brevik'), not a remark's words.
MIN_QUOTED_WORDS = 2


def stable_key(claim: ClaimRow) -> str:
    """Identifies a claim by content, not by the order it was stored in."""
    return f"{claim.quote.article.text_sha256}:{claim.start}:{claim.end}"


def own_words(claim: ClaimRow) -> int:
    """How much of a wording is the speaker's own words, best first: 0 a direct quote (all of
    it), 1 a mixed wording quoting at least MIN_QUOTED_WORDS of the speaker's words in this
    claim, 2 the outlet's paraphrase. The quoted words are read from the claim's own text (the
    article's text from claim.start to claim.end) at the stored offsets: no article text loaded."""
    if kind_of(claim) == "direct":
        return 0
    if kind_of(claim) == "mixed":
        quoted = sum(
            len(words(claim.text[s - claim.start : e - claim.start]))
            for s, e in claim.quote.fragments or ()
            if claim.start <= s and e <= claim.end
        )
        if quoted >= MIN_QUOTED_WORDS:
            return 1
    return 2


def _canonical(group: list[ClaimRow]) -> ClaimRow:
    """The speaker's own words where any outlet quotes them directly (issue 40, item 5): a
    direct quote leads, even a short reply ("No, absolutely not" is hers, where "state police
    will 'absolutely not' cooperate" is the Daily Wire's sentence built round two of her words); else a
    mixed wording whose quoted fragment is hers; an outlet's paraphrase only when no outlet
    quotes her. Among those, the wording most outlets printed, then the longest, then the first
    published."""
    best = min(own_words(c) for c in group)
    pool = [c for c in group if own_words(c) == best]
    forms = Counter(canonical_form(c.text) for c in pool)
    return min(
        pool,
        key=lambda c: (
            -forms[canonical_form(c.text)],
            -len(c.text),
            c.quote.article.published or _FAR_FUTURE,
            stable_key(c),
        ),
    )


def describe(statement: StatementRow, group: list[ClaimRow]) -> None:
    canonical = _canonical(group)
    statement.canonical_text = canonical.text
    statement.speaker_id = canonical.speaker_id
    articles = [c.quote.article for c in group]
    dates = [a.published for a in articles if a.published]
    statement.first_seen = min(dates) if dates else None
    statement.quote_count = len({c.quote_id for c in group})
    statement.outlet_count = len({a.outlet or f"article:{a.id}" for a in articles})
    for c in group:
        if c is canonical or canonical_form(c.text) == canonical_form(canonical.text):
            c.relation, c.similarity = Relation.VERBATIM.value, 1.0
            continue
        comparison = relate(c, canonical)
        if comparison is None:  # related through another wording of the statement
            fallback = Relation.VARIANT if kind_of(c) == "direct" else Relation.PARAPHRASE
            comparison = Comparison(
                fallback, fuzz.token_set_ratio(canonical_form(c.text), canonical_form(canonical.text)) / 100
            )
        c.relation, c.similarity = comparison.relation.value, round(comparison.similarity, 3)
    statement.canonical_quote_id = canonical.quote_id
    statement.canonical_claim_id = canonical.id
