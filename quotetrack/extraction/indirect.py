"""Reported speech: a reporting verb with a clause, trailing attributions, "according to"."""

from __future__ import annotations

from spacy.tokens import Doc, Span, Token

from ..nlp import budget
from ..types import QuoteKind
from .candidate import Candidate, trim
from .syntax import QuoteMask, is_according_to, is_cue, speaker_head

MIN_CONTENT_WORDS = 3
# Reported clauses that open with a quote and are mostly quoted are direct quotes, found there.
MAX_QUOTED_SHARE = 0.6


def _clause(verb: Token) -> Span | None:
    """The reported clause of a cue: its ccomp, or for `X happened, ICE said` (parsed with
    `said` as a parataxis of the main verb) everything before the attribution."""
    framed = _as_attribution(verb)
    if framed is not None:
        return framed
    for child in _reported_clauses(verb):
        if child.dep_ == "ccomp":
            end = child.right_edge.i + 1
            # "would monitor emergency room wait times throughout the strike": the parser broke
            # one clause in two, the second a complement of the cue with no subject of its own,
            # starting where the first ends. It is the rest of the same clause.
            parts = [child]
            for other in verb.children:
                if other.dep_ == "ccomp" and other.i > child.i and other.left_edge.i == end and not _has_subject(other):
                    parts.append(other)
                    end = other.right_edge.i + 1
            clause_end = end
            # "said X and called it Y": a coordinated reporting verb starts a new report, unless
            # it reports nothing and shares the clause's auxiliary: "added that his department
            # had reviewed the report and [had] agreed with its conclusions" goes on, "said state
            # police would not assist agents and hinted at pushback" (no "would hinted") does not.
            for conj in (c for part in parts for c in part.children):
                continues = not _reports_something(conj) and _shares_auxiliary(conj.head, conj)
                if conj.dep_ == "conj" and is_cue(conj) and conj.i > child.i and not continues:
                    end = min(end, conj.left_edge.i)
                    if end > 0 and verb.doc[end - 1].dep_ == "cc":
                        end -= 1
            # "said X, but the request was ignored": a coordinated clause with its own
            # subject continues the report; one without ("said X and left") does not.
            for conj in verb.children:
                if (
                    conj.dep_ == "conj"
                    and conj.i > child.i
                    and not is_cue(conj)
                    and end == clause_end
                    and any(c.dep_ in {"nsubj", "nsubjpass"} for c in conj.children)
                ):
                    end = conj.right_edge.i + 1
            # "said X, adding that Y": the participle starts a report of its own.
            for token in verb.doc[child.left_edge.i : end]:
                if token.tag_ == "VBG" and is_cue(token) and token.i > 0 and verb.doc[token.i - 1].text == ",":
                    end = token.i - 1
                    break
            return verb.doc[_clause_start(verb, child) : end]
    # "told reporters after the meeting that he supported ...", "said in a statement that
    # ...": the parser hung the clause on a noun in a prepositional phrase, but its "that" is
    # a complementizer with a subject. ("denied reports that X" is not: X is the reports'.)
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
    if verb.dep_ == "parataxis" and verb.head.i < verb.i:
        return verb.doc[verb.sent.start : verb.left_edge.i]
    return _clause_in_object(verb) or _clause_before_trailing_attribution(verb) or _reported_request(verb)


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


def _as_attribution(verb: Token) -> Span | None:
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


def _withholds_a_name(content: Span) -> bool:
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
    `_reported_request` through `_clause`)."""
    return token.pos_ == "VERB" and token.lemma_.lower() in _REPORTING_AN_ACT


def _reported_request(verb: Token) -> Span | None:
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


# Reporting verbs whose first object is the person spoken to, not the report.
ADDRESSING_VERBS = frozenset("tell inform assure warn remind notify advise promise".split())


def _clause_in_object(verb: Token) -> Span | None:
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


def _clause_before_trailing_attribution(verb: Token) -> Span | None:
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


def _clause_after_parenthetical(verb: Token) -> Span | None:
    """ "In the meantime, Okafor said, the city would abide by the injunction" and "The
    warehouse was destroyed, the chief said, and crews will remain at the scene": a cue set
    off by commas inside its sentence reports the clause after it too."""
    doc, sentence = verb.doc, verb.sent
    if any(c.dep_ in {"ccomp", "dobj", "xcomp"} for c in verb.children):
        return None
    if not any(c.dep_ == "nsubj" and c.i < verb.i for c in verb.children):
        return None
    left, right = verb.left_edge.i, verb.right_edge.i
    # The parser may hang the commas around the cue on it.
    left += 1 if left < verb.i and doc[left].text == "," else 0
    right -= 1 if right > verb.i and doc[right].text == "," else 0
    if (
        left - 1 <= sentence.start
        or doc[left - 1].text != ","
        or right + 2 >= sentence.end
        or doc[right + 1].text != ","
    ):
        return None
    start = right + 2
    if doc[start].dep_ == "cc":
        start += 1
    after = doc[start : sentence.end]
    if not any(t.dep_ in {"nsubj", "nsubjpass"} and after.start <= t.head.i < after.end for t in after):
        return None  # not a clause of its own
    return after


def _without(sentence: Span, removed: Span) -> Span:
    """The sentence minus a leading or trailing attribution phrase."""
    doc = sentence.doc
    if removed.start - sentence.start >= sentence.end - removed.end:
        return doc[sentence.start : removed.start]
    return doc[removed.end : sentence.end]


def _according_to(token: Token) -> Span:
    source = token.doc[token.left_edge.i : token.right_edge.i + 1]
    clause = token.head
    if clause.dep_ == "conj" and clause.pos_ in {"VERB", "AUX"}:
        # "Media have reported that X, according to Amnesty there may be Y": the phrase vouches
        # for the clause it hangs on (Y), not for the whole sentence.
        return _without(token.doc[clause.left_edge.i : clause.right_edge.i + 1], source)
    return _without(token.sent, source)


def _reports_of_its_own(main: Token) -> bool:
    """ "According to court papers, Miller told police he was at home": the clause after
    "according to" is itself a report, whose speaker (Miller) is the one quoted; the source
    only vouches for it."""
    return is_cue(main) and _clause(main) is not None


def _bare_attribution(sentence: Span) -> Token | None:
    """A sentence that is only an attribution: ", ICE said." (what it reports came just before)."""
    words = [t for t in sentence if not t.is_punct and not t.is_space]
    if not 2 <= len(words) <= 5:
        return None
    cues = [t for t in words if is_cue(t)]
    # Only subject, cue and adverbs: ", ICE said." but not "Residents described a night."
    if not cues or any(c.dep_ in {"ccomp", "dobj", "attr", "prep", "xcomp", "oprd"} for c in cues[0].children):
        return None
    return cues[0]


def _is_imperative(cue: Token) -> bool:
    """A bare verb opening its sentence, with no subject ("Note that ...", "Please tell us ...")."""
    if cue.tag_ != "VB" or any(c.dep_ in {"nsubj", "nsubjpass", "aux"} for c in cue.children):
        return False
    opening = [t for t in cue.sent if not t.is_punct and not t.is_space and t.lower_ != "please"]
    return bool(opening) and opening[0] == cue


def indirect_quotes(doc: Doc, mask: QuoteMask, skip_paragraph) -> list[Candidate]:
    found: list[Candidate | None] = []
    sentences = list(doc.sents)
    for index, sentence in enumerate(sentences):
        budget.check(doc, "reported speech")
        if skip_paragraph(sentence.start_char):
            continue
        bare = _bare_attribution(sentence)
        if bare is not None and index > 0:
            content = sentences[index - 1]
            if not skip_paragraph(content.start_char):
                found.append(_candidate(content, bare, mask))
            continue
        for token in sentence:
            if mask.contains(token):
                continue
            if is_according_to(token):
                if not _reports_of_its_own(token.head):
                    found.append(_candidate(_according_to(token), token, mask))
            elif is_cue(token):
                clause = _clause(token)
                if clause is not None:
                    # 'said that "11 years is not enough" and that victims "want their money
                    # back"': the first report is a direct quote; the ones after it are reports
                    # of their own (here a mixed quote), not lost with the direct one.
                    parts = _conjoined_reports(clause) if _opens_with_a_quote(clause, mask) else []
                    found.extend(_candidate(part, token, mask) for part in parts or [clause])
                after = _clause_after_parenthetical(token)
                if after is not None and (clause is None or clause.end <= after.start):
                    found.append(_candidate(after, token, mask))
            elif is_request_cue(token):
                clause = _reported_request(token)
                if clause is not None:
                    found.append(_candidate(clause, token, mask))
    return [c for c in found if c is not None]


def _opens_with_a_quote(clause: Span, mask: QuoteMask) -> bool:
    first = next((t for t in clause if not (t.is_punct or t.lower_ == "that")), None)
    return first is not None and mask.contains(first)


def _conjoined_reports(clause: Span) -> list[Span]:
    """The reports after the first that a reported clause coordinates, each with a "that" of
    its own ("... and that victims want ..."), as separate clauses."""
    starts = [
        t.left_edge.i
        for t in clause
        if t.dep_ == "conj"
        and t.left_edge.i > clause.start
        and clause.doc[t.left_edge.i].lower_ == "that"  # a mark, or read as "that victims"
        and clause.doc[t.left_edge.i - 1].dep_ == "cc"
    ]
    bounds = [*starts, clause.end]
    # Each without its "that" (trim keeps a "that" the parser did not read as a mark).
    return [clause.doc[start + 1 : end] for start, end in zip(bounds, bounds[1:], strict=False) if end > start + 1]


# Verbs that, with a reporting verb in their infinitive, say it was not said.
_DECLINING_VERBS = frozenset("decline refuse fail".split())


def _candidate(content: Span, cue: Token, mask: QuoteMask) -> Candidate | None:
    if any(t.dep_ == "mark" and t.lower_ in {"if", "whether"} for t in content[:2]):
        return None  # an indirect question ("asked if she would"), not a statement
    if any(c.dep_ == "neg" for c in cue.children):
        return None  # "did not explain why ...": nothing was said
    if cue.dep_ == "xcomp" and cue.head.lemma_.lower() in _DECLINING_VERBS:
        return None  # "declined to say when ...", "refused to confirm that ...": nothing was said either
    if _is_imperative(cue):
        return None  # "Please note that the sources may be offline": the reader is told, nobody said it
    if _withholds_a_name(content):
        return None  # "asked that his last name not be used": a condition of anonymity, not a report
    start, end = trim(content)
    span = content.doc.char_span(start, end, alignment_mode="expand")
    if span is None or len([t for t in span if not t.is_punct]) < MIN_CONTENT_WORDS:
        return None
    # A clause that opens with a quote and is mostly quoted is a direct quote ("wrote "Why
    # ...""); one that paraphrases first and quotes after is mixed ("said the senator had
    # "won the night"").
    if mask.contains(span[0]) and mask.share_inside(span) > MAX_QUOTED_SHARE:
        return None
    fragments = tuple((max(s, start), min(e, end)) for s, e in mask.overlapping(start, end))
    return Candidate(
        start,
        end,
        QuoteKind.MIXED if fragments else QuoteKind.INDIRECT,
        cue=cue,
        speaker_head=speaker_head(cue, mask),
        fragments=fragments,
    )
