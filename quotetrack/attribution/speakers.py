"""Resolve a speaker mention to one canonical speaker, within one article.

An article's name table maps every way a person or organisation appears (full name,
surname, title + name, handle, acronym, "the governor", "the agency") to one canonical
entry, in the spirit of BBC Citron's in-document name table, extended with titles and roles.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from spacy.tokens import Doc, Span, Token

from ..extraction.cues import (
    DOCUMENT_NOUNS,
    NON_SPEAKER_NOUNS,
    ORGANISATION_NAME_WORDS,
    ORGANISATION_NOUNS,
    PRONOUNS_PERSON,
    PRONOUNS_PLURAL,
    SOURCE_NOUNS,
    TITLE_ABBREVIATIONS,
    TITLE_NOUNS,
)
from ..extraction.syntax import QuoteMask, apposition, is_acronym, noun_phrase
from ..types import Method, Speaker, SpeakerKind
from .coref import antecedents
from .names import fold, handle_to_name, person_key, role_of, split_title, strip_possessive, surname

# "Immigration and Customs Enforcement (ICE)", "... known as ICE"
_ACRONYM_DEFINITION = re.compile(
    r"((?:[A-Z][\w’'.&-]*)(?:\s+(?:[A-Z][\w’'.&-]*|and|of|for|the|on))*)\s*(?:\(|,?\s+known as\s+)([A-Z]{2,6})\b"
)


@dataclass
class Entry:
    name: str
    kind: SpeakerKind
    titles: list[str] = field(default_factory=list)
    aliases: set[str] = field(default_factory=set)
    positions: list[int] = field(default_factory=list)  # character offsets of mentions

    def speaker(self) -> Speaker:
        return Speaker(
            self.name,
            self.kind,
            tuple(dict.fromkeys(self.titles)),
            tuple(sorted(a for a in self.aliases if a != self.name)),
        )


@dataclass(frozen=True)
class Resolution:
    entry: Entry | None
    mention: str | None
    method: Method
    confidence: float


_TITLE_DEPS = {"compound", "amod", "nmod", "npadvmod", "nummod"}


def _title_words(span: Span, name: Span) -> str:
    """Words right before a name that title it: "acting Field Office Director" in
    "acting Field Office Director Patricia H. Hyde", "border czar" in "Trump's border czar
    Tom Homan". Stops at determiners, possessives, punctuation and conjunctions."""
    doc = name.doc
    start = name.start
    while start > span.start:
        token = doc[start - 1]
        if (
            token.is_punct
            and token.text not in {".", "-"}
            or token.dep_ in {"det", "case", "cc", "poss"}
            or token.dep_ not in _TITLE_DEPS
            and not token.is_punct
        ):
            break
        start -= 1
    return doc[start : name.start].text.strip(" ,-") if start < name.start else ""


def _is_bare_definite(phrase: Span, head: Token) -> bool:
    """ "the agency", "the federal agency": a definite description that refers back, unlike
    "the county sheriff's office" or "the Department of Water Resources", which name."""
    return all(
        t.dep_ in {"det", "amod"} and (t.dep_ != "det" or t.lower_ in {"the", "this", "that"})
        for t in phrase
        if t.i != head.i
    ) and not any(c.dep_ == "prep" for c in head.children)


class ArticleSpeakers:
    def __init__(self, doc: Doc, mask: QuoteMask):
        self.doc = doc
        self.mask = mask
        self.people: dict[tuple[str, str], Entry] = {}
        self.organisations: dict[str, Entry] = {}
        self.acronym_of: dict[str, str] = {}  # folded full name -> acronym
        self.others: dict[str, Entry] = {}
        self.speakers_seen: list[tuple[int, Entry]] = []  # filled by a first attribution pass
        self._read_acronyms()
        self._read_people()

    # -- building the table -------------------------------------------------------------
    def _read_acronyms(self) -> None:
        for match in _ACRONYM_DEFINITION.finditer(self.doc.text):
            full, acronym = match.group(1).strip(), match.group(2)
            words = full.split()
            # Keep the tail whose initials spell the acronym ("Immigration and Customs Enforcement").
            initials = [w for w in words if w[0].isupper()]
            if len(initials) >= len(acronym):
                kept = words[words.index(initials[-len(acronym)]) :]
                full = " ".join(kept)
            self.acronym_of[fold(full)] = acronym
            entry = self._organisation(acronym)
            entry.aliases.add(full)

    def _read_people(self) -> None:
        for ent in self.doc.ents:
            if ent.label_ != "PERSON" or len(ent) < 2 or self.mask.contains(ent[0]):
                continue
            entry = self._person(strip_possessive(ent.text))
            entry.positions.append(ent.start_char)
            phrase = noun_phrase(ent.root)
            title = _title_words(phrase, ent)
            if title:
                entry.titles.append(title)
                entry.aliases.add(f"{title} {entry.name}")
            appos = apposition(ent.root)
            if appos is not None:
                entry.titles.append(appos.text.strip(" ,"))
            if ent.root.dep_ == "appos":  # "The Chair of the party, Amy Carnevale,"
                head = ent.root.head
                entry.titles.append(self.doc[head.left_edge.i : head.i + 1].text if head.i < ent.start else "")
                described = self.doc[head.left_edge.i : ent.start].text.strip(" ,")
                if described:
                    entry.titles.append(re.sub(r"^(?:the|a|an)\s+", "", described, flags=re.I))
            entry.titles = [t for t in entry.titles if t]

    def _person(self, name: str) -> Entry:
        title, name = split_title(name)
        key = person_key(name)
        entry = self.people.get(key)
        if entry is None:
            entry = self.people[key] = Entry(name, SpeakerKind.PERSON)
        elif len(name) > len(entry.name):  # keep the fullest form: "Patricia H. Hyde"
            entry.aliases.add(entry.name)
            entry.name = name
        entry.aliases.update({name, surname(name)})
        if title and title not in entry.titles:
            entry.titles.append(title)
            entry.aliases.add(f"{title} {name}")
        return entry

    def _organisation(self, name: str) -> Entry:
        key = fold(name)
        if key not in self.organisations:
            self.organisations[key] = Entry(name, SpeakerKind.ORGANIZATION)
        return self.organisations[key]

    def _other(self, name: str, kind: SpeakerKind) -> Entry:
        key = f"{kind.value}:{fold(name)}"
        if key not in self.others:
            self.others[key] = Entry(name, kind)
        return self.others[key]

    # -- lookups ---------------------------------------------------------------------------
    def by_surname(self, word: str, position: int | None = None) -> Entry | None:
        """The person with this surname. Two people sharing it (a senator and her campaign
        manager): the one named most recently before `position`, if any."""
        matches = [e for e in self.people.values() if fold(surname(e.name)) == fold(strip_possessive(word))]
        if len(matches) <= 1 or position is None:
            return matches[0] if len(matches) == 1 else None
        named_before = [
            (max(p for p in e.positions if p < position), e) for e in matches if any(p < position for p in e.positions)
        ]
        return max(named_before, key=lambda pe: pe[0])[1] if named_before else None

    def by_role(self, role: str, position: int) -> Entry | None:
        """The person whose title has this role, nearest before `position`, else first after."""
        holders = [e for e in self.people.values() if any(role_of(t) == role for t in e.titles)]
        if not holders:
            return None
        before = [e for e in holders if any(p < position for p in e.positions)]
        if before:
            return max(before, key=lambda e: max(p for p in e.positions if p < position))
        return min(holders, key=lambda e: min(e.positions, default=0))

    def organisation_for(self, text: str) -> Entry | None:
        words = re.findall(r"[A-Za-z][\w’'.&-]*", text)
        for word in words:
            if word in {e.name for e in self.organisations.values()}:
                return self.organisations[fold(word)]
        acronym = self.acronym_of.get(fold(text))
        if acronym:
            return self.organisations[fold(acronym)]
        for full, acronym in self.acronym_of.items():
            if full and full in fold(text):
                return self.organisations[fold(acronym)]
        return None

    # -- resolution ------------------------------------------------------------------------
    def resolve(self, head: Token, previous: list[tuple[int, Entry]]) -> Resolution:
        """`previous`: (position, speaker) of quotes already attributed, in text order."""
        text = head.text
        if text.startswith("@"):
            entry = self.from_handle(text)
            return Resolution(entry, text, Method.HANDLE, 0.9)
        if head.pos_ == "PRON" or head.lower_ in PRONOUNS_PERSON | PRONOUNS_PLURAL:
            return self._pronoun(head, previous)
        phrase = noun_phrase(head)
        mention = phrase.text
        appos = apposition(head)
        # "The Chair of the party, Amy Carnevale, said": the name in apposition wins.
        appos_named = (
            self._named(appos.root, appos)
            if appos is not None and any(e.label_ == "PERSON" for e in appos.ents)
            else None
        )
        named = (
            appos_named or self._named(head, phrase) or (self._named(appos.root, appos) if appos is not None else None)
        )
        if named is not None:
            entry, method = named
            entry.positions.append(head.idx)
            return Resolution(entry, mention, method, 0.95 if method is Method.EXPLICIT_NAME else 0.9)
        return self._described(head, phrase, previous)

    def from_handle(self, handle: str) -> Entry:
        name = handle_to_name(handle)
        entry = self.people.get(person_key(name)) or self.by_surname(surname(name)) or self._person(name)
        entry.aliases.add(handle)
        return entry

    def signed(self, name: str, handle: str) -> Entry:
        """The author of an embedded post, from its signature line `— Name (@handle) date`."""
        words = name.split()
        if any(w.lower() in ORGANISATION_NAME_WORDS for w in words) or len(words) > 3:
            entry = self._organisation(name)
        else:
            entry = self._person(name)
        entry.aliases.add(handle)
        return entry

    def _named(self, head: Token, phrase: Span) -> tuple[Entry, Method] | None:
        """A proper name in the phrase: a person (full name or surname) or an organisation."""
        if head.pos_ != "PROPN" and not head.text[:1].isupper():
            return None
        for ent in phrase.ents if hasattr(phrase, "ents") else []:
            if ent.label_ == "PERSON" and len(ent) >= 2:
                entry = self._person(strip_possessive(ent.text))
                title = _title_words(phrase, ent)
                if title and title not in entry.titles:
                    entry.titles.append(title)
                return entry, Method.EXPLICIT_NAME
        by_surname = self.by_surname(head.text, head.idx)
        if by_surname is not None:
            return by_surname, Method.SURNAME if len(phrase) == 1 else Method.EXPLICIT_NAME
        entity = next(
            (e for e in self.doc.ents if e.start <= head.i < e.end and e.label_ in {"ORG", "FAC", "NORP"}), None
        )
        organisation = self.organisation_for(phrase.text) or (self.organisation_for(entity.text) if entity else None)
        if organisation is not None:
            return organisation, Method.EXPLICIT_NAME
        role = self._role(phrase)
        if role:  # "Gov. Healey", a title and an unknown surname
            entry = self.by_role(role, head.idx)
            if entry is not None and fold(surname(entry.name)) == fold(head.text):
                return entry, Method.TITLE
        if is_acronym(head):
            return self._organisation(head.text), Method.EXPLICIT_NAME
        proper = [t for t in phrase if t.pos_ == "PROPN" and t.i >= head.i - 3]
        titled = bool(proper) and split_title(" ".join(t.text for t in proper))[0] != ""
        if head.ent_type_ == "PERSON" or (
            len(proper) >= 2 and (titled or head.ent_type_ not in {"ORG", "GPE", "NORP"})
        ):
            name = " ".join(t.text for t in proper if t.text.lower().rstrip(".") not in TITLE_ABBREVIATIONS)
            return self._person(strip_possessive(name)), Method.EXPLICIT_NAME
        if head.ent_type_ in {"ORG", "NORP"} or head.pos_ == "PROPN":
            text = entity.text if entity is not None and head.ent_type_ == "ORG" else phrase.text
            return self._organisation(strip_possessive(re.sub(r"^the\s+", "", text, flags=re.I))), Method.EXPLICIT_NAME
        return None

    @staticmethod
    def _role(phrase: Span) -> str | None:
        for token in phrase:
            lowered = token.lower_
            if lowered in TITLE_ABBREVIATIONS:
                return TITLE_ABBREVIATIONS[lowered]
        return None

    def _described(self, head: Token, phrase: Span, previous: list[tuple[int, Entry]]) -> Resolution:
        lemma = head.lemma_.lower()
        mention = phrase.text
        person = self.by_role(lemma, head.idx)
        if person is not None:
            return Resolution(person, mention, Method.TITLE, 0.85)
        owner = next((c for c in head.children if c.dep_ == "poss"), None)
        if (
            owner is not None
            and owner.pos_ in {"PRON", "PROPN"}
            and lemma in ORGANISATION_NOUNS | DOCUMENT_NOUNS | {"campaign", "spokesperson", "spokesman", "spokeswoman"}
        ):
            # "His office said", "Hale's campaign said", "ICE's statement": the owner speaks.
            resolved = self.resolve(owner, previous)
            if resolved.entry is not None:
                return Resolution(resolved.entry, mention, Method.DESCRIPTION, round(resolved.confidence * 0.9, 3))
        singular = head.tag_ in {"NN", "NNP"}
        anaphoric = singular and owner is None and _is_bare_definite(phrase, head)
        if lemma in ORGANISATION_NOUNS and anaphoric:
            # "the agency": the organisation last quoted, else last named, else next quoted.
            recent = [e for _, e in previous if e.kind is SpeakerKind.ORGANIZATION]
            if recent:
                return Resolution(recent[-1], mention, Method.DESCRIPTION, 0.8)
            organisation = self._nearest_organisation(head.idx) or self._next_speaker(
                head.idx, SpeakerKind.ORGANIZATION
            )
            if organisation is not None:
                return Resolution(organisation, mention, Method.DESCRIPTION, 0.7)
        if lemma in DOCUMENT_NOUNS and owner is None:
            # "a summary released by the union": whoever issued it speaks.
            issuer = next(
                (
                    g
                    for c in head.children
                    if c.dep_ == "acl"
                    for a in c.children
                    if a.dep_ == "agent"
                    for g in a.children
                    if g.dep_ == "pobj"
                ),
                None,
            )
            if issuer is not None:
                resolved = self.resolve(issuer, previous)
                if resolved.entry is not None:
                    return Resolution(resolved.entry, mention, Method.DESCRIPTION, round(resolved.confidence * 0.9, 3))
            # "The announcement said": the last speaker's; "a city report" names its own source.
            if anaphoric and previous:
                return Resolution(previous[-1][1], mention, Method.DESCRIPTION, 0.6)
        if lemma in TITLE_NOUNS and singular and owner is None:
            # "The transport secretary has defended ... Sarah Whitmore told the BBC": a lede
            # describes, a later paragraph names. The next person quoted, with low confidence.
            person = self._next_speaker(head.idx, SpeakerKind.PERSON)
            if person is not None:
                return Resolution(person, mention, Method.TITLE, 0.5)
        # Otherwise the description itself names the speaker: "the county sheriff's office",
        # "a senior official at the department", "environmental groups".
        words = self._described_words(head, phrase)
        name = re.sub(r"^(?:the|a|an|some|many|several|one)\s+", "", words, flags=re.I)
        if not name:
            return Resolution(None, mention, Method.UNRESOLVED, 0.3)
        name = name[0].lower() + name[1:] if not name.split()[0].isupper() else name
        # "a patient's relative": the article of the owner counts.
        determiner = next((c.lower_ for t in (head, owner) if t is not None for c in t.children if c.dep_ == "det"), "")
        if lemma in ORGANISATION_NOUNS and singular:
            # "the weather service" after "the National Weather Service" is that organisation.
            known = self._organisation_ending_with(name)
            return Resolution(known or self._organisation(name), words, Method.DESCRIPTION, 0.75 if known else 0.7)
        if singular and (lemma in SOURCE_NOUNS | DOCUMENT_NOUNS or determiner in {"a", "an", "one"}):
            return Resolution(self._other(name, SpeakerKind.UNNAMED_SOURCE), words, Method.DESCRIPTION, 0.8)
        if (head.tag_ in {"NNS", "NNPS"} and lemma not in NON_SPEAKER_NOUNS) or lemma in SOURCE_NOUNS:
            return Resolution(self._other(name, SpeakerKind.GROUP), mention, Method.DESCRIPTION, 0.75)
        return Resolution(None, mention, Method.UNRESOLVED, 0.3)

    def _described_words(self, head: Token, phrase: Span) -> str:
        """The phrase with its place or affiliation ("a source at ICE Boston") but without
        clauses ("..., who spoke on condition of anonymity")."""
        end = head.i + 1
        for child in head.rights:
            if child.dep_ == "prep" and child.lower_ in {"at", "in", "from", "for", "with", "of", "on"}:
                end = child.right_edge.i + 1
            else:
                break
        return re.sub(r'[“”"]', "", self.doc[phrase.start : end].text).strip(" ,")

    def _organisation_ending_with(self, description: str) -> Entry | None:
        wanted = fold(description)
        for entry in self.organisations.values():
            if entry.name[:1].isupper() and any(
                fold(n).endswith(wanted) and fold(n) != wanted for n in (entry.name, *entry.aliases)
            ):
                return entry
        return None

    def _next_speaker(self, position: int, kind: SpeakerKind) -> Entry | None:
        """The first named speaker of this kind quoted after `position` (known after a first
        attribution pass): "The agency has long complained ..." before the agency is named."""
        later = [(p, e) for p, e in self.speakers_seen if p > position and e.kind is kind and e.name[:1].isupper()]
        return min(later, key=lambda pe: pe[0])[1] if later else None

    def _nearest_organisation(self, position: int) -> Entry | None:
        """The organisation named last before `position` ("SkyWest Air ... the company said")."""
        for ent in reversed([e for e in self.doc.ents if e.end_char <= position and e.label_ == "ORG"]):
            if self.mask.contains(ent[0]):
                continue
            return self.organisation_for(ent.text) or self._organisation(
                strip_possessive(re.sub(r"^the\s+", "", ent.text, flags=re.I))
            )
        return None

    def _pronoun(self, head: Token, previous: list[tuple[int, Entry]]) -> Resolution:
        plural = head.lower_ in PRONOUNS_PLURAL
        for antecedent in antecedents(head):
            if antecedent.pos_ == "PRON":
                continue
            resolved = self.resolve(antecedent, previous)
            if resolved.entry is not None and (plural or resolved.entry.kind is SpeakerKind.PERSON):
                return Resolution(resolved.entry, head.text, Method.PRONOUN_COREF, 0.85)
        # No chain: the nearest earlier subject of the right kind, else the nearest earlier
        # speaker of that kind (after Citron's fallback).
        wanted = (lambda e: e.kind is not SpeakerKind.PERSON) if plural else (lambda e: e.kind is SpeakerKind.PERSON)
        subject = self._nearest_subject(head, wanted, previous)
        if subject is not None:
            return Resolution(subject, head.text, Method.PRONOUN_NEAREST, 0.7)
        for _, entry in reversed(previous):
            if wanted(entry):
                return Resolution(entry, head.text, Method.PRONOUN_NEAREST, 0.6)
        return Resolution(None, head.text, Method.UNRESOLVED, 0.3)

    def _nearest_subject(self, pronoun: Token, wanted, previous) -> Entry | None:
        """The closest preceding sentence subject outside quotes that resolves to a wanted kind."""
        window = self.doc[max(0, pronoun.sent.start - 60) : pronoun.i]
        for token in reversed(window):
            if token.dep_ in {"nsubj", "nsubjpass"} and token.pos_ != "PRON" and not self.mask.contains(token):
                resolved = self.resolve(token, previous)
                if resolved.entry is not None and wanted(resolved.entry):
                    return resolved.entry
        return None

    def entries(self) -> list[Entry]:
        return [*self.people.values(), *self.organisations.values(), *self.others.values()]
