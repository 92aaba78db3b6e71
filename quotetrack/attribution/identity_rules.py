"""The identity rules on names alone: which words are a proper name, a person's first and last
name, the keys the archive files a speaker under, whether two sets of titles fit one person,
and which of an article's descriptions its named speakers answer to.

Pure functions over `types.Speaker` and strings, no database: storage/identity.py (the
Resolver) applies them to the archive's rows (the data migrations use a frozen copy,
storage/name_upgrade_rules.py). They live in attribution because that is the floor of what
they read: the name rules of attribution/names.py (canonical_person, family_name, role_of,
...) and the honorifics of extraction/cues.py. Storage, above attribution, may import them.

- A person is keyed by the name without titles ("Councilmember Dana Reyes" is Dana Reyes,
  titled Councilmember); the key folds case and diacritics and keeps a particle surname whole
  ("person:ignazio|la russa"), a surname-first name's family name as its surname
  ("person:jae in|moon").
- An organisation by its name and proper-name aliases ("organization:immigration and customs
  enforcement", "organization:ice"); a speaker never shared by "local:<article>:<kind>:<name>".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..extraction.cues import HONORIFICS
from ..normalization.folding import ascii_letters, fold, fold_words
from ..types import Speaker, SpeakerKind
from .names import canonical_person, family_name, is_description, is_surname_first, role_of

PRONOUNS = frozenset("i me we us you he him she her they them it one someone somebody who".split())
# Words that are not a name even when capitalised at the start of a sentence or in a headline.
GENERIC = frozenset(
    """
person people persons official officials expert experts source sources spokesman spokeswoman spokesperson
critic critics resident residents analyst analysts observer observers witness witnesses police authorities
government reports report media journalist journalists reporter reporters neighbour neighbours neighbor
neighbors friend friends family relatives parent parents student students teacher teachers worker workers
lawyer lawyers attorney attorneys advocate advocates activist activists scientist scientists researchers
researcher doctor doctors user users poster posters voter voters member members leader leaders staff
someone anyone everyone nobody statement the a an
""".split()
)
_SUFFIXES = frozenset("jr jr. sr sr. ii iii iv".split())
_ROMAN = re.compile(r"^[ivxlcdm]+\.?$", re.IGNORECASE)
_INITIAL = re.compile(r"^[A-Z]\.?$")
_LEADING_ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.IGNORECASE)


def folded_name(text: str) -> str:
    """The search form (fold_words) less a leading article: "The Boston Globe" -> "boston globe"."""
    return _LEADING_ARTICLE.sub("", fold_words(text))


def is_proper_name(name: str) -> bool:
    """Some word is capitalised and not a pronoun, generic noun or roman numeral: "Tom Homan",
    "ICE", "Church of Scientology"; not "person", "Officials", "he", "II"."""
    words = [w.strip(".,'’\"()") for w in name.split()]
    return any(
        w[:1].isupper() and w.lower() not in PRONOUNS and w.lower() not in GENERIC and not _ROMAN.match(w)
        for w in words
        if w
    )


@dataclass(frozen=True)
class PersonName:
    first: str  # folded; "" for a bare surname
    last: str  # folded
    initial: str = ""  # first initial of a bare surname written "J. Smith"


def person_name(name: str) -> PersonName | None:
    """First and last name, without titles, honorifics, middle initials and suffixes; the
    last name with its particles ("La Russa", "bin Salman") and without an attached "al-"
    ("al-Obeidi" is keyed "obeidi", as a bare "Obeidi" is)."""
    _, rest = canonical_person(name)
    words = [w for w in rest.split() if w.lower() not in HONORIFICS]
    while words and words[-1].lower().rstrip(",") in _SUFFIXES:
        words.pop()
    names = [w for w in words if not _INITIAL.match(w)]
    if not names:
        return None
    family = family_name(names)
    last = _surname_key(" ".join(family))
    if not last:
        return None
    given = [w for w in names if w not in family] if is_surname_first(names) else names[: len(names) - len(family)]
    if not given:
        initial = folded_name(words[0])[:1] if _INITIAL.match(words[0]) else ""
        return PersonName("", last, initial)
    return PersonName(folded_name(given[0]), last)


def _surname_key(text: str) -> str:
    folded = folded_name(text.replace("-", " ", 1) if text[:3].lower() in {"al-", "el-"} else text)
    return re.sub(r"^(?:al|el) (?=\w{2})", "", folded)


def person_key(person: PersonName) -> str:
    return f"person:{person.first}|{person.last}"


def organization_keys(speaker: Speaker) -> list[str]:
    """The organisation's name first, then its proper-name aliases ("ICE", "Immigration and
    Customs Enforcement"); not role words ("the agency")."""
    keys = []
    for name in (speaker.name, *speaker.aliases):
        # A description ("Malaysia's transport ministry") is this article's wording, not a
        # name another article's speaker can share.
        if not name.startswith("@") and is_proper_name(name) and not is_description(name) and folded_name(name):
            key = f"organization:{folded_name(name)}"
            if key not in keys:
                keys.append(key)
    return keys


def normalised(speaker: Speaker) -> Speaker:
    """The speaker as the archive stores it: a person's titles split off the name."""
    if speaker.kind is not SpeakerKind.PERSON:
        return speaker
    titles, name = canonical_person(speaker.name)
    if not titles or not name:
        return speaker
    return Speaker(
        name,
        speaker.kind,
        tuple(dict.fromkeys([*titles, *speaker.titles])),
        tuple(dict.fromkeys([*speaker.aliases, speaker.name])),
    )


def local_key(article_id: int, speaker: Speaker) -> str:
    return f"local:{article_id}:{speaker.kind.value}:{folded_name(speaker.name) or fold(speaker.name)}"


def roles(titles: list[str] | tuple[str, ...]) -> set[str]:
    return {role for role in (role_of(t) for t in titles) if role}


def titles_compatible(a: list[str] | tuple[str, ...], b: list[str] | tuple[str, ...]) -> bool:
    """No title on one side, or a role in common ("Gov." and "governor")."""
    ra, rb = roles(a), roles(b)
    return not ra or not rb or bool(ra & rb)


def described_in_article(speakers: list[Speaker]) -> dict[Speaker, Speaker]:
    """Descriptions the same article's speakers give a name to: "the Chinese Premier" is the
    one person quoted here with that whole title ("Chinese Premier Wen Jiabao"); a one-word
    group ("officials", "authors") is the one longer description of the article ending in
    that word ("the report's authors"), unless the word is one news uses for many sets of
    people in one story ("officials", "sources", "experts": GENERIC). With none or several,
    it stays itself."""
    descriptions = [s for s in speakers if s.kind in (SpeakerKind.GROUP, SpeakerKind.UNNAMED_SOURCE)]
    people = [(normalised(s), s) for s in speakers if s.kind is SpeakerKind.PERSON]
    people = [(n, s) for n, s in people if (name := person_name(n.name)) is not None and name.first]
    found: dict[Speaker, Speaker] = {}
    for description in descriptions:
        words = folded_name(description.name)
        if not words:
            continue
        holders = {folded_name(n.name): s for n, s in people if any(folded_name(t) == words for t in n.titles)}
        longer = {
            folded_name(d.name): d
            for d in descriptions
            if " " not in words
            and words not in GENERIC  # "officials", "sources", "experts": often other ones
            and folded_name(d.name).endswith(" " + words)
            and d.kind is description.kind
        }
        if len(holders) == 1:
            found[description] = next(iter(holders.values()))
        elif not holders and len(longer) == 1:
            found[description] = next(iter(longer.values()))
    return found


# A bare surname several archived people answer to, and no clue in its article, is the one
# whose quotes under their own name outnumber every namesake's PROMINENCE_RATIO times over, with
# at least PROMINENCE_MIN of them. At 10 to 1, if a bare surname named people as often as their
# full names are quoted, the prominent one would be right at least 10 times in 11 (91%), the rate
# of the joins an archive already makes on a surname alone; 20 quotes keep a young archive's
# counts (3 to 0 after one article) from deciding, and a relative's next article from swinging it.
PROMINENCE_RATIO = 10
PROMINENCE_MIN = 20


@dataclass(frozen=True)
class Namesake:
    """An archived person a bare surname may be: their first names (folded) and quote count."""

    firsts: tuple[str, ...]
    quotes: int


@dataclass(frozen=True)
class NamesakeChoice:
    chosen: int | None  # index among the namesakes; None: none decides, the surname stays apart
    rule: str  # "unique", "first_name", "prominence" or "none"
    evidence: dict


def choose_namesake(namesakes: list[Namesake], text: str) -> NamesakeChoice:
    """Which of the compatible archived people (titles and roles already checked) a bare surname
    is: the only one; else the one whose first name the article writes (capitalised, anywhere);
    else the prominent one (PROMINENCE_RATIO, PROMINENCE_MIN); else none."""
    counts = {"quote_counts": [n.quotes for n in namesakes]}
    if len(namesakes) == 1:
        return NamesakeChoice(0, "unique", {})
    if not namesakes:
        return NamesakeChoice(None, "none", {})
    written = [i for i, n in enumerate(namesakes) if any(_writes_name(text, first) for first in n.firsts)]
    if len(written) == 1:
        return NamesakeChoice(written[0], "first_name", {"first_name": namesakes[written[0]].firsts[0]})
    if written:  # the article names several of them: the bare surname could be either
        return NamesakeChoice(None, "none", {"first_names_written": [namesakes[i].firsts[0] for i in written]})
    ranked = sorted(range(len(namesakes)), key=lambda i: -namesakes[i].quotes)
    top, second = namesakes[ranked[0]].quotes, namesakes[ranked[1]].quotes
    if top >= PROMINENCE_MIN and top >= PROMINENCE_RATIO * second:
        return NamesakeChoice(ranked[0], "prominence", counts)
    return NamesakeChoice(None, "none", counts)


def _writes_name(text: str, first: str) -> bool:
    """Whether `text` writes the folded name `first` as a capitalised word ("Angela")."""
    if len(first) < 2 or not text:
        return False
    pattern = r"(?<![\w-])" + r"\s+".join(re.escape(w) for w in first.split()) + r"(?![\w-])"
    return any(m.group()[:1].isupper() for m in re.finditer(pattern, ascii_letters(text), re.IGNORECASE))
