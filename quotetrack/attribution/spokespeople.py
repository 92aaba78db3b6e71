"""Whom a spokesperson speaks for: "a Kestrel spokesman", "a spokeswoman for the hospital",
"company spokeswoman Janelle Ortiz". The quote stays the spokesperson's (as every gold set
attributes it); the organisation is whose voice the remark is, so statements group it with
what the organisation itself is reported to have said (statements/linking.py): outlets report
one remark as the company's in one article and its spokeswoman's in the next.

A named spokesperson stays one person across the archive: their page lists their quotes and
the statements those quotes are in, and verify by speaker finds their words under the
organisation's voice too (statements/queries.py).

`name_spokespeople` runs both over an article's attributed quotes, once the name table is
frozen: whom each quote's spokesperson speaks for, and the name an unnamed one takes after it
("spokeswoman for the Plains Irrigators Association"), on a copy of the table's entry."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from ..extraction.candidate import Candidate
from ..normalization.folding import fold
from ..types import SpeakerKind
from .context import Resolution
from .names import is_common_noun_phrase
from .organisation_kinds import can_be, known_kind
from .table import Entry, NameTable

# Only people whose job is to speak for a body: an "official" or a "director" also speaks as
# themself, and a chief executive's opinion is not always the company's.
SPOKESPERSON_NOUNS = frozenset({"spokesperson", "spokesman", "spokeswoman", "spokespeople", "spokesmen", "spokeswomen"})
_OWNER_PREPOSITIONS = frozenset({"for", "of", "at"})
_DETERMINERS = frozenset({"a", "an", "the", "its", "their"})


@dataclass(frozen=True)
class Spokespeople:
    """An article's quotes' speakers as its speakers are named: `speakers`, each quote's entry (by
    the quote's index; None where no speaker was found), an unnamed spokesperson named after
    their organisation as a copy of the table's entry; `spoken_for`, the organisation each
    spokesperson's quote speaks for, by the quote's index."""

    speakers: list[Entry | None]
    spoken_for: dict[int, Entry]


def speaker_key(entry: Entry) -> tuple[SpeakerKind, str]:
    """One Speaker per kind and name, whatever the case: the key an article's speakers are filed
    under (quotes.py), which also says a speaker's first quote."""
    return entry.kind, entry.name.lower()


def name_spokespeople(
    resolutions: list[tuple[Candidate, Resolution]],
    table: NameTable,
    text: str,
    paragraph_of: Callable[[int], int],
) -> Spokespeople:
    """Whom each quote's spokesperson speaks for, and unnamed spokespeople named once, at their
    speaker's first quote, after that organisation (`named_spokesperson_description`; the name
    they were given becomes an alias). The table and its entries are left as they are: a
    named spokesperson is a copy, which their later quotes then read."""
    named: dict[int, Entry] = {}  # id of the table's entry -> the entry as named
    spoken_for: dict[int, Entry] = {}
    seen: set[tuple[SpeakerKind, str]] = set()
    for index, (candidate, resolution) in enumerate(resolutions):
        if resolution.entry is None:
            continue
        entry = named.get(id(resolution.entry), resolution.entry)
        # Whom "the firm" in "a spokeswoman for the firm" is: the body named last before that
        # mention, not before the quote ("... for the firm later told the Courier the warden ...").
        mentioned = candidate.speaker_head.idx if candidate.speaker_head is not None else candidate.start
        organisation = organisation_spoken_for(entry, mentioned, table)
        if organisation is not None:
            spoken_for[index] = organisation
            name = (
                named_spokesperson_description(entry, organisation, mentioned, text, paragraph_of)
                if speaker_key(entry) not in seen
                else None
            )
            if name is not None:  # "spokeswoman for the group", as the article calls her, stays an alias
                entry = named[id(resolution.entry)] = replace(entry, name=name, aliases=entry.aliases | {entry.name})
        seen.add(speaker_key(entry))
    speakers = [named.get(id(r.entry), r.entry) if r.entry is not None else None for _, r in resolutions]
    return Spokespeople(speakers, spoken_for)


def organisation_spoken_for(entry: Entry, position: int, table: NameTable) -> Entry | None:
    """The organisation whose spokesperson `entry` is, going by the article's words for it
    (an unnamed one's description, a named one's titles here), if one the article names fits;
    for a kind of body the article names none of ("a council spokesman"), that kind alone.
    `position`: where the quote is, for "a spokeswoman for the hospital" (the hospital named
    last before it)."""
    if entry.kind is SpeakerKind.UNNAMED_SOURCE:
        descriptions: tuple[str, ...] = (entry.name,)
    elif entry.kind is SpeakerKind.PERSON:
        descriptions = tuple(entry.titles)  # "Company spokeswoman Janelle Ortiz"
    else:
        return None
    for description in descriptions:
        owner = _owner_words(description)
        if owner is None:
            continue
        # A spokesperson speaks for the body the story named last before it introduced them
        # ("Kestrel Regional Airlines ... spokesman Jarrah Pellow said", "ParkSure, the firm
        # that runs ... A spokeswoman for the firm later told the Courier ..."), as a reader
        # takes it, whatever bodies come up between their description and their quotes.
        introduced = min(entry.positions, default=position)
        found = _organisation_named(owner, introduced, table) if owner else table.nearest_organisation(introduced)
        if found is not None:
            return found
        if len(owner) == 1 and known_kind(fold(owner[0])):
            # "a council spokesman" in a story that never names the council: the body by its
            # kind, which identity finds in the archive by a place the article names
            # (storage/identity.py), else keeps as the article's own.
            return Entry(owner[0].lower(), SpeakerKind.ORGANISATION)
    return None


def named_spokesperson_description(
    entry: Entry, organisation: Entry, mentioned: int, text: str, paragraph_of: Callable[[int], int]
) -> str | None:
    """ "spokeswoman for the group" -> "spokeswoman for the Plains Irrigators Association": an
    unnamed spokesperson whose description calls their organisation only by its kind, named
    after the organisation the article named in the paragraph of the mention (at `mentioned`)
    or the one before ("the" kept where the article writes it). None when the description
    already names it ("a ParkSure spokeswoman") or is bare, or the organisation was named
    further back: a reader may take "the agency" for one the story brought up since, inside
    a quote (which the name table does not read), and a wrong name shown is worse than "the
    agency"."""
    if entry.kind is not SpeakerKind.UNNAMED_SOURCE or organisation.kind is not SpeakerKind.ORGANISATION:
        return None
    owner = _owner_words(entry.name)
    if not owner or len(owner) != 1 or is_common_noun_phrase(organisation.name):
        return None
    if not known_kind(fold(owner[0])) and not (owner[0].islower() and can_be(organisation, fold(owner[0]))):
        return None  # "a chamber spokesman" is named for a body whose name holds "Chamber"
    last = organisation.mentioned_before(mentioned)
    if last is None or paragraph_of(mentioned) - paragraph_of(last) > 1:
        return None
    noun = next(w for w in entry.name.split() if fold(w).strip(".,") in SPOKESPERSON_NOUNS)
    article = "the " if re.search(r"\bthe\s+" + re.escape(organisation.name), text, re.IGNORECASE) else ""
    return f"{noun} for {article}{organisation.name}"


def _owner_words(description: str) -> list[str] | None:
    """ "Kestrel spokesman" -> ["Kestrel"]; "spokeswoman for the hospital" -> ["hospital"];
    "the ministry's spokesman" -> ["ministry"]; "spokesman" -> []; "mayor" -> None."""
    words = description.split()
    folded = [fold(w).strip(".,") for w in words]
    at = next((i for i, w in enumerate(folded) if w in SPOKESPERSON_NOUNS), None)
    if at is None:
        return None
    after = folded[at + 1 :]
    owner = words[at + 2 :] if after and after[0] in _OWNER_PREPOSITIONS else words[:at]
    while owner and fold(owner[0]) in _DETERMINERS:
        owner = owner[1:]
    # Only the owner's own possessive goes ("the ministry's"): one inside its name stays
    # ("a St. Brendan's Medical Center spokeswoman").
    owner = [*owner[:-1], re.sub(r"['’]s$", "", owner[-1])] if owner else owner
    return [w.strip(",") if i < len(owner) - 1 else w.strip(".,") for i, w in enumerate(owner)]


def _organisation_named(owner: list[str], position: int, table: NameTable) -> Entry | None:
    text = " ".join(owner)
    named = _only_longer_name(text, table) or table.organisation_for(text)
    if named is not None and not is_common_noun_phrase(named.name):
        return named if named.kind is SpeakerKind.ORGANISATION else None
    if len(owner) != 1:
        return None
    # A kind of body ("hospital", "Company", "council"), or a word of a body's name ("a chamber
    # spokesman" after "The Port Alder Chamber of Commerce"): the one of that kind the article
    # named last before the quote, else the first it names after.
    noun = fold(owner[0])
    fitting = [
        e
        for e in table.organisations.values()
        if e.name[:1].isupper() and not is_common_noun_phrase(e.name) and can_be(e, noun)
    ]
    if not known_kind(noun) and not (owner[0].islower() and fitting):
        return None  # a kind the lexicon does not know fits only a body whose name holds the word
    return table.nearest_organisation(position, lambda e: any(e is f for f in fitting)) or next(
        iter(sorted(fitting, key=lambda e: min(e.positions, default=0))), None
    )


def _only_longer_name(short: str, table: NameTable) -> Entry | None:
    """ "a Northway spokeswoman" after "Northway Ferries": the one organisation whose fuller
    name the words open (a reader takes the short form for it), if exactly one does."""
    words = fold(short).split()
    found = {
        id(e): e
        for e in table.organisations.values()
        if len(fold(e.name).split()) > len(words)
        and fold(e.name).split()[: len(words)] == words
        and not is_common_noun_phrase(e.name)
    }
    return next(iter(found.values())) if len(found) == 1 else None
