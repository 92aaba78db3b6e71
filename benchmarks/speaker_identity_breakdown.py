"""Why speakers mix people, split people or carry the wrong name: a breakdown of the errors
benchmarks/speaker_identity.py counts, so the team sees which part of the pipeline to fix.

Every matched quote is one `Judged` row: the stored speaker, the article's own speaker (the
name attribution handed to the identity step, `identity.mention`) and the gold speaker.

- A quote whose article speaker is not its gold speaker was attributed wrongly inside its
  article: whatever it mixes or splits is **attribution**'s.
- A quote whose article speaker is right but whose stored speaker also holds another gold
  person's rightly attributed quotes was joined by **identity**: within one article or across
  articles, by a shared surname, a group or description joined to a person, organisations
  joined by a common word.
- A gold person whose rightly attributed quotes sit on several stored speakers was split by
  identity or naming: a title in one name, diacritics, a first or last name only, an
  acronym or short form, a description instead of the name, another variant.
- A wrong name on a rightly attributed speaker: a title left in, a shorter or longer
  variant, a cut surname, a description cut short, an acronym for the full name.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass

from quotetrack.attribution.names import ROLE_WORDS, fold
from quotetrack.extraction.cues import HONORIFICS

_GROUP_KINDS = {"group", "unnamed_source"}


@dataclass(frozen=True)
class Judged:
    article: str  # the benchmark's label of the article
    speaker: str  # stored speaker id ("none:<quote id>" when unattributed)
    name: str  # stored speaker's name ("" when unattributed)
    kind: str  # stored speaker's kind
    mention: str  # the article's own speaker name, before identity
    mention_right: bool  # the article's own speaker is the gold speaker
    gold: str  # gold person key (benchmarks/speaker_identity.gold_person)
    gold_name: str  # gold canonical name as written


def _words(name: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", fold(name.replace("’", "'")).replace("'", ""))


def _plain(name: str) -> list[str]:
    """Words of a name without titles, honorifics and a leading article."""
    words = _words(name)
    while words and words[0] in {"the", "a", "an"}:
        words = words[1:]
    return [w for w in words if w not in ROLE_WORDS and w not in {h.rstrip(".") for h in HONORIFICS}]


def _initials(name: str) -> str:
    return "".join(w[0] for w in _words(name) if w not in {"of", "and", "for", "the", "on", "de"})


def _is_acronym_of(short: str, long: str) -> bool:
    s = "".join(_words(short))
    return len(_words(short)) == 1 and len(_words(long)) >= 2 and s == _initials(long)


def owner(quotes: list[Judged]) -> str:
    """The gold person a stored speaker stands for: who holds most of its quotes, ties to
    the one its name names."""
    counts = Counter(q.gold for q in quotes)
    named = {q.gold for q in quotes if _plain(q.name) == _plain(q.gold_name)}
    return max(counts, key=lambda g: (counts[g], g in named, g))


def mix_cause(intruder: Judged, host: list[Judged]) -> str:
    """Why `intruder` (another gold person's quote) sits on the stored speaker of `host`."""
    if not intruder.mention_right:
        return "attribution: wrong speaker chosen in the article"
    # The article gave both people the same name (gold accepts the other party of a nested
    # attribution as an alias): attribution chose one speaker for two people.
    same_name = {(q.article, fold(q.mention)) for q in host if q.gold != intruder.gold and q.mention}
    if (intruder.article, fold(intruder.mention)) in same_name:
        return "attribution: one name in the article for two people"
    rightful = [q for q in host if q.gold != intruder.gold and q.mention_right]
    if not rightful:
        return "attribution: the speaker's own quotes are misattributed"
    where = "within one article" if any(q.article == intruder.article for q in rightful) else "across articles"
    other = rightful[0]
    a, b = _plain(intruder.gold_name), _plain(other.gold_name)
    if intruder.kind in _GROUP_KINDS or any(q.gold.count("::") for q in (intruder, other)):
        how = "a group or description joined"
    elif a and b and a[-1] == b[-1]:
        how = "same surname"
    elif intruder.kind == "organization" and set(a) & set(b):
        how = "organisations joined by a common word"
    else:
        how = "other join"
    return f"identity ({where}): {how}"


def split_cause(part: list[Judged], main: list[Judged]) -> str:
    """Why the gold person's quotes in `part` are not on the speaker holding `main`."""
    if not all(q.mention_right for q in part):
        return "attribution: a wrong speaker chosen in the article"
    a, b = part[0].name, main[0].name
    if fold(a) == fold(b) and a != b:
        return "diacritics or case"
    if part[0].kind in _GROUP_KINDS or main[0].kind in _GROUP_KINDS:
        return "a description instead of the name"
    if _plain(a) == _plain(b):
        return "a title in the name"
    if _is_acronym_of(a, b) or _is_acronym_of(b, a):
        return "acronym"
    pa, pb = _plain(a), _plain(b)
    if pa and pb and (len(pa) == 1 and pa[0] == pb[0] or len(pb) == 1 and pb[0] == pa[0]):
        return "first name only"
    if pa and pb and (set(pa) < set(pb) or set(pb) < set(pa)):
        return "a short form (surname, part of the name)"
    if pa and pb and pa[-1] == pb[-1]:
        return "another given name or spelling"
    return "another variant"


def name_cause(stored: str, kind: str, gold: str, gold_alias: bool = False) -> str:
    """Why a rightly attributed speaker's stored name is not the gold canonical name.
    `gold_alias`: the stored name is one of the gold aliases, which for a nested attribution
    ("according to X, Y said") is the other party: that speaker was chosen, not misnamed."""
    if gold_alias:
        return "a gold alias (often the other party of a nested attribution)"
    s, g = _words(stored), _words(gold)
    ps, pg = _plain(stored), _plain(gold)
    if fold(stored) == fold(gold):
        return "case or punctuation"
    if ps == pg and len(s) > len(g):
        return "title left in"
    if _is_acronym_of(stored, gold):
        return "acronym for the full name"
    if _is_acronym_of(gold, stored):
        return "full name for the acronym"
    if kind in _GROUP_KINDS and set(s) < set(g):
        return "description cut short"
    if ps and pg and ps[-1] != pg[-1] and "-" in gold and ps[-1] in _words(gold.split()[-1]):
        return "hyphenated name cut"
    if ps and set(ps) < set(pg):
        return "a shorter variant chosen"
    if pg and set(pg) < set(ps):
        return "a longer name (words not the speaker's)"
    return "another name"


def breakdown(judged: list[Judged], right_named: dict[tuple[str, str, str, bool], int]) -> list[str]:
    """The report's lines. `right_named`: (stored name, kind, gold name, stored name is a
    gold alias) -> quotes whose speaker is right and name is not the gold name."""
    lines = []
    by_speaker: dict[str, list[Judged]] = defaultdict(list)
    for q in judged:
        if not q.speaker.startswith("none:"):
            by_speaker[q.speaker].append(q)
    mixed_causes: Counter[str] = Counter()
    mixed_detail = []
    for quotes in by_speaker.values():
        if len(quotes) < 2 or len({q.gold for q in quotes}) < 2:
            continue
        main = owner(quotes)
        causes = Counter(mix_cause(q, quotes) for q in quotes if q.gold != main)
        cause = next((c for c in causes if c.startswith("identity")), None) or causes.most_common(1)[0][0]
        mixed_causes[cause] += 1
        mixed_detail.append((cause, quotes[0].name, sorted({q.gold for q in quotes})))
    lines.append("why multi-quote speakers mix people (speakers; identity first when both):")
    for cause, n in sorted(mixed_causes.items(), key=lambda cn: (-cn[1], cn[0])):
        lines.append(f"  {n:3d}  {cause}")
    for cause, name, people in sorted(mixed_detail):
        if cause.startswith("identity"):
            lines.append(f"       {name}: {', '.join(people)}  [{cause}]")

    split_causes: Counter[str] = Counter()
    split_detail = []
    by_person: dict[str, dict[str, list[Judged]]] = defaultdict(lambda: defaultdict(list))
    for q in judged:
        by_person[q.gold][q.speaker].append(q)
    for person, parts in by_person.items():
        if len(parts) < 2:
            continue
        ordered = sorted(parts.values(), key=lambda qs: (-sum(q.mention_right for q in qs), -len(qs), qs[0].speaker))
        main = ordered[0]
        for part in ordered[1:]:
            cause = split_cause(part, main)
            split_causes[cause] += 1
            split_detail.append((cause, person, part[0].name or "unattributed", main[0].name or "unattributed"))
    lines.append("")
    lines.append("why gold people are split over several speakers (extra speakers):")
    for cause, n in sorted(split_causes.items(), key=lambda cn: (-cn[1], cn[0])):
        lines.append(f"  {n:3d}  {cause}")
    for cause, person, name, main_name in sorted(split_detail):
        if not cause.startswith("attribution"):
            lines.append(f"       {person}: {name!r} apart from {main_name!r}  [{cause}]")

    name_causes: Counter[str] = Counter()
    name_detail = []
    for (stored, kind, gold, alias), n in right_named.items():
        cause = name_cause(stored, kind, gold, alias)
        name_causes[cause] += n
        name_detail.append((cause, stored, gold, n))
    lines.append("")
    lines.append("why rightly attributed speakers carry a name other than the gold one (quotes):")
    for cause, n in sorted(name_causes.items(), key=lambda cn: (-cn[1], cn[0])):
        lines.append(f"  {n:3d}  {cause}")
    for cause, stored, gold, n in sorted(name_detail):
        lines.append(f"       {stored} -> {gold}: {n}  [{cause}]")
    return lines
