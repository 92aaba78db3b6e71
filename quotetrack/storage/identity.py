"""Identity across articles: which archive speaker an article's speaker is.

The rules (each under a test in tests/test_identity.py):

- Ingesting an article never changes the speaker of another article's quote here: an existing
  speaker only ever gains aliases and titles; its name, kind and quotes stay. The one exception
  is a bare surname, revisited after the ingest (surname_joins.py, below).
- A person with a first and a last name joins the archived person with the same first and
  last name (middle initials ignored); different first names are never one speaker.
- A bare surname ("Obama") joins the same article's one full-name person of that surname,
  else, among the archived people of that surname with compatible titles (a role the article
  gives it: someone known in that role; never a surname that is a common noun, "King"), the only
  one (SURNAME_UNIQUE), else the one whose first name the article writes (SURNAME_CLUE), else
  the one quoted at least 10 times as often as every namesake with 20+ quotes (SURNAME_PROMINENT;
  the rule and its threshold: attribution/identity_rules.choose_namesake, the counts:
  namesakes.py); otherwise it gets its own speaker for this article, marked ambiguous, with the
  candidates (and their counts) as evidence. Such a decision keeps its surname
  (IdentityDecisionRow.surname), and every later ingest quoting a person of that surname in full
  decides it again on the archive of that day (surname_joins.py): its quotes join the person now
  chosen, or go back apart, as an audited automatic correction an editor can undo by a split,
  never over an editor's own correction. So a bare surname ends where the whole archive puts it,
  whatever the order its articles came in.
- An organisation joins the archived organisation sharing its name or a proper-name alias.
- An organisation the article only calls by its kind ("the university", "the council") is the
  one archived organisation named by that kind and a place the article names ("Dunmarrow
  University" in a blog that writes "Dunmarrow" and "the university", "Wexcombe Borough Council"
  for "the council" of a story about Wexcombe), if exactly one is. It can only join what was
  archived before it (not revisited, unlike a bare surname).
- Groups, unnamed sources, pronouns, names that are not proper names ("person",
  "officials", "II"), organisations named only by common nouns ("Hospital", "the
  Company") and organisations only described ("Malaysia's transport ministry": a common
  noun in lower case) get a speaker of their own article: never shared. A described
  organisation with a proper-name alias ("ICE") is shared under that alias only.
- Inside one article, a description that one of its named speakers answers to is that
  speaker: "the Chinese Premier" is the person quoted here as "Chinese Premier Wen Jiabao",
  "authors" the article's one "the report's authors" (none or several, or a word as generic as
  "officials": itself).
- A person is stored and keyed by the name without titles ("Councilmember Dana Reyes" is
  Dana Reyes, titled Councilmember); the key folds case and diacritics and keeps a particle
  surname whole ("person:ignazio|la russa"), a surname-first name's family name as its
  surname ("person:jae in|moon").

Every decision is returned with its method and evidence, and stored (IdentityDecisionRow).

The rules on names alone (proper names, person names, keys, compatible titles, described
speakers) are pure functions in attribution/identity_rules.py, imported here so that
`quotetrack.storage.identity` still answers for them; this module applies them to the rows:
the Resolver, slugs, titles and aliases.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property

from sqlalchemy import Connection, Engine, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from ..attribution.identity_rules import GENERIC as GENERIC  # not read here; importable as before
from ..attribution.identity_rules import (
    PRONOUNS,
    PersonName,
    described_in_article,
    folded_name,
    is_proper_name,
    local_key,
    normalised,
    organization_keys,
    person_key,
    person_name,
    roles,
    titles_compatible,
)
from ..attribution.names import COMMON_NOUNS, is_common_noun_phrase, slugify
from ..normalization.folding import ascii_letters, fold
from ..types import Speaker, SpeakerKind
from . import namesakes
from .models import SlugCounterRow, SpeakerAliasRow, SpeakerKeyRow, SpeakerRow


class IdentityMethod(StrEnum):
    NEW = "new"  # no archived speaker had this identity: a new shared speaker
    SAME_NAME = "same_name"  # same first and last name, or same organisation name
    ORGANIZATION_ALIAS = "organization_alias"  # an organisation's name or alias matched another's
    SURNAME_IN_ARTICLE = "surname_in_article"  # bare surname, one full name of it in the article
    SURNAME_UNIQUE = "surname_unique"  # bare surname, one compatible archived person
    SURNAME_CLUE = "surname_clue"  # bare surname, several: the one whose first name the article writes
    SURNAME_PROMINENT = "surname_prominent"  # bare surname, several: the one quoted 10x the others
    SURNAME_AMBIGUOUS = "surname_ambiguous"  # bare surname, none or several: own speaker, ambiguous
    ARTICLE_LOCAL = "article_local"  # group, unnamed source, pronoun, not a proper name
    DESCRIPTION_IN_ARTICLE = "description_in_article"  # a description of one speaker the article names
    KIND_AND_PLACE = "kind_and_place"  # "the university", one archived "<place> University" of a place named here
    EDITOR = "editor"  # an editor's correction (quote override, merge or split)


_NAMESAKE_METHODS = {
    "unique": IdentityMethod.SURNAME_UNIQUE,
    "first_name": IdentityMethod.SURNAME_CLUE,
    "prominence": IdentityMethod.SURNAME_PROMINENT,
    "none": IdentityMethod.SURNAME_AMBIGUOUS,
}

# Words that say which tier of local government a body is ("Wexcombe Borough Council"), not
# where: an article calls it "the council" and names only the place.
_LOCAL_AUTHORITY_WORDS = frozenset("borough town parish metropolitan municipal regional village".split())


@dataclass
class Decision:
    speaker: SpeakerRow
    method: IdentityMethod
    evidence: dict = field(default_factory=dict)
    surname: str | None = None  # a bare surname decided against the archive: later ingests revisit it


class Resolver:
    """Resolves the speakers of one article, in an order fixed by the article's content
    (full names before bare surnames), so the result does not depend on quote order."""

    def __init__(self, session: Session, article_id: int, text: str = ""):
        self.session = session
        self.article_id = article_id
        self.text = text  # the article's text: the places it names
        self.people_here: dict[str, list[tuple[PersonName, SpeakerRow]]] = {}  # by surname

    def resolve_all(self, speakers: list[Speaker]) -> dict[Speaker, Decision]:
        distinct = sorted(set(speakers), key=lambda s: (self._is_bare_surname(s), s.kind.value, s.name))
        described = described_in_article(distinct)
        decisions = {speaker: self.resolve(speaker) for speaker in distinct if speaker not in described}
        for description in described:
            named = description
            while named in described:  # "premier" -> "Chinese Premier" -> Wen Jiabao
                named = described[named]
            row = decisions[named].speaker
            if description.kind is named.kind:  # "officials" of "U.S. officials": another wording
                self._grow(row, Speaker(named.name, named.kind, (), (description.name,)))
            evidence = {"description": description.name, "names": named.name, "key": _first_key(row)}
            decisions[description] = Decision(row, IdentityMethod.DESCRIPTION_IN_ARTICLE, evidence)
        return decisions

    @staticmethod
    def _is_bare_surname(speaker: Speaker) -> bool:
        person = person_name(speaker.name) if speaker.kind is SpeakerKind.PERSON else None
        return person is not None and not person.first

    def resolve(self, speaker: Speaker) -> Decision:
        speaker = normalised(speaker)
        if speaker.kind in (SpeakerKind.GROUP, SpeakerKind.UNNAMED_SOURCE):
            return self._local(speaker, IdentityMethod.ARTICLE_LOCAL, {"reason": f"a {speaker.kind.value}"})
        if speaker.name.strip().lower() in PRONOUNS:
            return self._local(speaker, IdentityMethod.ARTICLE_LOCAL, {"reason": "a pronoun only"})
        if speaker.kind is SpeakerKind.ORGANISATION and (placed := self._kind_and_place(speaker)) is not None:
            return placed
        if not is_proper_name(speaker.name):
            return self._local(speaker, IdentityMethod.ARTICLE_LOCAL, {"reason": "not a proper name"})
        if speaker.kind is SpeakerKind.ORGANISATION:
            if is_common_noun_phrase(speaker.name):
                return self._local(speaker, IdentityMethod.ARTICLE_LOCAL, {"reason": "common nouns, no proper name"})
            return self._organization(speaker)
        person = person_name(speaker.name)
        if person is None:
            return self._local(speaker, IdentityMethod.ARTICLE_LOCAL, {"reason": "not a proper name"})
        if not person.first:
            return self._surname(speaker, person)
        key = person_key(person)
        row = self._owner(key)
        decision = (
            Decision(self._grow(row, speaker), IdentityMethod.SAME_NAME, {"key": key})
            if row is not None
            else Decision(self._create(speaker, [key]), IdentityMethod.NEW, {"key": key})
        )
        self.people_here.setdefault(person.last, []).append((person, decision.speaker))
        return decision

    # -- the rules -------------------------------------------------------------------------
    def _organization(self, speaker: Speaker) -> Decision:
        keys = organization_keys(speaker)
        if not keys:  # described, never named: "the city's transport ministry"
            return self._local(speaker, IdentityMethod.ARTICLE_LOCAL, {"reason": "a description, no proper name"})
        owners = {key: self._owner(key) for key in keys}
        found = {row.id: row for row in owners.values() if row is not None}
        if len(found) == 1:
            row = next(iter(found.values()))
            method = IdentityMethod.SAME_NAME if owners[keys[0]] is row else IdentityMethod.ORGANIZATION_ALIAS
            self._claim(row, [k for k, owner in owners.items() if owner is None])
            return Decision(self._grow(row, speaker), method, {"keys": [k for k, o in owners.items() if o is row]})
        if len(found) > 1:  # its names lead to different organisations: keep it apart
            evidence = {"reason": "names of several organisations", "candidates": _brief(found.values())}
            return self._local(speaker, IdentityMethod.ARTICLE_LOCAL, evidence)
        return Decision(self._create(speaker, keys), IdentityMethod.NEW, {"keys": keys})

    def _surname(self, speaker: Speaker, person: PersonName) -> Decision:
        def fits(name: PersonName, row: SpeakerRow) -> bool:
            return (not person.initial or name.first.startswith(person.initial)) and titles_compatible(
                speaker.titles, row.titles
            )

        here = {row.id: row for name, row in self.people_here.get(person.last, []) if fits(name, row)}
        if len(here) == 1:
            row = next(iter(here.values()))
            return Decision(self._grow(row, speaker), IdentityMethod.SURNAME_IN_ARTICLE, {"surname": person.last})
        if here:  # the article's own namesakes: the archive cannot tell which
            evidence = {"surname": person.last, "candidates": _brief(here.values())}
            return self._local(speaker, IdentityMethod.SURNAME_AMBIGUOUS, evidence, ambiguous=True)
        chosen, method, evidence = self.namesake(person, speaker.titles)
        if chosen is None:
            decision = self._local(speaker, method, evidence, ambiguous=True)
            decision.surname = person.last
            return decision
        return Decision(self._grow(chosen, speaker), method, evidence, surname=person.last)

    def namesake(self, person: PersonName, titles) -> tuple[SpeakerRow | None, IdentityMethod, dict]:
        """The archived person a bare surname of this article is (storage/namesakes.py): the one
        compatible person, else the article's clue (the first name it writes), else the prominent
        one; None (SURNAME_AMBIGUOUS) when none decides. Never a surname that is a common noun
        ("King"). The evidence keeps what a later revisit needs (surname_joins.py): the titles,
        the initial, the candidates and their counts."""
        wanted = roles(titles)

        def fits(name: PersonName, row: SpeakerRow) -> bool:
            # Another article's person: a bare surname with a role ("Captain Kennedy") only joins
            # someone known in that role. The role is all the article tells about them; a
            # person of that surname stored with no role is a guess, not an identity.
            initial = not person.initial or name.first.startswith(person.initial)
            held = not wanted or bool(wanted & roles(row.titles))
            return initial and titles_compatible(titles, row.titles) and held

        common = person.last in COMMON_NOUNS
        candidates = {} if common else namesakes.archived_people(self.session, person.last, fits)
        row, rule, found = namesakes.choose(self.session, person.last, candidates, self.text)
        evidence = {
            "surname": person.last,
            "candidates": _brief(candidates.values()),
            **found,
            "titles": list(titles),
            "initial": person.initial,
            **({"reason": "a common noun"} if common else {}),
        }
        return row, _NAMESAKE_METHODS[rule], evidence

    def _kind_and_place(self, speaker: Speaker) -> Decision | None:
        """ "the university" of an article that names Dunmarrow: the one archived organisation
        named "Dunmarrow University" or "University of Dunmarrow" (its other words common nouns or a
        tier of local government: "Harlowmere City Council" for "the council"), if exactly one is
        of a place named here."""
        kind = folded_name(speaker.name)
        if not kind or " " in kind or kind not in COMMON_NOUNS or not self._ascii_text:
            return None
        rows = self.session.execute(
            select(SpeakerKeyRow.key, SpeakerRow)
            .join(SpeakerRow, SpeakerKeyRow.speaker_id == SpeakerRow.id)
            .where(
                SpeakerRow.article_id.is_(None),
                SpeakerRow.kind == SpeakerKind.ORGANISATION.value,
                SpeakerKeyRow.key.like(f"organization:% {kind}") | SpeakerKeyRow.key.like(f"organization:{kind} of %"),
            )
        )
        found = {row.id: row for key, row in rows if self._names_place(key.removeprefix("organization:"), kind)}
        if len(found) != 1:
            return None
        row = next(iter(found.values()))
        return Decision(row, IdentityMethod.KIND_AND_PLACE, {"kind": kind, "key": _first_key(row)})

    def _names_place(self, name: str, kind: str) -> bool:
        """Whether the article writes, capitalised, the proper words of `name` besides `kind`
        ("Dunmarrow" of "dunmarrow university")."""
        words = name.split()
        rest = words[:-1] if words[-1] == kind else words[2:]
        place = [w for w in rest if w not in COMMON_NOUNS and w not in _LOCAL_AUTHORITY_WORDS]
        if not place:
            return False
        pattern = r"\b" + r"\s+".join(re.escape(w) for w in place) + r"\b"
        return any(m.group()[:1].isupper() for m in re.finditer(pattern, self._ascii_text, re.IGNORECASE))

    @cached_property
    def _ascii_text(self) -> str:
        """The article's text in ASCII, as archive keys are ("Zürich" as "Zurich"); read only
        for a speaker called by its kind, so other articles pay nothing for it."""
        return ascii_letters(self.text)

    def own_speaker(self, speaker: Speaker, method: IdentityMethod, evidence: dict) -> Decision:
        """The article's own speaker for a bare surname no archived person answers to: ambiguous."""
        return self._local(speaker, method, evidence, ambiguous=True)

    # -- rows ---------------------------------------------------------------------------------
    def _owner(self, key: str) -> SpeakerRow | None:
        return self.session.scalar(
            select(SpeakerRow)
            .join(SpeakerKeyRow, SpeakerKeyRow.speaker_id == SpeakerRow.id)
            .where(SpeakerKeyRow.key == key)
        )

    def _claim(self, row: SpeakerRow, keys: list[str]) -> None:
        for key in keys:
            row.keys.append(SpeakerKeyRow(key=key))

    def _local(self, speaker: Speaker, method: IdentityMethod, evidence: dict, ambiguous: bool = False) -> Decision:
        key = local_key(self.article_id, speaker)
        row = self._owner(key)  # the same article ingested again: its own speaker again
        if row is None:
            row = self._create(speaker, [key], article_id=self.article_id, ambiguous=ambiguous)
        else:
            self._grow(row, speaker)
        return Decision(row, method, {**evidence, "key": key})

    def _create(
        self, speaker: Speaker, keys: list[str], article_id: int | None = None, ambiguous: bool = False
    ) -> SpeakerRow:
        row = SpeakerRow(
            slug=unique_slug(self.session, speaker.name),
            name=speaker.name,
            kind=speaker.kind.value,
            titles=[],
            article_id=article_id,
            ambiguous=ambiguous,
        )
        self.session.add(row)
        self._claim(row, keys)
        self._grow(row, speaker)
        return row

    def _grow(self, row: SpeakerRow, speaker: Speaker) -> SpeakerRow:
        """Add the article's titles and aliases; never the name, kind or anything else."""
        add_titles_and_aliases(row, speaker.titles, (speaker.name, *speaker.aliases))
        self.session.flush()
        return row


def _first_key(row: SpeakerRow) -> str | None:
    return row.keys[0].key if row.keys else None


def add_titles_and_aliases(row: SpeakerRow, titles, aliases) -> None:
    row.titles = list(dict.fromkeys([*(row.titles or []), *titles]))
    known = {a.folded for a in row.aliases}
    for alias in aliases:
        if alias and fold(alias) not in known:
            row.aliases.append(SpeakerAliasRow(alias=alias, folded=fold(alias)))
            known.add(fold(alias))


def unique_slug(session: Session, name: str) -> str:
    """A slug no speaker has had: the name slugified for the first of that name, then
    base-2, base-3 ... Slugs are public URLs: none is handed out twice, even after its speaker
    was merged or deleted. A handful of statements, however many namesakes (draw_slug)."""
    return draw_slug(session, slugify(name))


def draw_slug(db: Session | Connection, base: str) -> str:
    """The next slug of `base` from its counter (SlugCounterRow, migration 0012), one that no
    speaker holds either (rows written without a counter: by hand, before 0012's seeding).

    On PostgreSQL a session's draw is a transaction of its own, committed at once, like a
    sequence: the counter's row lock lasts one statement, so ingests drawing slugs for
    "officials" neither queue behind each other's whole unit of work nor deadlock on two
    counters taken in opposite orders; a unit of work that rolls back leaves a gap, never a
    slug given twice. SQLite (writers queue at BEGIN IMMEDIATE) and a migration's connection
    draw in the caller's transaction."""
    while True:
        bind = db.get_bind() if isinstance(db, Session) else db
        if isinstance(bind, Engine) and bind.dialect.name == "postgresql":
            with bind.begin() as connection:
                slug = _claim_next(connection, base)
        else:
            slug = _claim_next(db, base)
        if slug is not None and db.scalar(select(SpeakerRow.id).where(SpeakerRow.slug == slug)) is None:
            return slug


def _claim_next(db: Session | Connection, base: str) -> str | None:
    """Count `base` up by one (one upsert: on PostgreSQL a second drawer of `base` waits on
    its row) and claim what that number names: `base` itself at 1 (its row was just made),
    else "base-n" by inserting a row of its own, which fails (None: draw again) when the slug is
    taken already, as "officials-2" is when a name slugifies to it."""
    bind = db.get_bind() if isinstance(db, Session) else db
    insert = postgresql.insert if bind.dialect.name == "postgresql" else sqlite.insert
    count = insert(SlugCounterRow).values(base=base, last=1)
    count = count.on_conflict_do_update(index_elements=[SlugCounterRow.base], set_={"last": SlugCounterRow.last + 1})
    number = db.execute(count.returning(SlugCounterRow.last)).scalar_one()
    if number == 1:
        return base
    slug = f"{base}-{number}"
    claim = (
        insert(SlugCounterRow).values(base=slug, last=1).on_conflict_do_nothing(index_elements=[SlugCounterRow.base])
    )
    return slug if db.execute(claim.returning(SlugCounterRow.base)).first() is not None else None


def _brief(rows) -> list[dict]:
    return [{"id": r.id, "slug": r.slug, "name": r.name} for r in sorted(rows, key=lambda r: r.id)]
