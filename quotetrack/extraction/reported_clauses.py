"""The reported clause of a cue, as ordered, named rules: "said [the state police would not
assist]", "told reporters after the meeting [that he supported ...]", "[A storm swept through
the region], utility officials said", "urged Congress [to act]". Each rule answers with the
clause or None to pass the cue on; CLAUSE_RULES is the order, `reported_clause` asks them. The
request and commitment verbs are here too, with the conditions of anonymity that look like
requests ("asked not to be named") and report nothing."""

from __future__ import annotations

from collections.abc import Callable

from spacy.tokens import Span, Token

from .syntax import is_cue


def complement_clause(verb: Token) -> Span | None:
    """ "said state police would not assist": the cue's clausal complement (its ccomp), with
    what the parser broke off it, up to a report of its own."""
    child = next((c for c in _reported_clauses(verb) if c.dep_ == "ccomp"), None)
    if child is None:
        return None
    parts, clause_end = _clause_parts(verb, child)
    end = _before_coordinated_report(verb, child, parts, clause_end)
    end = _with_coordinated_clause(verb, child, end, clause_end)
    end = _before_participle_report(verb, child, end)
    return verb.doc[_clause_start(verb, child) : end]


def _clause_parts(verb: Token, child: Token) -> tuple[list[Token], int]:
    """ "would monitor emergency room wait times throughout the strike": the parser broke one
    clause in two, the second a complement of the cue with no subject of its own, starting
    where the first ends. It is the rest of the same clause. The parts, and where they end."""
    end = child.right_edge.i + 1
    parts = [child]
    for other in verb.children:
        if other.dep_ == "ccomp" and other.i > child.i and other.left_edge.i == end and not _has_subject(other):
            parts.append(other)
            end = other.right_edge.i + 1
    return parts, end


def _before_coordinated_report(verb: Token, child: Token, parts: list[Token], end: int) -> int:
    """ "said X and called it Y": a coordinated reporting verb starts a new report, unless it
    reports nothing and shares the clause's auxiliary: "added that his department had reviewed
    the report and [had] agreed with its conclusions" goes on, "said state police would not
    assist agents and hinted at pushback" (no "would hinted") does not."""
    for conj in (c for part in parts for c in part.children):
        continues = not _reports_something(conj) and _shares_auxiliary(conj.head, conj)
        if conj.dep_ == "conj" and is_cue(conj) and conj.i > child.i and not continues:
            end = min(end, conj.left_edge.i)
            if end > 0 and verb.doc[end - 1].dep_ == "cc":
                end -= 1
    return end


def _with_coordinated_clause(verb: Token, child: Token, end: int, clause_end: int) -> int:
    """ "said X, but the request was ignored": a coordinated clause with its own subject
    continues the report; one without ("said X and left") does not."""
    for conj in verb.children:
        if (
            conj.dep_ == "conj"
            and conj.i > child.i
            and not is_cue(conj)
            and end == clause_end
            and any(c.dep_ in {"nsubj", "nsubjpass"} for c in conj.children)
        ):
            end = conj.right_edge.i + 1
    return end


def _before_participle_report(verb: Token, child: Token, end: int) -> int:
    """ "said X, adding that Y": the participle starts a report of its own."""
    for token in verb.doc[child.left_edge.i : end]:
        if token.tag_ == "VBG" and is_cue(token) and token.i > 0 and verb.doc[token.i - 1].text == ",":
            return token.i - 1
    return end


def that_clause_on_noun(verb: Token) -> Span | None:
    """ "told reporters after the meeting that he supported ...", "said in a statement that
    ...": the parser hung the clause on a noun in a prepositional phrase, but its "that" is a
    complementizer with a subject. ("denied reports that X" is not: X is the reports'.)"""
    for token in verb.subtree:
        clause_on_noun = token.head.dep_ == "relcl" or (token.head.dep_ == "acl" and token.head.head.dep_ == "pobj")
        if (
            token.i > verb.i
            and token.dep_ == "mark"
            and token.lower_ == "that"
            and clause_on_noun
            and any(c.dep_ in {"nsubj", "nsubjpass"} for c in token.head.children)
        ):
            clause = token.head
            return verb.doc[token.i : clause.right_edge.i + 1]
    return None


def before_parataxis(verb: Token) -> Span | None:
    """ "X happened, ICE said", parsed with "said" as a parataxis of the main verb: everything
    before the attribution."""
    if verb.dep_ == "parataxis" and verb.head.i < verb.i:
        return verb.doc[verb.sent.start : verb.left_edge.i]
    return None


def _has_subject(verb: Token) -> bool:
    return any(c.dep_ in _SUBJECTS for c in verb.children)


def _reports_something(cue: Token) -> bool:
    """A reporting verb with something reported: a clause, an object, a "that"."""
    return any(c.dep_ in {"ccomp", "xcomp", "dobj", "oprd", "dative"} or c.lower_ == "that" for c in cue.children)


def _shares_auxiliary(verb: Token, conj: Token) -> bool:
    """The coordinated verb reads under the clause verb's auxiliary: "had reviewed ... and
    agreed" (had agreed), "would monitor ... and publish" (would publish)."""
    if any(c.dep_ in {"aux", "auxpass"} for c in conj.children):
        return False
    auxiliaries = {c.lemma_.lower() for c in verb.children if c.dep_ == "aux"}
    if "have" in auxiliaries:
        return conj.tag_ in {"VBN", "VBD"}
    return bool(auxiliaries & {"will", "would", "can", "could", "may", "might", "shall", "should", "must"}) and (
        conj.tag_ == "VB"
    )


def _clause_start(verb: Token, clause: Token) -> int:
    """Where the reported clause starts. "He said phase two, the town-centre wall, would be
    programmed into the next spending period": the parser takes the clause's subject for the
    cue's object and leaves the clause without one; the object that runs (with its apposition
    and a comma) into a subjectless clause after the cue is that clause's subject."""
    start = clause.left_edge.i
    if clause.i < verb.i or any(c.dep_ in _SUBJECTS for c in clause.children):
        return start
    for obj in verb.children:
        between = verb.doc[obj.right_edge.i + 1 : start]
        if obj.dep_ == "dobj" and verb.i < obj.i < start and all(t.is_punct for t in between):
            return obj.left_edge.i
    return start


def _reported_clauses(verb: Token) -> list[Token]:
    """The cue's clausal complements. "In its report, released on 14 October, the panel says
    figures appear in eleven papers": the parser takes the participle before the cue for a
    complement too; a participle with no subject before the cue is no report when the cue has
    another complement."""
    clauses = [c for c in verb.children if c.dep_ == "ccomp"]
    reports = [
        c
        for c in clauses
        if not (c.i < verb.i and c.tag_ in {"VBN", "VBG"} and not any(g.dep_ in _SUBJECTS for g in c.children))
    ]
    return reports or clauses


_SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl", "csubj"})


def as_attribution(verb: Token) -> Span | None:
    """ "As Heald told the Post, ozone has dropped": a leading "as" clause attributes the main
    clause after it. Only a cue with no report of its own ("as she said that ..." has one)."""
    if verb.dep_ != "advcl" or not any(c.dep_ == "mark" and c.lower_ == "as" for c in verb.children):
        return None
    if any(c.dep_ in {"ccomp", "xcomp"} for c in verb.children):
        return None
    main, framing = verb.head, verb.doc[verb.left_edge.i : verb.right_edge.i + 1]
    if framing.start != main.left_edge.i or framing.start != verb.sent.start:
        return None  # "ozone, as Heald said, has dropped": not at the front; left alone
    start = framing.end + (1 if framing.end < len(verb.doc) and verb.doc[framing.end].text == "," else 0)
    return verb.doc[start : main.right_edge.i + 1] if start < main.right_edge.i else None


# Reporting verbs whose first object is the person spoken to, not the report.
ADDRESSING_VERBS = frozenset("tell inform assure warn remind notify advise promise".split())


def clause_in_object(verb: Token) -> Span | None:
    """ "She said the government had frozen fares": the parser took "fares" for the object
    of "said". A noun phrase right after the cue followed by an auxiliary or modal is the
    subject of a reported clause."""
    doc = verb.doc
    i = verb.i + 1
    # "told reporters the strike could last weeks": the first noun phrase is the addressee.
    addressee = next((c for c in verb.children if c.dep_ in {"dobj", "dative"} and c.i > verb.i), None)
    if verb.lemma_.lower() in ADDRESSING_VERBS and addressee is not None and addressee.left_edge.i == i:
        i = addressee.right_edge.i + 1
    if i < len(doc) and doc[i].lower_ == "that":
        i += 1
    start = i
    while (
        i < verb.sent.end and doc[i].pos_ in {"DET", "ADJ", "NOUN", "PROPN", "NUM", "PRON"} and doc[i].dep_ != "punct"
    ):
        i += 1
    if i == start or i >= verb.sent.end or doc[i].pos_ != "AUX" or doc[i - 1].pos_ not in {"NOUN", "PROPN", "PRON"}:
        return None
    return doc[start : verb.sent.end]  # to the sentence end; trim() drops the final period


def clause_before_trailing_attribution(verb: Token) -> Span | None:
    """ "A storm swept through the region, utility officials said Saturday.": the parser made
    the storm the subject of "said". Everything before ", SPEAKER said" is the report."""
    doc, sentence = verb.doc, verb.sent
    after = [t for t in doc[verb.i + 1 : sentence.end] if not t.is_punct and not t.is_space]
    if len(after) > 3 or any(t.dep_ in {"dobj", "ccomp", "xcomp", "attr"} for t in after):
        return None
    subject = max((c for c in verb.children if c.dep_ == "nsubj" and c.i < verb.i), key=lambda c: c.i, default=None)
    if subject is None:
        return None
    # The speaker phrase: the subject's own left modifiers, not whatever the parser hung on it.
    speaker_start = subject.i
    while (
        speaker_start > sentence.start
        and doc[speaker_start - 1].dep_ in {"compound", "amod", "det", "poss", "case"}
        and doc[speaker_start - 1].head.i == subject.i
    ):
        speaker_start -= 1
    comma = speaker_start - 1
    if comma <= sentence.start or doc[comma].text != ",":
        return None
    return doc[sentence.start : comma]


# Verbs that report a request, an appeal or an order: "urged Congress to act", "asked Thailand
# not to turn away boats", "called on the regions to apply the ruling", "told residents to
# leave", "yelled at the team to push". The annotation guidelines count these as reported speech.
REQUEST_VERBS = frozenset(
    """urge ask call plead appeal demand implore beg press petition tell order instruct warn advise
    encourage yell shout""".split()
)
# The preposition of an addressee or of an appeal: "called on X to", "called for X to", "yelled at X to",
# "appealed to X to".
APPEAL_PREPOSITIONS = frozenset({"on", "upon", "for"})
ADDRESSEE_PREPOSITIONS = frozenset({"at", "with", "on", "upon", "to"})
# Verbs that report a commitment or a claim about the speaker's own act: "pledged to cut taxes",
# "threatened to kill the hostages", "claimed to have visited the temple".
COMMITMENT_VERBS = frozenset("pledge promise vow threaten claim".split())
_REPORTING_AN_ACT = REQUEST_VERBS | COMMITMENT_VERBS
# "asked not to be named", "asked to remain anonymous": a condition of anonymity, not a report.
ANONYMITY_WORDS = frozenset("anonymous anonymity".split())
NAMING_VERBS = frozenset("name identify quote".split())
# What is done with a name a source asks to be kept out: "that his name not be used / printed".
NAME_USING_VERBS = frozenset("use publish print give reveal disclose release identify".split())


def withholds_a_name(content: Span) -> bool:
    """ "(asked) that her last name not be used", "that his name be withheld": the report is
    about the speaker's own name being kept out."""
    for token in content:
        if token.lemma_.lower() != "name" or token.dep_ not in {"nsubj", "nsubjpass"}:
            continue
        verb = token.head
        negated = any(c.dep_ == "neg" for c in verb.children)
        if (negated and verb.lemma_.lower() in NAME_USING_VERBS) or verb.lemma_.lower() == "withhold":
            return True
    return False


def is_request_cue(token: Token) -> bool:
    """A request or commitment verb that is not also a plain reporting verb (those reach
    `reported_request` through CLAUSE_RULES below)."""
    return token.pos_ == "VERB" and token.lemma_.lower() in _REPORTING_AN_ACT


def reported_request(verb: Token) -> Span | None:
    """The infinitive a request or commitment verb reports ("to help the girls enter the
    country"), with its negation. Not for a passive ("was asked to leave": the subject is the
    one asked), nor in a relative clause ("a resident, who asked not to be named")."""
    lemma = verb.lemma_.lower()
    if lemma not in _REPORTING_AN_ACT or any(c.dep_ in {"auxpass", "nsubjpass"} for c in verb.children):
        return None
    if verb.dep_ == "relcl":
        return None
    for child in verb.children:
        if child.dep_ == "xcomp" and child.i > verb.i:
            if lemma == "call" and not any(c.dep_ == "prep" and c.lower_ in APPEAL_PREPOSITIONS for c in verb.children):
                return None  # "called the office to ask": a phone call, not an appeal
            return _infinitive(child)
        # "called for all Indonesians to pay", "appealed for residents to heed": the parser
        # makes the infinitive an adverbial clause with "for" and its own subject.
        if (
            child.dep_ == "advcl"
            and child.i > verb.i
            and lemma in {"call", "appeal", "plead", "press", "ask"}
            and any(c.dep_ == "mark" and c.lower_ == "for" for c in child.children)
            and any(c.dep_ == "nsubj" for c in child.children)
        ):
            return _infinitive(child)
        # "yelled at the players to press", "pleaded with him to stay", "appealed to the board
        # to act": after an addressee in a prepositional phrase the parser reads the infinitive
        # as one of purpose.
        addressed = any(c.dep_ == "prep" and c.lower_ in ADDRESSEE_PREPOSITIONS for c in verb.children)
        if child.dep_ == "advcl" and child.i > verb.i and addressed and lemma in REQUEST_VERBS:
            return _infinitive(child)
    return None


def _infinitive(verb: Token) -> Span | None:
    marks = [t for t in verb.lefts if t.dep_ in {"aux", "neg"} and t.lower_ in {"to", "not"}]
    if not any(t.lower_ == "to" for t in marks):
        return None
    passive = any(c.dep_ == "auxpass" for c in verb.children)
    if (passive and verb.lemma_.lower() in NAMING_VERBS) or {t.lower_ for t in verb.subtree} & ANONYMITY_WORDS:
        return None
    return verb.doc[marks[0].i : verb.right_edge.i + 1]


# The reported clause of a cue: the first of these that answers, in order.
CLAUSE_RULES: tuple[Callable[[Token], Span | None], ...] = (
    as_attribution,
    complement_clause,
    that_clause_on_noun,
    before_parataxis,
    clause_in_object,
    clause_before_trailing_attribution,
    reported_request,
)


def reported_clause(verb: Token) -> Span | None:
    """The reported clause of a cue: its ccomp, or for `X happened, ICE said` (parsed with
    `said` as a parataxis of the main verb) everything before the attribution; the first of
    CLAUSE_RULES that answers."""
    for rule in CLAUSE_RULES:
        found = rule(verb)
        if found is not None:
            return found
    return None
