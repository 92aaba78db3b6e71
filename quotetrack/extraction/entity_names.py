"""Words NER runs into a person's name that name nobody (issue #41 item 8): a verb the name is
the subject of ("Said Keller:", '"...," Said Tomas Ek'), a participle opening the sentence
("Entrusting Jane Smith"), a date or a live blog's timestamp ("2016 9:12PM Smith"), and a
Title Case headline's other words ("Senator Thanks Voters In Ohio"). A speaker's name holds
none of them. Read off the parse and the line the name stands on, never a list of names."""

from __future__ import annotations

from spacy.tokens import Span, Token

from ..normalization.lexicon import is_word, lemma_tables
from .cues import (
    HONORIFICS,
    ORGANISATION_NAME_WORDS,
    ORGANISATION_NOUNS,
    REPORTING_VERBS,
    TITLE_ABBREVIATIONS,
    TITLE_NOUNS,
)

# Small words a Title Case headline leaves in lower case ("Thanks Voters in Ohio").
_HEADLINE_SMALL = frozenset("a an and as at but by for from in into of on or the to with vs".split())
_VERB_ENDINGS = ("s", "ed", "ing")
_CLOSING_MARKS = frozenset("\"”’'")


def joined_organisations(ents: tuple[Span, ...]) -> tuple[Span, ...]:
    """An organisation NER cut at a possessive joined again (issue #41 item 4): "St. Brendan's"
    + "Medical Center" is one name, never the generic tail "Medical Center" alone, which
    another hospital's words would answer to too."""
    joined: list[Span] = []
    for ent in ents:
        start = _owner_start(ent)
        if start is not None:
            while joined and joined[-1].start >= start:
                joined.pop()  # the owner's own entity ("St. Brendan's", ORG) is inside the name
            ent = Span(ent.doc, start, ent.end, label=ent.label_)
        joined.append(ent)
    return tuple(joined)


def _owner_start(tail: Span) -> int | None:
    """Where the owner of a generic organisation name starts: `tail` is only capitalised common
    words closed by an organisation's word ("Medical Center", "Fire Department") right after a
    possessive, and the owner is capitalised proper nouns that NER left unlabelled or called an
    organisation ("St. Brendan's"). Not a place's ("Britain's Home Office") nor a person's
    ("Obama's Justice Department"): those own a body named apart. None for any other name."""
    doc = tail.doc
    if (
        tail.label_ not in {"ORG", "FAC"}
        or tail.start < 2
        or doc[tail.start - 1].tag_ != "POS"
        or tail[-1].lower_ not in ORGANISATION_NOUNS | ORGANISATION_NAME_WORDS
        or not all(t.text[:1].isupper() and is_word(t.lower_) for t in tail)
    ):
        return None
    start = tail.start - 1
    while start > 0 and doc[start - 1].pos_ == "PROPN" and doc[start - 1].text[:1].isupper():
        if doc[start - 1].ent_type_ not in {"", "ORG", "FAC"}:
            return None
        start -= 1
    return start if start < tail.start - 1 else None


def name_part(ent: Span, text: str) -> Span | None:
    """The words of a PERSON entity that name the person; None when none do (a title alone,
    a date, a headline's words). `text` is the Doc's text."""
    doc = ent.doc
    start, end = ent.start, ent.end
    while start < end and _opens_without_naming(doc[start], ent):
        start += 1
    if start < end and _title_case_line(ent, text):
        end = _before_headline_verb(ent, start, end)
    if (start, end) == (ent.start, ent.end):
        return ent
    words = [t for t in doc[start:end] if t.text[:1].isalpha()]
    if not words or all(_is_title_word(t.lower_) for t in words):
        return None
    return Span(doc, start, end, label=ent.label_)


def _opens_without_naming(token: Token, ent: Span) -> bool:
    """A first word that is not the name's: one holding a digit ("2016", "9:12PM"), a verb
    governing the rest of the entity (the name its subject: "Said Keller:", where "Said
    Brennan, a steelworker, said" has the name the subject of the later verb and keeps it),
    or a participle of a verb the lexicon knows ("Entrusting"; not "Ming")."""
    if any(c.isdigit() for c in token.text):
        return True
    if token.i == ent.start and _inverted_cue(token, ent):
        return True
    if not token.tag_.startswith("VB"):
        return False
    governs = any(t.head.i == token.i and t.i != token.i for t in ent)
    if governs and token.dep_ not in {"compound", "flat"}:
        return True
    return token.tag_ == "VBG" and _reads_as_verb(token.lower_)


def _inverted_cue(token: Token, ent: Span) -> bool:
    """ "... left to talk about." Said Keller': a reporting verb opening the entity right
    after a quotation closes, or before a colon that opens one ("Said Keller: "..."), is the
    cue of an inverted attribution, whatever the tagger made of it. "Said Brennan, a crane
    operator, said ..." keeps its first name: nothing is quoted around it."""
    if not _reporting_form(token.lower_):
        return False
    doc = token.doc
    before = next((t for t in reversed(doc[max(0, token.i - 3) : token.i]) if not t.is_space), None)
    after = doc[ent.end] if ent.end < len(doc) else None
    # A closing mark stands apart from the next word; an opening one ('"Said Keller is ...') does not.
    closes_quote = (
        before is not None and before.text in _CLOSING_MARKS and bool(before.whitespace_ or token.i - before.i > 1)
    )
    return closes_quote or after is not None and after.text == ":"


def _reporting_form(word: str) -> bool:
    """ "said", "adds", "warned": an inflection of a reporting verb (the lemmatizer's tables)."""
    index, exceptions, rules = lemma_tables()["verb"]
    lemmas = set(exceptions.get(word, ()))
    lemmas.update(word[: len(word) - len(old)] + new for old, new in rules if word.endswith(old))
    return word not in REPORTING_VERBS and bool(lemmas & REPORTING_VERBS)


def _is_title_word(word: str) -> bool:
    return word in TITLE_NOUNS or word in HONORIFICS or word in TITLE_ABBREVIATIONS or word.rstrip(".") in TITLE_NOUNS


def _title_case_line(ent: Span, text: str) -> bool:
    """The entity stands on a line of Title Case words without a closing stop: a headline,
    where NER runs the name into the verb and object after it."""
    line_start = text.rfind("\n", 0, ent.start_char) + 1
    line_end = text.find("\n", ent.end_char)
    line = text[line_start : line_end if line_end >= 0 else len(text)].strip()
    words = [w for w in line.split() if w[:1].isalpha()]
    return (
        len(words) >= 3
        and line[-1:] not in set('.?!"”:')
        and all(w[:1].isupper() or w.lower() in _HEADLINE_SMALL for w in words)
    )


def _before_headline_verb(ent: Span, start: int, end: int) -> int:
    """Where the name ends in a headline: at its first word after the first that reads as an
    inflected verb ("Thanks", "Praises", "Ending") and that the article under it never writes
    capitalised inside a sentence, as it would a surname ("Banks")."""
    doc = ent.doc
    for token in doc[start + 1 : end]:
        if _reads_as_verb(token.lower_) and not _written_as_name(token, ent):
            return token.i
    return end


def _reads_as_verb(word: str) -> bool:
    """An inflection the lemmatizer's rules take back to a verb it knows: "thanks" -> "thank"."""
    if not word.isalpha() or not word.endswith(_VERB_ENDINGS):
        return False
    index, exceptions, rules = lemma_tables()["verb"]
    if word in exceptions:
        return True
    return any(word.endswith(old) and word[: len(word) - len(old)] + new in index for old, new in rules)


def _written_as_name(token: Token, ent: Span) -> bool:
    """The word stands capitalised mid-sentence elsewhere in the article, off the entity's
    sentence. The places of such words are listed once per Doc."""
    doc = token.doc
    inside = doc.user_data.get("quotetrack.capitalised_inside")
    if inside is None:
        inside = {}
        for other in doc:
            if other.text[:1].isupper() and not other.is_sent_start:
                inside.setdefault(other.text, []).append(other.i)
        doc.user_data["quotetrack.capitalised_inside"] = inside
    sentence = ent.sent
    return any(not sentence.start <= i < sentence.end for i in inside.get(token.text, ()))
