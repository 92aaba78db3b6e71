"""Small dependency-tree helpers shared by the extractors."""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate

from spacy.tokens import Doc, Span, Token

from .cues import PARTICLE_CUES, REPORTING_VERBS
from .entity_names import joined_organisations, name_part

SUBJECTS = ("nsubj", "nsubjpass", "csubj")
# Dependents that belong to a speaker's noun phrase, left of its head.
_NP_LEFT = {"det", "compound", "amod", "poss", "nmod", "nummod", "case", "punct", "flat", "prt"}


class QuoteMask:
    """Which characters of the text are inside quote marks; answers for tokens."""

    def __init__(self, spans: list[tuple[int, int]]):
        self.spans = sorted(spans)
        # Binary search, not a scan: called for every token, so a scan is quadratic in an
        # article with many quotes. reach[i]: the furthest end among spans[: i + 1].
        self._starts = [start for start, _ in self.spans]
        self._reach = list(accumulate((end for _, end in self.spans), max))

    def contains(self, token: Token) -> bool:
        index = bisect_right(self._starts, token.idx) - 1
        return index >= 0 and token.idx < self._reach[index]

    def overlapping(self, start: int, end: int) -> list[tuple[int, int]]:
        """The spans that overlap [start, end), in order."""
        first = bisect_right(self._reach, start)  # spans before it end at or before `start`
        stop = bisect_right(self._starts, end - 1)  # spans from it start at or after `end`
        return [(s, e) for s, e in self.spans[first:stop] if e > start]

    def share_inside(self, span: Span) -> float:
        """Fraction of the span's characters that lie inside quote marks."""
        length = max(1, span.end_char - span.start_char)
        covered = sum(
            max(0, min(end, span.end_char) - max(start, span.start_char))
            for start, end in self.overlapping(span.start_char, span.end_char)
        )
        return covered / length


def doc_text(doc: Doc) -> str:
    """`doc.text`, built once per Doc: spaCy joins every token on each access, so reading it
    once per quote is quadratic in the article's length."""
    text = doc.user_data.get("quotetrack.text")
    if text is None:
        text = doc.user_data["quotetrack.text"] = doc.text
    return text


def _entities(doc: Doc) -> tuple[tuple[Span, ...], list[int]]:
    """`doc.ents` and their starts, built once per Doc (spaCy builds the tuple on each access).
    A person's entity holds only the words that name the person (entity_names.name_part), an
    organisation's is not cut at a possessive (entity_names.joined_organisations)."""
    cached = doc.user_data.get("quotetrack.ents")
    if cached is None:
        text = doc_text(doc)
        named = (name_part(e, text) if e.label_ == "PERSON" else e for e in doc.ents)
        ents = joined_organisations(tuple(e for e in named if e is not None))
        cached = doc.user_data["quotetrack.ents"] = (ents, [e.start for e in ents])
    return cached


def entities(doc: Doc) -> tuple[Span, ...]:
    return _entities(doc)[0]


def entities_within(doc: Doc, start: int, end: int) -> list[Span]:
    """The entities lying wholly in tokens [start, end): a search, not a scan of every entity."""
    ents, starts = _entities(doc)
    first = bisect_right(starts, start - 1)
    return [e for e in ents[first : bisect_right(starts, end - 1)] if e.end <= end]


def entity_containing(doc: Doc, i: int) -> Span | None:
    """The entity token `i` belongs to (entities never overlap), if any."""
    ents, starts = _entities(doc)
    index = bisect_right(starts, i) - 1
    return ents[index] if index >= 0 and i < ents[index].end else None


def _ing_stem_is_cue(word: str) -> bool:
    stem = word[:-3]
    return any(candidate in REPORTING_VERBS for candidate in (stem, stem + "e", stem[:-1]))


def is_cue(token: Token) -> bool:
    """A reporting verb. The parser sometimes tags a participle that introduces a quote as a
    noun ("lamenting, "Why ...""); such an -ing word before a comma or colon counts too."""
    lemma = token.lemma_.lower()
    if lemma in REPORTING_VERBS and (token.pos_ in {"VERB", "AUX"} or token.tag_.startswith("VB")):
        return True
    particle = PARTICLE_CUES.get(lemma)
    if particle is not None and any(c.dep_ in {"prt", "advmod"} and c.lower_ == particle for c in token.children):
        return True
    word = token.lower_
    following = token.nbor(1).text if token.i + 1 < len(token.doc) else ""
    if token.tag_ == "NNS" and word[:-1] in REPORTING_VERBS and following in {",", ":", '"', "“"} and token.i > 0:
        # "The Department of Agriculture notes, "..."": a verb the tagger read as a plural noun.
        return token.nbor(-1).pos_ in {"PROPN", "NOUN", "PRON"}
    return word.endswith("ing") and following in {",", ":"} and _ing_stem_is_cue(word)


def is_according_to(token: Token) -> bool:
    return token.lower_ == "according" and token.i + 1 < len(token.doc) and token.nbor(1).lower_ == "to"


def is_per_source(token: Token) -> bool:
    """ "Per the statement, Franklin died ... "surrounded by family"": a sentence opened by "per"
    and its source, as "according to" opens one (never a rate: "per cent", "$5 per day")."""
    return (
        token.lower_ == "per"
        and token.i == token.sent.start
        and any(c.dep_ == "pobj" and c.pos_ in {"NOUN", "PROPN"} for c in token.children)
    )


def is_words_of(token: Token) -> bool:
    """ "in the words of the prosecutor, X, "..."": a cue for a direct quote."""
    doc = token.doc
    return (
        token.lower_ == "words"
        and 2 <= token.i < len(doc) - 1
        and doc[token.i - 1].lower_ == "the"
        and doc[token.i - 2].lower_ == "in"
        and token.nbor(1).lower_ == "of"
    )


def is_acronym(token: Token) -> bool:
    text = token.text.rstrip(".")
    return 2 <= len(text) <= 6 and text.isupper() and text.isalpha()


def noun_phrase(head: Token) -> Span:
    """The speaker noun phrase of `head`: its left modifiers and head, without clauses,
    prepositional tails or appositions. An acronym stands alone from proper nouns run into
    it by a lost space ("Great Barrington ICE said" -> "ICE")."""
    start = head.i
    for child in sorted(head.lefts, key=lambda t: t.i, reverse=True):  # nearest first
        if child.dep_ not in _NP_LEFT:
            break
        if is_acronym(head) and child.pos_ == "PROPN" and not is_acronym(child):
            break
        start = child.left_edge.i
    doc = head.doc
    while start < head.i and doc[start].is_punct:
        start += 1
    return doc[start : head.i + 1]


def apposition(head: Token) -> Span | None:
    """ "Patricia Hyde, acting director of ERO's Boston office" -> the appositive phrase."""
    for child in head.rights:
        if child.dep_ == "appos":
            return head.doc[child.left_edge.i : child.right_edge.i + 1]
    return None


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


def speaker_head(cue: Token, mask: QuoteMask) -> Token | None:
    """The head token of the speaker mention for a cue verb, or None.

    Climbs from participles and coordinated verbs to the verb that has the subject
    ("Musk struck a tone, lamenting ..."). "criticized X for saying ..." makes X the speaker.
    """
    if is_per_source(cue):
        return next(c for c in cue.children if c.dep_ == "pobj")
    if cue.lower_ in {"according", "words"}:
        # "according to curator Elaine Gustafon" may come with two objects: the name wins.
        objects = [pobj for to in cue.children for pobj in to.children if pobj.dep_ == "pobj"]
        if objects:
            return next((o for o in reversed(objects) if o.pos_ == "PROPN"), objects[0])
        # The parser left the name unattached ("According to Rathbun the property ..."):
        # the proper noun right after "to" / "of".
        following = cue.doc[cue.i + 2] if cue.i + 2 < len(cue.doc) else None
        proper = following is not None and (following.pos_ == "PROPN" or following.text[:1].isupper())
        if following is not None and proper and not mask.contains(following):
            while following.head.i > following.i and following.head.pos_ == "PROPN":
                following = following.head
            return following
        return None
    if cue.tag_ == "VBG" and _follows_comma(cue):
        # "X denied the reports, calling them ...": the participle's speaker is the subject
        # of the main clause, wherever the parser attached the participle.
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
    outer = cue.head
    if cue.dep_ == "ccomp" and outer.i != cue.i and is_cue(outer) and not mask.contains(outer):
        # "Coates said that Hood told her "...": the outermost speech frame decides.
        subject = _subject_of(outer, mask)
        if subject is not None:
            return subject
    verb = cue
    for level in range(5):
        # The subject of reported speech is not the speaker: in "claims a duty is to shield
        # ..., telling X", climb past the ccomp "is" to "claims".
        # ... except "X was quoted as saying", parsed as a ccomp of the quote: X is the speaker.
        quoted_as = verb.lemma_.lower() in QUOTED_AS and any(c.dep_ == "auxpass" for c in verb.children)
        subject = _subject_of(verb, mask) if level == 0 or verb.dep_ != "ccomp" or quoted_as else None
        if level == 0 and subject is not None and subject.dep_ == "nsubjpass" and not quoted_as:
            # "Haddad had been questioned", "she was told": who is asked or told does not speak.
            return None
        if subject is not None and level == 0 and _said_in(subject, cue):
            # "made a comment saying ...", parsed with the comment as the participle's subject:
            # whoever made the comment.
            maker = _subject_of(cue.head, mask) if cue.head.i != cue.i else None
            subject = maker if maker is not None else subject
        if subject is not None:
            return subject
        finite = verb.tag_ in {"VBD", "VBZ", "VBP"} or (verb.tag_ == "VBN" and verb.doc[verb.i - 1].text == ",")
        if verb.dep_ == "acl" and finite and verb.head.i < verb.i:
            # "Dave Bautista, who plays Drax, tweeted about it saying ...": a finite verb (or a
            # past tense read as a participle after the comma) that the parser hung on the
            # name before it is that name's own clause.
            named = verb.head.pos_ == "PROPN" or any(
                c.dep_ == "appos" and c.pos_ == "PROPN" for c in verb.head.children
            )  # "The head of the board, Tomas Ekdahl, called ...": the description with its name
            if named and not mask.contains(verb.head):
                return verb.head
        if verb.dep_ == "pcomp" and verb.head.lower_ == "for" and verb.head.head.pos_ == "VERB":
            objects = [c for c in verb.head.head.children if c.dep_ == "dobj"]
            if objects:
                return objects[0]
        # "made a comment saying", "issued a statement saying": from the noun the participle
        # describes up to the verb whose subject made the comment.
        light_object = verb.dep_ == "dobj" and verb.pos_ == "NOUN" and level > 0
        climbable = light_object or verb.dep_ in {
            "advcl",
            "xcomp",
            "conj",
            "pcomp",
            "pobj",
            "acl",
            "dep",
            "prep",
            "ccomp",
        }
        if not climbable or verb.head.i == verb.i or mask.contains(verb.head):
            break  # never take a subject from inside the quote itself
        verb = verb.head
    # Parser fallback: a noun right before the verb ("..., ICE said." parsed as a pobj).
    left = cue.i - 1
    while left >= cue.sent.start and cue.doc[left].pos_ == "ADV":
        left -= 1
    if left >= cue.sent.start:
        token = cue.doc[left]
        if token.pos_ in {"PROPN", "NOUN", "PRON"} and not mask.contains(token):
            return token
        # "Speaking in the parents' defense, Tom Molomby, SC, said": past the comma and the
        # post-nominal in apposition, to the name it follows.
        if token.text == "," and left - 1 >= cue.sent.start:
            token = cue.doc[left - 1]
            if token.dep_ == "appos" and token.head.i < token.i and token.head.pos_ == "PROPN":
                token = token.head
            # "the authority's general manager, Curtis Langford, told": the name in apposition
            # to a description the parser hung inside the quote before it.
            if token.pos_ == "PROPN" and token.dep_ not in {"pobj", "dobj"} and not mask.contains(token):
                return token
    described = _named_before_relative_clause(cue, mask)
    if described is not None:
        return described
    # Inverted order: "..., said Patricia Hyde" parsed with the name as an object.
    right = cue.i + 1
    if right < cue.sent.end and cue.doc[right].pos_ == "PROPN" and not mask.contains(cue.doc[right]):
        token = cue.doc[right]
        while token.head.i > token.i and token.head.pos_ == "PROPN":
            token = token.head
        return token
    # '"...," said the office of the President in a statement': a described speaker right after
    # the cue that follows a closing quote mark, whatever verb later on the parser hung it on.
    closing = cue.i > 0 and cue.doc[cue.i - 1].text in _CLOSING_MARKS
    if closing and right < cue.sent.end and cue.doc[right].lower_ in {"the", "a", "an"}:
        noun = cue.doc[right].head
        if noun.pos_ in {"NOUN", "PROPN"} and noun.i > cue.i and not mask.contains(noun):
            return noun
    return None


_CLOSING_MARKS = frozenset({'"', "”", "'", "’"})


def _named_before_relative_clause(cue: Token, mask: QuoteMask) -> Token | None:
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


def char_span(doc: Doc, start: int, end: int) -> Span | None:
    return doc.char_span(start, end, alignment_mode="expand")
