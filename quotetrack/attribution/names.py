"""Names, titles and handles: pure string functions."""

from __future__ import annotations

import re

from ..extraction.cues import (
    HONORIFICS,
    ORGANISATION_NAME_WORDS,
    ORGANISATION_NOUNS,
    SOURCE_NOUNS,
    TITLE_ABBREVIATIONS,
    TITLE_NOUNS,
)
from ..normalization.folding import fold
from ..normalization.lexicon import is_common_person_noun
from .gender import first_name_gender, is_common_given_name

_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
_POSSESSIVE = re.compile(r"[’']s$")
_INITIAL = re.compile(r"^[A-Z]\.?$")
# Generational suffixes and the post-nominals of barristers ("Mark Tedeschi, QC").
_SUFFIXES = frozenset({"jr.", "jr", "sr.", "sr", "ii", "iii", "iv", "qc", "sc", "kc"})
# Role words news writes before a name beyond cues.TITLE_NOUNS: ranks written without a
# period ("Sgt Ron Long"), office holders ("Councilmember"), short forms ("CEO", "MEP").
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
# Role words that are also common given names: a title only with two name words after them.
_GIVEN_NAME_ROLES = frozenset({"dean", "marshal", "earl"})
# Particles that belong to the surname after them: "de la Fuente", "van Dijk", "bin Salman".
PARTICLES = frozenset("de del della der den di da das dos du la le van von ten ter bin ibn abu al el st st.".split())
# A hyphenated given name written after the family name ("Moon Jae-in", "Jang Dae-hyun"):
# the second part is lower case, which a double-barrelled surname ("Strauss-Kahn") is not.
_GIVEN_HYPHENATED = re.compile(r"^[A-Z][a-z]+-[a-z]+$")
# Nouns for a person: an apposition headed by one ("Lena Dorn, a retired nurse") says the
# name before it is a person's, whatever NER called it.
PERSON_NOUNS = ROLE_WORDS | frozenset(
    """
woman man girl boy mother father son daughter wife husband sister brother widow resident student teacher
worker survivor victim volunteer veteran activist lawyer doctor nurse farmer owner founder player athlete
singer actor actress writer author artist journalist reporter scientist researcher professor expert analyst
economist engineer official spokesperson spokesman spokeswoman campaigner witness neighbour neighbor
""".split()
)
# Words that end organisations' names, not people's ("Regional Transit Authority").
# "Amnesty International", "Harmony Airways": a known first name opening it does not make it
# a person's name.
ORGANISATION_WORDS = ORGANISATION_NOUNS | frozenset(
    "authority commission trust council corporation agency international worldwide global airways airlines "
    "institute institution foundation library society".split()
)
# Words that never make a speaker's name on their own: "Hospital", "Police", "Officials".
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


def handle_to_name(handle: str) -> str:
    """ "@Maura_Healey" -> "Maura Healey", "@BillMelugin_" -> "Bill Melugin"."""
    words = _CAMEL.sub(" ", handle.lstrip("@").replace("_", " ")).split()
    return " ".join(words)


def strip_possessive(text: str) -> str:
    return _POSSESSIVE.sub("", text.strip())


def name_words(name: str) -> list[str]:
    """Words of a personal name without honorifics."""
    return [w for w in name.split() if w.lower() not in HONORIFICS]


def surname(name: str) -> str:
    """The word a bare mention of the person uses: the last name word, or the first of a
    surname-first name ("Moon" of "Moon Jae-in")."""
    words = [w for w in name_words(name) if w.lower().strip(",") not in _SUFFIXES]
    if is_surname_first(words):
        return words[0]
    return words[-1] if words else name


def is_surname_first(words: list[str]) -> bool:
    """ "Moon Jae-in", "Lee Min-ho": a family name, then a hyphenated given name."""
    return len(words) == 2 and bool(_GIVEN_HYPHENATED.match(words[1]))


def family_name(words: list[str]) -> list[str]:
    """The family-name words of a personal name without titles: the last word with the
    particles before it ("La Russa" of "Ignazio La Russa", "bin Salman"), or the first word
    of a surname-first name."""
    words = [w.strip(",") for w in words if w.lower().strip(",") not in _SUFFIXES] or words
    if is_surname_first(words):
        return words[:1]
    start = len(words) - 1
    while start > 0 and words[start - 1].lower() in PARTICLES:
        start -= 1
    # A particle opening the name is the surname's ("de la Fuente", "La Russa") unless it is
    # written as a given name ("Al Gore", "Van Morrison").
    if start == 0 and len(words) > 1 and words[0][:1].isupper() and first_name_gender(words[0]) is not None:
        start = 1
    if start == 0 and len(words) > 1 and words[0][:1].isupper() and words[0].lower() in {"al", "el", "abu", "bin"}:
        start = 1  # "Al", "Abu", "Bin" opening a name are given names or kunyas
    return words[start:]


def is_common_noun_phrase(text: str) -> bool:
    """ "Hospital", "the Company", "Police officials": words any article may use for its own
    institution or people, capitalised only by position; never an archive-wide name."""
    words = [w.strip(".,'’\"()").lower() for w in re.sub(r"^(?:the|a|an)\s+", "", text.strip(), flags=re.I).split()]
    words = [w[:-2] if w.endswith("'s") or w.endswith("’s") else w for w in words if w]
    return bool(words) and all(w in COMMON_NOUNS or w.rstrip("s") in COMMON_NOUNS for w in words)


# Small words proper names keep in lower case: "Bank of England", "Médecins sans Frontières".
_NAME_CONNECTIVES = PARTICLES | frozenset("of and for the on in at to & a an des et y e sans und fur für".split())


def is_description(text: str) -> bool:
    """ "Malaysia's transport ministry", "Yonhap news agency", "the M5S party": a phrase
    with a common noun written in lower case describes a body in this article's words; a
    proper name capitalises its words but connectives ("Bank of England") and particles.
    Mixed-case words ("eBay", "al-Qaeda") are names."""
    words = re.sub(r"^(?:the|a|an)\s+", "", text.strip(), flags=re.I).split()
    return any(
        w.isalpha() and w.islower() and w not in _NAME_CONNECTIVES
        for w in (re.sub(r"[’']s$", "", word.strip(".,'’\"()")) for word in words)
    )


def person_key(name: str) -> tuple[str, str]:
    """Identity of a person across articles: first and last name, middle initials ignored.

    "Patricia H. Hyde" and "Patricia Hyde" share a key; "Tom Homan" and "Jane Homan" do not.
    """
    words = [w for w in name_words(name) if not _INITIAL.match(w)]
    if not words:
        return ("", fold(name))
    return (fold(words[0]) if len(words) > 1 else "", fold(words[-1]))


_ROLE_OWNER_PREPOSITIONS = frozenset({"for", "of", "at", "to", "in", "on", "with", "from"})
# A relative clause says what the holder did, not the role: "the retired judge who chaired the
# panel" is a judge, not a panel.
_RELATIVE_PRONOUNS = frozenset({"who", "whom", "whose", "which", "that"})


def role_of(title: str) -> str | None:
    """The role noun of a title: "acting Field Office Director" -> "director", "Gov." -> "governor",
    "Spokesman for the government" -> "spokesman" (what follows "for", "of" ... is whose role it is),
    "the retired judge who chaired the panel" -> "judge"."""
    words = [w for w in re.split(r"[\s,]+", title.strip()) if w]
    cut = next(
        (i for i, w in enumerate(words) if i > 0 and w.lower() in _ROLE_OWNER_PREPOSITIONS | _RELATIVE_PRONOUNS),
        len(words),
    )
    words = words[:cut]
    if len(words) >= 2 and [w.lower() for w in words[-2:]] == ["executive", "officer"]:
        words = words[:-1]  # a chief executive officer is "the chief executive", "the CEO"
    for index in range(len(words) - 1, -1, -1):
        lowered = words[index].lower()
        if lowered in TITLE_ABBREVIATIONS:
            role = TITLE_ABBREVIATIONS[lowered]
        elif lowered in HONORIFICS or not words[index][0].isalpha():
            continue
        else:
            role = lowered.rstrip(".")
        before = _SECOND_ROLES.get(words[index - 1].lower().rstrip(".")) if index else None
        # A lieutenant governor is not the governor, nor a vice president the president.
        return f"{before} {role}" if before else role
    return None


_SECOND_ROLES = {
    **{word: word for word in ("lieutenant", "vice", "deputy", "assistant", "associate", "under")},
    "lt": "lieutenant",
}


def slugify(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", fold(name)).strip("-") or "speaker"


def clean_person_name(text: str) -> tuple[str, str]:
    """(title, name) of a person mention as NER found it: possessive dropped, leading role
    words moved to the title, and everything up to an honorific inside the mention too
    ("Undersecretary for Education Mr. Toccafondi" -> "Toccafondi"). Name suffixes stay
    ("Vann R. Newkirk II"); surname-first names stay whole ("Moon Jae-in")."""
    words = strip_possessive(text).strip(" ,").split()
    honorific = max((i for i, w in enumerate(words[:-1]) if w.lower() in HONORIFICS), default=-1)
    if honorific >= 0:
        # "Mr. Mr." when a mention and its parse both carried the honorific: say it once.
        title = " ".join(dict.fromkeys(words[: honorific + 1]))
        return title, " ".join(words[honorific + 1 :])
    return split_title(" ".join(words))


def _after_possessor(words: list[str]) -> list[str]:
    """The words after a possessive that opens a person's mention: "Leeds's Amy Clarke" is
    Amy Clarke (of Leeds); a name never holds a possessive inside it."""
    owner = max((i for i, w in enumerate(words[:-1]) if _POSSESSIVE.search(w) or w.endswith(("s'", "s’"))), default=-1)
    return words[owner + 1 :] if owner >= 0 else words


def canonical_person(name: str) -> tuple[list[str], str]:
    """(titles, name) of a stored person's name: role words before it ("Councilmember",
    "Police Constable", "Green MP") and after a comma ("Dana Reyes, MP") go to titles,
    honorifics too ("Dr."). A name that is nothing but titles stays as it is."""
    text = " ".join(_after_possessor(strip_possessive(name).strip(" ,").split()))
    titles = []
    head, comma, tail = text.partition(",")
    tail_words = tail.split()
    if comma and len(head.split()) == 1 and 2 <= len(tail_words) <= 3 and looks_like_full_name(tail_words):
        # "Responding to Tanoto, Fajar Nugroho, head of the guild, said", which NER read as one
        # name: the word before the comma is someone else's, the full name after it the person's.
        return canonical_person(tail)
    if comma and tail_words and all(w.lower().strip(".") in ROLE_WORDS or w.lower() in _SUFFIXES for w in tail_words):
        if not all(w.lower().strip(",") in _SUFFIXES for w in tail_words):  # "Jr." and "QC" are the name's
            titles.append(tail.strip())
            text = head.strip()
    title, rest = clean_person_name(text)
    if title and rest:
        titles.insert(0, title)
        text = rest
    return titles, text


def looks_like_full_name(words: list[str]) -> bool:
    """Capitalised words, none a role word nor a word of an organisation's name or a common
    noun (a given name the name data may not know: "Fajar Nugroho")."""
    return (
        all(w[:1].isupper() and w.replace("-", "").isalpha() for w in words)
        and not any(is_role_word(w) for w in words)
        and not any(w.lower() in ORGANISATION_WORDS or w.lower() in COMMON_NOUNS for w in words)
    )


def ends_in_organisation_word(text: str) -> bool:
    """A name ending in an organisation's word ("Ashworth Rovers", "Harlow Trades Union",
    "Rovers" alone), which NER may take for a person's."""
    words = text.split()
    return bool(words) and words[-1][:1].isupper() and words[-1].lower() in ORGANISATION_NAME_WORDS


def is_titled_person(text: str) -> bool:
    """ "Councilor Rita Diaz", which NER may call an organisation: a role word, then a
    two- or three-word name with no organisation word in it."""
    title, rest = split_title(text)
    words = rest.split()
    return (
        bool(title)
        and 2 <= len(words) <= 3
        and all(w[:1].isupper() for w in words)
        and not any(w.lower() in ORGANISATION_NAME_WORDS or w.lower() in ORGANISATION_WORDS for w in words)
    )


def is_role_word(word: str) -> bool:
    lowered = word.lower()
    return lowered in ROLE_WORDS or lowered in HONORIFICS or lowered.rstrip(".") in ROLE_WORDS


def _occupation_before_name(words: list[str]) -> bool:
    """ "Trucker Glen Arcand", "Elder Rosie Tatsiechele": a noun whose first sense is a person
    (WordNet) opening a mention NER took whole, before a name of two capitalised words or more.
    Not a common given name ("Christian", "Hunter", "Mason" are people's nouns too), and never
    cutting a name down to its surname."""
    first = words[0].rstrip(".,")
    return (
        len(words) >= 3
        and first.isalpha()
        and all(w[:1].isupper() for w in words[1:])
        and not is_common_given_name(first)
        and first.lower() not in _PEOPLE_IN_GENERAL
        and is_common_person_noun(first.lower())
    )


# Nouns for anyone rather than a role, which some languages' given names share ("Boy Rafly Amar").
_PEOPLE_IN_GENERAL = frozenset("boy girl man woman child kid lady gentleman guy person baby".split())


def split_title(name: str) -> tuple[str, str]:
    """("Councilor", "Rita Diaz") from "Councilor Rita Diaz": leading role words that NER
    left inside a person's name, with the words that qualify them ("Police Constable",
    "Green MP", "Washington Attorney General"). A role word that is also a common given name
    ("Dean") is a title only with two name words after it, so "Dean Smith" and "Martin
    Luther King" stay whole."""
    words = name.split()

    def title_like(i: int) -> bool:
        lowered = words[i].lower()
        if not is_role_word(words[i]):
            return i == 0 and _occupation_before_name(words)
        return lowered not in _GIVEN_NAME_ROLES or len(words) - i - 1 >= 2

    cut = _after_styles(words, 0)
    while cut < len(words) - 1 and title_like(cut):
        cut += 1
    cut = _after_styles(words, cut)
    # Capitalised words that qualify a role ("Green MP", "Police Constable", "Washington
    # Attorney General"): the last role word before the name ends the title, unless the run
    # reads as a name with one role-like word in it ("Martin Luther King Jr.").
    roles = [i for i in range(cut, len(words) - 1) if is_role_word(words[i])]
    if roles:
        last = roles[-1]
        run = words[cut : last + 1]
        titled = len(roles) >= 2 or first_name_gender(run[0].rstrip(".")) is None
        if titled and all(w[:1].isupper() for w in run) and all(w[:1].isupper() for w in words[last + 1 :]):
            cut = _after_styles(words, last + 1)
    return " ".join(words[:cut]), " ".join(words[cut:])


# Styles of address that stand before a name in Malaysia, Brunei and Indonesia ("Datuk Seri
# Liow Tiong Lai", "Tan Sri Abdul Kadir", "Tun Mahathir", "Haji Hassanal Bolkiah"): titles,
# never the name. One word is a style only with two name words after it ("Seri", "Tun" and
# "Haji" may be names); "Sri", "Tan" and "Toh" are names but in the pairs below ("Sri Mulyani
# Indrawati", "Tan Chee Keong").
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
# Royal styles that are also the start of many princes' names: a title only before another style.
_NAME_STYLES = frozenset({"tunku", "tengku"})


def _after_styles(words: list[str], start: int) -> int:
    """Where the name begins after the run of styles of address from `start`."""
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
