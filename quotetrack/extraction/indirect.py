"""Reported speech: a reporting verb with a clause, trailing attributions, "according to"."""

from __future__ import annotations

from spacy.tokens import Doc, Span, Token

from ..nlp import budget
from ..types import QuoteKind
from .candidate import Candidate, trim
from .reported_clauses import is_request_cue, reported_clause, reported_request, withholds_a_name
from .speaker_rules import relays_a_report
from .syntax import QuoteMask, is_according_to, is_cue, speaker_head

MIN_CONTENT_WORDS = 3
# Reported clauses that open with a quote and are mostly quoted are direct quotes, found there.
MAX_QUOTED_SHARE = 0.6


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


def _quoting(content: Span) -> tuple[Span, Token | None]:
    """ "According to Yonhap, quoting KCNA, the north had launched ...": the source quoted is
    who speaks (the gold sets' convention: KCNA, Yonhap an alias), and the clause after it is
    the quote. Else the content as it was, with no speaker of its own."""
    words = [t for t in content if not t.is_punct]
    if not words or words[0].lower_ != "quoting":
        return content, None
    source = next((c for c in words[0].children if c.dep_ == "dobj"), None)
    if source is None or source.right_edge.i + 1 >= content.end:
        return content, None
    return content.doc[source.right_edge.i + 1 : content.end], source


def _reports_of_its_own(main: Token) -> bool:
    """ "According to court papers, Miller told police he was at home": the clause after
    "according to" is itself a report, whose speaker (Miller) is the one quoted; the source
    only vouches for it."""
    return is_cue(main) and reported_clause(main) is not None


def _relayed(cue: Token, clause: Span, mask: QuoteMask) -> bool:
    """The clause is another's speech that `cue` passes on ("Prensa Latina reported that Lage
    said the talks had failed"): the quote is what Lage said, not the whole report."""
    return any(relays_a_report(cue, token, mask) for token in clause if token.head == cue)


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
                    content, quoted = _quoting(_according_to(token))
                    found.append(_candidate(content, token, mask, speaker=quoted))
            elif is_cue(token):
                clause = reported_clause(token)
                if clause is not None and _relayed(token, clause, mask):
                    clause = None  # "X reported that Y said ...": Y's report is the quote, found at "said"
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
                clause = reported_request(token)
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


# Verbs of finding that research does ("a new study has revealed that ..."): a finding, where a
# person revealing or suggesting something speaks. A report or a statement still says
# ("Recent reports have revealed that ..." is the reports', as the gold sets have it).
_FINDING_VERBS = frozenset("reveal suggest indicate show find confirm".split())
_RESEARCH_NOUNS = frozenset("study studies research survey analysis data poll experiment trial test evidence".split())


def _a_finding(cue: Token, speaker: Token | None) -> bool:
    return (
        speaker is not None
        and cue.lemma_.lower() in _FINDING_VERBS
        and speaker.pos_ == "NOUN"
        and speaker.lemma_.lower() in _RESEARCH_NOUNS
    )


# Verbs that, with a reporting verb in their infinitive, say it was not said.
_DECLINING_VERBS = frozenset("decline refuse fail".split())


def _candidate(content: Span, cue: Token, mask: QuoteMask, speaker: Token | None = None) -> Candidate | None:
    """`speaker`: who speaks when the content itself names them ("quoting KCNA"); else the
    cue's speaker (syntax.speaker_head)."""
    if any(t.dep_ == "mark" and t.lower_ in {"if", "whether"} for t in content[:2]):
        return None  # an indirect question ("asked if she would"), not a statement
    if any(c.dep_ == "neg" for c in cue.children):
        return None  # "did not explain why ...": nothing was said
    if cue.dep_ == "xcomp" and cue.head.lemma_.lower() in _DECLINING_VERBS:
        return None  # "declined to say when ...", "refused to confirm that ...": nothing was said either
    if _is_imperative(cue):
        return None  # "Please note that the sources may be offline": the reader is told, nobody said it
    if withholds_a_name(content):
        return None  # "asked that his last name not be used": a condition of anonymity, not a report
    speaker = speaker if speaker is not None else speaker_head(cue, mask)
    if _a_finding(cue, speaker):
        return None  # "a new study has revealed that ...": a finding, not speech (the gold sets drop them)
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
        speaker_head=speaker,
        fragments=fragments,
    )
