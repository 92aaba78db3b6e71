"""Find quote candidates in a parsed article: pure functions over a Doc."""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, replace

from spacy.tokens import Doc

from ..types import QuoteKind
from .candidate import Candidate
from .direct import direct_quotes
from .indirect import indirect_quotes
from .interview import interview_answers
from .marks import paragraphs, quoted_spans
from .noise import is_headline, is_noise, signature
from .pull_quotes import pull_quotes
from .syntax import QuoteMask

# Overlap (as a share of the shorter span) above which two finds are the same quote.
SAME_QUOTE_OVERLAP = 0.5
# Share of a quoted fragment inside a mixed quote above which it is part of that quote
# (trimming may leave the fragment's final period outside).
ABSORBED = 0.8
# Links and hashtags at the end of an embedded post. Runs of them are found left to right,
# each once (a match starts only where whitespace starts; "++" keeps no backtracking state);
# the last run counts if it ends the text. Anchoring the pattern at "$" instead retried every
# run from each of its items: quadratic on 24 KB of " #a" not followed by the end.
_TRAILING_LINKS = re.compile(r"(?<!\s)(?:\s+(?:pic\.twitter\.com/\S+|https?://\S+|#\w+))++\s*")


def _social_posts(text: str, bounds: list[tuple[int, int]]) -> list[Candidate]:
    """An embedded post is the paragraph above its signature line `— Name (@handle) date`."""
    posts = []
    for index, (start, end) in enumerate(bounds):
        signed = signature(text[start:end])
        if signed is None or index == 0:
            continue
        post_start, post_end = bounds[index - 1]
        body = text[post_start:post_end]
        links = max(_TRAILING_LINKS.finditer(body), key=lambda m: m.start(), default=None)  # the last run
        if links is not None and links.end() == len(body):
            body = body[: links.start()]
        posts.append(
            Candidate(
                post_start,
                post_start + len(body.rstrip()),
                QuoteKind.DIRECT,
                speaker_text=f"{signed.name} ({signed.handle})",
                paragraph=index - 1,
            )
        )
    return posts


def _cut_before_direct(candidate: Candidate, direct: list[Candidate], text: str) -> Candidate | None:
    """A reported clause ends where a direct quote with its own cue begins ("claims X,
    telling the Globe, "..."" reports X; the quote is its own find). A quote that merely ends
    the clause ("said the debate had shown "a clear choice"") makes it mixed. A clause that
    *starts* at a direct quote ("adding that, "..."") is that direct quote."""
    end = candidate.end
    for quote in direct:
        if quote.start - 2 <= candidate.start < quote.end:
            return None
        if not candidate.start < quote.start < end:
            continue
        cue = quote.cue
        if cue is not None and candidate.start < cue.idx < quote.start and cue != candidate.cue:
            end = min(end, cue.idx)
        elif candidate.cue is not None and quote.start > candidate.cue.sent.end_char:
            end = min(end, quote.start - 1)  # the quote is a sentence of its own
    if end == candidate.end:
        return candidate
    end = candidate.start + len(text[candidate.start : end].rstrip(' ,;:“”"\n'))
    fragments = tuple(f for f in candidate.fragments if f[1] <= end)
    kind = QuoteKind.MIXED if fragments else QuoteKind.INDIRECT
    return replace(candidate, end=end, fragments=fragments, kind=kind) if end > candidate.start else None


def _merge(direct: list[Candidate], indirect: list[Candidate], posts: list[Candidate], text: str) -> list[Candidate]:
    """One find per quote. Reported clauses that restate a direct quote go; quoted fragments
    inside a mixed quote go (one mixed quote, not one direct quote per fragment); reported
    speech inside an embedded post is part of the post.

    Each find is compared only with the finds near it (`_Nearby`), not with all of them: that
    was quadratic (10,000 one-line paragraphs: 17 million comparisons, half a minute)."""
    speech = [d for d in direct if d.speaker_head is None or d.cue is None or d.end - d.start > 40]
    near_speech, near_posts = _Nearby(speech), _Nearby(posts)
    indirect = [
        c
        for c in (_cut_before_direct(c, near_speech.around(c.start, max(c.end, c.start + 3)), text) for c in indirect)
        if c is not None
    ]
    indirect = [c for c in indirect if not any(p.contains(c.start, c.end) for p in near_posts.around(c.start, c.end))]
    mixed = [c for c in indirect if c.kind is QuoteKind.MIXED]
    near_mixed = _Nearby(mixed)
    kept_direct = [
        d
        for d in direct
        # An empty span counts as absorbed by any mixed quote (overlap 0 >= 0), near or not.
        if not (
            any(m.overlap(d) >= ABSORBED * (d.end - d.start) for m in near_mixed.around(d.start, d.end))
            if d.end > d.start
            else mixed
        )
    ]
    kept: list[Candidate] = []
    near_kept = _Nearby(kept_direct)
    for candidate in sorted(indirect, key=lambda c: c.end - c.start, reverse=True):
        length = candidate.end - candidate.start
        others = near_kept.around(candidate.start, candidate.end)
        shares = (candidate.overlap(o) / (min(length, o.end - o.start) or 1) for o in others)
        if any(share > SAME_QUOTE_OVERLAP for share in shares):
            continue
        kept.append(candidate)
        near_kept.add(candidate)
    return sorted(kept_direct + kept + posts, key=lambda c: (c.start, c.end))


class _Nearby:
    """Candidates by position: `around(start, end)` gives, in the order added, every one that
    overlaps or touches `start:end` (and maybe a few more; callers test their own condition)."""

    LONG = 500  # spans longer than this are few (each takes this much text) and kept apart

    def __init__(self, items: list[Candidate]):
        self._starts: list[int] = []  # of the short spans, sorted
        self._short: list[tuple[int, Candidate]] = []  # (order added, span), by start
        self._long: list[tuple[int, Candidate]] = []
        for item in items:
            self.add(item)

    def add(self, item: Candidate) -> None:
        entry = (len(self._short) + len(self._long), item)
        if item.end - item.start > self.LONG:
            self._long.append(entry)
            return
        index = bisect_right(self._starts, item.start)
        self._starts.insert(index, item.start)
        self._short.insert(index, entry)

    def around(self, start: int, end: int) -> list[Candidate]:
        start, end = start - 1, end + 1  # touching counts: `contains` and empty spans
        # A short span starting before start - LONG ends before start.
        low, high = bisect_left(self._starts, start - self.LONG), bisect_left(self._starts, end)
        found = [e for e in self._short[low:high] if e[1].end > start]
        found += [e for e in self._long if e[1].start < end and e[1].end > start]
        return [item for _, item in sorted(found, key=lambda e: e[0])]


def _is_clause(doc: Doc, candidate: Candidate) -> bool:
    """A report with a verb of its own ("UN says hunger will grow", "asks kidnappers to release
    ..."), not a noun phrase the terse grammar of a headline let the parser take for one
    ("Firm denies data breach claims")."""
    span = doc.char_span(candidate.start, candidate.end, alignment_mode="expand")
    if span is None:
        return False
    if span[0].lower_ == "to":
        return True
    # The verb has a subject before it and words after it ("claims" ending a noun phrase has none).
    return any(
        t.dep_ in {"nsubj", "nsubjpass"} and t.head.pos_ in {"VERB", "AUX"} and t.i < t.head.i < span.end - 1
        for t in span
    )


@dataclass(frozen=True)
class Found:
    """An article's quote candidates, the quoted regions, and which prose paragraph an
    offset lies in (captions and promos between two paragraphs of one quote do not count)."""

    candidates: list[Candidate]
    mask: QuoteMask
    paragraph_starts: list[int]
    paragraph_rank: dict[int, int]

    def paragraph_of(self, offset: int) -> int:
        index = max(0, bisect_right(self.paragraph_starts, offset) - 1)
        return self.paragraph_rank.get(index, index)


def find_candidates(doc: Doc) -> Found:
    text = doc.text
    bounds = paragraphs(text)
    starts = [start for start, _ in bounds]
    noise = {i for i, (start, end) in enumerate(bounds) if is_noise(text[start:end])}

    def paragraph_of(offset: int) -> int:
        return max(0, bisect_right(starts, offset) - 1)

    spans = [s for s in quoted_spans(text) if s.paragraph not in noise]
    mask = QuoteMask([(s.start, s.end) for s in spans])
    direct = direct_quotes(doc, spans, mask)
    # A headline is noise for every other find, but "UN says hunger will grow" reports speech
    # like any sentence: the article's first paragraph, when it is a headline, is read for it.
    headline = 0 if bounds and 0 in noise and is_headline(text[bounds[0][0] : bounds[0][1]]) else None
    skipped = noise - {headline}  # once: the test runs on every sentence
    indirect = [
        Candidate(c.start, c.end, c.kind, c.cue, c.speaker_head, c.speaker_text, c.fragments, paragraph_of(c.start))
        for c in indirect_quotes(doc, mask, lambda offset: paragraph_of(offset) in skipped)
        if paragraph_of(c.start) != headline or _is_clause(doc, c)
    ]
    # 'The union said "the strike will go on" as talks resumed': the parser may hang the
    # narration after a quoted clause on the quote's verb. A reported clause that opens with a
    # quoted clause of its own is that direct quote, and stops at its closing mark.
    near_direct = _Nearby(direct)  # the parse is read only for quotes a clause starts at
    indirect = [
        c
        for c in indirect
        if not any(
            d.start - 2 <= c.start < d.end and _is_clause(doc, d) for d in near_direct.around(c.start, c.start + 3)
        )
    ]
    # Interview answers are kept whole, like posts: quoted words and reported speech inside
    # an answer are part of it.
    answers = interview_answers(text, bounds, noise)
    # A pull quote is kept whole too: its own quote marks, if it has them, are part of it.
    whole = answers + pull_quotes(doc, bounds)
    direct = [d for d in direct if not any(a.contains(d.start, d.end) for a in whole)]
    posts = _social_posts(text, bounds) + whole
    # Floating quotes look at the previous *prose* paragraph: promos and captions between
    # two paragraphs of one quote do not separate them.
    rank = {index: n for n, index in enumerate(i for i in range(len(bounds)) if i not in noise)}
    merged = _merge(direct, indirect, posts, text)
    candidates = [replace(c, paragraph=rank.get(c.paragraph, c.paragraph)) for c in merged]
    return Found(candidates, mask, starts, rank)
