"""Descriptions that refer back inside one article: once the speakers are chosen, a later,
shorter wording of a described speaker is that speaker, so the article files one speaker
under its fullest description rather than two.

- "U.S. officials say ... The officials say": a definite description whose words are all in
  an earlier description of the same head noun is that description's speaker.
- "His uncle said ... Kazemi's uncle told CNN": a relative of a possessive pronoun is the
  article's one relative of that kind tied to a name, when the pronoun can be that person.
- "Turkish media reported ... according to the Turkish media reports": reports (a story, an
  account) of an earlier speaker are that speaker; "Media in the United States says ...
  The reports say": bare "the reports" just after the media spoke are theirs, and "the
  report" of an article quoting "the report's authors" is its authors.
- "the Malaysian transport ministry ... Malaysia's transport ministry": a country's name and
  its demonym (WordNet's pertainyms: lexicon.places) are one word here.

Only described speakers (groups, unnamed sources, organisations named by common nouns)
move; a named speaker is never replaced."""

from __future__ import annotations

from bisect import bisect_left
from collections import defaultdict
from dataclasses import dataclass, replace
from functools import cached_property

from spacy.tokens import Doc, Token

from ..extraction.candidate import Candidate
from ..extraction.cues import DOCUMENT_NOUNS, PRONOUNS_FEMALE, PRONOUNS_MALE, PRONOUNS_PLURAL, UTTERANCE_NOUNS
from ..nlp import budget
from ..normalization.lexicon import places
from ..types import SpeakerKind
from .context import Resolution
from .coref import antecedents
from .names import fold, is_description
from .pronouns import agrees
from .table import Entry, NameTable

_DEFINITE = frozenset({"the", "these", "those"})
_DETERMINERS = frozenset({"the", "a", "an", "these", "those", "this", "that"})
# What a speaker issues that news then quotes as a speaker of its own.
REPORT_NOUNS = frozenset({"report", "story", "article", "account", "coverage"})
# Speakers whose words are reports: "the reports" after them are theirs.
MEDIA_NOUNS = frozenset({"media", "press", "newspaper", "paper", "outlet", "broadcaster", "tabloid"})


@dataclass(frozen=True)
class _Described:
    index: int
    head: Token
    entry: Entry
    words: tuple[str, ...]  # the description folded, without its determiner


class _Kept:
    """The descriptions kept so far (text order), by each of their words, by their shape (the
    words with place names folded: "russia's defence ministry spokesman" and "russian defence
    ministry's spokesman" share one) and by the noun that owns them ("the report's authors")."""

    def __init__(self) -> None:
        self.by_word: dict[str, list[_Described]] = defaultdict(list)
        self.by_shape: dict[tuple[str, ...], list[_Described]] = defaultdict(list)
        self.by_owner: dict[str, list[_Described]] = defaultdict(list)
        self.speakers: set[tuple[SpeakerKind, str] | None] = set()

    def add(self, d: _Described) -> None:
        if _key(d.entry) in self.speakers:
            return  # the same description again: the first one answers for it
        self.speakers.add(_key(d.entry))
        for word in set(d.words):
            self.by_word[word].append(d)
        self.by_shape[_shape(d.words)].append(d)
        owner = next((c for c in d.head.children if c.dep_ == "poss"), None)
        if owner is not None:
            self.by_owner[owner.lemma_.lower()].append(d)

    def with_all(self, words: tuple[str, ...]) -> list[_Described]:
        """Those that may hold every one of `words`: the shortest list of one of them."""
        lists = [self.by_word.get(word, []) for word in set(words)]
        return min(lists, key=len) if lists else []


def _shape(words: tuple[str, ...]) -> tuple[str, ...]:
    return tuple("<place>" if places(_bare(w)) else _bare(w) for w in words)


class _SpeakersByWords:
    """Where each speaker's name (as words) was chosen, in text order."""

    def __init__(self, resolutions: list[tuple[Candidate, Resolution]]):
        self.at: dict[tuple[str, ...], list[tuple[int, Entry]]] = defaultdict(list)
        for index, (_, resolution) in enumerate(resolutions):
            if resolution.entry is not None:
                self.at[_words(resolution.entry.name)].append((index, resolution.entry))

    def last_before(self, words: tuple[str, ...], index: int) -> Entry | None:
        found = self.at.get(words, [])
        position = bisect_left(found, index, key=lambda pair: pair[0])
        return found[position - 1][1] if position > 0 else None


def link_descriptions(
    resolutions: list[tuple[Candidate, Resolution]], table: NameTable
) -> list[tuple[Candidate, Resolution]]:
    """`resolutions` (text order) with each later wording of a described speaker replaced by
    the speaker it refers back to (see the module's docstring)."""
    described = [
        _Described(i, c.speaker_head, r.entry, _words(r.entry.name))
        for i, (c, r) in enumerate(resolutions)
        if r.entry is not None and c.speaker_head is not None and _written_at(r.entry, c.speaker_head)
    ]
    target: dict[int, Entry] = {}
    appositives = _appositives(described[0].head.doc, table) if described else {}
    relatives = _named_relatives(described)
    for d in budget.checked(table.doc, "linking descriptions", described):
        named = (
            _relative_named(d, relatives, table)
            or _named_in_apposition(d, appositives)
            or _own_words(d, resolutions, table)
        )
        if named is not None:
            target[d.index] = named
    # Each look-up below reads an index of what came before, not all of it: an article of
    # thousands of described quotes would otherwise cost a scan per quote.
    kept = _Kept()
    earlier_speakers = _SpeakersByWords(resolutions)
    issued = _IssuedDocuments(described[0].head.doc) if described else None
    for d in budget.checked(table.doc, "linking descriptions", described):
        if d.index in target:
            continue
        found = (
            _shorter_wording(d, kept)
            or _reports_of(d, earlier_speakers)
            or _bare_reports(d, kept, resolutions)
            or (issued.before(d, table) if issued is not None else None)
            or _same_place(d, kept)
        )
        if found is not None:
            target[d.index] = found
        else:
            kept.add(d)
    # The speaker moves wherever else it was chosen ("The authors say ... They call for").
    # One kind and name is one speaker of the article (quotes.py): each of its quotes moves.
    moved = {_key(resolutions[i][1].entry): entry for i, entry in target.items()}
    return [
        (c, replace(r, entry=moved[_key(r.entry)])) if r.entry is not None and _key(r.entry) in moved else (c, r)
        for c, r in resolutions
    ]


def _key(entry: Entry | None) -> tuple[SpeakerKind, str] | None:
    return (entry.kind, entry.name.lower()) if entry is not None else None


def _written_at(entry: Entry, head: Token) -> bool:
    """The speaker is a description, and the one written at this mention."""
    described = entry.kind in (SpeakerKind.GROUP, SpeakerKind.UNNAMED_SOURCE) or (
        entry.kind is SpeakerKind.ORGANISATION and is_description(entry.name)
    )
    return described and fold(head.text).lower() in _words(entry.name)


def _words(name: str) -> tuple[str, ...]:
    words = [w.strip('.,"()“”').lower() for w in fold(name.replace("’", "'")).split()]
    while words and words[0] in _DETERMINERS:
        words = words[1:]
    return tuple(w for w in words if w)


def _bare(word: str) -> str:
    return word[:-2] if word.endswith("'s") else word


def _determiner(head: Token) -> str:
    return next((c.lower_ for c in head.children if c.dep_ == "det"), "")


def _shorter_wording(d: _Described, kept: _Kept) -> Entry | None:
    """ "The officials" after "U.S. officials": definite, the same head noun, and no word the
    earlier description lacks (not "the French officials"). The nearest such wins."""
    if _determiner(d.head) not in _DEFINITE or any(c.dep_ == "poss" for c in d.head.children):
        return None
    for e in reversed(kept.with_all(d.words)):
        if (
            e.head.lemma_.lower() == d.head.lemma_.lower()
            and e.entry.kind is d.entry.kind
            and set(d.words) < set(e.words)
        ):
            return e.entry
    return None


def _named_relatives(described: list[_Described]) -> dict[tuple[str, SpeakerKind], dict[int, _Described]]:
    """The descriptions tied to a name by a possessive ("Kazemi's uncle"), by head noun and kind."""
    found: dict[tuple[str, SpeakerKind], dict[int, _Described]] = defaultdict(dict)
    for e in described:
        owner = next((c for c in e.head.children if c.dep_ == "poss"), None)
        if owner is not None and owner.pos_ == "PROPN":
            found[(e.head.lemma_.lower(), e.entry.kind)].setdefault(id(e.entry), e)
    return found


def _relative_named(
    d: _Described, relatives: dict[tuple[str, SpeakerKind], dict[int, _Described]], table: NameTable
) -> Entry | None:
    """ "His uncle" is the article's one "Kazemi's uncle" when "his" can be Kazemi (gender, and
    coreferee's antecedent when it has one), whichever comes first."""
    pronoun = next((c for c in d.head.children if c.dep_ == "poss" and c.pos_ == "PRON"), None)
    if pronoun is None:
        return None
    named = relatives.get((d.head.lemma_.lower(), d.entry.kind), {})
    if len(named) != 1:
        return None
    e = next(iter(named.values()))
    owner = next(c for c in e.head.children if c.dep_ == "poss")
    owner_words = {fold(t.text).lower() for t in owner.subtree if t.pos_ == "PROPN"}
    person = table.by_surname(owner.text) or table.person(owner.text)
    word = pronoun.lower_
    if word in PRONOUNS_PLURAL or (person is not None and person.kind is not SpeakerKind.PERSON):
        return None
    if person is not None and person.gender is not None:
        wanted = "male" if word in PRONOUNS_MALE else "female" if word in PRONOUNS_FEMALE else None
        if wanted is not None and person.gender != wanted:
            return None
    found = antecedents(pronoun)
    if found and not any(fold(t.text).lower() in owner_words for t in found):
        return None
    return e.entry


def _appositives(doc: Doc, table: NameTable) -> dict[tuple[str, ...], list[Entry]]:
    """What the article calls its named people in apposition, each conjunct apart: "Valeska
    Paris, an Australian woman and former Scientologist," -> ("australian", "woman") and
    ("former", "scientologist") for Valeska Paris."""
    found: dict[tuple[str, ...], list[Entry]] = {}
    for token in doc:
        if token.dep_ != "appos" or token.head.pos_ != "PROPN" or token.pos_ not in {"NOUN", "PROPN"}:
            continue
        person = table.by_surname(token.head.text, token.head.idx)
        if person is None or person.kind is not SpeakerKind.PERSON:
            continue
        for noun in (token, *(c for c in token.children if c.dep_ == "conj")):
            words = [t for t in noun.subtree if t.i <= noun.i and t.dep_ in {"amod", "compound"}] + [noun]
            key = tuple(fold(t.text).lower() for t in sorted(words, key=lambda t: t.i))
            if person not in found.setdefault(key, []):
                found[key].append(person)
    return found


def _named_in_apposition(d: _Described, appositives: dict[tuple[str, ...], list[Entry]]) -> Entry | None:
    """ "Australian woman claims ..." in the headline of an article about "Valeska Paris, an
    Australian woman and former Scientologist": the one person the article calls that."""
    if d.entry.kind is not SpeakerKind.UNNAMED_SOURCE:
        return None
    people = appositives.get(d.words, [])
    return people[0] if len(people) == 1 else None


def _own_words(d: _Described, resolutions: list[tuple[Candidate, Resolution]], table: NameTable) -> Entry | None:
    """ "Lewis denied ..., although his responses in the interview described ...": the words
    of a possessive pronoun's owner are the owner's: the one coreferee names, else the speaker
    quoted just before in the paragraph, when the pronoun can be them."""
    pronoun = next((c for c in d.head.children if c.dep_ == "poss" and c.pos_ == "PRON"), None)
    if pronoun is None or d.head.lemma_.lower() not in UTTERANCE_NOUNS:
        return None
    for antecedent in antecedents(pronoun):
        entry = table.by_surname(antecedent.text, antecedent.idx) if antecedent.pos_ == "PROPN" else None
        if entry is not None and agrees(entry, pronoun):
            return entry
    if d.index == 0:
        return None
    before, last = resolutions[d.index - 1]
    here = resolutions[d.index][0]
    if last.entry is not None and before.paragraph == here.paragraph and agrees(last.entry, pronoun):
        return last.entry
    return None


def _reports_of(d: _Described, earlier: _SpeakersByWords) -> Entry | None:
    """ "the Turkish media reports" after "Turkish media" spoke: the words before the report
    noun are an earlier speaker's whole name."""
    if d.head.lemma_.lower() not in REPORT_NOUNS or len(d.words) < 2 or d.words[-1] != d.head.lower_:
        return None
    return earlier.last_before(tuple(_bare(w) for w in d.words[:-1]), d.index)


def _bare_reports(d: _Described, kept: _Kept, resolutions: list[tuple[Candidate, Resolution]]) -> Entry | None:
    """ "The report says" in an article quoting "the report's authors": its authors. "The
    reports say" just after the media were quoted: the media's."""
    if d.head.lemma_.lower() not in REPORT_NOUNS or len(d.words) != 1 or _determiner(d.head) not in _DEFINITE:
        return None
    for e in reversed(kept.by_owner.get(d.head.lemma_.lower(), [])):
        if e.entry.kind is not SpeakerKind.ORGANISATION:
            return e.entry
    if d.index == 0:
        return None
    candidate, last = resolutions[d.index - 1]
    here, _ = resolutions[d.index]
    head = candidate.speaker_head
    if (
        last.entry is not None
        and head is not None
        and (head.lemma_.lower() in MEDIA_NOUNS or head.lower_ in MEDIA_NOUNS)
        and _written_at(last.entry, head)
        and here.paragraph - candidate.paragraph <= 1
    ):
        return last.entry
    return None


# Documents an article may first introduce with who issued them ("a lawsuit filed by ...").
ISSUED_NOUNS = DOCUMENT_NOUNS | frozenset("lawsuit suit petition motion appeal complaint".split())


class _IssuedDocuments:
    """ "This lawsuit claimed ..." in an article that opened with "a lawsuit filed by Washington
    State attorney Bob Ferguson": the document is its issuer's, the one the article named
    when it introduced a document of that kind (the nearest such mention before). The
    article's documents with an issuer are read once, by kind."""

    def __init__(self, doc: Doc):
        self.doc = doc

    @cached_property
    def issued(self) -> dict[str, list[tuple[int, Token]]]:
        """Read on the first description that asks: most articles have none."""
        found: dict[str, list[tuple[int, Token]]] = defaultdict(list)
        for token in self.doc:
            lemma = token.lemma_.lower()
            if lemma in ISSUED_NOUNS and token.pos_ == "NOUN":
                issuer = _issuer_of(token)
                if issuer is not None:
                    found[lemma].append((token.i, issuer))
        return found

    def before(self, d: _Described, table: NameTable) -> Entry | None:
        lemma = d.head.lemma_.lower()
        if lemma not in ISSUED_NOUNS or _determiner(d.head) not in _DEFINITE | {"this", "that"} or len(d.words) != 1:
            return None
        found = self.issued.get(lemma, [])
        position = bisect_left(found, d.head.i, key=lambda pair: pair[0])
        if position == 0:
            return None
        issuer = found[position - 1][1]
        name = issuer.doc[issuer.left_edge.i : issuer.i + 1].text
        entry = table.by_surname(issuer.text, issuer.idx) if issuer.ent_type_ == "PERSON" else None
        return entry or table.person(name) or table.organisation_for(name)


def _issuer_of(document: Token) -> Token | None:
    """ "filed by X", "released by X", "from X", "X's": who issued a document."""
    for child in document.children:
        if child.dep_ == "poss" and child.pos_ == "PROPN":
            return child
        if child.dep_ == "prep" and child.lower_ in {"by", "from"}:
            return next((g for g in child.children if g.dep_ == "pobj" and g.pos_ == "PROPN"), None)
        if child.dep_ == "acl":
            for agent in (g for g in child.children if g.dep_ == "agent"):
                return next((g for g in agent.children if g.dep_ == "pobj" and g.pos_ == "PROPN"), None)
    return None


def _same_place(d: _Described, kept: _Kept) -> Entry | None:
    """ "Malaysia's transport ministry" after "the Malaysian transport ministry": word for word
    the same, a country's name standing for its demonym, wherever the possessive stands
    ("Russia's Defence Ministry spokesman", "the Russian Defence Ministry's spokesman")."""
    for e in reversed(kept.by_shape.get(_shape(d.words), [])):
        if e.entry.kind is d.entry.kind and e.words != d.words:
            if all(_bare(a) == _bare(b) or _one_place(a, b) for a, b in zip(e.words, d.words, strict=True)):
                return e.entry
    return None


def _one_place(a: str, b: str) -> bool:
    a, b = _bare(a), _bare(b)
    return a != b and bool(places(a) & places(b))
