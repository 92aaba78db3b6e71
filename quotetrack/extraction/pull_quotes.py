"""Pull quotes: a remark printed apart, with its speaker's name on a line of its own under it.

    We have upgraded the severity level to seven as the impact ... has been widespread.

    —Spokesperson, NISA

News pages set a striking sentence apart from the body (a pull quote, a call-out box) and sign
it on the next line with a dash and a name, often with a role after a comma. The text a scraper
keeps has neither the box nor, often, the quotation marks: the paragraph reads as prose and the
signature line as a headline. The pair is a direct quote by the signed speaker, whether or not
the body quotes the same words again.

An embedded post's signature (`— Name (@handle) date`) is the social-post reader's
(`extraction._social_posts`); this module reads signatures without a handle.
"""

from __future__ import annotations

import re

from spacy.tokens import Doc, Span, Token

from ..types import QuoteKind
from .candidate import Candidate
from .cues import SOURCE_NOUNS, TITLE_NOUNS
from .noise import is_page_furniture, signature

# "—Naoto Kan, prime minister of Japan", "— Amnesty International statement": a dash, then a
# short line that does not end a sentence.
PULL_SIGNATURE = re.compile(r"^\s*[—–]{1,2}\s*(?P<signed>[^\s\"“].{1,118}?)\s*$")
SIGNATURE_WORDS = 16
# Edges of a pull quote that are not its words: marks, an ellipsis for a cut, spaces.
_EDGES = " \t\"'“”‘’.…"


def pull_quotes(doc: Doc, bounds: list[tuple[int, int]]) -> list[Candidate]:
    """A direct quote for every paragraph signed by the short dash line after it; the speaker
    mention is the name the signature gives (see `signed_name`)."""
    text = doc.text
    found = []
    for index in range(1, len(bounds)):
        start, end = bounds[index]
        line = text[start:end]
        match = PULL_SIGNATURE.match(line)
        if match is None or signature(line) is not None or not _signs(match["signed"]):
            continue
        quote_start, quote_end = _trimmed(text, *bounds[index - 1])
        if quote_end - quote_start < 12 or _not_prose(text[quote_start:quote_end]):
            continue
        line_span = doc.char_span(start + match.start("signed"), start + match.end("signed"), alignment_mode="expand")
        head = signed_name(line_span) if line_span is not None else None
        if head is None:
            continue
        found.append(Candidate(quote_start, quote_end, QuoteKind.DIRECT, speaker_head=head, paragraph=index - 1))
    return found


def signed_name(line: Span) -> Token | None:
    """The token that heads who signs: a person named before the first comma ("Deniz Baykal,
    leader of ..."), else an organisation there ("Amnesty International statement"), else a
    name NER missed there ("Wolfango Piccoli, Eurasia Group"); after a role alone, the name
    after the comma ("Spokesperson, NISA"); else the first part as written ("Resident of
    Turkey, college graduate")."""
    comma = next((t.i for t in line if t.text == ","), line.end)
    first, rest = line.doc[line.start : comma], line.doc[min(comma + 1, line.end) : line.end]
    # A role alone is no name, whatever NER calls it ("Spokesperson" as an ORG).
    role_alone = all(t.lower_ in TITLE_NOUNS or t.lower_ in SOURCE_NOUNS or t.is_punct for t in first)
    # Entities wholly before the comma: NER may run "Spokesperson, Red Cross" into one.
    within = [e for e in first.ents if e.start >= first.start and e.end <= first.end and not role_alone]
    for label in ("PERSON", "ORG"):
        entity = next((e for e in within if e.label_ == label), None)
        if entity is not None:
            return entity.root
    named_after = [t for t in rest if t.pos_ == "PROPN"]
    if named_after and (role_alone or not any(t.pos_ == "PROPN" for t in first)):
        return line.doc[named_after[0].i : named_after[-1].i + 1].root
    if len(first) == 0 or not any(t.pos_ in {"NOUN", "PROPN"} for t in first):
        return None
    return first.root


def _signs(signed: str) -> bool:
    """Short, capitalised, not a sentence: a name or a role, not a line of prose after a dash."""
    words = signed.split()
    return 0 < len(words) <= SIGNATURE_WORDS and signed[:1].isupper() and signed[-1:] not in set(".?!:;")


def _trimmed(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start] in _EDGES:
        start += 1
    while end > start and text[end - 1] in " \t\"'“”‘’":
        end -= 1
    return start, end


def _not_prose(paragraph: str) -> bool:
    """Page furniture above the dash (a caption, a byline, a promo), or another signature line,
    is not a remark."""
    return is_page_furniture(paragraph) or PULL_SIGNATURE.match(paragraph) is not None
