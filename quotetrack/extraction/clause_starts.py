"""Where a quote's coordinated clauses begin: the rules that read a conjunct, a contrast, an
earlier event or an accompanying fact as a remark of its own, so claims.py can cut the quote there.
"""

from __future__ import annotations

from spacy.tokens import Span, Token

SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl"})
COMPLEMENTS = frozenset({"dobj", "attr", "acomp", "ccomp", "xcomp", "oprd", "dative"})
# Auxiliaries that carry tense or modality: a verb with one of its own is finite.
_FINITE_AUXILIARY = frozenset({"VBD", "VBZ", "VBP", "MD"})
# Subordinators of a contrast, which reports a second fact ("..., while the other five were
# carrying the bacteria").
CONTRASTS = frozenset({"while", "whereas"})
# Subordinators of a time clause that reports an event of its own: "has grounded nine aircraft
# after an inspection turned up a crack" tells of the grounding and of the crack, two remarks
# other outlets report apart ("dropped by a third once the curfew was in place"). A "when"
# clause frames its remark instead ("was disappointed when India developed the bomb", "began
# when he collected head shots"): measured on the development articles, and left out.
SEQUELS = frozenset({"after", "once"})


def _clause_starts(span: Span) -> list[int]:
    """Token indices where a coordinated clause with its own subject begins: a `conj` of a
    head of the span (a token whose head lies outside it: the reported clause's verb, or the
    cue when the parser hung the conjunct there), or of another such conjunct. Conjuncts
    inside relative or subordinate clauses hang off those clauses' verbs, never a head."""
    heads = {t.i for t in span if not _within(t.head, span) or t.head == t}
    starts = [
        t.left_edge.i
        for t in span
        if (t.i in heads and _second_reported_clause(t, span))
        or (t.head.i in heads and (_contrast(t, span) or _earlier_event(t, span)))
    ]
    starts += [t.i + 1 for t in span if _accompanying_fact(t, span)]
    for token in span:
        if token.dep_ != "conj" or not _conjoined_by_and(token):
            continue
        if _predicate_adjective_on_a_noun(token, span, heads):
            starts.append(token.left_edge.i)
            continue
        if not (
            _coordinated_with_head(token, span, heads)
            or _misattached_to_passive_clause(token, span, heads)
            or _misattached_to_relative_clause(token, span, heads)
            or _another_that_clause(token, span)
        ):
            continue
        if not (_has_subject(token, span) or _finite_predicate(token)):
            continue
        left = token.left_edge.i
        # The clause must start inside the span, after its first conjunct's head.
        if span.start < left and (not _within(token.head, span) or token.head.i < left):
            starts.append(left)
    return starts


def _second_reported_clause(head: Token, span: Span) -> bool:
    """ "We are devastated, but we are not done," she said: the parser may hang both clauses
    on the cue, each a head of the quote; the second, with a subject of its own after "and" /
    "but", is a remark of its own as a conjunct would be. So is a contrast after a comma: "two
    patients had an active infection, while the other five were carrying the bacteria"."""
    if head.dep_ == "advcl":
        return _contrast(head, span)
    left = head.left_edge.i
    if left <= span.start or not _has_subject(head, span):
        return False
    before = head.doc[left - 1]
    return head.dep_ in {"ccomp", "conj", "ROOT"} and before.dep_ == "cc" and before.lower_ in {"and", "but", "yet"}


def _contrast(clause: Token, span: Span) -> bool:
    """ ", while the other five were carrying the bacteria": a clause of contrast after a
    comma, with a subject of its own (not "would meet while the roads were closed")."""
    left = clause.left_edge.i
    if clause.dep_ != "advcl" or left <= span.start or not _has_subject(clause, span):
        return False
    first, before = clause.doc[left], clause.doc[left - 1]
    return first.dep_ == "mark" and first.lower_ in CONTRASTS and before.text == ","


def _earlier_event(clause: Token, span: Span) -> bool:
    """ "was called off after the company improved its pay offer": a time clause after the
    reported one, with a subject of its own and a verb in a past tense, reports an event that
    happened, a remark of its own. A clause in another tense is a condition or a plan ("will
    decide after we see the report"), part of the first remark; so is a past one under "would"
    or "could", the past of a plan in reported speech ("would decide after they had seen it").
    Under "will" it is not ("will walk out next week after talks broke down")."""
    left = clause.left_edge.i
    if clause.dep_ != "advcl" or left <= span.start or not _has_subject(clause, span):
        return False
    if not _subordinator(clause.doc[left], SEQUELS):
        return False
    auxiliaries = [c for c in clause.children if c.dep_ in {"aux", "auxpass"}]
    if any(a.tag_ == "MD" for a in auxiliaries) or _past_modal(clause.head):
        return False
    past_auxiliary = any(a.tag_ == "VBD" or (a.lemma_ == "have" and a.tag_ in {"VBZ", "VBP"}) for a in auxiliaries)
    return clause.tag_ == "VBD" or (clause.tag_ == "VBN" and past_auxiliary)


# Modals whose past reading makes a plan of what follows them in reported speech.
_PAST_MODALS = frozenset({"would", "could", "might", "should", "'d"})


def _past_modal(verb: Token) -> bool:
    return any(c.dep_ == "aux" and c.tag_ == "MD" and c.lower_ in _PAST_MODALS for c in verb.children)


def _accompanying_fact(prep: Token, span: Span) -> bool:
    """ "had ordered an audit, with a report due within 15 days", "expects to award the contract
    in February, with construction starting in April": after a comma, "with" and a noun that
    has a predicate of its own (a participle, or an adjective with a complement) state a second
    fact, a remark of its own. The claim starts after "with"."""
    if prep.lower_ != "with" or prep.dep_ != "prep" or prep.i <= span.start or prep.doc[prep.i - 1].text != ",":
        return False
    if prep.head.pos_ not in {"VERB", "AUX"} or not _within(prep.head, span) or prep.i + 1 >= span.end:
        return False
    for noun in prep.children:
        if noun.dep_ != "pobj" or noun.left_edge.i != prep.i + 1:
            continue
        for predicate in noun.rights:
            if predicate.dep_ == "acl" and predicate.tag_ in {"VBG", "VBN"}:
                return True
            if predicate.dep_ == "amod" and any(c.dep_ in {"prep", "npadvmod"} for c in predicate.children):
                return True
    return False


def _another_that_clause(conjunct: Token, span: Span) -> bool:
    """ "said it believed the crack was isolated and that it was supporting the inspections":
    a "that" clause with its own subject, after "and", is another thing said, wherever the
    parser hung it (often on the verb of the clause before)."""
    return any(c.dep_ == "mark" and c.lower_ == "that" for c in conjunct.children) and _has_subject(conjunct, span)


def _predicate_adjective_on_a_noun(conjunct: Token, span: Span, heads: set[int]) -> bool:
    """'said it is working with regulators and "truly thankful" to the neighbours': an
    adjective with a complement of its own, conjoined to the reported clause's verb, is a
    second predicate of its subject ("it is ... thankful"), a second remark. The parser may
    hang it on the verb's object instead ("investigators ... grateful" cannot be meant)."""
    first = conjunct.head
    on_verb = first.i in heads and first.pos_ in {"VERB", "AUX"}
    on_object = first.pos_ in {"NOUN", "PROPN"} and first.dep_ in {"pobj", "dobj"} and _verb_of(first).i in heads
    return (
        conjunct.pos_ == "ADJ"
        and (on_verb or on_object)
        and _within(first, span)
        and any(c.dep_ == "prep" for c in conjunct.children)
        and conjunct.left_edge.i > span.start
    )


def _verb_of(token: Token) -> Token:
    while token.pos_ not in {"VERB", "AUX"} and token.head != token:
        token = token.head
    return token


def _misattached_to_passive_clause(conjunct: Token, span: Span, heads: set[int]) -> bool:
    """ "He fled Chile before a sentence was imposed and crossed into Argentina": the parser
    hangs "crossed" on the passive "imposed" of the subordinate clause, but an active verb
    with no subject of its own cannot share a passive's subject ("a sentence ... crossed"):
    it continues the clause the subordinate one hangs from, a head of the span."""
    clause = conjunct.head
    if clause.dep_ != "advcl" or not _within(clause, span) or clause.head.i not in heads:
        return False
    passive = any(c.dep_ == "auxpass" for c in clause.children)
    active = not any(c.dep_ in {"auxpass", "nsubjpass"} for c in conjunct.children)
    return passive and active and not _has_subject(conjunct, span)


def _misattached_to_relative_clause(conjunct: Token, span: Span, heads: set[int]) -> bool:
    """ "it accepts everything the panel found and will put all nine recommendations into
    practice": the parser hangs "put" on "found", the relative clause's verb. But that verb's
    object is the noun the clause describes ("everything"), and a verb with an object of its
    own and a tense or modal of its own fills no such gap: it continues the reported clause."""
    clause = conjunct.head
    if clause.dep_ != "relcl" or not _within(clause, span) or _verb_of(clause.head).i not in heads:
        return False
    gap = not any(c.dep_ == "dobj" for c in clause.children)
    own_object = any(c.dep_ == "dobj" for c in conjunct.children)
    own_tense = any(c.dep_ in {"aux", "auxpass"} and c.tag_ in _FINITE_AUXILIARY for c in conjunct.children)
    return gap and own_object and own_tense and not _has_subject(conjunct, span)


def _conjoined_by_and(conjunct: Token) -> bool:
    """An "and" / "but" (or "yet", "so") between the conjuncts: a conj with no coordinator
    is more often the parser's misreading of a relative clause than a second remark, and
    alternatives ("either she helps us or she gets out of the way") make one remark."""
    first = conjunct.head
    words = {c.lower_ for c in first.children if c.dep_ in {"cc", "preconj"} and c.i < conjunct.left_edge.i}
    # The conjunct's own coordinators count only before it: after it they join its own
    # conjuncts ("and passengers can get their money back or move to another flight").
    words |= {c.lower_ for c in conjunct.children if c.dep_ == "cc" and c.i < conjunct.i}
    return bool(words & {"and", "but", "yet", "so"}) and not words & {"or", "nor", "either", "neither"}


def _finite_predicate(conjunct: Token) -> bool:
    """A conjoined finite verb with a complement of its own reports a second fact about the
    same subject ("He fled Brazil ... and entered the U.S. illegally"); infinitives ("to
    protect our citizens, to protect our residents") and bare verbs ("stand by and watch")
    do not."""
    if conjunct.head.pos_ not in {"VERB", "AUX"}:
        return False
    if any(c.dep_ in {"aux", "auxpass"} and c.tag_ in _FINITE_AUXILIARY for c in conjunct.children):
        # A tense or modal of its own ("had shut off the pipe and would cooperate with
        # investigators", "was concerned and had ceased all releases"): a second predication,
        # with or without a complement.
        return True
    # "policies protect criminals and put officers at risk": the tagger reads a present tense
    # it cannot tell from the base form ("put") as a bare verb; after a finite first
    # conjunct, with no auxiliary of its own, it is finite too.
    bare_after_finite = (
        conjunct.tag_ == "VB"
        and conjunct.head.tag_ in {"VBD", "VBZ", "VBP"}
        and not any(c.dep_ in {"aux", "auxpass"} for c in conjunct.children)
    )
    if conjunct.tag_ not in {"VBD", "VBZ", "VBP"} and not bare_after_finite:
        return False
    return any(c.dep_ in COMPLEMENTS for c in conjunct.children)


def _coordinated_with_head(token: Token, span: Span, heads: set[int]) -> bool:
    head = token.head
    while True:
        if not _within(head, span) or head.i in heads:
            return True
        if head.dep_ != "conj" or head.head == head:
            return False
        head = head.head


def _has_subject(token: Token, span: Span) -> bool:
    return any(child.dep_ in SUBJECTS and _within(child, span) for child in token.children)


def _within(token: Token, span: Span) -> bool:
    return span.start <= token.i < span.end


def _subordinator(token: Token, words: frozenset[str]) -> bool:
    """`token` introduces its adverbial clause with one of `words`."""
    return token.dep_ == "mark" and token.lower_ in words and token.head.dep_ == "advcl"
