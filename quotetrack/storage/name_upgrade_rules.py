"""The name rules of the name migrations (0006, 0007, 0009), frozen (issue #43 item 1).

A migration is history: what it does to an archive must not change when the ingest's rules
do. So the name rules these migrations and their steps (name_upgrade.py) apply are a copy,
made at commit 6f9d220, of the live ones, which they imported until then:

- `fold`, `ascii_letters`, `fold_words` from quotetrack.normalization.folding;
- `TITLE_ABBREVIATIONS` from quotetrack.normalization.titles;
- `ORGANISATION_NOUNS`, `SOURCE_NOUNS`, `HONORIFICS`, `TITLE_NOUNS` from quotetrack.extraction.cues;
- `first_name_gender` from quotetrack.attribution.gender (the pinned nomquamgender data);
- the name rules (`canonical_person`, `family_name`, `is_common_noun_phrase`,
  `is_description`, `slugify`, ...) from quotetrack.attribution.names;
- `folded_name`, `is_proper_name`, `person_name`, `person_key` from
  quotetrack.attribution.identity_rules;
- `draw_slug` from quotetrack.storage.identity, on a migration's connection (Core tables).

Never edit these to follow the live rules: a rule change that old archives should get is a
new migration. tests/test_frozen_migrations.py says when the live rules and this copy part.
"""

from __future__ import annotations

import importlib.util
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection


# -- quotetrack.normalization.folding (6f9d220) -------------------------------------------------
def fold(text: str) -> str:
    """Lowercase ASCII fold for comparisons ("Peña" -> "pena")."""
    return ascii_letters(text).lower().strip()


def ascii_letters(text: str) -> str:
    """The text in ASCII, accents dropped and case kept ("Zürich" -> "Zurich")."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()


def fold_words(text: str) -> str:
    """Lowercase letters and digits separated by single spaces: the search form of a text."""
    return " ".join(re.findall(r"[a-z0-9]+", fold(text.replace("’", "'").replace("'", ""))))


# -- quotetrack.normalization.titles and quotetrack.extraction.cues (6f9d220) -------------------
# "abbreviation=role", in the live dict's order
TITLE_ABBREVIATIONS = dict(
    pair.split("=")
    for pair in """
gov.=governor gov=governor sen.=senator rep.=representative lt.=lieutenant pres.=president sec.=secretary
supt.=superintendent dir.=director gen.=general atty.=attorney amb.=ambassador rev.=reverend prof.=professor
sgt.=sergeant capt.=captain cmdr.=commander adm.=admiral col.=colonel det.=detective ceo=executive justice=judge
cr=councillor cr.=councillor cllr=councillor cllr.=councillor coun.=councillor coun=councillor couns.=councillor
maj.=major cpl.=corporal const.=constable insp.=inspector hon.=honourable insp=inspector supt=superintendent
sgt=sergeant prof=professor
""".split()
)
ORGANISATION_NOUNS = frozenset(
    """
agency department office administration company ministry police group organization organisation
campaign party union commission committee court council board bureau service firm government
unit division hospital university college school district company bank airline network newspaper
station club team league church museum city county state ministry embassy office
center centre institute foundation association federation charity authority regulator watchdog
army military coalition alliance carrier
""".split()
)
SOURCE_NOUNS = frozenset(
    "source sources official officials spokesperson spokesman spokeswoman person people aide aides insider".split()
)
HONORIFICS = frozenset("mr. mrs. ms. dr. mr mrs ms dr sir dame".split())
TITLE_NOUNS = frozenset(
    """
president vice governor lieutenant mayor senator representative congressman congresswoman councilor
councillor alderman director secretary minister chancellor chair chairman chairwoman chairperson
judge justice sheriff chief commissioner coach professor superintendent ambassador attorney general
prosecutor speaker leader treasurer auditor inspector officer detective sergeant captain colonel
commander admiral bishop pope king queen prince princess premier mp
""".split()
)


# -- quotetrack.attribution.gender (6f9d220) ----------------------------------------------------
_STRONG_ENTRY = re.compile(
    r'"(?P<name>[^"\\]+)": \[\d+, \d{2,}, (?:(?P<male>0\.0\d*|0\.1)|(?P<female>0\.9\d*|1\.0))[,\]]'
)


@lru_cache(maxsize=1)
def _gender_lexicon() -> dict[str, str]:
    spec = importlib.util.find_spec("nomquamgender")
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError("nomquamgender is not installed (it is a pinned dependency of quotetrack)")
    text = (Path(next(iter(spec.submodule_search_locations))) / "name_data.json").read_text(encoding="utf-8")
    return {match["name"]: "male" if match["male"] else "female" for match in _STRONG_ENTRY.finditer(text)}


def first_name_gender(name: str) -> str | None:
    words = name.split()
    if not words:
        return None
    decomposed = unicodedata.normalize("NFKD", words[0].strip().strip(".,").lower())
    first = "".join(char for char in decomposed if not unicodedata.combining(char))
    if len(first) < 2:
        return None
    lexicon = _gender_lexicon()
    found = lexicon.get(first)
    if found is None and "-" in first:
        found = lexicon.get(first.split("-", 1)[0])
    return found


# -- quotetrack.attribution.names (6f9d220) -----------------------------------------------------
_POSSESSIVE = re.compile(r"[’']s$")
_SUFFIXES = frozenset({"jr.", "jr", "sr.", "sr", "ii", "iii", "iv", "qc", "sc", "kc"})
ROLE_WORDS = (
    TITLE_NOUNS
    | frozenset(TITLE_ABBREVIATIONS)
    | frozenset(w.rstrip(".") for w in TITLE_ABBREVIATIONS)
    | frozenset(
        """
councilmember councilwoman councilman councilmembers alderwoman alderperson selectman selectwoman
assemblyman assemblywoman assemblymember constable
trooper marshal deputy acting assistant interim associate executive vice former spokesman spokeswoman
spokesperson ceo cfo coo cto mep msp mla mpp td pc cpl cpl. insp insp. maj maj. pvt pvt. sgt rabbi imam
reverend pastor cardinal archbishop magistrate coroner envoy emir sheikh chairman taoiseach consul
president-elect
""".split()
    )
)
_GIVEN_NAME_ROLES = frozenset({"dean", "marshal", "earl"})
PARTICLES = frozenset("de del della der den di da das dos du la le van von ten ter bin ibn abu al el st st.".split())
_GIVEN_HYPHENATED = re.compile(r"^[A-Z][a-z]+-[a-z]+$")
COMMON_NOUNS = (
    ORGANISATION_NOUNS
    | SOURCE_NOUNS
    | TITLE_NOUNS
    | frozenset(
        """
officials sources spokespeople staff authorities residents workers employees members leaders officers agents
administrators management managers executives researchers scientists experts analysts critics witnesses
hospital hospitals clinic company companies agency agencies department departments ministry authority
government council city county state police firm group team board media press
""".split()
    )
)
_NAME_CONNECTIVES = PARTICLES | frozenset("of and for the on in at to & a an des et y e sans und fur für".split())
STYLES = frozenset("datuk dato dato' datoʼ datin tun haji hajjah hajah seri tunku tengku pehin".split())
_STYLE_PAIRS = frozenset(
    {
        ("tan", "sri"),
        ("puan", "sri"),
        ("toh", "puan"),
        ("datuk", "seri"),
        ("datuk", "sri"),
        ("dato'", "seri"),
        ("dato'", "sri"),
        ("dato", "seri"),
        ("dato", "sri"),
        ("datin", "seri"),
        ("datin", "paduka"),
    }
)
_NAME_STYLES = frozenset({"tunku", "tengku"})


def strip_possessive(text: str) -> str:
    return _POSSESSIVE.sub("", text.strip())


def is_surname_first(words: list[str]) -> bool:
    return len(words) == 2 and bool(_GIVEN_HYPHENATED.match(words[1]))


def family_name(words: list[str]) -> list[str]:
    words = [w.strip(",") for w in words if w.lower().strip(",") not in _SUFFIXES] or words
    if is_surname_first(words):
        return words[:1]
    start = len(words) - 1
    while start > 0 and words[start - 1].lower() in PARTICLES:
        start -= 1
    if start == 0 and len(words) > 1 and words[0][:1].isupper() and first_name_gender(words[0]) is not None:
        start = 1
    if start == 0 and len(words) > 1 and words[0][:1].isupper() and words[0].lower() in {"al", "el", "abu", "bin"}:
        start = 1
    return words[start:]


def is_common_noun_phrase(text: str) -> bool:
    words = [w.strip(".,'’\"()").lower() for w in re.sub(r"^(?:the|a|an)\s+", "", text.strip(), flags=re.I).split()]
    words = [w[:-2] if w.endswith("'s") or w.endswith("’s") else w for w in words if w]
    return bool(words) and all(w in COMMON_NOUNS or w.rstrip("s") in COMMON_NOUNS for w in words)


def is_description(text: str) -> bool:
    words = re.sub(r"^(?:the|a|an)\s+", "", text.strip(), flags=re.I).split()
    return any(
        w.isalpha() and w.islower() and w not in _NAME_CONNECTIVES
        for w in (re.sub(r"[’']s$", "", word.strip(".,'’\"()")) for word in words)
    )


def slugify(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", fold(name)).strip("-") or "speaker"


def clean_person_name(text: str) -> tuple[str, str]:
    words = strip_possessive(text).strip(" ,").split()
    honorific = max((i for i, w in enumerate(words[:-1]) if w.lower() in HONORIFICS), default=-1)
    if honorific >= 0:
        title = " ".join(dict.fromkeys(words[: honorific + 1]))
        return title, " ".join(words[honorific + 1 :])
    return split_title(" ".join(words))


def _after_possessor(words: list[str]) -> list[str]:
    owner = max((i for i, w in enumerate(words[:-1]) if _POSSESSIVE.search(w) or w.endswith(("s'", "s’"))), default=-1)
    return words[owner + 1 :] if owner >= 0 else words


def canonical_person(name: str) -> tuple[list[str], str]:
    text = " ".join(_after_possessor(strip_possessive(name).strip(" ,").split()))
    titles = []
    head, comma, tail = text.partition(",")
    tail_words = tail.split()
    if comma and tail_words and all(w.lower().strip(".") in ROLE_WORDS or w.lower() in _SUFFIXES for w in tail_words):
        if not all(w.lower().strip(",") in _SUFFIXES for w in tail_words):
            titles.append(tail.strip())
            text = head.strip()
    title, rest = clean_person_name(text)
    if title and rest:
        titles.insert(0, title)
        text = rest
    return titles, text


def is_role_word(word: str) -> bool:
    lowered = word.lower()
    return lowered in ROLE_WORDS or lowered in HONORIFICS or lowered.rstrip(".") in ROLE_WORDS


def split_title(name: str) -> tuple[str, str]:
    words = name.split()

    def title_like(i: int) -> bool:
        lowered = words[i].lower()
        return is_role_word(words[i]) and (lowered not in _GIVEN_NAME_ROLES or len(words) - i - 1 >= 2)

    cut = _after_styles(words, 0)
    while cut < len(words) - 1 and title_like(cut):
        cut += 1
    cut = _after_styles(words, cut)
    roles = [i for i in range(cut, len(words) - 1) if is_role_word(words[i])]
    if roles:
        last = roles[-1]
        run = words[cut : last + 1]
        titled = len(roles) >= 2 or first_name_gender(run[0].rstrip(".")) is None
        if titled and all(w[:1].isupper() for w in run) and all(w[:1].isupper() for w in words[last + 1 :]):
            cut = _after_styles(words, last + 1)
    return " ".join(words[:cut]), " ".join(words[cut:])


def _after_styles(words: list[str], start: int) -> int:
    cut = start
    while cut < len(words) - 1:
        pair = (words[cut].lower().replace("’", "'"), words[cut + 1].lower().replace("’", "'"))
        if pair in _STYLE_PAIRS and len(words) - cut - 2 >= 1:
            cut += 2
        elif pair[0] in STYLES and pair[0] not in _NAME_STYLES and len(words) - cut - 1 >= 2:
            cut += 1
        else:
            break
    return cut


# -- quotetrack.attribution.identity_rules (6f9d220) --------------------------------------------
PRONOUNS = frozenset("i me we us you he him she her they them it one someone somebody who".split())
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
_KEY_SUFFIXES = frozenset("jr jr. sr sr. ii iii iv".split())
_ROMAN = re.compile(r"^[ivxlcdm]+\.?$", re.IGNORECASE)
_INITIAL = re.compile(r"^[A-Z]\.?$")
_LEADING_ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.IGNORECASE)


def folded_name(text: str) -> str:
    return _LEADING_ARTICLE.sub("", fold_words(text))


def is_proper_name(name: str) -> bool:
    words = [w.strip(".,'’\"()") for w in name.split()]
    return any(
        w[:1].isupper() and w.lower() not in PRONOUNS and w.lower() not in GENERIC and not _ROMAN.match(w)
        for w in words
        if w
    )


@dataclass(frozen=True)
class PersonName:
    first: str
    last: str
    initial: str = ""


def person_name(name: str) -> PersonName | None:
    _, rest = canonical_person(name)
    words = [w for w in rest.split() if w.lower() not in HONORIFICS]
    while words and words[-1].lower().rstrip(",") in _KEY_SUFFIXES:
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


# -- quotetrack.storage.identity.draw_slug (6f9d220), on a migration's connection ----------------
# A migration's connection draws in the caller's transaction (the live rule's SQLite path).
_speakers = sa.table("speakers", sa.column("id", sa.Integer), sa.column("slug", sa.String))
_slug_counters = sa.table("slug_counters", sa.column("base", sa.String), sa.column("last", sa.Integer))


def draw_slug(connection: Connection, base: str) -> str:
    """The next slug of `base` from its counter, one that no speaker holds either."""
    while True:
        slug = _claim_next(connection, base)
        if slug is not None and connection.scalar(sa.select(_speakers.c.id).where(_speakers.c.slug == slug)) is None:
            return slug


def _claim_next(connection: Connection, base: str) -> str | None:
    insert = postgresql.insert if connection.dialect.name == "postgresql" else sqlite.insert
    count = insert(_slug_counters).values(base=base, last=1)
    count = count.on_conflict_do_update(
        index_elements=[_slug_counters.c.base], set_={"last": _slug_counters.c.last + 1}
    )
    number = connection.execute(count.returning(_slug_counters.c.last)).scalar_one()
    if number == 1:
        return base
    slug = f"{base}-{number}"
    claim = (
        insert(_slug_counters).values(base=slug, last=1).on_conflict_do_nothing(index_elements=[_slug_counters.c.base])
    )
    return slug if connection.execute(claim.returning(_slug_counters.c.base)).first() is not None else None
