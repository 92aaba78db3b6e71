"""Indexes of an article's people, so that a look-up or a merge reads the few people who may
answer ("Kathryn Waters" for "Water said") instead of every person the article names."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Hashable, Iterable, Iterator
from itertools import islice

from ..name_matching import name_words
from ..names import PARTICLES, fold, is_surname_first, surname
from .entry import Entry, match_words, surname_keys


class PeopleIndex:
    """People by what look-ups ask for: folded surname (surname_keys), folded first word of
    a name of two words or more, and surnames near a word (NearSurnames), so look-ups read
    the few people who may answer instead of every person of the article. Each list keeps the
    table's order of people (the order they were first registered in), as a pass over
    `unique_people()` would give them. Kept up to date while the table is built (`add`, and
    `renamed` when a person's name grows), since look-ups are asked then too."""

    def __init__(self, people: Iterable[Entry] = ()):
        self.surnames: dict[str, list[Entry]] = {}
        self.first_words: dict[str, list[Entry]] = {}
        self.near = NearSurnames()
        self._rank: dict[int, int] = {}  # id(entry) -> its place in the table's order
        self._filed: dict[int, list[list[Entry]]] = {}  # id(entry) -> the lists it is in
        for entry in people:
            self.add(entry)

    def add(self, entry: Entry) -> None:
        self._rank[id(entry)] = len(self._rank)
        self._file(entry)

    def renamed(self, entry: Entry) -> None:
        for entries in self._filed.pop(id(entry)):
            entries[:] = [e for e in entries if e is not entry]
        self.near.remove(entry)
        self._file(entry)

    def _file(self, entry: Entry) -> None:
        lists = [self.surnames.setdefault(key, []) for key in surname_keys(entry.name)]
        words = entry.name.split()
        if len(words) >= 2:
            lists.append(self.first_words.setdefault(fold(words[0]), []))
        for entries in lists:
            rank = self._rank[id(entry)]
            entries.insert(bisect_left(entries, rank, key=lambda e: self._rank[id(e)]), entry)
        self._filed[id(entry)] = lists
        self.near.add(entry)


class NearSurnames:
    """People named in full, by the forms their folded surname takes with a letter or two
    deleted, for `near_surname` (a surname a letter off, two in a long name, with the same
    first letter): two words an edit distance of d apart become one string after at most d
    deletions from each, so a word is compared only with the surnames that share such a form
    and their first letter with it, not with every person. Surnames longer than REDUCED_UP_TO
    letters (which no one's is) are filed by first letter and length instead. `group`: what
    else the people compared must share (a merge compares only those with the same given
    name); `candidates` yields them lazily, each once, so that a caller may stop early."""

    MOST_OFF = 2  # the most letters near_surname lets a surname be off by
    REDUCED_UP_TO = 24

    def __init__(self, group: Callable[[Entry], Hashable] = lambda entry: None, people: Iterable[Entry] = ()):
        self._group = group
        self._filed: dict[tuple[Hashable, str, int, str | int], list[Entry]] = {}
        self._keys: dict[int, list[tuple[Hashable, str, int, str | int]]] = {}  # id(entry) -> where filed
        for entry in people:
            self.add(entry)

    def add(self, entry: Entry) -> None:
        surname_key = fold(surname(entry.name))
        if len(name_words(entry.name)) < 2 or not surname_key:
            return  # near_surname is false for them
        group, first = self._group(entry), surname_key[0]
        keys: list[tuple[Hashable, str, int, str | int]]
        if len(surname_key) <= self.REDUCED_UP_TO:
            # Apart for each number of letters a word may be off by, so that a short word (one
            # letter) meets only the surnames one deletion reduces to its forms; and only where
            # a word may be near: one letter off a word of 5 to 7 letters is a surname of 4 to
            # 8, two off a word of 8 or more, one of 6 or more.
            offs = [
                off for off, (shortest, longest) in _NEAR_LENGTHS.items() if shortest <= len(surname_key) <= longest
            ]
            keys = [(group, first, off, form) for off in offs for form in deletions(surname_key, off)]
        else:
            keys = [(group, first, 0, len(surname_key))]
        for key in keys:
            self._filed.setdefault(key, []).append(entry)
        self._keys[id(entry)] = keys

    def remove(self, entry: Entry) -> None:
        for key in self._keys.pop(id(entry), []):
            self._filed[key] = [e for e in self._filed[key] if e is not entry]

    def candidates(self, word: str, group: Hashable = None) -> Iterator[Entry]:
        """Every person of `group` whose surname `near_surname(word, name)` may accept (and a
        few more), each once. `word` is folded."""
        if len(word) < 5:
            return  # near_surname: too short to be a misspelling
        off = self.MOST_OFF if len(word) >= 8 else 1
        keys: list[tuple[Hashable, str, int, str | int]] = []
        if len(word) - off <= self.REDUCED_UP_TO:
            keys += [(group, word[0], off, form) for form in deletions(word, off)]
        if len(word) + off > self.REDUCED_UP_TO:
            keys += [(group, word[0], 0, length) for length in range(len(word) - off, len(word) + off + 1)]
        seen: set[int] = set()
        for key in keys:
            for entry in self._filed.get(key, ()):
                if id(entry) not in seen:
                    seen.add(id(entry))
                    yield entry


# Letters a surname may be off by (near_surname) -> the shortest and longest surname that may be.
_NEAR_LENGTHS = {1: (4, 8), 2: (6, NearSurnames.REDUCED_UP_TO)}


def first_two(entries: Iterable[Entry]) -> list[Entry]:
    """The first two of `entries`: enough to tell whether there is exactly one."""
    return list(islice(entries, 2))


def deletions(word: str, most: int) -> set[str]:
    """`word` and every string it becomes with up to `most` of its letters deleted."""
    forms, last = {word}, {word}
    for _ in range(most):
        last = {form[:i] + form[i + 1 :] for form in last for i in range(len(form))}
        forms |= last
    return forms


class FullerNames:
    """People by every shorter form of their name `part_of` accepts: its tails ("Ahern",
    "Hadj Sahraoui"), the heads of a surname-first name ("Lee" of "Lee Min-ho"), the runs
    inside it opening with a particle ("de la Fuente"); so the names a name may be part of
    are looked up, not compared with every person. `of(name)` holds every person `name` is
    part_of (and part_of still decides)."""

    def __init__(self, people: Iterable[Entry]):
        self._by_form: dict[tuple[str, ...], list[Entry]] = {}
        for entry in people:
            words = name_words(entry.name)
            whole = match_words(words)
            forms = {whole[-length:] for length in range(1, len(whole))}
            if is_surname_first(words):
                forms |= {whole[:length] for length in range(1, len(whole))}
            forms |= {
                whole[start:end]
                for start in range(1, len(whole))
                if whole[start] in PARTICLES
                for end in range(start + 1, len(whole) + 1)
            }
            for form in forms:
                self._by_form.setdefault(form, []).append(entry)

    def of(self, name: str) -> list[Entry]:
        return self._by_form.get(match_words(name_words(name)), [])
