"""Article text in, attributed quotes out: normalize -> parse -> extract -> attribute -> name
spokespeople -> Quote dataclasses. Here are the stages' order and the Quote dataclasses' making
(offsets back to the text as sent); each stage's own work is its package's."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from spacy.language import Language
from spacy.tokens import Doc

from .attribution.attribute import attribute_article
from .attribution.calibration import confidence
from .attribution.context import Resolution
from .attribution.event_frames import claim_event
from .attribution.spokespeople import name_spokespeople, speaker_key
from .extraction import find_candidates
from .extraction.candidate import Candidate
from .extraction.claims import claim_spans
from .nlp import budget
from .nlp.pipeline import parse_text, parse_texts
from .normalization.text import NormalizedText, normalize
from .types import Quote, QuoteKind, Speaker, SpeakerKind

if TYPE_CHECKING:  # apart from the imports above, which attribution work keeps changing
    from .attribution.table import NameTable


def parse(text: str, nlp: Language) -> tuple[NormalizedText, Doc]:
    normalized = normalize(text)
    return normalized, parse_text(nlp, normalized.text)


def extract_quotes(text: str, nlp: Language) -> tuple[list[Quote], list[Speaker]]:
    """Every quote in `text`, attributed, with offsets into `text` itself; and the speakers."""
    normalized, doc = parse(text, nlp)
    return quotes_from_doc(doc, normalized)


def extract_many(
    texts: Iterable[str], nlp: Language, batch_size: int = 16
) -> Iterator[tuple[list[Quote], list[Speaker]]]:
    """`extract_quotes` for many texts, parsed in batches through `nlp.pipe` (a back-fill
    or a directory ingest); results come in the order of `texts`."""
    normalized = [normalize(text) for text in texts]
    docs = parse_texts(nlp, (n.text for n in normalized), batch_size=batch_size)
    for text, doc in zip(normalized, docs, strict=True):
        yield quotes_from_doc(doc, text)


def quotes_from_doc(doc: Doc, normalized: NormalizedText) -> tuple[list[Quote], list[Speaker]]:
    found = find_candidates(doc)
    found.candidates[:] = [_within_lost_breaks(c, normalized) for c in found.candidates]
    budget.check(doc, "finding quotes")
    resolutions, table = attribute_article(doc, found.candidates, found.mask, found.paragraph_of)
    budget.check(doc, "attribution")
    spokespeople = name_spokespeople(resolutions, table, normalized.text, found.paragraph_of)
    # Speakers are built last, from the finished table; descriptions ("officials", "a
    # source at ICE") are entries of their own, one per distinct description.
    speakers: dict[tuple[SpeakerKind, str], Speaker] = {}
    for entry in spokespeople.speakers:
        if entry is not None:
            speakers.setdefault(speaker_key(entry), _as_written(entry.speaker(), normalized))
    quotes = []
    for index, (candidate, resolution) in enumerate(resolutions):
        # Claims parse every quote again: on a text of thousands of quotes this stage alone
        # can outlast the budget, so it is checked per quote like the other loops.
        budget.check(doc, "claims")
        entry = spokespeople.speakers[index]
        speaker = speakers.get(speaker_key(entry)) if entry is not None else None
        quote = _quote(candidate, resolution, speaker, doc, normalized, table)
        if index in spokespeople.spoken_for:
            # Not one of the article's speakers unless it is quoted itself: the same Speaker then.
            quote = replace(quote, speaks_for=_as_written(spokespeople.spoken_for[index].speaker(), normalized))
        quotes.append(quote)
    return quotes, list(speakers.values())


def _as_written(speaker: Speaker, normalized: NormalizedText) -> Speaker:
    """The speaker's name, titles and aliases with the article's own apostrophes (the parser
    read plain ones: normalization.text)."""
    return replace(
        speaker,
        name=normalized.as_written(speaker.name),
        titles=tuple(normalized.as_written(t) for t in speaker.titles),
        aliases=tuple(normalized.as_written(a) for a in speaker.aliases),
    )


def _within_lost_breaks(candidate: Candidate, normalized: NormalizedText) -> Candidate:
    """A reported clause stops where the scrape lost a dash (normalization.text); a direct
    quote keeps what its marks enclose: a dash inside them is the speaker's."""
    if candidate.kind is QuoteKind.DIRECT or not normalized.breaks:
        return candidate
    end = normalized.stops_at_lost_break(candidate.start, candidate.end)
    if end == candidate.end:
        return candidate
    fragments = tuple(f for f in candidate.fragments if f[1] <= end)
    kind = candidate.kind if fragments or candidate.kind is not QuoteKind.MIXED else QuoteKind.INDIRECT
    return replace(candidate, end=end, fragments=fragments, kind=kind)


def _quote(
    candidate: Candidate,
    resolution: Resolution,
    speaker: Speaker | None,
    doc: Doc,
    normalized: NormalizedText,
    table: NameTable | None = None,
) -> Quote:
    start, end = normalized.span_to_original(candidate.start, candidate.end)
    span = doc.char_span(candidate.start, candidate.end, alignment_mode="expand")
    if span is None:  # offsets come from the same Doc; a span always aligns
        raise ValueError(f"quote offsets {candidate.start}-{candidate.end} do not align with the parse")
    claims = claim_spans(doc, candidate)
    sentence_start, sentence_end = normalized.span_to_original(span[0].sent.start_char, span[-1].sent.end_char)
    return Quote(
        start=start,
        end=end,
        text=normalized.original[start:end],
        kind=candidate.kind,
        cue=candidate.cue_text if candidate.speaker_text is None else "posted",
        speaker_mention=normalized.as_written(resolution.mention) if resolution.mention else resolution.mention,
        speaker=speaker,
        method=resolution.method,
        confidence=resolution.confidence if resolution.confidence is not None else confidence(resolution.method),
        sentence_start=sentence_start,
        sentence_end=sentence_end,
        fragments=tuple(normalized.span_to_original(s, e) for s, e in candidate.fragments),
        evidence=resolution.evidence,
        claims=tuple(normalized.span_to_original(s, e) for s, e in claims),
        events=tuple(claim_event(doc, s, e, table) for s, e in claims),
    )
