"""Whether an organisation can be what a description calls it: "the union" is not a city.

"The agency said" refers back to an organisation of the article, but only to one of the
right kind: an agency, not the company or the school named last. A name shows its kind by
its words ("Riverside Transit Authority", "Municipality of Livorno", "Bank of Canada"); a name
that shows no kind ("Tesla", "SkyWest") can be a company, a firm or a group, not a city or a
court. Data and one predicate; the sieves decide what to do when nothing agrees.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Protocol

from ..types import SpeakerKind
from .names import fold


class Named(Protocol):
    """What can_be reads of an organisation (a table Entry): the table reads kinds too, so
    this module does not import it."""

    @property
    def name(self) -> str: ...
    @property
    def kind(self) -> SpeakerKind: ...
    @property
    def aliases(self) -> Collection[str]: ...


# Words in an organisation's name that show it is what the description says. The description
# noun itself always counts ("the council" / "Halton Regional Council").
_KIND_WORDS: dict[str, frozenset[str]] = {
    noun: frozenset(words.split())
    for noun, words in {
        "agency": "agency administration service bureau commission authority enforcement office department "
        "directorate institute center centre inspectorate",
        "department": "department ministry office agency dept",
        "office": "office department ministry bureau agency secretariat",
        "administration": "administration government agency cabinet",
        "ministry": "ministry department office",
        "government": "government administration cabinet",
        "city": "city municipality council town borough village township",
        "county": "county parish borough",
        "state": "state commonwealth government",
        "police": "police constabulary sheriff sheriffs rcmp gendarmerie patrol",
        "union": "union federation association guild brotherhood confederation workers teamsters",
        "bank": "bank banque reserve",
        "court": "court tribunal",
        "hospital": "hospital medical health clinic infirmary healthcare",
        "university": "university college institute",
        "college": "college university institute academy",
        "school": "school academy college",
        "party": "party",
        "commission": "commission committee",
        "committee": "committee commission panel",
        "council": "council assembly",
        "board": "board council commission authority",
        "bureau": "bureau agency office",
        "service": "service agency",
        "campaign": "campaign committee",
        "church": "church diocese archdiocese parish",
        "museum": "museum gallery",
        "embassy": "embassy consulate mission",
        "newspaper": "times post news herald journal tribune gazette press daily",
        "district": "district board",
        "airline": "airline airlines air airways",
        # A carrier is an airline, a shipping line, a railway or a telephone company: never a
        # regulator or a ministry ("The Civil Aviation Authority was reviewing ... The carrier said").
        "carrier": "airline airlines air airways lines line shipping rail railway railways telecom "
        "telecommunications mobile wireless communications express freight cargo",
        "center": "center centre institute agency",
        "institute": "institute institution center centre academy",
        "foundation": "foundation fund trust charity",
        "charity": "charity foundation trust fund appeal",
        "association": "association federation union society league",
        "federation": "federation association union confederation league",
        "authority": "authority agency commission board administration",
        "regulator": "regulator authority commission agency office administration board",
        "watchdog": "watchdog regulator authority commission agency office ombudsman inspectorate",
        "army": "army military forces",
        "military": "military army navy forces defense",
        "coalition": "coalition alliance front",
        "alliance": "alliance coalition front",
        # Any body of members or a cause, besides a company whose name shows no kind (below):
        # "The Plains Irrigators Association ... A spokeswoman for the group".
        "group": "group association federation union coalition alliance campaign foundation charity society "
        "league network trust fund collective movement club party",
        "organization": "organization association federation union coalition alliance campaign foundation "
        "charity society league network trust fund collective movement institute",
    }.items()
}
# British spellings read as the American ones the table is keyed by: "the centre" of the
# "Pacific Tsunami Warning Center", "the defence ministry" of a "Defense Department".
_SPELLING = {"centre": "center", "organisation": "organization", "defence": "defense", "programme": "program"}
# Descriptions any organisation whose name shows no other kind can be: "the company" said of
# "SkyWest", "the group" said of "Greenpeace".
_GENERIC = frozenset(
    "company firm group organization organisation team club league unit division network station carrier".split()
)
# Kinds of organisation that go by acronyms: "the agency" (ICE), "the union" (CUPE).
_OFTEN_ACRONYMS = frozenset(
    "agency department office bureau service commission administration ministry board council committee union "
    "party".split()
)
# Every word that shows a specific kind: a name holding one is not a mere "company".
# A carrier is a company: the words that show one ("Harbour Line Ferries") still let it be "the company".
_SPECIFIC = frozenset(word for noun, words in _KIND_WORDS.items() if noun != "carrier" for word in words) - {
    "air",
    "daily",
    "press",
}


def can_be(entry: Named, noun: str) -> bool:
    """Whether organisation `entry` can be called "the <noun>"."""
    if entry.kind is not SpeakerKind.ORGANISATION:
        return False
    words = {_american(w.strip(".,'’()")) for name in (entry.name, *entry.aliases) for w in fold(name).split()}
    noun = _american(noun)
    wanted = _KIND_WORDS.get(noun, frozenset()) | {noun}
    if words & wanted:
        return True
    if words & _SPECIFIC:
        return False  # its name shows another kind
    # A name that shows no kind: a company or a group. An acronym hides its kind: "ICE" can be
    # "the agency" when the article never spells it out, but a government, a city or a court
    # is rarely called by letters alone (and a broadcaster often is).
    return noun in _GENERIC or (noun in _OFTEN_ACRONYMS and _is_acronym(entry.name))


def _american(word: str) -> str:
    return _SPELLING.get(word, word)


def _is_acronym(name: str) -> bool:
    letters = name.replace(".", "").replace("&", "")
    return 2 <= len(letters) <= 6 and letters.isalpha() and letters.isupper()


def known_kind(noun: str) -> bool:
    """Whether the description says enough about its organisation's kind to check it."""
    return _american(noun) in _KIND_WORDS or noun in _GENERIC
