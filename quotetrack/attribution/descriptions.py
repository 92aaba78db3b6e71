"""Descriptions as speakers: "a senior official at the department", "environmental groups",
"Hospital officials", "the government" with no organisation of its kind. The last mention
sieve, and the helpers that cut a description to the words that say who spoke."""

from __future__ import annotations

import re

from spacy.tokens import Span, Token

from ..extraction.cues import NON_SPEAKER_NOUNS, ORGANISATION_NOUNS, SOURCE_NOUNS
from ..extraction.syntax import noun_phrase
from ..normalization.lexicon import has_person_sense, is_person_noun
from ..types import Method, SpeakerKind
from .context import Context, Resolution
from .described_words import described_words
from .names import COMMON_NOUNS, PERSON_NOUNS, fold, is_common_noun_phrase
from .table import Entry, NameTable


def description(head: Token, ctx: Context) -> Resolution | None:
    """The description itself names an unnamed source or a group: "a senior official at the
    department", "environmental groups", "an official who spoke on condition of anonymity"."""
    lemma = head.lemma_.lower()
    phrase = noun_phrase(head)
    singular = head.tag_ in {"NN", "NNP"}
    possessor = next((c for c in head.children if c.dep_ == "poss"), None)
    determiner = determiner_of(head)
    if singular and is_bare_definite(phrase, head) and lemma not in ORGANISATION_NOUNS:
        # "A spokeswoman for the agency said ... the spokeswoman said": the one described before.
        earlier = _described_before(lemma, ctx)
        if earlier is not None:
            return Resolution(earlier, phrase.text, Method.DESCRIPTION, lemma)
        if any(t.lower_ == "same" for t in phrase):
            # "Hospital management said ... The same management also said": the one before.
            same = _unnamed_speaker_ending_with(head.lower_, ctx)
            if same is not None:
                return Resolution(same, phrase.text, Method.DESCRIPTION, lemma)
        introduced = _introduced_before(head, ctx) if lemma in REFERRING_NOUNS else None
        if introduced is not None:
            return Resolution(Entry(introduced, SpeakerKind.UNNAMED_SOURCE), phrase.text, Method.DESCRIPTION, lemma)
    if lemma in ORGANISATION_NOUNS and singular:
        words = strip_determiner(described_words(head, phrase, with_clauses=False))
        known = ctx.table.organisation_ending_with(words) or _named_by_modifier(head, ctx.table)
        if known is not None:
            return Resolution(known, phrase.text, Method.ORGANISATION_ANAPHOR, words)
        return Resolution(_organisation(words), phrase.text, Method.DESCRIPTION, lemma)
    if singular and possessor is not None and lemma in RELATIVES:
        # "Ion's father", "the victim's lawyer": someone the article knows only through another.
        words = strip_determiner(described_words(head, phrase, with_clauses=False))
        entry = Entry(words, SpeakerKind.UNNAMED_SOURCE, gender=RELATIVES[lemma])
        return Resolution(entry, phrase.text, Method.DESCRIPTION, lemma)
    # "the sheriff told reporters" with no sheriff named: a person described by role, as written
    # (WordNet says the noun is a person's), so that the quotes after it can follow it. Only as
    # the speaker itself: as a pronoun's antecedent ("the pilot ... he said") it was measured to
    # take "he" from the person named just before.
    described_person = determiner == "the" and head.pos_ == "NOUN" and ctx.depth == 0 and names_a_person(head, lemma)
    if singular and (lemma in SOURCE_NOUNS or determiner in {"a", "an", "one"} or described_person):
        words = described_words(head, phrase, with_clauses=True)
        entry = Entry(strip_determiner(words), SpeakerKind.UNNAMED_SOURCE, gender=noun_gender(lemma))
        return Resolution(entry, words, Method.DESCRIPTION, lemma)
    if lemma in SPOKESPEOPLE_NOUNS and head.tag_ in {"NNS", "NNPS"}:
        organisation = _organisation_speaking(head, ctx.table)
        if organisation is not None:
            return Resolution(
                organisation, phrase.text, Method.ORGANISATION_ANAPHOR, f"officials of {organisation.name}"
            )
    if (head.tag_ in {"NNS", "NNPS"} and lemma not in NON_SPEAKER_NOUNS) or lemma in SOURCE_NOUNS:
        words = described_words(head, phrase, with_clauses=False)
        return Resolution(Entry(strip_determiner(words), SpeakerKind.GROUP), words, Method.DESCRIPTION, lemma)
    return None


def determiner_of(head: Token) -> str:
    """The description's article or number, lowercase ("" when none); "a patient's relative":
    the possessor's article counts."""
    possessor = next((c for c in head.children if c.dep_ == "poss"), None)
    return next(
        (c.lower_ for t in (head, possessor) if t is not None for c in t.children if c.dep_ in {"det", "nummod"}), ""
    )


def names_a_person(head: Token, lemma: str) -> bool:
    """A person's noun ("the sheriff"), or a noun that is one when it says of what: "the
    head of infection control", "the chair of the committee" (not "the head of the queue",
    which speaks of no one: such a phrase is never a speech verb's subject)."""
    if is_person_noun(lemma) or described_by_age(head):
        return True
    return has_person_sense(lemma) and any(c.dep_ == "prep" and c.lower_ == "of" for c in head.children)


def described_by_age(head: Token) -> bool:
    """ "the 29-year-old midfielder": a noun given an age in years is a person, whatever the
    noun (a word WordNet lacks, a position in a team)."""
    return any(
        child.dep_ == "amod" and child.lower_ == "old" and any(t.lower_ in {"year", "years"} for t in child.children)
        for child in head.children
    )


def _named_by_modifier(head: Token, table: NameTable) -> Entry | None:
    """ "the M5S party" of an article that defined "Movimento 5 Stelle (M5S)", "the Oxfam
    charity": the organisation the proper-noun modifiers of the noun name."""
    modifiers = [c for c in head.children if c.dep_ == "compound" and c.i < head.i]
    if not modifiers or any(m.pos_ != "PROPN" for m in modifiers):
        return None
    name = head.doc[modifiers[0].i : head.i].text
    entry = table.organisation_for(name)
    if entry is None or entry.kind is not SpeakerKind.ORGANISATION or is_common_noun_phrase(entry.name):
        return None
    return entry


# Those who speak for an organisation: "ICE officials said" is the agency's word. Officers,
# agents, employees or "a source" speak for themselves.
def _described_before(lemma: str, ctx: Context) -> Entry | None:
    """The unnamed source an earlier quote's description introduced with this noun, last first."""
    for _, resolution in reversed(ctx.previous):
        entry = resolution.entry
        described = resolution.method is Method.DESCRIPTION and resolution.evidence == lemma
        if described and entry is not None and entry.kind is SpeakerKind.UNNAMED_SOURCE:
            return entry
    return None


def _unnamed_speaker_ending_with(word: str, ctx: Context) -> Entry | None:
    """The last earlier speaker, not a named person, whose words end with `word`
    ("Hospital management" for "the same management"): an entry a sieve found, or a mention
    no sieve matched, as the ranker keeps it (written, without its article)."""
    for _, resolution in reversed(ctx.previous):
        entry = resolution.entry
        if entry is None and resolution.method is Method.UNRESOLVED and resolution.mention:
            entry = Entry(strip_determiner(resolution.mention.strip(" ,")), SpeakerKind.UNNAMED_SOURCE)
        if entry is None or entry.kind is SpeakerKind.PERSON:
            continue
        if fold(entry.name).split()[-1:] == [fold(word)]:
            return entry
    return None


# Nouns that refer back to someone without saying who: "the source", "this individual".
REFERRING_NOUNS = frozenset({"source", "individual", "person", "interviewee"})


def _introduced_before(head: Token, ctx: Context) -> str | None:
    """ "Wikinews interviewed a college graduate and resident of Turkey ... said the source":
    the person the text introduced last, with "a" or "one", in this paragraph or the one
    before, when no earlier quote was by such a description. Its words, conjuncts included."""
    doc = head.doc
    paragraph = ctx.paragraph_of(head.idx)
    for token in reversed(doc[: head.i]):
        if paragraph - ctx.paragraph_of(token.idx) > 1:
            return None
        if token.pos_ != "NOUN" or ctx.mask.contains(token) or token.dep_ == "conj":
            continue
        determiner = next((c.lower_ for c in token.children if c.dep_ in {"det", "nummod"}), "")
        people = [token, *(c for c in token.children if c.dep_ == "conj")]
        if (
            determiner in {"a", "an", "one"}
            and any(p.lemma_.lower() in PERSON_NOUNS for p in people)
            and (token.head.head if token.head.pos_ == "ADP" else token.head).lemma_.lower() in _TALKING_VERBS
        ):
            return strip_determiner(_with_conjuncts(token))
    return None


# The source was introduced talking, or being talked to: not "a man was arrested".
_TALKING_VERBS = frozenset(
    "interview speak talk tell say ask contact reach quote write explain describe add email call".split()
)


def _with_conjuncts(head: Token) -> str:
    """ "a college graduate and resident of Turkey": the head with its conjuncts and their places."""
    doc = head.doc
    end = head.i + 1
    for child in head.rights:
        if child.dep_ in {"cc", "conj"} or child.dep_ == "prep" and child.lower_ in {"of", "at", "in", "from"}:
            end = child.right_edge.i + 1 if child.dep_ != "conj" else _conjunct_end(child)
        elif child.dep_ != "punct":
            break
    return doc[noun_phrase(head).start : end].text.strip(" ,")


def _conjunct_end(conjunct: Token) -> int:
    end = conjunct.i + 1
    for child in conjunct.rights:
        if child.dep_ == "prep" and child.lower_ in {"of", "at", "in", "from"}:
            end = child.right_edge.i + 1
        else:
            break
    return end


# "The Democratic Republic of Congo (DRC) government": an acronym defined in passing.
_DEFINED_ACRONYM = re.compile(r"\s*\(([A-Z][A-Za-z.&]{1,9})\)")


def _organisation(words: str) -> Entry:
    """An organisation described by its common noun; an acronym defined inside it is an alias,
    not part of its name."""
    acronyms = _DEFINED_ACRONYM.findall(words)
    name = _DEFINED_ACRONYM.sub("", words).strip()
    return Entry(name or words, SpeakerKind.ORGANISATION, aliases=set(acronyms))


# People named by their tie to another ("Ion's father", "her lawyer"), with the gender the
# noun itself tells (pronouns may refer to them: "Ion's father ... He said").
RELATIVES: dict[str, str | None] = {
    **dict.fromkeys(
        "father brother son uncle nephew husband grandfather grandson stepfather widower boyfriend".split(), "male"
    ),
    **dict.fromkeys(
        "mother sister daughter aunt niece wife grandmother granddaughter stepmother widow girlfriend".split(), "female"
    ),
    **dict.fromkeys(
        "parent sibling cousin child partner spouse fiance fiancee friend neighbour neighbor lawyer attorney "
        "doctor colleague relative employer teacher classmate roommate landlord".split(),
        None,
    ),
}


def noun_gender(lemma: str) -> str | None:
    """The gender a noun itself tells: "spokeswoman", "chairman", "Ion's father"."""
    if lemma in RELATIVES:
        return RELATIVES[lemma]
    if lemma.endswith(("woman", "women")):
        return "female"
    if lemma.endswith(("man", "men")) and lemma not in _NOT_MEN:
        return "male"
    return None


_NOT_MEN = frozenset({"human", "humen", "german", "roman", "ottoman", "shaman", "specimen", "omen", "amen"})


# Quantifiers standing for people: "Some claim ...", "Others said ...", "Many of the
# residents say ...". They introduce a part of a crowd, they do not refer back to anyone.
QUANTIFIER_SUBJECTS = frozenset("some many others several few most".split())


def quantified(head: Token, ctx: Context) -> Resolution | None:
    """ "Some claim", "Many of the residents say": a group as written, never an earlier speaker."""
    if head.lower_ not in QUANTIFIER_SUBJECTS or head.dep_ not in {"nsubj", "nsubjpass"}:
        return None
    if any(c.dep_ == "det" for c in head.children):
        return None  # "the many", "the few": a noun phrase of its own
    words = described_words(head, noun_phrase(head), with_clauses=False)
    return Resolution(Entry(words, SpeakerKind.GROUP), words, Method.DESCRIPTION, head.lower_)


SPOKESPEOPLE_NOUNS = frozenset({"official", "spokesperson", "spokesman", "spokeswoman", "spokespeople"})
# Modifiers that place officials without naming whose they are.
_PLACING_WORDS = frozenset(
    "federal state local national regional provincial municipal city county government senior top other "
    "some several two three many u.s. us american british public former".split()
)


# Named events NER may take for organisations: "the Cedar Ridge Fire", "Hurricane Ida".
_EVENT_NOUNS = frozenset("fire blaze wildfire storm hurricane typhoon cyclone flood earthquake quake tornado".split())


def _organisation_speaking(head: Token, table: NameTable) -> Entry | None:
    """The one organisation of the article whose name holds the officials' distinguishing
    modifier: "federal immigration officials" with U.S. Immigration and Customs Enforcement
    (ICE) named, "Scientology officials" with the Church of Scientology. None when no modifier
    distinguishes them or several organisations fit."""
    named = _organisation_after(head, table)
    if named is not None:
        return named
    modifiers = {
        fold(t.text) for t in head.children if t.dep_ in {"compound", "amod"} and fold(t.text) not in _PLACING_WORDS
    }
    if not modifiers:
        return None
    fitting = list(
        {
            id(entry): entry
            for entry in table.organisations.values()
            if entry.name[:1].isupper()
            and not is_common_noun_phrase(entry.name)  # "Hospital" opening a sentence names no hospital
            and fold(entry.name).split()[-1] not in _EVENT_NOUNS  # "fire officials" do not run "the Cedar Ridge Fire"
            and any(modifiers & set(fold(n).split()) for n in (entry.name, *entry.aliases))
        }.values()
    )
    if len(fitting) > 1:  # NER also keeps pieces of a long name ("U.S. Immigration"): the one
        fitting = [e for e in fitting if e.aliases]  # the article defines with an acronym wins
    return fitting[0] if len(fitting) == 1 else None


def _organisation_after(head: Token, table: NameTable) -> Entry | None:
    """ "officials at Northgate Memorial", "spokespeople for the Harbour Board": the named
    organisation the preposition ties them to. A place ("officials in Ohio") is not one."""
    for child in head.children:
        if child.dep_ != "prep" or child.lower_ not in {"at", "of", "for", "from", "with"}:
            continue
        pobj = next((g for g in child.children if g.dep_ == "pobj"), None)
        if pobj is None or pobj.pos_ != "PROPN" or pobj.ent_type_ in {"GPE", "LOC", "NORP", "PERSON"}:
            continue
        name = head.doc[pobj.left_edge.i : pobj.i + 1].text
        entry = table.organisation_for(name) or table.organisation_for(pobj.text)
        if entry is not None and entry.kind is SpeakerKind.ORGANISATION and not is_common_noun_phrase(entry.name):
            return entry
        if entry is None and pobj.ent_type_ in {"ORG", "FAC"} and not is_common_noun_phrase(name):
            # Named there and nowhere else ("officials at Saint Brigid Infirmary"): its whole name.
            return Entry(re.sub(r"^the\s+", "", name, flags=re.I), SpeakerKind.ORGANISATION)
    return None


def is_bare_definite(phrase: Span, head: Token) -> bool:
    """ "the agency", "the federal agency": a definite description that refers back, unlike
    "the county sheriff's office" or "the Department of Water Resources", which name."""
    return all(
        t.dep_ in {"det", "amod"} and (t.dep_ != "det" or t.lower_ in {"the", "this", "that"})
        for t in phrase
        if t.i != head.i
    ) and not any(c.dep_ == "prep" for c in head.children)


def strip_determiner(words: str) -> str:
    """The description without its article, but whole: "one nuclear official", "many
    opponents of abortion", "advisor to the delegation". A first word capitalised only by
    its place in the sentence is lowered ("Hospital officials"); a proper one stays
    ("Russian Defence Ministry")."""
    name = re.sub(r"^(?:the|a|an)\s+", "", words, flags=re.I)
    first, second = (name.split() + ["", ""])[:2]
    # "Hospital officials": lowered; "Attorney General's office": a title in capitals, kept.
    in_a_title = second[:1].isupper()
    if first.istitle() and not in_a_title and (first.lower() in COMMON_NOUNS or first.lower() in _LOWERED_QUANTIFIERS):
        name = name[0].lower() + name[1:]
    return name


_LOWERED_QUANTIFIERS = frozenset("some many several one two three few most all other senior local federal".split())
