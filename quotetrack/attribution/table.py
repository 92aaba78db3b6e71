"""An article's name table: every way a person or organisation appears in it.

Built once per article, before any quote is attributed, then only read (in the spirit of BBC
Citron's in-document name table, extended with titles, roles and acronyms). Full names,
surnames, titles, handles and acronyms map to one entry; the sieves look entries up and
never change them, so the attribution of one quote cannot rename the speaker of another.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from spacy.tokens import Doc, Span, Token

from ..extraction.cues import ORGANISATION_NAME_WORDS
from ..extraction.syntax import (
    QuoteMask,
    apposition,
    doc_text,
    entities,
    entities_within,
    noun_phrase,
)
from ..normalization.lexicon import has_person_sense, is_word, places
from ..types import Speaker, SpeakerKind
from .gender import first_name_gender
from .name_matching import fuller_organisation_name, name_words, near_surname, part_of, stem
from .name_spans import (
    absorbed,
    full_name,
    is_credit,
    looks_like_person,
    organisation_then_person,
    person_span,
    title_words,
    titled_as_company,
)
from .names import (
    COMMON_NOUNS,
    ORGANISATION_WORDS,
    canonical_person,
    ends_in_organisation_word,
    family_name,
    fold,
    handle_to_name,
    is_common_noun_phrase,
    is_surname_first,
    is_titled_person,
    person_key,
    role_of,
    surname,
)
from .organisation_kinds import known_kind

# "Immigration and Customs Enforcement (ICE)", "... known as ICE". Bounded repetition keeps
# the search linear on hostile input (a long run of capitalised words).
_ACRONYM_DEFINITION = re.compile(
    r"((?:[A-Z][\w’'.&-]{0,60}+)(?:\s++(?:[A-Z][\w’'.&-]{0,60}+|\d{1,3}|and|of|for|the|on)){0,12})"
    r"(?:\s*+\(|\s*+,\s++known as\s+|\s++known as\s+)([A-Z]{2,6}|[A-Z]+\d[A-Z]+)\b"
)
_HONORIFIC_GENDER = {"mr.": "male", "mr": "male", "mrs.": "female", "mrs": "female", "ms.": "female", "ms": "female"}

_QUOTE_MARKS = frozenset('"“”„«»')


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


class NameTable:
    """People and organisations of one article, keyed for look-up. Read-only once built."""

    def __init__(self, doc: Doc, mask: QuoteMask):
        self.doc = doc
        self.mask = mask
        self.people: dict[tuple[str, str], Entry] = {}
        self.organisations: dict[str, Entry] = {}
        self.acronym_of: dict[str, str] = {}  # folded full name -> acronym
        self._frozen = False
        self._surnames: dict[str, list[Entry]] = {}
        self._companies: set[str] = set()  # folded names a title says are businesses
        # One-word names NER called a person and the table did not take (no title, no person
        # shape): "Kilbrannan" beside "Kilbrannan United" (_attach_opening_words).
        self._left_single_words: list[tuple[str, int]] = []
        self._read_acronyms()
        self._read_entities()
        self._read_unlabelled_organisations()
        self._read_described_organisations()

    # -- building ------------------------------------------------------------------------
    def freeze(self) -> None:
        """The build is over: partial names join the one fuller name they belong to, genders
        are read for every person registered, and look-ups get an index."""
        self._merge_partial_names()
        self._frozen = True
        self._surnames = self._surname_index()
        self._read_genders()  # sets genders only: the frozen table's index stays right

    def unique_people(self) -> list[Entry]:
        """Each person once: a merged partial name shares its fuller name's entry."""
        return list({id(e): e for e in self.people.values()}.values())

    def _merge_short_forms(self) -> None:
        """ "the Church" after "the Church of Scientology", "the Authority" after "Harbour
        Port Authority": an organisation NER found under common nouns only is the one
        organisation of the article whose name holds those words, an alias of it. With none
        or several, it stays apart (and is never shared across articles, see identity)."""
        proper = {id(e): e for e in self.organisations.values() if not is_common_noun_phrase(e.name)}
        for key, entry in list(self.organisations.items()):
            if not is_common_noun_phrase(entry.name):
                continue
            wanted = set(fold(entry.name).split()) - {"the"}
            owners = [o for o in proper.values() if wanted <= set(fold(o.name).split())]
            if len(owners) == 1:
                owners[0].aliases.add(entry.name)
                owners[0].positions.extend(entry.positions)
                self.organisations[key] = owners[0]

    def _merge_shortened_organisations(self) -> None:
        """ "NBC" after "NBC News", "Home Office" after "United Kingdom Home Office": an
        organisation named by the opening words of exactly one longer name of the article,
        when the rest of that name only says what kind of body it is ("News", "Media Group"),
        or by two or more of its closing words, is that organisation; the full proper name
        stays the name, the short form an alias. "France" is never "Air France"."""
        entries = {id(e): e for e in self.organisations.values()}.values()
        for key, entry in list(self.organisations.items()):
            short = fold(entry.name).split()
            if not short or entry.aliases:
                continue
            owners = []
            for other in entries:
                words = fold(other.name).split()
                if other is entry or len(words) <= len(short):
                    continue
                opening = _opening_words_of(short, words)
                # Closing words: two or more, or one that is itself an organisation's word
                # ("Rovers" of "Ashworth Rovers", "the Post" of "The Washington Post").
                closing = words[-len(short) :] == short and (len(short) >= 2 or short[0] in ORGANISATION_NAME_WORDS)
                if opening or closing:
                    owners.append(other)
            if len(owners) == 1:
                owners[0].aliases.add(entry.name)
                owners[0].positions.extend(entry.positions)
                self.organisations[key] = owners[0]

    def _attach_opening_words(self) -> None:
        """ "Kilbrannan will be sweating on ... The club said": a one-word name NER called a
        person, no person of the article bears, and exactly one organisation's name opens
        with, is that organisation mentioned again ("Kilbrannan United"), so "the club" after
        it is that club, not the one named before."""
        if not self._left_single_words:
            return
        people_words = {fold(w) for p in self.unique_people() for w in name_words(p.name)}
        opened_by: dict[str, list[Entry]] = {}  # first word of a name of two or more -> its organisations
        for entry in {id(e): e for e in self.organisations.values()}.values():
            words = fold(entry.name).split()
            if len(words) > 1:
                opened_by.setdefault(words[0], []).append(entry)
        for word, position in self._left_single_words:
            folded = fold(word)
            owners = opened_by.get(folded, [])
            if folded not in people_words and len(owners) == 1 and position not in owners[0].positions:
                owners[0].positions.append(position)

    def _join(self, entry: Entry, target: Entry) -> None:
        """`entry` is another form of `target`'s name: one person, under `target`'s name."""
        target.aliases.update({*entry.aliases, entry.name})
        target.positions.extend(entry.positions)
        target.gender = target.gender or entry.gender
        for title in entry.titles:
            self._add_title(target, title)
        for person, value in list(self.people.items()):
            if value is entry:
                self.people[person] = target

    def _merge_misspelt_names(self) -> None:
        """ "Menzies Cambell" after "Sir Menzies Campbell": a full name with the same given
        name as exactly one other of the article and a surname a letter off (near_surname) is
        that person, under the name the article gave first."""
        for entry in sorted(self.unique_people(), key=lambda e: -min(e.positions, default=-1)):
            words = name_words(entry.name)
            if len(words) < 2:
                continue
            same = [
                other
                for other in self.unique_people()
                if other is not entry
                and len(name_words(other.name)) == len(words)
                and fold(name_words(other.name)[0]) == fold(words[0])
                and near_surname(fold(surname(entry.name)), other.name)
            ]
            if len(same) == 1 and min(same[0].positions, default=0) <= min(entry.positions, default=0):
                self._join(entry, same[0])

    def _surname_index(self) -> dict[str, list[Entry]]:
        """Folded surname -> people, so look-ups after the build do not fold every name again.
        A particle surname is found by its last word ("Russa") and whole ("la russa"); an
        "al-" surname by its stem too ("Obeidi" for "al-Obeidi")."""
        index: dict[str, list[Entry]] = {}
        for entry in self.unique_people():
            family = family_name(name_words(entry.name))
            keys = {fold(surname(entry.name)), fold(" ".join(family)), stem(family[-1]) if family else ""}
            for key in keys - {""}:
                index.setdefault(key, []).append(entry)
        return index

    def _merge_partial_names(self) -> None:
        """ "Ahern" (from "Mr. Ahern") into "Bertie Ahern", "Hadj Sahraoui" into "Hassiba Hadj
        Sahraoui", "Lee" into "Lee Min-ho", "de la Fuente" into "Ana Lucía de la Fuente Ortega":
        a person entry whose words are the tail of exactly one fuller name of the article, its
        head when that name is surname-first, or a run starting with a particle inside it, is
        that person, whichever mention the table met first. Organisations NER made of such a
        run ("La Russa") point to the person too."""
        people = sorted(self.unique_people(), key=lambda e: len(name_words(e.name)))
        for entry in people:
            fuller = [f for f in self.unique_people() if f is not entry and part_of(entry.name, f.name)]
            # Nested fuller names ("Hadj Sahraoui" in "Hassiba Hadj Sahraoui") count once.
            fuller = [f for f in fuller if not any(g is not f and part_of(f.name, g.name) for g in fuller)]
            if not fuller and len(name_words(entry.name)) == 1:  # "Ms Bauchtman" for Lydia Buchtmann
                word = fold(name_words(entry.name)[0])
                fuller = [f for f in self.unique_people() if f is not entry and near_surname(word, f.name)]
            if len(fuller) != 1 or entry.gender and fuller[0].gender and entry.gender != fuller[0].gender:
                continue
            self._join(entry, fuller[0])
        self._merge_misspelt_names()
        self._merge_short_forms()
        self._merge_shortened_organisations()
        self._attach_opening_words()
        for folded, organisation in list(self.organisations.items()):
            words = name_words(organisation.name)
            if len(words) < 2 and not (words and stem(words[0])):
                continue  # one plain word ("Ford", "Paris") is as likely the organisation's
            owners = [p for p in self.unique_people() if part_of(organisation.name, p.name)]
            if len(owners) == 1 and not organisation.aliases:
                owners[0].positions.extend(organisation.positions)
                self.organisations[folded] = owners[0]

    def _check_open(self) -> None:
        if self._frozen:
            raise RuntimeError("the name table is read-only once built")

    def _read_acronyms(self) -> None:
        for match in _ACRONYM_DEFINITION.finditer(doc_text(self.doc)):
            full, acronym = match.group(1).strip(), match.group(2)
            words = full.split()
            # Keep the tail whose initials spell the acronym ("Immigration and Customs Enforcement").
            initials = [w for w in words if w[0].isupper()]
            if len(initials) >= len(acronym):
                full = " ".join(words[words.index(initials[-len(acronym)]) :])
            self.acronym_of[fold(full)] = acronym
            # Organisations are named by their long form, the acronym an alias.
            entry = self.add_organisation(full)
            entry.aliases.add(acronym)
            self.organisations.setdefault(fold(acronym), entry)

    def _read_entities(self) -> None:
        found = entities(self.doc)
        for index, ent in enumerate(found):
            if self.mask.contains(ent[0]) or is_credit(ent.text) or _headline_only(ent):
                continue
            if ent.label_ == "PERSON":
                ent = person_span(ent)  # "Seri Liow" + "Tiong Lai": one name
                following = found[index + 1] if index + 1 < len(found) else None
                if following is not None and following.label_ == "PERSON" and absorbed(ent, person_span(following)):
                    continue
            person_like = is_titled_person(ent.text) or looks_like_person(ent.text) or _who_follows(ent)
            one_word = " " not in ent.text.strip()
            if ent.label_ == "PERSON" and one_word and titled_as_company(title_words(noun_phrase(ent.root), ent)):
                # "Engine maker Orrin-Bask": a business, whatever NER says; the name alone
                # elsewhere is the same business, not a person.
                self._companies.add(fold(self.add_organisation(ent.text, position=ent.start_char).name))
            elif ent.label_ == "PERSON" and ends_in_organisation_word(ent.text):
                self.add_organisation(ent.text, position=ent.start_char)  # "Ashworth Rovers"
            elif (
                ent.label_ == "PERSON"
                and (len(ent) >= 2 or person_like)
                or ent.label_ in {"ORG", "FAC"}
                and person_like
            ):
                entry = self.add_person(full_name(ent), position=ent.start_char)
                self._read_titles(entry, ent)
            elif ent.label_ == "PERSON" and one_word:
                self._left_single_words.append((ent.text, ent.start_char))
            elif ent.label_ == "ORG" and (split := organisation_then_person(ent.text)) is not None:
                self.add_organisation(split[0], position=ent.start_char)
                self.add_person(split[1], position=ent.start_char + len(split[0]) + 1)
            elif ent.label_ == "ORG":
                self.add_organisation(ent.text, position=ent.start_char)

    def _read_unlabelled_organisations(self) -> None:
        """ "Kestrel Regional Airlines has grounded ...": capitalised words ending in an
        organisation's word ("Airlines", "Authority", "Union") that NER left without a label
        (the small model often does, at a text's start). Not in a headline, whose every word
        is capitalised, nor inside a quote."""
        doc = self.doc
        run: list[int] = []
        for token in [*doc, None]:
            if token is not None and _unlabelled_name_word(token) and not self.mask.contains(token):
                run.append(token.i)
                continue
            if len(run) >= 2 and doc[run[-1]].lower_ in ORGANISATION_WORDS and not _in_headline(doc[run[0]]):
                span = doc[run[0] : run[-1] + 1]
                self.add_organisation(span.text, position=span.start_char)
            run = []

    def _read_described_organisations(self) -> None:
        """ "ParkSure, the firm that runs parking enforcement, said ...", "Greenvale, a charity
        for carers, said ...": a capitalised name NER left without a label, in apposition with
        a kind of organisation, is that organisation, so "the firm" later finds it."""
        for token in self.doc:
            if not _unlabelled_name_word(token) or self.mask.contains(token) or _in_headline(token):
                continue
            described = [c for c in token.children if c.dep_ == "appos" and c.pos_ == "NOUN"]
            if not any(known_kind(fold(c.lemma_)) for c in described):
                continue
            words = [t for t in token.lefts if t.dep_ == "compound" and _unlabelled_name_word(t)]
            span = self.doc[(words[0].i if words else token.i) : token.i + 1]
            self.add_organisation(span.text, position=span.start_char)

    def _read_titles(self, entry: Entry, ent: Span) -> None:
        phrase = noun_phrase(ent.root)
        title = title_words(phrase, ent)
        if title:
            self._add_title(entry, title)
        appos = apposition(ent.root)
        appos_people = appos is not None and any(
            e.label_ == "PERSON" for e in entities_within(self.doc, appos.start, appos.end)
        )
        if appos is not None and not appos_people:
            self._add_title(entry, appos.text.strip(" ,"))
        if ent.root.dep_ == "appos":  # "The Chair of the party, Amy Carnevale,"
            head = _described_person(ent.root.head)
            described = self.doc[head.left_edge.i : ent.start].text.strip(" ,")
            # Not another person of a list the parser read as an apposition ("Sir Menzies
            # Campbell, Mark Oaten, Simon Hughes").
            if described and head.i < ent.start and head.ent_type_ != "PERSON":
                self._add_title(entry, re.sub(r"^(?:the|a|an)\s+", "", described, flags=re.I))

    @staticmethod
    def _add_title(entry: Entry, title: str) -> None:
        title = title.strip()
        # A title is a phrase of one line; one that runs over a paragraph break or holds a
        # quote mark is the parser reading a headline or a source line as an apposition
        # ('"BARRY MORSE / June 10, 1918 - February 2, 2008" —').
        if not title or "\n" in title or any(mark in title for mark in _QUOTE_MARKS):
            return
        if title not in entry.titles:
            entry.titles.append(title)

    def _read_genders(self) -> None:
        """A person's gender from an honorific ("Mr. Tedeschi"), else from the first name."""
        for token in self.doc:
            gender = _HONORIFIC_GENDER.get(token.lower_)
            if gender and token.i + 1 < len(self.doc):
                entry = self.by_surname(token.nbor(1).text)
                if entry is not None and entry.gender is None:
                    entry.gender = gender
        for entry in self.unique_people():
            words = entry.name.split()
            if entry.gender is None and len(words) >= 2:
                # A surname-first name's given name is its second word ("Park Ji-sung").
                given = words[1].split("-")[0] if is_surname_first(words) else words[0]
                entry.gender = first_name_gender(given)

    def add_person(self, text: str, position: int | None = None) -> Entry:
        self._check_open()
        if fold(text) in self._companies:
            return self.organisations[fold(text)]
        titles, name = canonical_person(text)
        title = " ".join(titles[:1])
        key = person_key(name)
        entry = self.people.get(key)
        if entry is None:
            entry = self.people[key] = Entry(name, SpeakerKind.PERSON)
        elif len(name) > len(entry.name):  # keep the fullest form: "Patricia H. Hyde"
            entry.aliases.add(entry.name)
            entry.name = name
        entry.aliases.update({name, surname(name)})
        for extra in titles[1:]:  # "Dana Reyes, MP"
            self._add_title(entry, extra)
        if title:
            self._add_title(entry, title)
            entry.aliases.add(f"{title} {name}")
            gender = _HONORIFIC_GENDER.get(title.split()[-1].lower())
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
        if position is not None:
            entry.positions.append(position)
        return entry

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
        """The person with this surname. Two people sharing it: the one named most recently
        before `position`. A surname-first name ("Moon Jae-in") answers to its first word
        when no one has that word as surname."""
        word = fold(re.sub(r"[’']s$", "", word))
        index = self._surnames if self._frozen else self._surname_index()
        matches = list(index.get(word, ()))
        if matches and all(is_surname_first(name_words(m.name)) for m in matches):
            # "Kim" of "Kim In-seok" and of "Kim Kyung Han" (surname-first, unmarked): both
            # count, and the one named last before the mention wins.
            matches += [
                e
                for e in self.unique_people()
                if e not in matches and len(e.name.split()) >= 3 and fold(e.name.split()[0]) == word
            ]
        if not matches:
            matches = [e for e in self.unique_people() if len(e.name.split()) >= 2 and fold(e.name.split()[0]) == word]
            matches = matches if len(matches) == 1 and first_name_gender(word) is None else []
        if not matches and word not in self.organisations:
            matches = self._misspelt_surname(word, index)
        if len(matches) <= 1 or position is None:
            return matches[0] if len(matches) == 1 else None
        return named_last(matches, position)

    @staticmethod
    def _misspelt_surname(word: str, index: dict[str, list[Entry]]) -> list[Entry]:
        """ "Water said" in an article that named Kathryn Waters, "Bauchtman" for Lydia
        Buchtmann: a surname the article never gave, one letter off (two in a long name) from
        the surname of exactly one person it named in full, with the same first letter."""
        near = {id(entry): entry for entries in index.values() for entry in entries if near_surname(word, entry.name)}
        return list(near.values()) if len(near) == 1 else []

    def by_first_name(self, word: str) -> Entry | None:
        """The one person whose name starts with this word ("Patricio" for Patricio Lorente)."""
        wanted = fold(word)
        matches = [e for e in self.people.values() if len(e.name.split()) >= 2 and fold(e.name.split()[0]) == wanted]
        return matches[0] if len(matches) == 1 else None

    def by_role(self, role: str, position: int) -> Entry | None:
        """The person whose title has this role, nearest before `position`, else first after."""
        holders = [e for e in self.unique_people() if any(role_of(t) == role for t in e.titles)]
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
        return named_last(self.unique_people(), position)

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
        found = {id(e): e for e in self.organisations.values() if _opening_words_of(short, fold(e.name).split())}
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


def _opening_words_of(short: list[str], words: list[str]) -> bool:
    """`short` opens the longer name `words`, whose other words only say what kind of body it
    is: "NBC" of "NBC News", "Kestrel" of "Kestrel Regional Airlines" (plain words, then an
    organisation's word); never a place ("Malaysia" is not "Malaysia Airlines")."""
    if not short or len(words) <= len(short) or words[: len(short)] != short:
        return False
    rest = words[len(short) :]
    if all(w in ORGANISATION_NAME_WORDS or w in COMMON_NOUNS for w in rest):
        return True
    return rest[-1] in ORGANISATION_WORDS and all(is_word(w) for w in rest) and not any(places(w) for w in short)


def _unlabelled_name_word(token: Token) -> bool:
    return token.pos_ == "PROPN" and token.text[:1].isupper() and not token.ent_type_


def _in_headline(token: Token) -> bool:
    """On a first line that ends without a stop: the article's title."""
    return token.idx < _headline_end(token.doc)


def _headline_end(doc: Doc) -> int:
    """Where the article's title ends (its first line, when that ends without a stop), or 0
    when it has none; read once per Doc: `doc.text` is rebuilt from every token on each access,
    and the table asks for every name it reads (a 200 KB text took twice as long)."""
    end = doc.user_data.get("quotetrack.headline_end")
    if end is None:
        text = doc_text(doc)
        line_end = text.find("\n")
        titled = line_end >= 0 and not text[:line_end].rstrip().endswith((".", "!", "?"))
        end = doc.user_data["quotetrack.headline_end"] = line_end if titled else 0
    return end


def _headline_only(ent: Span) -> bool:
    """An organisation NER found in a title-case headline and nowhere in the text under it:
    most often capitalised words run together ("Regulator Orders OB-127 Checks")."""
    if ent.label_ != "ORG" or not _in_headline(ent[0]):
        return False
    return ent.text.strip() not in doc_text(ent.doc)[_headline_end(ent.doc) :]


def named_last(entries: list[Entry], position: int) -> Entry | None:
    """Of `entries`, the one named last before `position` (the first of a tie); None if none was."""
    named = [(p, e) for e in entries if (p := e.mentioned_before(position)) is not None]
    return max(named, key=lambda pe: pe[0])[1] if named else None


def _who_follows(ent: Span) -> bool:
    """ "Smith, who has led the department since 2019, said": a relative "who" makes the name
    a person's, whatever the tagger took it for."""
    doc = ent.doc
    return ent.end + 1 < len(doc) and doc[ent.end].text == "," and doc[ent.end + 1].lower_ == "who"


def _described_person(head: Token) -> Token:
    """What a name in apposition describes. "A spokeswoman for the company, Leontine Marsh,":
    the parser hangs the name on "company", but a company is no person; the person noun the
    preposition hangs from ("spokeswoman") is described, and the title is "spokeswoman for the
    company"."""
    if head.dep_ != "pobj" or head.head.dep_ != "prep" or has_person_sense(head.lemma_.lower()):
        return head
    described = head.head.head
    return described if described.pos_ == "NOUN" and has_person_sense(described.lemma_.lower()) else head
