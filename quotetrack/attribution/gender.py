"""The usual gender of a first name, for pronoun agreement ("Angela Merkel ... she said").

The lexicon is nomquamgender's name data (PyPI `nomquamgender`, MIT licence, data bundled in
the wheel: 720k names aggregated from ~36 public name-gender sources; Van Buskirk, Clauset &
Larremore, ICWSM 2023). Each entry is `name: [sources, observations, p(gendered female), ...]`.

A name only counts when its evidence is strong: at least MIN_OBSERVATIONS people and
p(female) <= 0.1 or >= 0.9 (nomquamgender's own default cut-off). "Jean", "Kim", "Taylor",
"Nicola" are ambiguous across countries and give None, which the caller must treat as
"no evidence", never as a third answer.

We read the JSON file ourselves rather than importing `nomquamgender`, whose module imports
pandas and builds a 720k-entry dict of lists (1.5 s, ~250 MB). A regular expression that only
matches the strongly gendered entries keeps ~155k names in ~20 MB and loads in ~0.3 s.
"""

from __future__ import annotations

import importlib.util
import re
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import Literal

Gender = Literal["male", "female"]

MIN_OBSERVATIONS = 10

# `"name": [sources, observations, p_female` with observations >= 10 (two or more digits) and
# p_female in [0, 0.1] or [0.9, 1]. Floats are written by Python's repr: "0.0", "0.07", "0.1",
# "0.93", "1.0". Keys with escapes are junk rows ("k\u007frpa...") and are skipped.
_STRONG_ENTRY = re.compile(
    r'"(?P<name>[^"\\]+)": \[\d+, \d{2,}, (?:(?P<male>0\.0\d*|0\.1)|(?P<female>0\.9\d*|1\.0))[,\]]'
)


# Given names borne by at least this many people in the name data ("Christian", "Hunter",
# "Mason", "Grant": names first), against words the data holds from a few bearers only
# ("Farmer" 146, "Elder" 2,368, "Judge" 3,590: nouns first).
COMMON_GIVEN_NAME_OBSERVATIONS = 10_000
# Five digits or more: a cheap first cut at the 10,000 above, which the reader then checks.
_COMMON_ENTRY = re.compile(r'"(?P<name>[^"\\]+)": \[\d+, (?P<observations>\d{5,}),')


def _name_data_path() -> Path:
    # find_spec on a top-level package locates it without running its __init__ (which imports pandas).
    spec = importlib.util.find_spec("nomquamgender")
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError("nomquamgender is not installed (it is a pinned dependency of quotetrack)")
    return Path(next(iter(spec.submodule_search_locations))) / "name_data.json"


@lru_cache(maxsize=1)
def _name_data() -> tuple[dict[str, Gender], frozenset[str]]:
    """The strongly gendered names and the common given names, from one read of the file."""
    text = _name_data_path().read_text(encoding="utf-8")
    genders: dict[str, Gender] = {
        match["name"]: "male" if match["male"] else "female" for match in _STRONG_ENTRY.finditer(text)
    }
    common = frozenset(
        match["name"]
        for match in _COMMON_ENTRY.finditer(text)
        if int(match["observations"]) >= COMMON_GIVEN_NAME_OBSERVATIONS
    )
    return genders, common


def _lexicon() -> dict[str, Gender]:
    return _name_data()[0]


def _normalize(word: str) -> str:
    """The lexicon's spelling: lower case ASCII ("José" -> "jose"), as nomquamgender stores it."""
    decomposed = unicodedata.normalize("NFKD", word.strip().strip(".,").lower())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def first_name_gender(name: str) -> Gender | None:
    """The usual gender of the first word of `name` ("male"/"female") if strongly gendered, else None.

    `name` may be a first name ("Angela") or a full name ("Angela Merkel"); initials ("J. K.")
    give None. A hyphenated name ("Jean-Pierre") is looked up whole, then by its first part.
    Only pass a person's name that starts with a given name: the lexicon also holds words that
    are surnames or plain words elsewhere ("Obama", "Said", "Prime" read as male).
    """
    words = name.split()
    if not words:
        return None
    first = _normalize(words[0])
    if len(first) < 2:
        return None
    lexicon = _lexicon()
    found = lexicon.get(first)
    if found is None and "-" in first:
        found = lexicon.get(first.split("-", 1)[0])
    return found


def is_common_given_name(word: str) -> bool:
    """Whether `word` is a given name of at least COMMON_GIVEN_NAME_OBSERVATIONS people."""
    return _normalize(word) in _name_data()[1]
