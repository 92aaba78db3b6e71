"""One person or organisation of an article's name table, and the keys its names are read by.

An entry gathers every way the article names someone: "Sir Menzies Campbell" is the name,
"Campbell" and "Menzies Cambell" aliases, "leader of the Liberal Democrats" a title, and the
character offset of each mention outside quotes a position.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ...extraction.cues import ORGANISATION_NAME_WORDS
from ...normalization.lexicon import is_word, places
from ...types import Speaker, SpeakerKind
from ..name_matching import name_words, stem
from ..names import COMMON_NOUNS, ORGANISATION_WORDS, family_name, fold, surname
from ..title_text import title_text

# The gender an honorific says: "Mr. Tedeschi" is a man, "Ms Bauchtman" a woman.
HONORIFIC_GENDER = {"mr.": "male", "mr": "male", "mrs.": "female", "mrs": "female", "ms.": "female", "ms": "female"}


@dataclass
class Entry:
    name: str
    kind: SpeakerKind
    titles: list[str] = field(default_factory=list)
    aliases: set[str] = field(default_factory=set)
    positions: list[int] = field(default_factory=list)  # character offsets of mentions outside quotes
    gender: str | None = None  # "male" / "female" for people, when the article or the name tells

    def speaker(self) -> Speaker:
        return Speaker(
            self.name,
            self.kind,
            tuple(dict.fromkeys(self.titles)),
            tuple(sorted(a for a in self.aliases if a != self.name)),
        )

    def mentioned_before(self, position: int) -> int | None:
        earlier = [p for p in self.positions if p < position]
        return max(earlier) if earlier else None


def add_title(entry: Entry, title: str) -> None:
    """`title` cleaned (title_text) among `entry`'s titles, once: "Dana Reyes, MP" gives "MP"."""
    cleaned = title_text(title)
    if cleaned is not None and cleaned not in entry.titles:
        entry.titles.append(cleaned)


def named_last(entries: list[Entry], position: int) -> Entry | None:
    """Of `entries`, the one named last before `position` (the first of a tie); None if none was."""
    named = [(p, e) for e in entries if (p := e.mentioned_before(position)) is not None]
    return max(named, key=lambda pe: pe[0])[1] if named else None


def named_first(entries: list[Entry], position: int) -> Entry | None:
    """Of `entries` named before `position`, the one named first; None if none was."""
    named = [
        (min(p for p in e.positions if p < position), e) for e in entries if e.mentioned_before(position) is not None
    ]
    return min(named, key=lambda pe: pe[0])[1] if named else None


def unique(entries: Iterable[Entry]) -> list[Entry]:
    """Each entry once, in order: in a table's dicts a merged name shares its fuller name's entry."""
    return list({id(e): e for e in entries}.values())


def surname_keys(name: str) -> set[str]:
    """The folded words a bare mention may name a person by (by_surname). A particle surname
    is found by its last word ("Russa") and whole ("la russa"); an "al-" surname by its stem
    too ("Obeidi" for "al-Obeidi")."""
    family = family_name(name_words(name))
    keys = {fold(surname(name)), fold(" ".join(family)), stem(family[-1]) if family else ""}
    return keys - {""}


def given_name(entry: Entry) -> tuple[int, str]:
    """What the merge of misspelt names (merging.py) compares besides the surname: the number of name words and
    the first of them, folded."""
    words = name_words(entry.name)
    return len(words), fold(words[0]) if words else ""


def match_words(words: list[str]) -> tuple[str, ...]:
    """A name's words as part_of compares them: folded, an "al-" surname by its stem."""
    return tuple(stem(w) or fold(w) for w in words)


def opening_words_of(short: list[str], words: list[str]) -> bool:
    """`short` opens the longer name `words`, whose other words only say what kind of body it
    is: "NBC" of "NBC News", "Kestrel" of "Kestrel Regional Airlines" (plain words, then an
    organisation's word); never a place ("Malaysia" is not "Malaysia Airlines")."""
    if not short or len(words) <= len(short) or words[: len(short)] != short:
        return False
    rest = words[len(short) :]
    if all(w in ORGANISATION_NAME_WORDS or w in COMMON_NOUNS for w in rest):
        return True
    return rest[-1] in ORGANISATION_WORDS and all(is_word(w) for w in rest) and not any(places(w) for w in short)
