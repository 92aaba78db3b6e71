"""Claims: the separate remarks one quote reports, each linkable to its own statement.

A direct quote is split into its sentences, and every quote into its clauses coordinated by
"and" or "but" that have subjects of their own ("X, but the request was ignored and he was
released"), and into conjoined finite verbs with complements of their own ("fled Brazil ...
and entered the U.S.", "protect criminals and put officers at risk") or auxiliaries of their
own ("had shut off its pipe and would cooperate"). Alternatives ("either
... or ...") stay one remark.
The quote itself is untouched: claims are sub-spans of it, in order, never overlapping, and
always at least one (the whole quote). Where the clauses begin is clause_starts.py.
"""

from __future__ import annotations

import re

from spacy.tokens import Doc, Span, Token

from ..nlp import budget
from ..types import Quote, QuoteKind
from .candidate import Candidate
from .clause_starts import COMPLEMENTS as COMPLEMENTS
from .clause_starts import CONTRASTS, SEQUELS, _clause_starts, _subordinator, _within
from .clause_starts import SUBJECTS as SUBJECTS
from .syntax import doc_text

# A sentence of fewer words is no remark of its own ("Unconscionable."): it joins a neighbour.
MIN_SENTENCE_WORDS = 4
# A coordinated clause of fewer words joins its neighbour ("..., and it did").
MIN_CLAUSE_WORDS = 3

_WORD = re.compile(r"\w+(?:['’\-]\w+)*")
_LAST_WORD = re.compile(r"[\w.]*$")
# A sentence ends at . ? ! (with any closing marks or brackets after it), followed by space
# and an uppercase letter or an opening mark; a paragraph ends one too (a quote running over
# paragraphs: the next one's opening mark goes with the break).
_SENTENCE_END = re.compile(r"(?<=[.?!])[\"”’')\]]*[ \t\u00a0]+(?=[\"“‘'(\[]?[A-Z])|[\"”’')\]]*[ \t\u00a0]*\n\s*[“\"]?")
# Words a period follows without ending the sentence: titles, months, company forms ("No. 5"
# needs none: a digit starts no sentence here).
ABBREVIATIONS = frozenset(
    """mr mrs ms dr gov sen rep reps st jr sr lt gen col capt cpt sgt cmdr adm maj prof rev hon
    pres supt atty det insp sec messrs mmes vs etc inc co corp ltd llc bros dept univ
    approx est fig ave blvd rd mt ft jan feb mar apr jun jul aug sep sept oct nov dec""".split()
)
_OPENING_MARKS = "“‘\"'(["
_CLOSING_MARKS = "”’\"')]"
_EDGE_JUNK = ",;:—–- \t\n\u00a0"
# The marks a claim never starts with (a cut-off subordinator is dropped too: _leading_word).
_CLAUSE_MARKS = frozenset({"that", "whether"})
COORDINATORS = frozenset({"and", "but", "or", "nor", "yet", "so", "while", "whereas"})


def claim_spans(doc: Doc, candidate: Candidate) -> tuple[tuple[int, int], ...]:
    """The claims of `candidate` as offsets into `doc.text` (the normalized text), in order.
    Never empty: a quote that does not split is one claim, the whole quote trimmed."""
    text = doc_text(doc)  # not doc.text: spaCy joins every token on each access (per quote: quadratic)
    whole = _tidy(text, candidate.start, candidate.end)
    if whole is None:
        return ((candidate.start, candidate.end),)
    if candidate.kind is QuoteKind.DIRECT:
        # Sentences (a short one joins its neighbour: "Unconscionable."), then their
        # coordinated clauses, which stand alone from three words ("We are devastated, but
        # we are not done" is two remarks). A quote may run to thousands of sentences: the
        # budget is read between them, as between quotes (quotes.py).
        claims = [
            clause
            for sentence in budget.checked(doc, "claims", _sentences(text, *whole))
            for clause in _clauses(doc, candidate, *sentence, minimum=MIN_CLAUSE_WORDS)
        ]
    else:
        claims = _clauses(doc, candidate, *whole)
    return tuple(claims) if _well_formed(claims, whole) else (whole,)


def claim_records(quote: Quote) -> list[dict]:
    """A quote's claims as {start, end, text} (original offsets), for output: the whole
    quote when it carries none."""
    spans = quote.claims or ((quote.start, quote.end),)
    return [{"start": s, "end": e, "text": quote.text[s - quote.start : e - quote.start]} for s, e in spans]


# -- direct quotes: sentences ------------------------------------------------------------------


def _sentences(text: str, start: int, end: int) -> list[tuple[int, int]]:
    pieces: list[tuple[int, int]] = []
    begin = start
    for match in _SENTENCE_END.finditer(text, start, end):
        if "\n" not in match.group() and _after_abbreviation(text, start, match.start()):
            continue
        piece = _tidy(text, begin, match.start())
        if piece is not None:
            pieces.append(piece)
        begin = match.end()
    last = _tidy(text, begin, end)
    if last is not None:
        pieces.append(last)
    return _merge_short(pieces, text, MIN_SENTENCE_WORDS)


def _after_abbreviation(text: str, start: int, end: int) -> bool:
    """Whether the mark before `end` is an abbreviation's period ("Mr.", "U.S.", the initial
    in "Patricia H. Hyde") rather than a sentence end."""
    end = len(text[start:end].rstrip(_CLOSING_MARKS)) + start
    if text[end - 1] != ".":
        return False
    if end - 2 >= start and text[end - 2] == ".":
        # An ellipsis marks an omission, unless a sentence ended before it ("Scientology. ...").
        return text[start:end].rstrip(".").rstrip()[-1:] not in {".", "?", "!"}
    found = _LAST_WORD.search(text, start, end - 1)
    word = found.group() if found else ""
    if not word:
        return False
    if "." in word:
        return True  # "U.S.", "a.m.", "Ph.D."
    return (len(word) == 1 and word.isupper()) or word.lower() in ABBREVIATIONS


# -- indirect and mixed quotes: coordinated clauses ---------------------------------------------


def _clauses(
    doc: Doc, candidate: Candidate, start: int, end: int, minimum: int = MIN_CLAUSE_WORDS
) -> list[tuple[int, int]]:
    span = doc.char_span(start, end, alignment_mode="expand")
    if span is None or len(span) == 0:
        return [(start, end)]
    cuts = sorted({c for c in _clause_starts(span) if not _inside_fragment(doc[c].idx, candidate.fragments)})
    if not cuts:
        return [(start, end)]  # one clause: as given, its punctuation kept
    bounds = [span.start, *cuts, span.end]
    pieces = []
    for left, right in zip(bounds, bounds[1:], strict=False):
        piece = _trim_clause(doc[left:right])
        if piece is not None:
            pieces.append(piece)
    text = doc_text(doc)
    pieces = [(max(s, start), min(e, end)) for s, e in pieces]
    if pieces and not text[pieces[-1][1] : end].strip(_CLOSING_MARKS + ".?!"):
        pieces[-1] = (pieces[-1][0], end)  # the last clause keeps the sentence's end
    return _merge_short(pieces, text, minimum)


def _inside_fragment(offset: int, fragments: tuple[tuple[int, int], ...]) -> bool:
    return any(s < offset < e for s, e in fragments)


def _trim_clause(span: Span) -> tuple[int, int] | None:
    """A clause without the coordinator and punctuation at its edges (quote marks stay)."""
    tokens = list(span)
    while tokens and (_edge_punct(tokens[0], _OPENING_MARKS) or _leading_word(tokens[0], span)):
        tokens.pop(0)
    while tokens and (_edge_punct(tokens[-1], _CLOSING_MARKS) or tokens[-1].dep_ == "cc" or _cut_off(tokens[-1], span)):
        tokens.pop()
    if not tokens:
        return None
    return tokens[0].idx, tokens[-1].idx + len(tokens[-1].text)


def _cut_off(token: Token, span: Span) -> bool:
    """A preposition whose object the next claim took (", with | a report due ...")."""
    return token.dep_ == "prep" and any(c.dep_ == "pobj" and c.i >= span.end for c in token.children)


def _edge_punct(token: Token, keep: str) -> bool:
    return token.is_space or (token.is_punct and not any(mark in token.text for mark in keep))


def _leading_word(token: Token, piece: Span) -> bool:
    """A word a claim does not start with: a coordinator, "that" / "whether"; and the
    subordinator of a clause cut off from the clause it hangs from ("while", "after"). A clause
    that opens its own sentence ("After talks broke down, the drivers walked out") keeps it."""
    lower = token.lower_
    if (token.dep_ == "cc" and lower in COORDINATORS) or (token.dep_ == "mark" and lower in _CLAUSE_MARKS):
        return True
    return _subordinator(token, CONTRASTS | SEQUELS) and not _within(token.head.head, piece)


# -- shared --------------------------------------------------------------------------------------


def _tidy(text: str, start: int, end: int) -> tuple[int, int] | None:
    """`start:end` without whitespace and separating punctuation at its edges; None if empty."""
    while start < end and text[start] in _EDGE_JUNK:
        start += 1
    while end > start and text[end - 1] in _EDGE_JUNK:
        end -= 1
    return (start, end) if start < end else None


def _words(text: str) -> int:
    return len(_WORD.findall(text))


def _merge_short(pieces: list[tuple[int, int]], text: str, minimum: int) -> list[tuple[int, int]]:
    """A piece of fewer than `minimum` words joins the previous piece, or the next when first."""
    merged: list[tuple[int, int]] = []
    carried: int | None = None  # start of short first pieces waiting for the next one
    for start, end in pieces:
        if carried is not None:
            start, carried = carried, None
        if _words(text[start:end]) >= minimum:
            merged.append((start, end))
        elif merged:
            merged[-1] = (merged[-1][0], end)
        else:
            carried = start
    if carried is not None:  # every piece was short: one claim
        merged.append((carried, pieces[-1][1]))
    return merged


def _well_formed(claims: list[tuple[int, int]], whole: tuple[int, int]) -> bool:
    if not claims:
        return False
    position = whole[0]
    for start, end in claims:
        if not position <= start < end <= whole[1]:
            return False
        position = end
    return True
