"""What of a phrase before or beside a name is the person's title (issue #41 items 6, 10).

The name table takes a title from the words before a name and from an apposition ("The
hospital's chief executive, Dr. Helen Marsh,", "Another nurse, Jo Baines,", "Ortiz, 34,").
A title says a role: it holds a word, not an age alone; a quantifier that counts people ("One
nurse", "Another nurse") is the sentence's, not the role's; an honorific the parser hung on the
phrase ("chief executive, Dr.") belongs to the name, which keeps it as a title of its own."""

from __future__ import annotations

import re

from ..extraction.cues import HONORIFICS

# Words that count or pick out people, never part of a role: "One nurse", "Another nurse",
# "Two officers", "Some residents".
_COUNTING = frozenset(
    "one another other two three four five six seven eight nine ten several some many few each every both".split()
)


_QUOTE_MARKS = frozenset('"“”„«»')


def title_text(title: str) -> str | None:
    """The title in `title`, or None when it holds none (an age, a number, an honorific alone
    that the name already carries). A title is a phrase of one line; one that runs over a
    paragraph break or holds a quote mark is the parser reading a headline or a source line as
    an apposition ('"BARRY MORSE / June 10, 1918 - February 2, 2008" —')."""
    title = title.strip()
    if "\n" in title or any(mark in title for mark in _QUOTE_MARKS):
        return None
    words = title.strip(" ,").split()
    while len(words) >= 2 and words[-1].lower().strip(",") in HONORIFICS:
        words = words[:-1]  # "chief executive, Dr.": the honorific is the name's
    if len(words) >= 2 and words[0].lower() in _COUNTING:
        words = words[1:]  # "Another nurse" -> "nurse"
    text = " ".join(words).strip(" ,")
    if not re.search(r"[^\W\d_]{2}", text):
        return None  # "34", "24,": an age, not a role
    return text
