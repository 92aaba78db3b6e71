"""The character rules for text that comes in from outside (API fields, form fields, path
segments): which characters no text here may hold, written once.

C0 controls, DEL and C1 controls make no sense in any name, filter or wording here, and NUL is
refused by PostgreSQL; a lone surrogate (broken UTF-16, or "\\ud800" in JSON) cannot be encoded.
Multi-line text (an article, a wording to verify) may hold tab and line breaks, nothing else of
those. Each class is written once as the text of a character class, so that the Python check and
the OpenAPI document's ECMA pattern (api/schemas/fields.py) are the same rule."""

from __future__ import annotations

import re

# Character classes (the inside of [...]), in a syntax Python and ECMA read alike.
LINE_FORBIDDEN = "\\x00-\\x1f\\x7f-\\x9f"  # every control character
TEXT_FORBIDDEN = "\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f-\\x9f"  # the same but tab, line feed, carriage return
# Whitespace as Python's str.strip() sees it, plus U+FEFF (what ECMA's \s adds).
SPACE = "\\t\\n\\r \\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff"
# Lone surrogates: only Python strings can hold them (a JSON document's pattern cannot say so).
_SURROGATES = "\\ud800-\\udfff"

_LINE_BAD = re.compile(f"[{LINE_FORBIDDEN}{_SURROGATES}]")
_TEXT_BAD = re.compile(f"[{TEXT_FORBIDDEN}{_SURROGATES}]")
_VISIBLE = re.compile(f"[^{TEXT_FORBIDDEN}{SPACE}]")

LINE_PROBLEM = "Control characters and lone surrogates are not allowed."
TEXT_PROBLEM = "Control characters (other than tab and line breaks) and lone surrogates are not allowed."


def line_problem(value: str) -> str | None:
    """Why `value` is no acceptable single line (a name, a filter, a path segment), or None."""
    return LINE_PROBLEM if _LINE_BAD.search(value) else None


def text_problem(value: str) -> str | None:
    """Why `value` is no acceptable multi-line text, or None: forbidden characters, or nothing
    but white space."""
    if _TEXT_BAD.search(value):
        return TEXT_PROBLEM
    if not _VISIBLE.search(value):
        return "Only white space."
    return None


def blank_controls(value: str) -> str:
    """`value` with each forbidden character of a line made a space, then stripped: for a form
    field, which is read leniently rather than refused."""
    return _LINE_BAD.sub(" ", value).strip()
