"""Whether two names of one article are one entity: a short organisation name and its fuller
form, a surname misspelt by a letter, a name that is the tail or the particle run of a longer one."""

from __future__ import annotations

from ..extraction.cues import ORGANISATION_NAME_WORDS
from ..normalization.lexicon import places
from .names import COMMON_NOUNS, HONORIFICS, PARTICLES, fold, is_surname_first, surname


def fuller_organisation_name(longer: str, shorter: str) -> bool:
    """ "NBC News" of "NBC", "BBC World Service" of "BBC": the short name's words
    open the longer one and the rest only says what kind of body it is."""
    long_words, short_words = fold(longer).split(), fold(shorter).split()
    rest = long_words[len(short_words) :]
    return (
        bool(short_words)
        and bool(rest)
        and long_words[: len(short_words)] == short_words
        and all(w in ORGANISATION_NAME_WORDS or w in COMMON_NOUNS for w in rest)
        and longer[:1].isupper()
        and all(w[:1].isupper() for w in longer.split()[len(short_words) :])
    )


def closing_word_names_it(word: str, whole: str) -> bool:
    """Whether one closing word (folded) of the organisation name `whole` may stand for it:
    an organisation's word ("Rovers" of "Ashworth Rovers", "the Post") or, closing a name of
    capitalised words only, a word that is no place and no common noun ("Hydro" of "Northern
    Hydro", issue #41 item 2). "France" is never "Air France", nor "Hospital" "Mercy Hospital",
    nor "Scientology" a run NER made of "Rathbun the Scientology"."""
    if word in ORGANISATION_NAME_WORDS:
        return True
    return (
        all(w[:1].isupper() for w in whole.split())
        and word.isalpha()
        and word not in COMMON_NOUNS
        and word.rstrip("s") not in COMMON_NOUNS
        and not places(word)
    )


def near_surname(word: str, entry_name: str) -> bool:
    """`word` (folded) is the surname of a person named in full, misspelt: same first
    letter, one letter off, two in a name of eight letters or more."""
    words = name_words(entry_name)
    if len(word) < 5 or len(words) < 2:
        return False
    key = fold(surname(entry_name))
    allowed = 2 if len(word) >= 8 else 1
    return key != word and key[:1] == word[:1] and edit_distance(key, word) <= allowed


def edit_distance(a: str, b: str) -> int:
    """Levenshtein distance: insertions, deletions and substitutions."""
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]


def name_words(name: str) -> list[str]:
    return [w for w in name.split() if w.lower() not in HONORIFICS] or name.split()


def stem(word: str) -> str:
    """ "obeidi" of "al-Obeidi": the surname without its attached article."""
    folded = fold(word)
    return folded[3:] if folded[:3] in {"al-", "el-"} and len(folded) > 4 else ""


def part_of(part: str, whole: str) -> bool:
    """Whether the name `part` is a shorter form of the name `whole`: its tail ("Ahern",
    "Hadj Sahraoui"), the family name of a surname-first name ("Lee" of "Lee Min-ho"), or a
    run inside it that starts with a particle ("de la Fuente"). An "al-" surname matches its
    stem ("Obeidi")."""
    small = [stem(w) or fold(w) for w in name_words(part)]
    big = [stem(w) or fold(w) for w in name_words(whole)]
    if not small or len(small) >= len(big):
        return False
    if big[-len(small) :] == small:
        return True
    if is_surname_first(name_words(whole)) and big[: len(small)] == small:
        return True
    return small[0] in PARTICLES and any(big[i : i + len(small)] == small for i in range(1, len(big) - len(small) + 1))
