"""The merges that end an article's name table's build: names that are one person or one
organisation become one entry.

"Ahern" (from "Mr. Ahern") joins "Bertie Ahern", "Menzies Cambell" joins "Sir Menzies
Campbell", "the Church" joins "the Church of Scientology", "NBC" joins "NBC News". Each name is
compared only with the names an index says it may be part of (`FullerNames`) or a misspelling
of (`NearSurnames`), never with every name of the article.
"""

from __future__ import annotations

from spacy.tokens import Doc

from ...extraction.syntax import doc_text
from ...nlp import budget
from ..gender import first_name_gender
from ..name_matching import closing_word_names_it, edit_distance, name_words, near_surname, part_of, stem
from ..names import fold, is_common_noun_phrase, surname
from .entry import Entry, add_title, given_name, opening_words_of, unique
from .indexes import FullerNames, NearSurnames, first_two
from .reading import STAGE


def merge_names(
    doc: Doc,
    people: dict[tuple[str, str], Entry],
    organisations: dict[str, Entry],
    near: NearSurnames,
    left_single_words: list[tuple[str, int]],
) -> None:
    """Partial names join the one fuller name they belong to, in `people` and `organisations`
    (the table's own dicts, changed in place). `near`: the table's people by surname forms."""
    _Merges(doc, people, organisations, near, left_single_words).run()


class _Merges:
    """One table's merges, and what they keep while they run: the keys of `people` that
    name each entry."""

    def __init__(
        self,
        doc: Doc,
        people: dict[tuple[str, str], Entry],
        organisations: dict[str, Entry],
        near: NearSurnames,
        left_single_words: list[tuple[str, int]],
    ):
        self.doc = doc
        self.people = people
        self.organisations = organisations
        self.near = near
        # One-word names NER called a person and the table did not take (no title, no person
        # shape): "Kilbrannan" beside "Kilbrannan United" (_attach_opening_words).
        self.left_single_words = left_single_words
        # id(entry) -> the keys of `people` naming it (none once it joined another).
        self.keys_of: dict[int, list[tuple[str, str]]] = {}

    def unique_people(self) -> list[Entry]:
        """Each person once: a merged partial name shares its fuller name's entry."""
        return unique(self.people.values())

    def run(self) -> None:
        """The merges in order: partial names of people, misspelt names, organisations' short
        forms and shortened names, opening words; last, organisations NER made of a person's
        name ("La Russa")."""
        people = sorted(self.unique_people(), key=lambda e: len(name_words(e.name)))
        for key, value in self.people.items():
            self.keys_of.setdefault(id(value), []).append(key)
        # Each name is compared with the names it may be part of (FullerNames) or a misspelling
        # of (NearSurnames), not with every person: the pairs were quadratic (199 KB of 3,000
        # people named once each took 80 s). The people that joined another drop out (_listed).
        fuller_names = FullerNames(people)
        self._merge_partial_names(people, fuller_names)
        budget.check(self.doc, STAGE)
        self._merge_misspelt_names()
        budget.check(self.doc, STAGE)
        self._merge_short_forms()
        budget.check(self.doc, STAGE)
        self._merge_shortened_organisations()
        budget.check(self.doc, STAGE)
        self._attach_opening_words()
        self._point_to_people(fuller_names)

    def _merge_partial_names(self, people: list[Entry], fuller_names: FullerNames) -> None:
        """ "Ahern" (from "Mr. Ahern") into "Bertie Ahern", "Hadj Sahraoui" into "Hassiba Hadj
        Sahraoui", "Lee" into "Lee Min-ho", "de la Fuente" into "Ana Lucía de la Fuente Ortega":
        a person entry whose words are the tail of exactly one fuller name of the article, its
        head when that name is surname-first, or a run starting with a particle inside it, is
        that person, whichever mention the table met first."""
        for entry in budget.checked(self.doc, STAGE, people):
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
                fuller = first_two(
                    f
                    for f in self.near.candidates(word)
                    if f is not entry and self._listed(f) and near_surname(word, f.name)
                )
            if len(fuller) != 1 or entry.gender and fuller[0].gender and entry.gender != fuller[0].gender:
                continue
            self._join(entry, fuller[0])

    def _point_to_people(self, fuller_names: FullerNames) -> None:
        """Organisations NER made of a run of a person's name ("La Russa" of "Ignazio La
        Russa") point to the person: the one person whose fuller name holds it."""
        for folded, organisation in budget.checked(self.doc, STAGE, list(self.organisations.items())):
            words = name_words(organisation.name)
            if len(words) < 2 and not (words and stem(words[0])):
                continue  # one plain word ("Ford", "Paris") is as likely the organisation's
            owners = first_two(
                p for p in fuller_names.of(organisation.name) if self._listed(p) and part_of(organisation.name, p.name)
            )
            if len(owners) == 1 and not organisation.aliases:
                owners[0].positions.extend(organisation.positions)
                self.organisations[folded] = owners[0]

    def _listed(self, entry: Entry) -> bool:
        """While merging: whether `entry` is still one of the table's people (joined to
        another, it is not), as `unique_people()` would say without listing them all."""
        return bool(self.keys_of.get(id(entry)))

    def _merge_misspelt_names(self) -> None:
        """ "Menzies Cambell" after "Sir Menzies Campbell": a full name with the same given
        name as exactly one other of the article and a surname a letter off (near_surname) is
        that person, under the name the article gave first."""
        ordered = sorted(self.unique_people(), key=lambda e: -min(e.positions, default=-1))
        # Only the people with as many words and the same first word whose surname is near
        # enough are compared (NearSurnames), and two of them are enough to say "not one".
        near = NearSurnames(given_name, ordered)
        for entry in budget.checked(self.doc, STAGE, ordered):
            words = name_words(entry.name)
            if len(words) < 2:
                continue
            same = first_two(
                other
                for other in near.candidates(fold(surname(entry.name)), given_name(entry))
                if other is not entry
                and self._listed(other)
                and len(name_words(other.name)) == len(words)
                and fold(name_words(other.name)[0]) == fold(words[0])
                and near_surname(fold(surname(entry.name)), other.name)
            )
            if len(same) == 1 and min(same[0].positions, default=0) <= min(entry.positions, default=0):
                self._join(entry, same[0])
        self._merge_misspelt_given_names()

    def _merge_misspelt_given_names(self) -> None:
        """ "Kristin Wilkins" once and "Kristen Wilkins" twice: one surname and given names a
        letter apart (same first letter, four letters or more, not two genders: "Mario" and
        "Maria Rossi" are two people) are one person, under the spelling the article uses most
        (the first of a tie)."""
        by_surname: dict[str, list[Entry]] = {}
        for entry in self.unique_people():
            words = name_words(entry.name)
            if len(words) == 2 and len(words[0]) >= 4:
                by_surname.setdefault(fold(words[1]), []).append(entry)
        for namesakes in by_surname.values():
            if len(namesakes) != 2:
                continue  # three or more of one surname: a family, not a misspelling
            first, second = sorted(namesakes, key=lambda e: min(e.positions, default=0))
            a, b = fold(name_words(first.name)[0]), fold(name_words(second.name)[0])
            genders = {first_name_gender(a), first_name_gender(b)} - {None}
            if a[:1] != b[:1] or edit_distance(a, b) != 1 or len(genders) > 1:
                continue
            text = doc_text(self.doc)
            kept, joined = (second, first) if text.count(second.name) > text.count(first.name) else (first, second)
            self._join(joined, kept)

    def _join(self, entry: Entry, target: Entry) -> None:
        """`entry` is another form of `target`'s name: one person, under `target`'s name."""
        target.aliases.update({*entry.aliases, entry.name})
        target.positions.extend(entry.positions)
        target.gender = target.gender or entry.gender
        for title in entry.titles:
            add_title(target, title)
        # The keys naming `entry` name `target` (none if `entry` joined another before).
        moved = self.keys_of.pop(id(entry), [])
        for person in moved:
            self.people[person] = target
        self.keys_of.setdefault(id(target), []).extend(moved)

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
        for key, entry in budget.checked(self.doc, STAGE, list(self.organisations.items())):
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
        for key, entry in budget.checked(self.doc, STAGE, list(self.organisations.items())):
            short = fold(entry.name).split()
            if not short or entry.aliases:
                continue
            owners = []
            for other in longer.get(tuple(short), {}).values():
                words = fold(other.name).split()
                if other is entry or len(words) <= len(short):
                    continue
                opening = opening_words_of(short, words)
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
        if not self.left_single_words:
            return
        people_words = {fold(w) for p in self.unique_people() for w in name_words(p.name)}
        opened_by: dict[str, list[Entry]] = {}  # first word of a name of two or more -> its organisations
        for entry in {id(e): e for e in self.organisations.values()}.values():
            words = fold(entry.name).split()
            if len(words) > 1:
                opened_by.setdefault(words[0], []).append(entry)
        for word, position in self.left_single_words:
            folded = fold(word)
            owners = opened_by.get(folded, [])
            if folded not in people_words and len(owners) == 1 and position not in owners[0].positions:
                owners[0].positions.append(position)
