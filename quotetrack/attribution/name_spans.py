"""Reading names off the parse: the title words before a name, a name NER cut at a hyphen,
whether a span looks like a person's name or a photo credit, the role an abbreviation stands for.
Used while the name table (`table/`) is built and by the mention sieves."""

from __future__ import annotations

import re

from spacy.tokens import Span, Token

from ..extraction.cues import ORGANISATION_NAME_WORDS, TITLE_ABBREVIATIONS
from .gender import first_name_gender
from .names import COMMON_NOUNS, ORGANISATION_WORDS, ROLE_WORDS, STYLES

_TITLE_DEPS = {"compound", "amod", "nmod", "npadvmod", "nummod"}
# Entities NER calls PERSON or ORG that are photo credits or captions, never speakers.
_CREDIT_WORDS = frozenset("images image photo photos speech press wire getty reuters ap afp".split())


def title_words(span: Span, name: Span) -> str:
    """Words right before a name that title it: "acting Field Office Director" in "acting
    Field Office Director Patricia H. Hyde". Stops at determiners, possessives, punctuation
    and conjunctions."""
    doc = name.doc
    start = name.start
    while start > span.start:
        token = doc[start - 1]
        if (
            token.is_punct
            and (token.text not in {".", "-"} or token.text == "-" and start >= 2 and bool(doc[start - 2].whitespace_))
            or token.dep_ in {"det", "case", "cc", "poss"}
            or token.dep_ not in _TITLE_DEPS
            and not token.is_punct
            or _names_no_role(token)
        ):
            break
        start -= 1
    return doc[start : name.start].text.strip(" ,-") if start < name.start else ""


def _names_no_role(token: Token) -> bool:
    """A verb ("Entrusting Jane Smith") or a time ("9:12PM Smith") before a name is no title;
    role words the tagger reads as participles ("acting") are."""
    if any(c.isdigit() for c in token.text):
        return True
    return token.tag_.startswith("VB") and token.lower_ not in ROLE_WORDS


# Nouns that say a one-word name after them is a business's: "Engine maker Orrin-Bask",
# "retailer Brambles", "chip giant Norvex", which NER often calls a person. Not the nouns that
# are as often a person's job ("crane operator Mick Daley", "producer", "developer").
COMPANY_DESCRIPTORS = frozenset(
    """
maker manufacturer retailer insurer lender carrier chain provider brand firm company giant conglomerate
broadcaster startup utility refiner distributor wholesaler exporter importer
""".split()
)


def titled_as_company(title: str) -> bool:
    """ "Engine maker", "Drugmaker", "chip giant": the last title word names a business."""
    words = title.lower().split()
    return bool(words) and (words[-1] in COMPANY_DESCRIPTORS or words[-1].endswith("maker"))  # "carmaker"


def full_name(ent: Span) -> str:
    """The entity's text with a hyphenated tail NER cut off ("Moon Jae" + "-in")."""
    doc, end = ent.doc, ent.end
    text = ent.text
    while end + 1 < len(doc) and doc[end].text == "-" and not doc[end - 1].whitespace_ and not doc[end].whitespace_:
        text += "-" + doc[end + 1].text
        end += 2
    return text


def person_span(ent: Span) -> Span:
    """A PERSON entity with the name words NER cut off before it: "Seri Liow" + "Tiong Lai"
    (two entities, one name), "Datuk Seri" + "Liow" + "Tiong Lai". Proper nouns compounded
    onto the name reach back only when another PERSON entity or a style of address
    ("Datuk", "Tan Sri") is among them; "Sen. Bob Smith" stays "Bob Smith"."""
    doc = ent.doc
    start = ent.start
    inside = set(range(ent.start, ent.end))
    while start > 0:
        token = doc[start - 1]
        if token.pos_ != "PROPN" or token.dep_ not in {"compound", "flat"} or token.head.i not in inside:
            break
        if not token.whitespace_ or not token.text[:1].isupper():
            break
        start -= 1
        inside.add(token.i)
    reached = doc[start : ent.start]
    if not len(reached):
        return ent
    if any(t.ent_type_ == "PERSON" or t.lower_.replace("’", "'") in STYLES for t in reached):
        return Span(doc, start, ent.end, label=ent.label_)
    return ent


def absorbed(ent: Span, into: Span) -> bool:
    """`ent` is a piece of the name `into` reaches back over (person_span)."""
    return into.start <= ent.start and ent.end <= into.end and (ent.start, ent.end) != (into.start, into.end)


def organisation_then_person(text: str) -> tuple[str, str] | None:
    """("Amnesty International", "Iason Athanasiadis-Fowden") from the one entity NER made of
    "According to Amnesty International Iason Athanasiadis-Fowden, reporter for ...": an
    organisation's name closed by an organisation word, then a known first name and one or
    two capitalised words, with nothing between them that ties the person to it (a role
    noun would: "Amnesty International researcher ..."). None for any other name."""
    words = text.split()
    for k in range(2, len(words) - 1):
        rest = words[k:]
        if (
            words[k - 1].lower() in ORGANISATION_WORDS
            and all(w[:1].isupper() for w in words[:k])
            and 2 <= len(rest) <= 3
            and all(w[:1].isupper() and w.lower() not in ORGANISATION_WORDS for w in rest)
            and first_name_gender(rest[0]) is not None
        ):
            return " ".join(words[:k]), " ".join(rest)
    return None


def looks_like_person(text: str) -> bool:
    """ "Lana Payne", which the small NER model may call an organisation: two or three
    capitalised words, the first a known first name, no organisation word among them."""
    words = [w for w in text.split() if not re.fullmatch(r"[A-Z]\.|II|III|IV|Jr\.?|Sr\.?", w)]
    if re.search(r"\s(?:II|III|IV|Jr\.?|Sr\.?)$", text) and 2 <= len(words) <= 3:
        return all(w[:1].isupper() for w in words)  # "Vann R. Newkirk II": a suffix is a person's
    return (
        2 <= len(words) <= 3
        and all(w[:1].isupper() for w in words)
        and first_name_gender(words[0]) is not None
        and not any(w.lower().strip(".,") in ORGANISATION_NAME_WORDS | ORGANISATION_WORDS | COMMON_NOUNS for w in words)
    )


def is_credit(text: str) -> bool:
    """ "Getty Images", "Obama Speech": a caption or credit that NER took for a name."""
    return any(w.lower().strip(".") in _CREDIT_WORDS for w in text.split()[1:])


def abbreviation_role(phrase: Span) -> str | None:
    """ "Gov." in "Gov. Healey" -> "governor"."""
    for token in phrase:
        role = TITLE_ABBREVIATIONS.get(token.lower_)
        if role:
            return role
    return None
