"""Paragraphs that are not article prose: headlines, promos, captions, bylines, signatures.

Scraped news carries them inline. Quote marks in them are titles ('AM I RACIST?'), and
their verbs are not reporting ("GOVERNOR WARNS ..."), so extraction skips them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PROMO_OPENERS = (
    "click here",
    "sign up",
    "subscribe",
    "download the",
    "get the",
    "watch:",
    "listen:",
    "read more",
    "related:",
    "follow us",
    "advertisement",
)
BYLINE = re.compile(
    r"^(?:by\s+[A-Z][\w.'-]+(?:\s+[A-Z][\w.'-]+){0,3}\s*$|.*\bcan be reached at\b|.*\bcontributed to this report\b"
    r"|this (?:report|story|article) (?:used|includes|contains) material\b|.*\bfollow (?:him|her|them) on\b)",
    re.IGNORECASE,
)
# A credit in the paragraph's last parentheses: "(Jane Doe/AP Photo)". The keyword is looked
# for ahead, and the parentheses' content taken possessively: one pass per "(", not a
# backtracking search over every split of the content (cubic on "(" + "a/Photo " * 1000).
CAPTION = re.compile(r"\((?=[^()]*?\b(?:Images?|Photo|Photos|AP|Reuters|AFP|Getty|Shutterstock|File)\b)[^()]*+\)\s*$")
# "— Massachusetts Fiscal Alliance (@MassFiscal) November 16, 2024": who posted the embed above.
SIGNATURE = re.compile(
    r"^\s*[—–-]{1,2}\s*(?P<name>[^()@\n]+?)\s*\((?P<handle>@\w+)\)\s*(?P<date>[A-Z][a-z]+\.? \d{1,2}, \d{4})?\s*$"
)

# A source list entry: "Sensitive document found on street" — CBC.ca, August 15, 2008. The
# quoted text is a title, cited with its outlet and date, not speech.
# An author list may come first, ending in a period: 'Wyatt Buchanan. "Title" — Outlet, Date'.
CITATION = re.compile(
    r"^(?:[A-Z][^\"“”\n]{0,120}\.\s+)?"
    r"[\"“][^\"”\n]{1,300}[\"”]\s*[—–-]{1,2}\s*[^,\n]{1,80},\s*[A-Z][a-z]+\.? \d{1,2}, \d{4}\s*$"
)


@dataclass(frozen=True)
class Signature:
    name: str
    handle: str


def is_shouted(paragraph: str) -> bool:
    """Mostly capital letters: a headline or promo line, not prose."""
    letters = [c for c in paragraph if c.isalpha()]
    if len(letters) < 8:
        return False
    return sum(c.isupper() for c in letters) / len(letters) > 0.7


def is_headline(paragraph: str) -> bool:
    """A short line with no closing punctuation: a headline or section title."""
    stripped = paragraph.strip()
    return len(stripped.split()) <= 15 and stripped[-1:] not in set('.?!"”’:…)') and not stripped.startswith(("“", '"'))


def is_noise(paragraph: str) -> bool:
    return is_headline(paragraph.strip()) or is_page_furniture(paragraph)


def is_page_furniture(paragraph: str) -> bool:
    """Noise whatever its shape: a shouted line, a promo, a byline, a caption, a signature or a
    citation. Unlike a headline, a short line with no closing mark can still be a remark (a pull
    quote: extraction/pull_quotes.py), so this is the test without the headline's."""
    stripped = paragraph.strip()
    lowered = stripped.lower()
    return (
        is_shouted(stripped)
        or lowered.startswith(PROMO_OPENERS)
        or bool(BYLINE.match(stripped))
        or bool(CAPTION.search(stripped))
        or bool(SIGNATURE.match(stripped))
        or bool(CITATION.match(stripped))
    )


def signature(paragraph: str) -> Signature | None:
    match = SIGNATURE.match(paragraph)
    return Signature(match["name"].strip(), match["handle"]) if match else None
