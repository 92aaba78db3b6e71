"""Who speaks for a cue verb, as ordered, named rules: the head token of the speaker mention.

Each rule takes the cue and the quote mask and answers with a token, None to pass the cue
on, or NOBODY: the cue has no speaker, and the rules after it are not asked. The order is
data, SPEAKER_RULES in syntax.py, where `speaker_head` asks them; one rule, `climbed_subject`,
asks its own CLIMB_RULES at each verb it climbs to.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Final

from spacy.tokens import Token

from .tokens import QuoteMask, is_cue, is_per_source

SUBJECTS = ("nsubj", "nsubjpass", "csubj")


class _Nobody(Enum):
    NOBODY = "nobody"


# A rule's answer that the cue has no speaker: the rules after it are not asked.
NOBODY: Final = _Nobody.NOBODY
Answer = Token | _Nobody | None
SpeakerRule = Callable[[Token, QuoteMask], Answer]
ClimbRule = Callable[[Token, Token, int, QuoteMask], Answer]
# How many verbs up from the cue `climbed_subject` looks for a subject.
CLIMB_LEVELS = 5


def _subject_of(verb: Token, mask: QuoteMask) -> Token | None:
    # The closest subject: a parser that gives a verb two ("A storm swept ..., officials
    # said") is usually right about the nearer one.
    for child in sorted(verb.children, key=lambda c: abs(c.i - verb.i)):
        if child.dep_ in SUBJECTS and not mask.contains(child):
            return _appositive_owner(child, verb) or child
        if child.dep_ == "agent":  # passive: "was said by X"
            for grandchild in child.children:
                if grandchild.dep_ == "pobj":
                    return grandchild
    return None


def _active_subject_before(cue: Token, mask: QuoteMask) -> Token | None:
    """The nearest active subject before `cue` in its sentence; a relative pronoun stands for
    the noun its clause describes ("the court, which declined")."""
    for token in reversed(cue.doc[cue.sent.start : cue.i]):
        if token.dep_ != "nsubj" or mask.contains(token):
            continue
        if token.lower_ in {"which", "who", "that"} and token.head.dep_ == "relcl":
            return token.head.head
        return token
    return None


def _appositive_owner(subject: Token, verb: Token) -> Token | None:
    """ "Dana Ruiz, an actor in the film Bread and Roses wrote ...": the parser made the end of
    the appositive ("Roses") a second subject. The subject before it, whose appositive runs
    up to it with no comma between, is the speaker."""
    for other in verb.children:
        if other.dep_ not in SUBJECTS or other.i >= subject.i:
            continue
        appositive = next((c for c in other.children if c.dep_ == "appos" and c.i < subject.i), None)
        # A comma ends the appositive; a dash ends a dateline ("PORTHAVEN, Norland — The bank kept").
        if appositive is not None and not any(t.text in {",", "—", "–"} for t in verb.doc[appositive.i : subject.i]):
            return other
    return None


# "was quoted as saying", "was reported as saying", "was cited as saying": the subject spoke.
QUOTED_AS = frozenset({"quote", "report", "cite"})
# Nouns for what was said, which a participle can take as its subject ("a statement saying").
_SAYING_NOUNS = frozenset("comment statement remark message note letter post tweet appeal release".split())


def _said_in(subject: Token, cue: Token) -> bool:
    return cue.tag_ == "VBG" and subject.pos_ == "NOUN" and subject.lemma_.lower() in _SAYING_NOUNS


# Words that may stand between the comma and a participle whose speaker is the main clause's
# subject: ", whilst also calling for ...", ", while adding ...", ", before warning ...".
_PARTICIPLE_LEADS = frozenset({"while", "whilst", "before", "after", "also", "further", "again", "later", "then"})


def _follows_comma(cue: Token) -> bool:
    """The participle opens a clause after a comma, maybe with a conjunction or an adverb
    between ("X raised it, telling Y", "X stated ..., whilst also calling for Z")."""
    i = cue.i - 1
    while i > cue.sent.start and i >= cue.i - 3 and cue.doc[i].lower_ in _PARTICIPLE_LEADS:
        i -= 1
    return i >= 0 and cue.doc[i].text == ","


def _left_of(cue: Token) -> Token | None:
    """The word before the cue in its sentence, past any adverbs ("ICE also said")."""
    left = cue.i - 1
    while left >= cue.sent.start and cue.doc[left].pos_ == "ADV":
        left -= 1
    return cue.doc[left] if left >= cue.sent.start else None


_CLOSING_MARKS = frozenset({'"', "”", "'", "’"})


# The rules, in SPEAKER_RULES' order.


def per_source(cue: Token, mask: QuoteMask) -> Answer:
    """ "Per the statement, Franklin died ...": the source that "per" opens the sentence with."""
    if is_per_source(cue):
        return next(c for c in cue.children if c.dep_ == "pobj")
    return None


def according_to_object(cue: Token, mask: QuoteMask) -> Answer:
    """ "according to curator Elaine Gustafon", "in the words of the prosecutor": the object of
    "to" / "of". With two objects, the name wins."""
    if cue.lower_ not in {"according", "words"}:
        return None
    objects = [pobj for to in cue.children for pobj in to.children if pobj.dep_ == "pobj"]
    if objects:
        return next((o for o in reversed(objects) if o.pos_ == "PROPN"), objects[0])
    return None


def name_after_according_to(cue: Token, mask: QuoteMask) -> Answer:
    """ "According to Rathbun the property ...": the parser left the name unattached; the
    proper noun right after "to" / "of". Else nobody: no later rule reads these cues."""
    if cue.lower_ not in {"according", "words"}:
        return None
    following = cue.doc[cue.i + 2] if cue.i + 2 < len(cue.doc) else None
    proper = following is not None and (following.pos_ == "PROPN" or following.text[:1].isupper())
    if following is not None and proper and not mask.contains(following):
        while following.head.i > following.i and following.head.pos_ == "PROPN":
            following = following.head
        return following
    return NOBODY


def main_clause_subject(cue: Token, mask: QuoteMask) -> Answer:
    """ "X denied the reports, calling them ...": a participle after a comma speaks for the
    subject of the main clause, wherever the parser attached the participle."""
    if not (cue.tag_ == "VBG" and _follows_comma(cue)):
        return None
    root = cue.sent.root
    if mask.contains(root) and cue.dep_ == "advcl":
        # The quote that follows became the root ("X raised it, telling Y, '...'"): the
        # participle's own head is the main clause.
        root = cue.head
    subject = _subject_of(root, mask) if not mask.contains(root) else None
    if subject is not None and subject.dep_ == "nsubjpass" and not is_cue(root):
        # "The appeal was filed with the court, which declined ..., stating ...": what was
        # filed states nothing; the nearest active subject before the participle speaks.
        subject = _active_subject_before(cue, mask) or subject
    if subject is not None and subject.i < cue.i:
        return subject
    return None


def outer_speech_frame(cue: Token, mask: QuoteMask) -> Answer:
    """ "Coates said that Hood told her "..."": the outermost speech frame decides. Not a
    report relayed ("Prensa Latina reported that Lage said ..."): whoever reports another's
    words only passes them on, and the one who said them speaks (relays_a_report)."""
    outer = cue.head
    if cue.dep_ == "ccomp" and outer.i != cue.i and is_cue(outer) and not mask.contains(outer):
        return None if relays_a_report(outer, cue, mask) else _subject_of(outer, mask)
    return None


# Verbs by which one party passes on what another said ("reported that X said").
RELAYING_VERBS = frozenset({"report"})


def relays_a_report(outer: Token, inner: Token, mask: QuoteMask) -> bool:
    """ "The BBC reported that the minister, Anna Holt, said ...": `outer` relays `inner`, a
    speech verb of the clause it reports with a subject of its own."""
    return (
        outer.lemma_.lower() in RELAYING_VERBS
        and inner.dep_ == "ccomp"
        and inner.head == outer
        and is_cue(inner)
        and _subject_of(inner, mask) is not None
    )


def own_subject(verb: Token, cue: Token, level: int, mask: QuoteMask) -> Answer:
    """ "Musk struck a tone, lamenting ...": the subject of the verb climbed to. Not a passive
    subject of the cue itself ("Haddad had been questioned", "she was told": who is asked or
    told does not speak: nobody), nor the subject of reported speech (in "claims a duty is to
    shield ..., telling X", the ccomp "is" is climbed past to "claims"), except "X was quoted
    as saying", parsed as a ccomp of the quote: X is the speaker."""
    quoted_as = verb.lemma_.lower() in QUOTED_AS and any(c.dep_ == "auxpass" for c in verb.children)
    subject = _subject_of(verb, mask) if level == 0 or verb.dep_ != "ccomp" or quoted_as else None
    if level == 0 and subject is not None and subject.dep_ == "nsubjpass" and not quoted_as:
        return NOBODY
    if subject is not None and level == 0 and _said_in(subject, cue):
        # "made a comment saying ...", parsed with the comment as the participle's subject:
        # whoever made the comment.
        maker = _subject_of(cue.head, mask) if cue.head.i != cue.i else None
        subject = maker if maker is not None else subject
    return subject


def clause_owner(verb: Token, cue: Token, level: int, mask: QuoteMask) -> Answer:
    """ "Dave Bautista, who plays Drax, tweeted about it saying ...": a finite verb (or a past
    tense read as a participle after the comma) that the parser hung on the name before it is
    that name's own clause. "The head of the board, Tomas Ekdahl, called ...": the description
    with its name."""
    finite = verb.tag_ in {"VBD", "VBZ", "VBP"} or (verb.tag_ == "VBN" and verb.doc[verb.i - 1].text == ",")
    if verb.dep_ == "acl" and finite and verb.head.i < verb.i:
        named = verb.head.pos_ == "PROPN" or any(c.dep_ == "appos" and c.pos_ == "PROPN" for c in verb.head.children)
        if named and not mask.contains(verb.head):
            return verb.head
    return None


def criticised_for_saying(verb: Token, cue: Token, level: int, mask: QuoteMask) -> Answer:
    """ "criticized Coates for saying ...": the one criticised is the speaker."""
    if _framed_by(verb, "for") and verb.head.head.pos_ == "VERB":
        return _first_object(verb.head.head)
    return None


def quoted_as_saying(verb: Token, cue: Token, level: int, mask: QuoteMask) -> Answer:
    """ "El Faro quoted a senior official as saying ...", "Reuters reported Holt as saying ...":
    the one quoted speaks, the outlet passes the words on (as "X was quoted as saying" is X's)."""
    if _framed_by(verb, "as") and verb.head.head.lemma_.lower() in _QUOTING_VERBS:
        return _first_object(verb.head.head, mask)
    return None


_QUOTING_VERBS = frozenset({"quote", "report", "cite"})


def _framed_by(verb: Token, preposition: str) -> bool:
    """`verb` is the participle of "<preposition> saying" ("for saying", "as saying")."""
    return verb.dep_ == "pcomp" and verb.head.lower_ == preposition


def _first_object(verb: Token, mask: QuoteMask | None = None) -> Token | None:
    """The first direct object of `verb` (outside the quotes, when a mask is given)."""
    return next((c for c in verb.children if c.dep_ == "dobj" and (mask is None or not mask.contains(c))), None)


# At each verb climbed to, in order.
CLIMB_RULES: tuple[ClimbRule, ...] = (own_subject, clause_owner, criticised_for_saying, quoted_as_saying)
# Dependencies climbed from a verb to its head.
_CLIMBED = frozenset({"advcl", "xcomp", "conj", "pcomp", "pobj", "acl", "dep", "prep", "ccomp"})


def _climbs(verb: Token, level: int, mask: QuoteMask) -> bool:
    """Whether to go on from `verb` to its head: never into the quote itself. "made a comment
    saying", "issued a statement saying" climb from the noun the participle describes up to
    the verb whose subject made the comment."""
    light_object = verb.dep_ == "dobj" and verb.pos_ == "NOUN" and level > 0
    climbable = light_object or verb.dep_ in _CLIMBED
    return climbable and verb.head.i != verb.i and not mask.contains(verb.head)


def climbed_subject(cue: Token, mask: QuoteMask) -> Answer:
    """ "Musk struck a tone, lamenting ...": from the cue up through participles and
    coordinated verbs to the verb that has the subject, asking CLIMB_RULES at each."""
    verb = cue
    for level in range(CLIMB_LEVELS):
        for rule in CLIMB_RULES:
            found = rule(verb, cue, level, mask)
            if found is not None:
                return found
        if not _climbs(verb, level, mask):
            return None
        verb = verb.head
    return None


def noun_before(cue: Token, mask: QuoteMask) -> Answer:
    """ "..., ICE said." parsed with ICE as a pobj: a noun right before the verb (a parser
    fallback)."""
    token = _left_of(cue)
    if token is not None and token.pos_ in {"PROPN", "NOUN", "PRON"} and not mask.contains(token):
        return token
    return None


def name_before_comma(cue: Token, mask: QuoteMask) -> Answer:
    """ "Speaking in the parents' defense, Tom Molomby, SC, said": past the comma and the
    post-nominal in apposition, to the name it follows. "the authority's general manager,
    Curtis Langford, told": the name in apposition to a description the parser hung inside
    the quote before it."""
    comma = _left_of(cue)
    if comma is None or comma.text != "," or comma.i - 1 < cue.sent.start:
        return None
    token = cue.doc[comma.i - 1]
    if token.dep_ == "appos" and token.head.i < token.i and token.head.pos_ == "PROPN":
        token = token.head
    if token.pos_ == "PROPN" and token.dep_ not in {"pobj", "dobj"} and not mask.contains(token):
        return token
    return None


def named_before_relative_clause(cue: Token, mask: QuoteMask) -> Answer:
    """ "Mr Mehrotra, who co-founded the company in 2017, said ...": the parser may give the
    name to the relative clause's verb and leave the cue without a subject. The name the
    sentence opens with, described by a relative clause that a comma closes before the cue,
    is who speaks."""
    doc = cue.doc
    if cue.i == 0 or doc[cue.i - 1].text != ",":
        return None
    relative = next((t for t in doc[cue.sent.start : cue.i] if t.lower_ in {"who", "whose", "which"}), None)
    if relative is None or relative.i < cue.sent.start + 2 or doc[relative.i - 1].text != ",":
        return None
    name = doc[relative.i - 2]
    if name.pos_ != "PROPN" or mask.contains(name) or any(t.pos_ == "VERB" for t in doc[cue.sent.start : name.i]):
        return None  # a name the sentence opens with, not one inside an earlier clause
    return name


def name_after_cue(cue: Token, mask: QuoteMask) -> Answer:
    """ "..., said Patricia Hyde": inverted order, parsed with the name as an object."""
    right = cue.i + 1
    if right < cue.sent.end and cue.doc[right].pos_ == "PROPN" and not mask.contains(cue.doc[right]):
        token = cue.doc[right]
        while token.head.i > token.i and token.head.pos_ == "PROPN":
            token = token.head
        return token
    return None


def described_after_closing_quote(cue: Token, mask: QuoteMask) -> Answer:
    """'"...," said the office of the President in a statement': a described speaker right
    after a cue that follows a closing quote mark, whatever verb later on the parser hung it
    on."""
    right = cue.i + 1
    closing = cue.i > 0 and cue.doc[cue.i - 1].text in _CLOSING_MARKS
    if closing and right < cue.sent.end and cue.doc[right].lower_ in {"the", "a", "an"}:
        noun = cue.doc[right].head
        if noun.pos_ in {"NOUN", "PROPN"} and noun.i > cue.i and not mask.contains(noun):
            return noun
    return None
