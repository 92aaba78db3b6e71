"""verify(text, speaker=None): is this wording on record, who printed which wording, and
how does it differ? A journalist's "did she really say that?".

Besides the matches, an answer says what it covers (the archive's articles, quotes and
date range: a `not_found` means "not in this archive", nothing more), who else said the
wording when the speaker asked about did not, and which stored wordings the text
contradicts (the same words negated, or other numbers)."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, replace
from datetime import date

from rapidfuzz import fuzz
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..errors import InvalidInput
from ..storage.mappers import to_speaker
from ..storage.models import ArticleRow, ClaimRow, QuoteRow, StatementRow
from ..types import QuoteStatus, StoredSpeaker, StoredStatement
from . import paraphrase
from .events import hedged_apart
from .queries import candidate_claims, to_statement, wordings
from .relation import fragments_of, quote_fragments
from .wording import (
    MIN_FRAGMENT_WORDS,
    VARIANT_RATIO,
    WORDED_APART,
    Comparison,
    Relation,
    compare,
    find_fragment,
    strongest,
)
from .words import canonical_form, shingles, words

NOT_FOUND = "not_found"
# From the verifier's side a faithful trim (the submitted words are all in the record) is a
# closer answer than a variant (words changed); statement linking ranks the other way.
VERIFY_RANK = {Relation.VERBATIM: 4, Relation.FRAGMENT: 3, Relation.VARIANT: 2, Relation.PARAPHRASE: 1}
# A submitted wording close to part of a stored one ("Either she helps us or she gets out
# of the way" against the longer original) is a variant from this partial similarity on.
PARTIAL_VARIANT_RATIO = 85
MIN_WORDS = 3
# Longest wording verify takes. Each candidate is compared and diffed word by word, so the work
# grows with the text times the stored wordings (999 words: 10.8 s before the diff was linear);
# a quote to check is a sentence or a paragraph, not an article (send those to /extract).
MAX_VERIFY_CHARS = 5_000
MAX_VERIFY_WORDS = 300
# "..." , "…" or "[...]" in a submitted wording: words left out of a stored quote.
_ELLIPSIS = re.compile(r"\[?(?:\.\s*){3}\]?|\[?…\]?")


@dataclass(frozen=True)
class OtherSpeaker:
    """Someone else on record with the wording, when the speaker asked about is not."""

    speaker: StoredSpeaker | None
    statement_id: int
    relation: str
    similarity: float
    canonical_text: str


@dataclass(frozen=True)
class Contradiction:
    """A stored wording the submitted text turns around: negated, or with other numbers."""

    statement_id: int
    speaker: StoredSpeaker | None
    text: str
    reason: str  # negation | number | hedge


@dataclass(frozen=True)
class ArchiveScope:
    """What a verify answer covers: this archive only."""

    articles: int
    quotes: int
    first_published: date | None
    last_published: date | None


@dataclass(frozen=True)
class Verdict:
    text: str
    verdict: str  # verbatim | variant | fragment | paraphrase | not_found
    matches: tuple[StoredStatement, ...]
    other_speakers: tuple[OtherSpeaker, ...] = ()
    contradictions: tuple[Contradiction, ...] = ()
    archive: ArchiveScope | None = None


def _elided(submitted: str, stored: str) -> Comparison | None:
    """A trim with words left out ("Why are cities protecting rapists? ... Any politician who
    does so should be recalled"): every part, in order, word for word in the stored wording."""
    parts = [words(p) for p in _ELLIPSIS.split(submitted)]
    parts = [p for p in parts if p]
    if len(parts) < 2 or sum(len(p) for p in parts) < MIN_FRAGMENT_WORDS:
        return None
    record, position = words(stored), 0
    for part in parts:
        found = find_fragment(record[position:], part) if len(part) >= MIN_FRAGMENT_WORDS else None
        if found is None and len(part) < MIN_FRAGMENT_WORDS:  # a short part: plain search
            found = next(
                (i for i in range(len(record) - position) if record[position + i : position + i + len(part)] == part),
                None,
            )
        if found is None:
            return None
        position += found + len(part)
    return Comparison(Relation.FRAGMENT, sum(len(p) for p in parts) / len(record))


def contradiction(submitted: str, stored: str) -> str | None:
    """ "negation" or "number" when `submitted` is a stored wording turned around: cut just
    after a negation, or close in words (fuzzy ratio, or partial ratio against a longer
    wording) but negated or with other numbers; "hedge" when it is the stored wording or its
    paraphrase with its certainty changed ("fought" / "might fight"); else None."""
    return _assess(submitted, stored)[1]


def _relation(submitted: str, claim: ClaimRow) -> Comparison | None:
    return _assess_claim(submitted, claim)[0]


def _assess_claim(submitted: str, claim: ClaimRow) -> tuple[Comparison | None, str | None]:
    """`_assess` against one claim; a wording that runs over several claims of one quote
    ("Why are ...? ... Any politician ...") is checked against the whole quote too, and the
    word-level relation found there counts for each claim it shares a 3-word run with."""
    quote = claim.quote
    found = _assess(submitted, claim.text, quote.kind != "direct", fragments_of(claim))
    if len(quote.claims) < 2 or not shingles(claim.text) & shingles(submitted):
        return found
    whole = _assess(submitted, quote.text, quote.kind != "direct", quote_fragments(quote))
    if whole[0] is None or whole[0].relation is Relation.PARAPHRASE:
        return found
    if found[0] is not None and _verify_strength(found[0]) >= _verify_strength(whole[0]):
        return found
    return whole


def _assess(
    submitted: str, stored: str, reported: bool = True, fragments: tuple[str, ...] = ()
) -> tuple[Comparison | None, str | None]:
    """(the relation of `submitted` to a stored wording or None, and when there is none
    because it turns the stored wording around: "negation", "number" or "hedge")."""
    elided = _elided(submitted, stored)
    if elided is not None:
        return elided, None  # a faithful trim: the record's words, some left out
    best = strongest(
        compare(submitted, stored, reported),
        compare(stored, submitted, reported, fragments),
        # The submitted text may itself be reported speech: a paraphrase of a direct quote
        # counts, below any word-level relation.
        None if reported else compare(submitted, stored, reported=True),
    )
    if best is not None and best.relation in WORDED_APART and hedged_apart(submitted, stored):
        # The record's remark with its certainty changed: "fought" for "might fight", or the
        # other way round. Not what was said, however close the words.
        return None, "hedge"
    if best is not None and best.relation is not Relation.PARAPHRASE:
        # "fragment" from the verifier's side: the submitted text is part of the record.
        if best.relation is Relation.FRAGMENT and len(words(submitted)) > len(words(stored)):
            return Comparison(Relation.VARIANT, best.similarity), None
        return best, None
    ws, wq = words(submitted), words(stored)
    if len(ws) < MIN_WORDS:
        return best, None
    longer, shorter = (wq, ws) if len(wq) >= len(ws) else (ws, wq)
    start = find_fragment(longer, shorter)
    if start is not None:  # word for word, and still no relation: cut just after a negation
        return best, ("negation" if paraphrase.negated_before(longer, start) else None)
    a, b = canonical_form(submitted), canonical_form(stored)
    partial = fuzz.partial_ratio(a, b)
    if partial < PARTIAL_VARIANT_RATIO and fuzz.ratio(a, b) < VARIANT_RATIO:
        if best is None:  # the same remark in other words, turned around?
            return None, paraphrase.opposite(submitted, stored)
        return best, None  # not close enough in words to be the same remark turned around
    reason = paraphrase.conflict(submitted, stored) or ("hedge" if hedged_apart(submitted, stored) else None)
    if reason is not None:
        return None, reason
    # Close to part of the record, words changed: a variant, stronger than a paraphrase.
    variant = Comparison(Relation.VARIANT, partial / 100) if partial >= PARTIAL_VARIANT_RATIO else None
    return strongest(best, variant), None


def _verify_strength(comparison: Comparison) -> tuple[int, float]:
    return VERIFY_RANK[comparison.relation], comparison.similarity


# Counting a million quotes costs more than a whole verify: the scope is counted again when
# an article or quote was added (newest ids, two index look-ups) or after ARCHIVE_SCOPE_SECONDS
# (rejections and deletions show within that time).
ARCHIVE_SCOPE_SECONDS = 30.0
_scopes: dict[tuple, tuple[float, ArchiveScope]] = {}


def archive_scope(session: Session) -> ArchiveScope:
    newest = session.scalar(select(func.max(ArticleRow.id)))
    newest_quote = session.scalar(select(func.max(QuoteRow.id)))
    key = (str(session.get_bind().engine.url), newest, newest_quote)
    cached = _scopes.get(key)
    if cached is not None and time.monotonic() - cached[0] < ARCHIVE_SCOPE_SECONDS:
        return cached[1]
    articles, first, last = session.execute(
        select(func.count(ArticleRow.id), func.min(ArticleRow.published), func.max(ArticleRow.published))
    ).one()
    quotes = session.scalar(select(func.count(QuoteRow.id)).where(QuoteRow.status == QuoteStatus.ACCEPTED)) or 0
    scope = ArchiveScope(articles or 0, quotes, first, last)
    if len(_scopes) > 64:
        _scopes.clear()
    _scopes[key] = (time.monotonic(), scope)
    return scope


def _search(
    session: Session, text: str, speaker_id: int | None, limit: int
) -> tuple[list[StoredStatement], list[Contradiction]]:
    best_by_statement: dict[int, Comparison] = {}
    contradicted: dict[int, Contradiction] = {}
    for claim in candidate_claims(session, text, speaker_id):
        if claim.statement_id is None:
            continue
        comparison, reason = _assess_claim(text, claim)
        if comparison is not None:
            best_by_statement[claim.statement_id] = max(
                (c for c in (best_by_statement.get(claim.statement_id), comparison) if c is not None),
                key=_verify_strength,
            )
            continue
        if reason is not None and claim.statement_id not in contradicted:
            speaker = to_speaker(claim.quote.speaker) if claim.quote.speaker else None
            contradicted[claim.statement_id] = Contradiction(claim.statement_id, speaker, claim.text, reason)
    ranked = sorted(
        best_by_statement.items(), key=lambda item: (-VERIFY_RANK[item[1].relation], -item[1].similarity, item[0])
    )[:limit]
    matches = []
    for statement_id, comparison in ranked:
        row = session.get(StatementRow, statement_id)
        if row is None:
            continue
        stored = to_statement(row, with_wordings=False)

        def relation_of(claim: ClaimRow) -> tuple[str, float]:
            found = _relation(text, claim)
            return (found.relation.value, round(found.similarity, 3)) if found else ("different", 0.0)

        matches.append(
            replace(
                stored,
                relation=comparison.relation.value,
                similarity=round(comparison.similarity, 3),
                wordings=wordings(list(row.claims), text, relation_of),
            )
        )
    contradictions = [c for sid, c in sorted(contradicted.items()) if sid not in best_by_statement][:limit]
    return matches, contradictions


def too_long(text: str) -> str | None:
    """Why `text` is too long to verify, or None."""
    if len(text) > MAX_VERIFY_CHARS:
        return f"At most {MAX_VERIFY_CHARS:,} characters: verify checks a quote, not an article."
    if len(words(text)) > MAX_VERIFY_WORDS:
        return f"At most {MAX_VERIFY_WORDS} words: verify checks a quote, not an article."
    return None


def verify(session: Session, text: str, speaker_id: int | None = None, limit: int = 5) -> Verdict:
    """Raises InvalidInput for a text over MAX_VERIFY_CHARS or MAX_VERIFY_WORDS."""
    reason = too_long(text)
    if reason is not None:
        raise InvalidInput(reason, {"text": [reason]})
    matches, contradictions = _search(session, text, speaker_id, limit)
    others: tuple[OtherSpeaker, ...] = ()
    if speaker_id is not None and not matches:
        # Not this speaker's words: whose are they?
        found, _ = _search(session, text, None, limit)
        others = tuple(
            OtherSpeaker(m.speaker, m.id, m.relation or "", m.similarity or 0.0, m.canonical_text)
            for m in found
            if m.speaker is None or m.speaker.id != speaker_id
        )
    verdict = (matches[0].relation if matches else None) or NOT_FOUND
    return Verdict(text, verdict, tuple(matches), others, tuple(contradictions), archive_scope(session))
