"""An indefinite description introduces someone new: "One poster admitted ... The poster wrote
... Critics on the newsgroup were critical, with one poster writing ...". The sieves give each
indefinite mention an entry of its own, and the definite ones ("the poster") the entry before
them; but speakers are built by name, so two entries both named "one poster" would become one
speaker holding two people's quotes. The later one is numbered apart ("one poster (2)"), with
the description as written kept as its alias.

A definite description or a name is never split here: "the spokesman" twice is one person.
"""

from __future__ import annotations

from dataclasses import replace

from ..extraction.candidate import Candidate
from ..types import SpeakerKind
from .context import Resolution
from .table import Entry

_INDEFINITE = ("a ", "an ", "one ")


def separate_new_referents(resolved: list[tuple[Candidate, Resolution]]) -> list[tuple[Candidate, Resolution]]:
    """Rename (text order) every later entry that an indefinite mention introduced under a name
    an earlier entry of the article already has. Two quotes of one mention ("A spokeswoman for
    the group said ... but warned that ...") are one person: the later takes the earlier's entry."""
    holders: dict[str, Entry] = {}
    heads: dict[int, Entry] = {}  # the speaker mention's head token -> the entry it introduced
    out = []
    for candidate, resolution in resolved:
        entry = resolution.entry
        if entry is None or entry.kind is not SpeakerKind.UNNAMED_SOURCE:
            out.append((candidate, resolution))
            continue
        head = candidate.speaker_head.i if candidate.speaker_head is not None else None
        if head is not None and head in heads and heads[head] is not entry:
            out.append((candidate, replace(resolution, entry=heads[head])))
            continue
        if head is not None:
            heads[head] = entry
        out.append((candidate, resolution))
        key = entry.name.lower()
        holder = holders.setdefault(key, entry)
        if holder is entry or not (resolution.mention or "").lower().startswith(_INDEFINITE):
            continue
        number = 2
        while f"{key} ({number})" in holders:
            number += 1
        entry.aliases.add(entry.name)  # still what the article calls them
        entry.name = f"{entry.name} ({number})"
        holders[entry.name.lower()] = entry
    return out
