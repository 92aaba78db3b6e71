"""Names, titles and handles: pure string functions."""

from __future__ import annotations

import re
import unicodedata

from ..extraction.cues import HONORIFICS, ORGANISATION_NAME_WORDS, TITLE_ABBREVIATIONS, TITLE_NOUNS

_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
_POSSESSIVE = re.compile(r"[’']s$")
_INITIAL = re.compile(r"^[A-Z]\.?$")
# Generational suffixes and the post-nominals of barristers ("Mark Tedeschi, QC").
_SUFFIXES = frozenset({"jr.", "jr", "sr.", "sr", "ii", "iii", "iv", "qc", "sc", "kc"})


def handle_to_name(handle: str) -> str:
    """ "@Maura_Healey" -> "Maura Healey", "@BillMelugin_" -> "Bill Melugin"."""
    words = _CAMEL.sub(" ", handle.lstrip("@").replace("_", " ")).split()
    return " ".join(words)


def strip_possessive(text: str) -> str:
    return _POSSESSIVE.sub("", text.strip())


def name_words(name: str) -> list[str]:
    """Words of a personal name without honorifics."""
    return [w for w in name.split() if w.lower() not in HONORIFICS]


def surname(name: str) -> str:
    words = [w for w in name_words(name) if w.lower().strip(",") not in _SUFFIXES]
    return words[-1] if words else name


def person_key(name: str) -> tuple[str, str]:
    """Identity of a person across articles: first and last name, middle initials ignored.

    "Patricia H. Hyde" and "Patricia Hyde" share a key; "Tom Homan" and "Jane Homan" do not.
    """
    words = [w for w in name_words(name) if not _INITIAL.match(w)]
    if not words:
        return ("", fold(name))
    return (fold(words[0]) if len(words) > 1 else "", fold(words[-1]))


def fold(text: str) -> str:
    """Lowercase ASCII fold for comparisons."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower().strip()


def role_of(title: str) -> str | None:
    """The role noun of a title: "acting Field Office Director" -> "director", "Gov." -> "governor"."""
    words = [w for w in re.split(r"[\s,]+", title.strip()) if w]
    for word in reversed(words):
        lowered = word.lower()
        if lowered in TITLE_ABBREVIATIONS:
            return TITLE_ABBREVIATIONS[lowered]
        if lowered in HONORIFICS or not word[0].isalpha():
            continue
        return lowered.rstrip(".")
    return None


def slugify(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", fold(name)).strip("-") or "speaker"


def clean_person_name(text: str) -> tuple[str, str]:
    """(title, name) of a person mention as NER found it: possessive dropped, leading role
    words moved to the title, and everything up to an honorific inside the mention too
    ("Undersecretary for Education Mr. Toccafondi" -> "Toccafondi"). Name suffixes stay
    ("Vann R. Newkirk II"); surname-first names stay whole ("Moon Jae-in")."""
    words = strip_possessive(text).strip(" ,").split()
    honorific = max((i for i, w in enumerate(words[:-1]) if w.lower() in HONORIFICS), default=-1)
    if honorific >= 0:
        return " ".join(words[: honorific + 1]), " ".join(words[honorific + 1 :])
    return split_title(" ".join(words))


def is_titled_person(text: str) -> bool:
    """ "Councilor Rita Diaz", which NER may call an organisation: a role word, then a
    two- or three-word name with no organisation word in it."""
    title, rest = split_title(text)
    words = rest.split()
    return (
        bool(title)
        and 2 <= len(words) <= 3
        and all(w[:1].isupper() for w in words)
        and not any(w.lower() in ORGANISATION_NAME_WORDS for w in words)
    )


def split_title(name: str) -> tuple[str, str]:
    """("Councilor", "Rita Diaz") from "Councilor Rita Diaz": leading role words that NER
    left inside a person's name."""
    words = name.split()
    cut = 0
    while cut < len(words) - 1 and (
        words[cut].lower() in TITLE_NOUNS
        or words[cut].lower() in TITLE_ABBREVIATIONS
        or words[cut].lower() in HONORIFICS
    ):
        cut += 1
    return " ".join(words[:cut]), " ".join(words[cut:])
