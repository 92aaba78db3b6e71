"""Who else could have said it: every quote's candidate speakers, each with the evidence for it.

The sieves propose one speaker per quote (or none). The ranker (`ranker.py`) decides among
that proposal and the other people and organisations the article puts near the quote: the
speakers of the quotes before it, and whoever the text names in the quote's paragraph and the
paragraphs above. This module only gathers candidates and describes each one as features; it
decides nothing. Features are plain names -> numbers so that a model can be trained on them
and stored as a readable table of weights.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass

from spacy.tokens import Doc, Token

from ..extraction.candidate import Candidate
from ..extraction.syntax import QUOTED_AS, QuoteMask, doc_text, is_cue, token_starts
from ..nlp import budget
from ..types import SpeakerKind
from .calibration import BASE_CONFIDENCE
from .context import Resolution
from .mentions import is_pronoun
from .names import fold, surname
from .pronouns import agrees, pronoun_gender
from .speaker_kinds import SpeechKind, speech_kind
from .table import Entry, NameTable

# How far the candidate pool reaches: paragraphs above the quote's, and earlier quotes' speakers.
PARAGRAPHS_BACK = 3
PREVIOUS_SPEAKERS = 3
# A description the sieves could not tie to anyone ("the complaint", "a study") is a candidate
# as written: an unnamed source is better than nothing when nobody else fits.
AS_WRITTEN_POS = frozenset({"NOUN", "PROPN"})


@dataclass(frozen=True)
class SpeakerCandidate:
    entry: Entry
    features: dict[str, float]
    proposed: bool  # the sieves' own answer


@dataclass(frozen=True)
class Article:
    """What the candidate features read, shared by every quote of one article."""

    doc: Doc
    table: NameTable
    mask: QuoteMask
    paragraph_of: Callable[[int], int]
    token_at: dict[int, Token]  # character offset of a token's first character -> token
    first_named: int | None  # where the article names its first person
    # id(entry) -> every entry of the table with its mentions by paragraph (paragraph -> positions
    # in text order). Paragraph numbers rank prose paragraphs: they do not grow with the position
    # across noise.
    named: dict[int, tuple[Entry, dict[int, list[int]]]]
    sorted_positions: dict[int, list[int]]  # id(entry) -> its mentions' positions, in text order
    # paragraph -> the entries named in it, each with its place in `named` and its mentions by
    # paragraph: a quote's neighbours are looked up by paragraph, not found among all entries.
    named_in: dict[int, list[tuple[int, Entry, dict[int, list[int]]]]]

    @classmethod
    def of(cls, doc: Doc, table: NameTable, mask: QuoteMask, paragraph_of: Callable[[int], int]) -> Article:
        positions = [p for e in table.people.values() for p in e.positions]
        entries = {id(e): e for e in (*table.people.values(), *table.organisations.values())}.values()
        ordered: dict[int, list[int]] = {}
        named: dict[int, tuple[Entry, dict[int, list[int]]]] = {}
        named_in: dict[int, list[tuple[int, Entry, dict[int, list[int]]]]] = {}
        for place, e in enumerate(budget.checked(doc, "candidates", entries)):
            ordered[id(e)] = sorted(e.positions)
            paragraphs = _by_paragraph(ordered[id(e)], paragraph_of)
            named[id(e)] = (e, paragraphs)
            for paragraph in paragraphs:
                named_in.setdefault(paragraph, []).append((place, e, paragraphs))
        first = min(positions, default=None)
        return cls(doc, table, mask, paragraph_of, token_starts(doc), first, named, ordered, named_in)

    def in_paragraph(self, entry: Entry, paragraph: int) -> list[int]:
        """The entry's mentions in one paragraph, in text order."""
        known = self.named.get(id(entry))
        found = known[1] if known is not None else _by_paragraph(sorted(entry.positions), self.paragraph_of)
        return found.get(paragraph, [])

    def positions_of(self, entry: Entry) -> list[int]:
        """The entry's mentions in text order (sorted once per article: every quote asks)."""
        found = self.sorted_positions.get(id(entry))
        return found if found is not None else sorted(entry.positions)


def _by_paragraph(positions: list[int], paragraph_of: Callable[[int], int]) -> dict[int, list[int]]:
    found: dict[int, list[int]] = {}
    for position in positions:
        found.setdefault(paragraph_of(position), []).append(position)
    return found


@dataclass(frozen=True)
class SpeakerHistory:
    """Who spoke the quotes before each quote of an article, from the sieves' answers. Built
    once per article: rebuilt for every quote it was quadratic in the number of quotes (a
    hostile text holds thousands)."""

    resolutions: list[tuple[Candidate, Resolution]]
    spoke_at: dict[int, list[int]]  # id(entry) -> the indices of the quotes it spoke, in text order
    recent_at: list[list[Entry]]  # per quote: the earlier quotes' speakers, most recent first, each once

    @classmethod
    def of(cls, resolutions: list[tuple[Candidate, Resolution]]) -> SpeakerHistory:
        spoke_at: dict[int, list[int]] = {}
        recent_at: list[list[Entry]] = []
        recent: list[Entry] = []
        for index, (_, resolution) in enumerate(resolutions):
            recent_at.append(recent)
            entry = resolution.entry
            if entry is not None:
                spoke_at.setdefault(id(entry), []).append(index)
                # Move to front: the most recent distinct speakers, whatever came before them.
                recent = [entry, *(e for e in recent if e is not entry)][:PREVIOUS_SPEAKERS]
        return cls(resolutions, spoke_at, recent_at)

    def spoke_before(self, entry: Entry, index: int) -> tuple[int, Candidate | None]:
        """How many quotes before quote `index` the entry spoke, and the last of them."""
        spoken = self.spoke_at.get(id(entry), [])
        count = bisect_left(spoken, index)
        return count, self.resolutions[spoken[count - 1]][0] if count else None

    def previous(self, index: int) -> tuple[Candidate, Resolution] | None:
        return self.resolutions[index - 1] if index else None


@dataclass(frozen=True)
class QuoteContext:
    """What every candidate of one quote is compared with."""

    quote: Candidate
    proposal: Resolution
    index: int  # the quote's place among the article's quotes
    history: SpeakerHistory
    sentence: tuple[int, int] | None  # character bounds of the quote's sentence(s)
    folded_text: str  # the quote's words, folded, padded with spaces
    context: str  # "subject" when the quote has a speaker mention of its own, else "no_subject"

    @property
    def recent(self) -> list[Entry]:
        """The earlier quotes' speakers, most recent first, each once."""
        return self.history.recent_at[self.index]


def candidates_for(
    index: int,
    resolutions: list[tuple[Candidate, Resolution]],
    article: Article,
    history: SpeakerHistory | None = None,
) -> list[SpeakerCandidate]:
    """The candidate speakers of quote `index`, the sieves' proposal among them when there is one.
    `history`: SpeakerHistory.of(resolutions), built once by a caller that asks for every quote."""
    history = history if history is not None else SpeakerHistory.of(resolutions)
    quote, proposal = resolutions[index]
    pool: list[tuple[Entry, bool]] = []
    if proposal.entry is not None:
        pool.append((proposal.entry, False))
    for entry in _previous_speakers(quote, resolutions, index):
        pool.append((entry, False))
    for entry in _named_nearby(quote, article):
        pool.append((entry, False))
    written = _as_written(quote, proposal)
    if written is not None:
        pool.append((written, True))
    span = article.doc.char_span(quote.start, quote.end, alignment_mode="expand")
    has_subject = quote.speaker_head is not None or quote.speaker_text is not None or quote.label is not None
    here = QuoteContext(
        quote,
        proposal,
        index,
        history,
        (span[0].sent.start_char, span[-1].sent.end_char) if span is not None and len(span) else None,
        f" {fold(doc_text(article.doc)[quote.start : quote.end])} ",
        "subject" if has_subject else "no_subject",
    )
    seen: set[tuple[SpeakerKind, str]] = set()
    found = []
    for entry, as_written in pool:
        key = (entry.kind, fold(entry.name))
        if key in seen:
            continue
        seen.add(key)
        proposed = proposal.entry is not None and entry is proposal.entry
        found.append(SpeakerCandidate(entry, _features(entry, here, proposed, as_written, article), proposed))
    return found


# -- the pool -----------------------------------------------------------------------------
def _previous_speakers(quote: Candidate, resolutions: list[tuple[Candidate, Resolution]], index: int) -> list[Entry]:
    entries: list[Entry] = []
    for earlier, resolution in (resolutions[k] for k in range(index - 1, -1, -1)):
        if quote.paragraph - earlier.paragraph > PARAGRAPHS_BACK:
            break
        if resolution.entry is not None and all(resolution.entry is not e for e in entries):
            entries.append(resolution.entry)
        if len(entries) == PREVIOUS_SPEAKERS:
            break
    return entries


def _named_nearby(quote: Candidate, article: Article) -> list[Entry]:
    """People and organisations named outside quotes from PARAGRAPHS_BACK paragraphs above the
    quote down to the end of its own paragraph; in the order of `article.named`."""
    nearby: dict[int, Entry] = {}
    for paragraph in range(quote.paragraph - PARAGRAPHS_BACK, quote.paragraph + 1):
        for place, entry, paragraphs in article.named_in.get(paragraph, ()):
            if paragraph == quote.paragraph or paragraphs[paragraph][0] < quote.start:
                nearby[place] = entry
    return [nearby[place] for place in sorted(nearby)]


def _as_written(quote: Candidate, proposal: Resolution) -> Entry | None:
    head = quote.speaker_head
    if proposal.entry is not None or head is None or not proposal.mention or head.pos_ not in AS_WRITTEN_POS:
        return None
    if is_pronoun(head):
        return None
    words = proposal.mention.strip(" ,")
    for article in ("the ", "a ", "an "):
        if words.lower().startswith(article):
            words = words[len(article) :]
    kind = SpeakerKind.GROUP if head.tag_ in {"NNS", "NNPS"} else SpeakerKind.UNNAMED_SOURCE
    return Entry(words, kind) if words else None


# -- features -----------------------------------------------------------------------------
def _features(entry: Entry, here: QuoteContext, proposed: bool, as_written: bool, article: Article) -> dict[str, float]:
    quote, proposal = here.quote, here.proposal
    f: dict[str, float] = {"bias_kind_" + entry.kind.value: 1.0}
    if proposed:
        f["proposed"] = 1.0
        f["proposed_by_" + proposal.method.value] = 1.0
        # The sieve's hand-set prior (never fitted on the gold): a sieve the training articles
        # rarely show (a social handle, a signature) still counts for what it relies on.
        prior = BASE_CONFIDENCE[proposal.method]
        f["proposed_prior_logit"] = math.log(prior / (1 - prior)) if 0 < prior < 1 else 0.0
        f["proposed_" + quote.kind.value] = 1.0
    elif proposal.entry is None:
        f["alternative_to_nothing"] = 1.0
    if as_written:
        f["as_written"] = 1.0
    f.update(_recency(entry, here))
    f.update(_mentions(entry, here, article))
    if quote.speaker_head is not None and is_pronoun(quote.speaker_head):
        f.update(_pronoun(entry, quote.speaker_head))
    if entry.kind is SpeakerKind.PERSON and len(entry.name.split()) >= 2:
        f["full_name"] = 1.0
    last_name = fold(surname(entry.name)) if entry.kind is SpeakerKind.PERSON else fold(entry.name)
    if last_name and f" {last_name} " in here.folded_text:
        f["named_inside_quote"] = 1.0
    f.update(_can_speak(entry, here, proposed, as_written, article))
    return f


def _can_speak(
    entry: Entry, here: QuoteContext, proposed: bool, as_written: bool, article: Article
) -> dict[str, float]:
    """What the candidate's mention names (speaker_kinds.py): a time, an event, a figure or an
    object cannot speak, whatever sieve proposed it. And when the quote's own subject describes
    a person without naming one ("the soft-spoken engineer", "the 29-year-old midfielder"), a
    named person is who it may describe: the model weighs that against the description as written."""
    f: dict[str, float] = {}
    token = _mention_of(entry, here, proposed, as_written, article)
    if token is not None:
        f["speaks_as_" + speech_kind(token).value] = 1.0
    subject = here.quote.speaker_head
    describes_person = (
        subject is not None
        and subject.pos_ == "NOUN"
        and speech_kind(subject) in (SpeechKind.PERSON, SpeechKind.UNKNOWN)
        and not as_written
        and entry.kind is SpeakerKind.PERSON
    )
    if describes_person:
        f["person_described_by_subject"] = 1.0
    return f


def _mention_of(entry: Entry, here: QuoteContext, proposed: bool, as_written: bool, article: Article) -> Token | None:
    """The token the candidate is read from: the quote's subject for the description as written
    (or a proposal the article never names elsewhere), else its nearest mention before the quote."""
    subject = here.quote.speaker_head
    positions = article.positions_of(entry)
    if as_written or (proposed and not positions):
        return subject
    if not positions:
        return None
    below = bisect_left(positions, here.quote.start)
    return article.token_at.get(positions[below - 1] if below else positions[0])


def _recency(entry: Entry, here: QuoteContext) -> dict[str, float]:
    quote, context = here.quote, here.context
    f: dict[str, float] = {}
    count, last = here.history.spoke_before(entry, here.index)
    if last is None:
        return f
    f["spoke_before"] = 1.0
    f["quotes_before_log"] = math.log1p(count)
    rank = next((i for i, e in enumerate(here.recent) if e is entry), None)
    if rank is not None:
        f[f"last_speaker_{rank + 1}_{context}"] = 1.0
    gap = quote.paragraph - last.paragraph
    f[f"spoke_paragraphs_back_{min(gap, 3)}_{context}"] = 1.0
    previous = here.history.previous(here.index)
    if previous is not None and previous[0] is last and last.open_ended:
        f["continues_open_quote"] = 1.0
    return f


def _mentions(entry: Entry, here: QuoteContext, article: Article) -> dict[str, float]:
    quote, sentence, context = here.quote, here.sentence, here.context
    f: dict[str, float] = {}
    positions = article.positions_of(entry)
    if not positions:
        return f
    f["mentions_log"] = math.log1p(len(positions))
    # The nearest mention on each side, by bisection: an entry named thousands of times in a
    # long text is not scanned once per quote.
    below = bisect_left(positions, quote.start)
    before = positions[below - 1] if below else None
    here_too = article.in_paragraph(entry, quote.paragraph)
    above = bisect_left(here_too, quote.end)
    after = here_too[above] if above < len(here_too) else None
    if before is not None:
        nearest = before
        gap = quote.paragraph - article.paragraph_of(nearest)
        f[f"named_paragraphs_back_{min(gap, 3)}_{context}"] = 1.0
        f["named_before_distance"] = math.log1p(quote.start - nearest) / 8
        if sentence is not None and nearest >= sentence[0]:
            f["named_before_in_sentence"] = 1.0
        f.update(_role_of_mention(nearest, article, "before"))
    if after is not None:
        nearest = after
        f["named_after_distance"] = math.log1p(nearest - quote.end) / 8
        if sentence is not None and nearest < sentence[1]:
            f["named_after_in_sentence"] = 1.0
        f.update(_role_of_mention(nearest, article, "after"))
    if positions[0] == article.first_named:
        f["named_first"] = 1.0
    return f


def _role_of_mention(position: int, article: Article, side: str) -> dict[str, float]:
    """Whether the mention at `position` is a subject, and of a reporting verb."""
    token = article.token_at.get(position)
    if token is None:
        return {}
    head = token
    while head.dep_ == "compound" and head.head is not head:
        head = head.head
    passive_listener = head.dep_ == "nsubjpass" and head.head.lemma_.lower() not in QUOTED_AS
    if head.dep_ not in {"nsubj", "nsubjpass"} or passive_listener and is_cue(head.head):
        return {f"named_{side}_not_subject": 1.0}  # "she was told": asked or told, not saying
    if is_cue(head.head):
        return {f"named_{side}_speech_subject": 1.0}
    return {f"named_{side}_subject": 1.0}


def _pronoun(entry: Entry, pronoun: Token) -> dict[str, float]:
    f = {"pronoun_agrees" if agrees(entry, pronoun) else "pronoun_disagrees": 1.0}
    wanted = pronoun_gender(pronoun)
    if wanted is not None and entry.kind is SpeakerKind.PERSON:
        f["pronoun_gender_known" if entry.gender == wanted else "pronoun_gender_unknown"] = float(
            entry.gender in {None, wanted}
        )
    return f
