"""An article's name table: every way a person or organisation appears in it.

Built once per article, before any quote is attributed, then only read (in the spirit of BBC
Citron's in-document name table, extended with titles, roles and acronyms). Full names,
surnames, titles, handles and acronyms map to one entry; the sieves look entries up and
never change them, so the attribution of one quote cannot rename the speaker of another.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import islice

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
from ..nlp import budget
from ..normalization.lexicon import has_person_sense, is_word, places
from ..types import Speaker, SpeakerKind
from .gender import first_name_gender
from .name_matching import closing_word_names_it, fuller_organisation_name, name_words, near_surname, part_of, stem
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
    PARTICLES,
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
from .title_text import title_text
from .unlabelled_people import unlabelled_people

# "Immigration and Customs Enforcement (ICE)", "... known as ICE". Bounded repetition keeps
# the search linear on hostile input (a long run of capitalised words).
_ACRONYM_DEFINITION = re.compile(
    r"((?:[A-Z][\w’'.&-]{0,60}+)(?:\s++(?:[A-Z][\w’'.&-]{0,60}+|\d{1,3}|and|of|for|the|on)){0,12})"
    r"(?:\s*+\(|\s*+,\s++known as\s+|\s++known as\s+)([A-Z]{2,6}|[A-Z]+\d[A-Z]+)\b"
)
_HONORIFIC_GENDER = {"mr.": "male", "mr": "male", "mrs.": "female", "mrs": "female", "ms.": "female", "ms": "female"}

# The stage a spent time budget names when it runs out while the table is built, and how
# many tokens a pass over the whole text reads between two checks (each reads little).
_STAGE = "name table"
_TOKENS_BETWEEN_CHECKS = 256


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
        # People by surname, first word and misspelt surname, kept up to date as they are
        # registered (look-ups during the build read it too), rebuilt once frozen.
        self._index = _PeopleIndex()
        # While merging: id(entry) -> the keys of `people` naming it (none once it joined another).
        self._keys_of: dict[int, list[tuple[str, str]]] = {}
        self._frozen_people: list[Entry] | None = None  # unique_people(), once frozen
        self._holders: dict[str | None, list[Entry]] | None = None  # by_role's index, once asked
        self._named_at: tuple[list[int], dict[int, Entry]] | None = None  # nearest_person's, once asked
        self._key_counts: dict[int, int] | None = None  # by_first_name's: id(entry) -> keys naming it
        # Folded first word of an organisation's name -> the organisations filed under it: every
        # one of `organisations`, under each name it had (organisation_opened_by checks the name).
        self._opened: dict[str, dict[int, Entry]] = {}
        self._companies: set[str] = set()  # folded names a title says are businesses
        # One-word names NER called a person and the table did not take (no title, no person
        # shape): "Kilbrannan" beside "Kilbrannan United" (_attach_opening_words).
        self._left_single_words: list[tuple[str, int]] = []
        self._read_acronyms()
        self._read_entities()
        for span in unlabelled_people(doc, mask):  # "a lawyer for Ana Ruiz", untagged
            self.add_person(span.text, position=span.start_char)
        self._read_unlabelled_organisations()
        self._read_described_organisations()

    # -- building ------------------------------------------------------------------------
    def freeze(self) -> None:
        """The build is over: partial names join the one fuller name they belong to, genders
        are read for every person registered, and look-ups get an index."""
        self._merge_partial_names()
        self._frozen = True
        self._keys_of = {}
        self._frozen_people = self.unique_people()
        self._index = _PeopleIndex(self._frozen_people)
        self._opened = {}
        for organisation in {id(e): e for e in self.organisations.values()}.values():
            self._file_opening(organisation)
        self._read_genders()  # sets genders only: the frozen table's index stays right

    def unique_people(self) -> list[Entry]:
        """Each person once: a merged partial name shares its fuller name's entry."""
        if self._frozen_people is not None:  # read-only once built: listed once
            return list(self._frozen_people)
        return list({id(e): e for e in self.people.values()}.values())

    def _listed(self, entry: Entry) -> bool:
        """While merging: whether `entry` is still one of the table's people (joined to
        another, it is not), as `unique_people()` would say without listing them all."""
        return bool(self._keys_of.get(id(entry)))

    def _merge_short_forms(self) -> None:
        """ "the Church" after "the Church of Scientology", "the Authority" after "Harbour
        Port Authority": an organisation NER found under common nouns only is the one
        organisation of the article whose name holds those words, an alias of it. With none
        or several, it stays apart (and is never shared across articles, see identity)."""
        proper = {id(e): e for e in self.organisations.values() if not is_common_noun_phrase(e.name)}
        # Each proper name's words, and the names holding each word: a short form is compared
        # with the names holding its rarest word, not with every organisation of the article.
        words_of = {number: set(fold(o.name).split()) for number, o in proper.items()}
        holding: dict[str, list[Entry]] = {}
        for number, organisation in proper.items():
            for word in words_of[number]:
                holding.setdefault(word, []).append(organisation)
        for key, entry in budget.checked(self.doc, _STAGE, list(self.organisations.items())):
            if not is_common_noun_phrase(entry.name):
                continue
            wanted = set(fold(entry.name).split()) - {"the"}
            if wanted:
                rarest = min(wanted, key=lambda w: len(holding.get(w, ())))
                owners = [o for o in holding.get(rarest, ()) if wanted <= words_of[id(o)]]
            else:
                owners = list(proper.values())
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
        # Every name by its opening and closing words (all but the whole name): a short name
        # is compared with the longer names it opens or closes, not with every organisation.
        longer: dict[tuple[str, ...], dict[int, Entry]] = {}
        for other in entries:
            folded = tuple(fold(other.name).split())
            for length in range(1, len(folded)):
                longer.setdefault(folded[:length], {})[id(other)] = other
                longer.setdefault(folded[-length:], {})[id(other)] = other
        for key, entry in budget.checked(self.doc, _STAGE, list(self.organisations.items())):
            short = fold(entry.name).split()
            if not short or entry.aliases:
                continue
            owners = []
            for other in longer.get(tuple(short), {}).values():
                words = fold(other.name).split()
                if other is entry or len(words) <= len(short):
                    continue
                opening = _opening_words_of(short, words)
                # Closing words: two or more, or one that may name it alone (closing_word_names_it).
                closing = words[-len(short) :] == short and (
                    len(short) > 1 or closing_word_names_it(short[0], other.name)
                )
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
        # The keys naming `entry` name `target` (none if `entry` joined another before).
        moved = self._keys_of.pop(id(entry), [])
        for person in moved:
            self.people[person] = target
        self._keys_of.setdefault(id(target), []).extend(moved)

    def _merge_misspelt_names(self) -> None:
        """ "Menzies Cambell" after "Sir Menzies Campbell": a full name with the same given
        name as exactly one other of the article and a surname a letter off (near_surname) is
        that person, under the name the article gave first."""
        ordered = sorted(self.unique_people(), key=lambda e: -min(e.positions, default=-1))
        # Only the people with as many words and the same first word whose surname is near
        # enough are compared (_NearSurnames), and two of them are enough to say "not one".
        near = _NearSurnames(_given_name, ordered)
        for entry in budget.checked(self.doc, _STAGE, ordered):
            words = name_words(entry.name)
            if len(words) < 2:
                continue
            same = _first_two(
                other
                for other in near.candidates(fold(surname(entry.name)), _given_name(entry))
                if other is not entry
                and self._listed(other)
                and len(name_words(other.name)) == len(words)
                and fold(name_words(other.name)[0]) == fold(words[0])
                and near_surname(fold(surname(entry.name)), other.name)
            )
            if len(same) == 1 and min(same[0].positions, default=0) <= min(entry.positions, default=0):
                self._join(entry, same[0])

    def _merge_partial_names(self) -> None:
        """ "Ahern" (from "Mr. Ahern") into "Bertie Ahern", "Hadj Sahraoui" into "Hassiba Hadj
        Sahraoui", "Lee" into "Lee Min-ho", "de la Fuente" into "Ana Lucía de la Fuente Ortega":
        a person entry whose words are the tail of exactly one fuller name of the article, its
        head when that name is surname-first, or a run starting with a particle inside it, is
        that person, whichever mention the table met first. Organisations NER made of such a
        run ("La Russa") point to the person too."""
        people = sorted(self.unique_people(), key=lambda e: len(name_words(e.name)))
        self._keys_of = {}
        for key, value in self.people.items():
            self._keys_of.setdefault(id(value), []).append(key)
        # Each name is compared with the names it may be part of (_FullerNames) or a misspelling
        # of (_NearSurnames), not with every person: the pairs were quadratic (199 KB of 3,000
        # people named once each took 80 s). The people that joined another drop out (_listed).
        fuller_names = _FullerNames(people)
        for entry in budget.checked(self.doc, _STAGE, people):
            fuller = [
                f
                for f in fuller_names.of(entry.name)
                if f is not entry and self._listed(f) and part_of(entry.name, f.name)
            ]
            # Nested fuller names ("Hadj Sahraoui" in "Hassiba Hadj Sahraoui") count once.
            among = {id(f) for f in fuller}
            fuller = [
                f
                for f in fuller
                if not any(id(g) in among and g is not f and part_of(f.name, g.name) for g in fuller_names.of(f.name))
            ]
            if not fuller and len(name_words(entry.name)) == 1:  # "Ms Bauchtman" for Lydia Buchtmann
                word = fold(name_words(entry.name)[0])
                fuller = _first_two(
                    f
                    for f in self._index.near.candidates(word)
                    if f is not entry and self._listed(f) and near_surname(word, f.name)
                )
            if len(fuller) != 1 or entry.gender and fuller[0].gender and entry.gender != fuller[0].gender:
                continue
            self._join(entry, fuller[0])
        budget.check(self.doc, _STAGE)
        self._merge_misspelt_names()
        budget.check(self.doc, _STAGE)
        self._merge_short_forms()
        budget.check(self.doc, _STAGE)
        self._merge_shortened_organisations()
        budget.check(self.doc, _STAGE)
        self._attach_opening_words()
        for folded, organisation in budget.checked(self.doc, _STAGE, list(self.organisations.items())):
            words = name_words(organisation.name)
            if len(words) < 2 and not (words and stem(words[0])):
                continue  # one plain word ("Ford", "Paris") is as likely the organisation's
            owners = _first_two(
                p for p in fuller_names.of(organisation.name) if self._listed(p) and part_of(organisation.name, p.name)
            )
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
        for index, ent in budget.checked(self.doc, _STAGE, enumerate(found)):
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
        for token in budget.checked(doc, _STAGE, [*doc, None], every=_TOKENS_BETWEEN_CHECKS):
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
        for token in budget.checked(self.doc, _STAGE, self.doc, every=_TOKENS_BETWEEN_CHECKS):
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
        cleaned = title_text(title)
        if cleaned is not None and cleaned not in entry.titles:
            entry.titles.append(cleaned)

    def _read_genders(self) -> None:
        """A person's gender from an honorific ("Mr. Tedeschi"), else from the first name."""
        for token in budget.checked(self.doc, _STAGE, self.doc, every=_TOKENS_BETWEEN_CHECKS):
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
            self._index.add(entry)
        elif len(name) > len(entry.name):  # keep the fullest form: "Patricia H. Hyde"
            entry.aliases.add(entry.name)
            entry.name = name
            self._index.renamed(entry)
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
        """The person with this surname. Two people sharing it: the one named most recently
        before `position`. A surname-first name ("Moon Jae-in") answers to its first word
        when no one has that word as surname."""
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
        return named_last(matches, position)

    def _misspelt_surname(self, word: str) -> list[Entry]:
        """ "Water said" in an article that named Kathryn Waters, "Bauchtman" for Lydia
        Buchtmann: a surname the article never gave, one letter off (two in a long name) from
        the surname of exactly one person it named in full, with the same first letter."""
        near = _first_two(entry for entry in self._index.near.candidates(word) if near_surname(word, entry.name))
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
        found = {id(e): e for e in filed if _opening_words_of(short, fold(e.name).split())}
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


def _surname_keys(name: str) -> set[str]:
    """The folded words a bare mention may name a person by (by_surname). A particle surname
    is found by its last word ("Russa") and whole ("la russa"); an "al-" surname by its stem
    too ("Obeidi" for "al-Obeidi")."""
    family = family_name(name_words(name))
    keys = {fold(surname(name)), fold(" ".join(family)), stem(family[-1]) if family else ""}
    return keys - {""}


class _PeopleIndex:
    """People by what look-ups ask for: folded surname (_surname_keys), folded first word of
    a name of two words or more, and surnames near a word (_NearSurnames), so look-ups read
    the few people who may answer instead of every person of the article. Each list keeps the
    table's order of people (the order they were first registered in), as a pass over
    `unique_people()` would give them. Kept up to date while the table is built (`add`, and
    `renamed` when a person's name grows), since look-ups are asked then too."""

    def __init__(self, people: Iterable[Entry] = ()):
        self.surnames: dict[str, list[Entry]] = {}
        self.first_words: dict[str, list[Entry]] = {}
        self.near = _NearSurnames()
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
        lists = [self.surnames.setdefault(key, []) for key in _surname_keys(entry.name)]
        words = entry.name.split()
        if len(words) >= 2:
            lists.append(self.first_words.setdefault(fold(words[0]), []))
        for entries in lists:
            rank = self._rank[id(entry)]
            entries.insert(bisect_left(entries, rank, key=lambda e: self._rank[id(e)]), entry)
        self._filed[id(entry)] = lists
        self.near.add(entry)


class _NearSurnames:
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
            keys = [(group, first, off, form) for off in offs for form in _deletions(surname_key, off)]
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
            keys += [(group, word[0], off, form) for form in _deletions(word, off)]
        if len(word) + off > self.REDUCED_UP_TO:
            keys += [(group, word[0], 0, length) for length in range(len(word) - off, len(word) + off + 1)]
        seen: set[int] = set()
        for key in keys:
            for entry in self._filed.get(key, ()):
                if id(entry) not in seen:
                    seen.add(id(entry))
                    yield entry


# Letters a surname may be off by (near_surname) -> the shortest and longest surname that may be.
_NEAR_LENGTHS = {1: (4, 8), 2: (6, _NearSurnames.REDUCED_UP_TO)}


def _given_name(entry: Entry) -> tuple[int, str]:
    """What `_merge_misspelt_names` compares besides the surname: the number of name words and
    the first of them, folded."""
    words = name_words(entry.name)
    return len(words), fold(words[0]) if words else ""


def _first_two(entries: Iterable[Entry]) -> list[Entry]:
    """The first two of `entries`: enough to tell whether there is exactly one."""
    return list(islice(entries, 2))


def _deletions(word: str, most: int) -> set[str]:
    """`word` and every string it becomes with up to `most` of its letters deleted."""
    forms, last = {word}, {word}
    for _ in range(most):
        last = {form[:i] + form[i + 1 :] for form in last for i in range(len(form))}
        forms |= last
    return forms


class _FullerNames:
    """People by every shorter form of their name `part_of` accepts: its tails ("Ahern",
    "Hadj Sahraoui"), the heads of a surname-first name ("Lee" of "Lee Min-ho"), the runs
    inside it opening with a particle ("de la Fuente"); so the names a name may be part of
    are looked up, not compared with every person. `of(name)` holds every person `name` is
    part_of (and part_of still decides)."""

    def __init__(self, people: Iterable[Entry]):
        self._by_form: dict[tuple[str, ...], list[Entry]] = {}
        for entry in people:
            words = name_words(entry.name)
            whole = _match_words(words)
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
        return self._by_form.get(_match_words(name_words(name)), [])


def _match_words(words: list[str]) -> tuple[str, ...]:
    """A name's words as part_of compares them: folded, an "al-" surname by its stem."""
    return tuple(stem(w) or fold(w) for w in words)


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
