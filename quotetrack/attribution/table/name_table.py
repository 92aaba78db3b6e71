"""The name table itself: an article's people and organisations, registered under every
name the article gives them, and the look-ups the sieves ask of it.

A new name is registered by its rules (`add_person`: "Patricia H. Hyde" after "Patricia Hyde"
keeps the fuller form; `add_organisation`: "NBC News" after "NBC" takes the full name); the
look-ups answer "who is 'Raman'?" (`by_surname`), "who is the mayor?" (`by_role`), "which
company did 'the company said' mean?" (`nearest_organisation`).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable

from spacy.tokens import Doc

from ...extraction.cues import ORGANISATION_NAME_WORDS
from ...extraction.syntax import QuoteMask, doc_text
from ...types import SpeakerKind
from ..gender import first_name_gender
from ..name_matching import fuller_organisation_name, name_words, near_surname
from ..names import (
    canonical_person,
    fold,
    handle_to_name,
    is_common_noun_phrase,
    is_surname_first,
    person_key,
    role_of,
    surname,
)
from .entry import HONORIFIC_GENDER, Entry, add_title, named_first, named_last, opening_words_of, unique
from .indexes import PeopleIndex, first_two
from .merging import merge_names
from .reading import read_genders, read_names


class NameTable:
    """People and organisations of one article, keyed for look-up. Read-only once built."""

    def __init__(self, doc: Doc, mask: QuoteMask):
        self.doc = doc
        self.mask = mask
        self.people: dict[tuple[str, str], Entry] = {}
        self.organisations: dict[str, Entry] = {}
        self.acronym_of: dict[str, str] = {}  # folded full name -> acronym
        self._frozen = False
        # People by surname, first word and misspelt surname, kept up to date as they are
        # registered (look-ups during the build read it too), rebuilt once frozen.
        self._index = PeopleIndex()
        self._frozen_people: list[Entry] | None = None  # unique_people(), once frozen
        self._holders: dict[str | None, list[Entry]] | None = None  # by_role's index, once asked
        self._named_at: tuple[list[int], dict[int, Entry]] | None = None  # nearest_person's, once asked
        self._key_counts: dict[int, int] | None = None  # by_first_name's: id(entry) -> keys naming it
        # Folded first word of an organisation's name -> the organisations filed under it: every
        # one of `organisations`, under each name it had (organisation_opened_by checks the name).
        self._opened: dict[str, dict[int, Entry]] = {}
        self.companies: set[str] = set()  # folded names a title says are businesses
        # One-word names NER called a person and the table did not take (no title, no person
        # shape): "Kilbrannan" beside "Kilbrannan United" (merging.py).
        self.left_single_words: list[tuple[str, int]] = []
        read_names(self)

    # -- building ------------------------------------------------------------------------
    def freeze(self) -> None:
        """The build is over: partial names join the one fuller name they belong to, genders
        are read for every person registered, and look-ups get an index."""
        merge_names(self.doc, self.people, self.organisations, self._index.near, self.left_single_words)
        self._frozen = True
        self._frozen_people = self.unique_people()
        self._index = PeopleIndex(self._frozen_people)
        self._opened = {}
        for organisation in {id(e): e for e in self.organisations.values()}.values():
            self._file_opening(organisation)
        read_genders(self)  # sets genders only: the frozen table's index stays right

    def unique_people(self) -> list[Entry]:
        """Each person once: a merged partial name shares its fuller name's entry."""
        if self._frozen_people is not None:  # read-only once built: listed once
            return list(self._frozen_people)
        return unique(self.people.values())

    def _check_open(self) -> None:
        if self._frozen:
            raise RuntimeError("the name table is read-only once built")

    def add_person(self, text: str, position: int | None = None) -> Entry:
        self._check_open()
        if fold(text) in self.companies:
            return self.organisations[fold(text)]
        titles, name = canonical_person(text)
        title = " ".join(titles[:1])
        key = person_key(name)
        entry = self.people.get(key)
        if entry is None:
            entry = self.people[key] = Entry(name, SpeakerKind.PERSON)
            self._index.add(entry)
        elif len(name) > len(entry.name):  # keep the fullest form: "Patricia H. Hyde"
            entry.aliases.add(entry.name)
            entry.name = name
            self._index.renamed(entry)
        entry.aliases.update({name, surname(name)})
        for extra in titles[1:]:  # "Dana Reyes, MP"
            add_title(entry, extra)
        if title:
            add_title(entry, title)
            entry.aliases.add(f"{title} {name}")
            gender = HONORIFIC_GENDER.get(title.split()[-1].lower())
            entry.gender = entry.gender or gender
        if position is not None:
            entry.positions.append(position)
        return entry

    def add_organisation(self, text: str, position: int | None = None) -> Entry:
        self._check_open()
        name = re.sub(r"^the\s+", "", re.sub(r"[’']s$", "", text.strip()), flags=re.I)
        known = self.organisation_for(name)
        if known is not None and fuller_organisation_name(name, known.name):
            # "NBC News" after "NBC" (found by its acronym): the full proper name is the
            # name, whichever the article wrote first; the short form stays an alias.
            known.aliases.add(known.name)
            known.name = name
            self.organisations.setdefault(fold(name), known)
        entry = known or self.organisations.setdefault(fold(name), Entry(name, SpeakerKind.ORGANISATION))
        self._file_opening(entry)
        if position is not None:
            entry.positions.append(position)
        return entry

    def _file_opening(self, entry: Entry) -> None:
        words = fold(entry.name).split()
        if words:
            self._opened.setdefault(words[0], {})[id(entry)] = entry

    def add_signed(self, name: str, handle: str) -> Entry:
        """The author of an embedded post, from its signature line `— Name (@handle) date`."""
        words = name.split()
        if any(w.lower() in ORGANISATION_NAME_WORDS for w in words) or len(words) > 3:
            entry = self.add_organisation(name)
        else:
            entry = self.add_person(name)
        entry.aliases.add(handle)
        return entry

    # -- look-ups (pure) -------------------------------------------------------------------
    def person(self, text: str) -> Entry | None:
        return self.people.get(person_key(canonical_person(text)[1]))

    def by_handle(self, handle: str) -> Entry | None:
        """ "@Maura_Healey": the person of that name, else of that surname."""
        name = handle_to_name(handle)
        return self.person(name) or self.by_surname(name.split()[-1])

    def by_surname(self, word: str, position: int | None = None) -> Entry | None:
        """The person with this surname. Two people sharing it: the one named last before
        `position` when that was in the mention's paragraph ("Justice Minister Mehmet Ali Sahin
        asserted ... said Sahin"), else the one named first ("Henrik Solvang ... His wife, Ruth
        Solvang, says ... [paragraphs later] Solvang says"): news names the second of a family
        in full and keeps the bare surname for the one it is about. A surname-first name ("Moon
        Jae-in") answers to its first word when no one has that word as surname."""
        word = fold(re.sub(r"[’']s$", "", word))
        index = self._index  # the people's, registered so far while the table is built
        matches = list(index.surnames.get(word, ()))
        if matches and all(is_surname_first(name_words(m.name)) for m in matches):
            # "Kim" of "Kim In-seok" and of "Kim Kyung Han" (surname-first, unmarked): both
            # count, and the one named last before the mention wins.
            matches += [e for e in index.first_words.get(word, ()) if e not in matches and len(e.name.split()) >= 3]
        if not matches:
            matches = list(index.first_words.get(word, ()))  # names of two words or more
            matches = matches if len(matches) == 1 and first_name_gender(word) is None else []
        if not matches and word not in self.organisations:
            matches = self._misspelt_surname(word)
        if len(matches) <= 1 or position is None:
            return matches[0] if len(matches) == 1 else None
        last = named_last(matches, position)
        if last is None or "\n" not in doc_text(self.doc)[last.mentioned_before(position) or 0 : position]:
            return last  # named in full in the mention's own paragraph: that one
        return named_first(matches, position)

    def _misspelt_surname(self, word: str) -> list[Entry]:
        """ "Water said" in an article that named Kathryn Waters, "Bauchtman" for Lydia
        Buchtmann: a surname the article never gave, one letter off (two in a long name) from
        the surname of exactly one person it named in full, with the same first letter."""
        near = first_two(entry for entry in self._index.near.candidates(word) if near_surname(word, entry.name))
        return near if len(near) == 1 else []

    def by_first_name(self, word: str) -> Entry | None:
        """The one person whose name starts with this word ("Patricio" for Patricio Lorente)."""
        wanted = fold(word)
        if not self._frozen:
            matches = [
                e for e in self.people.values() if len(e.name.split()) >= 2 and fold(e.name.split()[0]) == wanted
            ]
            return matches[0] if len(matches) == 1 else None
        if self._key_counts is None:
            self._key_counts = {}
            for value in self.people.values():
                self._key_counts[id(value)] = self._key_counts.get(id(value), 0) + 1
        # One name of `people` (a merged partial name names its fuller one's entry too).
        found = self._index.first_words.get(wanted, [])
        return found[0] if sum(self._key_counts[id(e)] for e in found) == 1 else None

    def by_role(self, role: str, position: int) -> Entry | None:
        """The person whose title has this role, nearest before `position`, else first after."""
        if not self._frozen:
            holders = [e for e in self.unique_people() if any(role_of(t) == role for t in e.titles)]
        else:
            if self._holders is None:  # each person's roles read once, not once per question
                self._holders = {}
                for entry in self.unique_people():
                    for held in dict.fromkeys(role_of(t) for t in entry.titles):
                        self._holders.setdefault(held, []).append(entry)
            holders = self._holders.get(role, [])
        if not holders:
            return None
        before = named_last(holders, position)
        return before if before is not None else min(holders, key=lambda e: min(e.positions, default=0))

    def organisation_for(self, text: str) -> Entry | None:
        """The organisation a phrase names: by its name, its acronym or a known long form."""
        key = fold(re.sub(r"^the\s+", "", text.strip(), flags=re.I))
        if key in self.organisations:
            return self.organisations[key]
        acronym = self.acronym_of.get(key)
        if acronym:
            return self.organisations.get(fold(acronym))
        for word in re.findall(r"[A-Z][A-Z&]{1,5}\b", text):
            if fold(word) in self.organisations:
                return self.organisations[fold(word)]
        for full, acronym in self.acronym_of.items():
            # "the Union of Rationalist Atheists" where NER stopped short of "... and Agnostics (UAAR)"
            if full and (full in key or len(key.split()) >= 3 and full.startswith(key)):
                return self.organisations.get(fold(acronym))
        return None

    def organisation_ending_with(self, description: str) -> Entry | None:
        """ "the weather service" after "the National Weather Service"."""
        wanted = fold(description)
        for entry in self.organisations.values():
            names = (entry.name, *entry.aliases)
            if entry.name[:1].isupper() and any(fold(n).endswith(wanted) and fold(n) != wanted for n in names):
                return entry
        return None

    def nearest_person(self, position: int) -> Entry | None:
        """The person named last before `position`."""
        if not self._frozen:
            return named_last(self.unique_people(), position)
        if self._named_at is None:
            # Every mention's position, and the first person (in the table's order) named
            # there: what named_last finds, by bisection instead of a pass over everyone.
            first_at: dict[int, Entry] = {}
            for entry in self.unique_people():
                for p in entry.positions:
                    first_at.setdefault(p, entry)
            self._named_at = (sorted(first_at), first_at)
        positions, first_at = self._named_at
        below = bisect_left(positions, position)
        return first_at[positions[below - 1]] if below else None

    def nearest_organisation(self, position: int, fits: Callable[[Entry], bool] = lambda e: True) -> Entry | None:
        """The organisation named last before `position` ("SkyWest Air ... the company said"),
        among those that `fits` accepts."""
        organisations = [
            e
            for e in self.organisations.values()
            if not is_common_noun_phrase(e.name) and not self.is_a_surname(e.name) and fits(e)
        ]
        return named_last(organisations, position)

    def organisation_opened_by(self, name: str) -> Entry | None:
        """The one organisation whose name opens with `name` and goes on only with the kind of
        body it is ("Kestrel" of "Kestrel Regional Airlines"), if exactly one does."""
        short = fold(name).split()
        # The organisations filed under its first word, not all (it is asked of every bare name).
        filed = self._opened.get(short[0], {}).values() if short else ()
        found = {id(e): e for e in filed if opening_words_of(short, fold(e.name).split())}
        return next(iter(found.values())) if len(found) == 1 else None

    def organisation_within(self, start: int, end: int, fits: Callable[[Entry], bool]) -> Entry | None:
        """An organisation named between characters `start` and `end`, among those `fits` accepts."""
        for entry in self.organisations.values():
            if fits(entry) and any(start <= p < end for p in entry.positions) and not self.is_a_surname(entry.name):
                return entry
        return None

    def is_a_surname(self, name: str) -> bool:
        """ "Raman", tagged an organisation where "Raman said", is the surname of a person
        the article names in full: no organisation to refer back to."""
        return " " not in name.strip() and self.by_surname(name) is not None
