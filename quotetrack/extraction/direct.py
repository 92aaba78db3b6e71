"""Direct quotes: text inside quote marks, with the cue and speaker around it."""

from __future__ import annotations

import re
from dataclasses import replace

from spacy.tokens import Doc, Token

from ..nlp import budget
from ..types import QuoteKind
from .candidate import Candidate
from .cues import FRAGMENT_CUES
from .marks import QuotedSpan
from .syntax import QuoteMask, char_span, doc_text, is_according_to, is_cue, is_per_source, is_words_of, speaker_head

# "casts himself as the "eighteenth candidate"": a reflexive object is the description's subject.
REFLEXIVES = frozenset("himself herself themselves itself myself ourselves yourself".split())
MIN_QUOTE_WORDS = 4
SPEECH_END = set(",.!?…")


def is_title_case(text: str) -> bool:
    """ "They're Conducting the Largest Deportation Operation": a headline or title, not speech."""
    # Short function words stay lowercase in titles ("Cowboys and Indians"); a title is not
    # a sentence ("It's Warhol. He is a legend.").
    if re.search(r"[.!?]\s+\S", text.strip()):
        return False
    words = [w for w in text.split() if w[0].isalpha() and (len(w) > 3 or w[0].isupper())]
    return len(words) >= 2 and len(text.split()) >= 3 and sum(w[0].isupper() for w in words) / len(words) >= 0.75


# Words that introduce a name in quote marks: 'known as "Railyard Commons,"', 'a plan the
# company calls "Project Keystone,"'.
_NAMING = re.compile(
    r"\b(?:known as|called|calls|call|named|dubbed|nicknamed|titled|entitled|branded)\s*[\"“‘']?\s*$", re.I
)


def names_something(text: str, quoted_start: int, quoted: str) -> bool:
    """A short quoted phrase in capitals right after a naming word is a name, not speech."""
    words = quoted.strip(" ,.;:").split()
    capitalised = 1 <= len(words) <= 4 and all(w[:1].isupper() or not w[:1].isalpha() for w in words)
    return capitalised and bool(_NAMING.search(text[max(0, quoted_start - 40) : quoted_start]))


def looks_like_speech(text: str) -> bool:
    """Long enough to be speech rather than a scare quote or a term ("sanctuary" cities),
    and not a title."""
    return len(text.split()) >= MIN_QUOTE_WORDS and not is_title_case(text)


# How close a cue must be to a quote's marks to attribute a short quote ("No," she said).
ADJACENT_CHARS = 40


def _cue_tokens(doc: Doc, quoted: QuotedSpan, mask: QuoteMask) -> list[Token]:
    """Cues outside quote marks in the sentences where the quote opens and closes."""
    span = char_span(doc, quoted.start, quoted.end)
    if span is None:
        return []
    sentences = {span[0].sent, span[-1].sent}
    # A closing mark followed by ", he said." may be split into a sentence of its own,
    # but never across a paragraph break.
    last = max(sentences, key=lambda s: s.start)
    # Only when the quote ends in speech punctuation inside its marks (`"...," he said`):
    # `called it 'a kick in the teeth'. The spokesman said ...` is a new sentence.
    text = doc_text(doc)
    spoken_end = text[quoted.start : quoted.end].rstrip()[-1:] in {",", "?", "!", "—", "–"}
    if last.end < len(doc) and quoted.closed and spoken_end:
        following = doc[last.end].sent
        if following.start_char - quoted.end <= 3 and "\n" not in text[quoted.end : following.start_char]:
            sentences.add(following)
    return [
        token
        for sentence in sentences
        for token in sentence
        if (is_cue(token) or is_according_to(token) or is_per_source(token) or is_words_of(token))
        and not mask.contains(token)
    ]


def _attribution(cues: list[Token], quoted: QuotedSpan, mask: QuoteMask) -> tuple[Token | None, Token | None]:
    """(cue, speaker head). The nearest cue after the quote (`"...," she said`) wins when it
    names a speaker, else the nearest before (`lamenting, "..."`), else a cue with no
    speaker of its own (`adding, "..."`: the previous quote's speaker)."""
    after = sorted((t for t in cues if t.idx >= quoted.end), key=lambda t: t.idx)
    before = sorted((t for t in cues if t.idx < quoted.start), key=lambda t: -t.idx)
    options = [t for t in (after[:1] + before[:1])]
    if after and before and _introduces(before[0], quoted) and _starts_a_clause(after[0], quoted):
        # 'Ruiz posted: "...", and Chen posting "..."': the colon gave the quote its speaker;
        # the cue after it opens the next clause, with a quote of its own.
        options.reverse()
    for cue in options:
        head = speaker_head(cue, mask)
        if head is not None:
            return cue, head
    return (options[0] if options else None), None


def _introduces(cue: Token, quoted: QuotedSpan) -> bool:
    """The cue ends with a colon or a semicolon right before the quote (`X wrote: "..."`)."""
    if quoted.start - cue.idx > ADJACENT_CHARS:
        return False
    between = doc_text(cue.doc)[cue.idx + len(cue.text) : quoted.start].strip(' "“')
    return between[-1:] in {":", ";"}


def _starts_a_clause(cue: Token, quoted: QuotedSpan) -> bool:
    """Between the quote and the cue after it, a conjunction opens a new clause (`", and Y said"`)."""
    between = doc_text(cue.doc)[quoted.end : cue.idx].lower()
    return bool(re.search(r"\b(and|but|while|whereas)\b", between))


def _is_adjacent(cue: Token | None, quoted: QuotedSpan) -> bool:
    """The cue attributes the quote on its own: right after it (`"No," she said`) or right
    before it with a comma or colon (`she said: "No."`), not inside a reported clause
    (`said that the plan had "failed"`, a mixed quote)."""
    if cue is None:
        return False
    if cue.idx >= quoted.end:
        return cue.idx - quoted.end <= ADJACENT_CHARS
    if quoted.start - cue.idx > ADJACENT_CHARS:
        return False
    # From the cue on, not the whole text before the quote: this runs once per quote.
    text = doc_text(cue.doc)
    before = text[min(cue.idx, quoted.start - 1) : quoted.start - 1].rstrip() or text[: quoted.start - 1].rstrip()
    return before[-1:] in {",", ":"}


# How far after a quote a short sentence in quote marks still continues it.
FOLLOWING_CHARS = 60


def _follows_a_quote(text: str, quoted: QuotedSpan, found: list[Candidate], doc: Doc) -> bool:
    """ "It was terrifying," said Ana Ruiz, who was on the train. "People were screaming.":
    a short quoted sentence right after a quote of the same paragraph goes on with it."""
    if not found or found[-1].paragraph != quoted.paragraph or quoted.start - found[-1].end > FOLLOWING_CHARS:
        return False
    words = text.split()
    sentence = text.rstrip()[-1:] in {".", "!", "?"} and text[:1].isupper() and len(words) >= 2
    between = doc_text(doc)[found[-1].end + 1 : quoted.start - 1]
    return sentence and not is_title_case(text) and not any(mark in between for mark in '"“”')


def _fragment_cue(doc: Doc, quoted: QuotedSpan) -> Token | None:
    """A cue that governs a short quoted fragment as object or complement: called X "Y"."""
    span = char_span(doc, quoted.start, quoted.end)
    if span is None:
        return None
    head = span.root
    while head.head.i != head.i:
        if head.dep_ == "ccomp":
            return None  # inside reported speech: a mixed quote, found by the indirect pass
        head = head.head
        if head.lemma_.lower() in FRAGMENT_CUES and is_cue(head):
            return head
    return None


def direct_quotes(doc: Doc, spans: list[QuotedSpan], mask: QuoteMask) -> list[Candidate]:
    found: list[Candidate] = []
    for quoted in spans:
        budget.check(doc, "direct quotes")
        text = doc_text(doc)[quoted.start : quoted.end]
        if char_span(doc, quoted.start, quoted.end) is None or names_something(doc_text(doc), quoted.start, text):
            continue
        cue, head = _attribution(_cue_tokens(doc, quoted, mask), quoted, mask)
        # "No, absolutely not," she said: short, but marked as speech and attributed right there.
        short_but_spoken = (
            text.rstrip()[-1:] in SPEECH_END
            and head is not None
            and _is_adjacent(cue, quoted)
            and not is_title_case(text)
        )
        if looks_like_speech(text) or short_but_spoken or _follows_a_quote(text, quoted, found, doc):
            found.append(
                _with_description(
                    Candidate(
                        quoted.start,
                        quoted.end,
                        QuoteKind.DIRECT,
                        cue=cue,
                        speaker_head=head,
                        paragraph=quoted.paragraph,
                        inherits=head is None,
                        open_ended=not quoted.closed,
                    ),
                    doc,
                )
            )
            continue
        cue = _fragment_cue(doc, quoted) if not is_title_case(text) else None
        if cue is not None:
            head = speaker_head(cue, mask)
            if head is not None:
                found.append(
                    _with_description(
                        Candidate(quoted.start, quoted.end, QuoteKind.DIRECT, cue, head, paragraph=quoted.paragraph),
                        doc,
                    )
                )
    return found


def _with_description(candidate: Candidate, doc: Doc) -> Candidate:
    """'X as "Y"' when the cue describes its object as the quoted words ("described Trump's
    foray into politics as a "charade"", "labeling Bush as a "front man ..."): the quote is the
    description, object included, mixed, with the quoted words its fragment. A pronoun object
    ("described him as "old-looking"") adds nothing: the quoted words alone stay the quote."""
    cue = candidate.cue
    if cue is None or cue.lemma_.lower() not in FRAGMENT_CUES:
        return candidate
    as_word = next((c for c in cue.children if c.dep_ == "prep" and c.lower_ == "as"), None)
    if as_word is None or not as_word.idx < candidate.start:
        return candidate
    # The quoted words are what "as" introduces ("as a "charade""), not a remark set after it
    # ("as an individual, "facing the penitentiary ...""): at most an article between them.
    gap = doc_text(doc)[as_word.idx + len(as_word.text) : candidate.start].strip(' "“').lower()
    if gap not in {"", "a", "an", "the"}:
        return candidate
    described = next((c for c in cue.children if c.dep_ == "dobj" and c.i < as_word.i), None)
    if described is None or (described.pos_ == "PRON" and described.lower_ not in REFLEXIVES):
        return candidate
    start = described.left_edge.idx
    between = doc_text(doc)[start : candidate.start].rstrip('"“ ')  # less the fragment's own opening mark
    if any(mark in between for mark in '"“”'):
        return candidate
    fragment = (candidate.start, candidate.end)
    return replace(candidate, start=start, kind=QuoteKind.MIXED, fragments=(fragment,))
