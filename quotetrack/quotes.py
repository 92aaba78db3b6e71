"""Article text in, attributed quotes out: normalize -> parse -> extract -> attribute."""

from __future__ import annotations

from spacy.language import Language
from spacy.tokens import Doc

from .attribution.speakers import ArticleSpeakers, Entry, Resolution
from .extraction import find_candidates
from .extraction.candidate import Candidate
from .normalization.text import NormalizedText, normalize
from .types import Method, Quote, QuoteKind, Speaker

# How much an inherited attribution is trusted, relative to the quote it inherits from:
# the same paragraph or a quote continued over a paragraph break (no closing mark) is
# strong evidence; a quoted paragraph after a closed one ("floating") is weaker.
SAME_PARAGRAPH_FACTOR = 0.9
FLOATING_FACTOR = 0.75
# Confidence of the extraction itself, by kind (quote marks are stronger evidence).
KIND_CONFIDENCE = {QuoteKind.DIRECT: 1.0, QuoteKind.MIXED: 0.95, QuoteKind.INDIRECT: 0.85}


def parse(text: str, nlp: Language) -> tuple[NormalizedText, Doc]:
    normalized = normalize(text)
    return normalized, nlp(normalized.text)


def extract_quotes(text: str, nlp: Language) -> tuple[list[Quote], list[Speaker]]:
    """Every quote in `text`, attributed, with offsets into `text` itself; and the speakers."""
    normalized, doc = parse(text, nlp)
    return quotes_from_doc(doc, normalized)


def _resolve(
    candidate: Candidate,
    table: ArticleSpeakers,
    attributed: list[tuple[int, Entry]],
    last: tuple[Candidate, Resolution] | None,
) -> Resolution:
    if candidate.speaker_text is not None:
        name, _, handle = candidate.speaker_text.partition(" (")
        return Resolution(table.signed(name, handle.rstrip(")")), candidate.speaker_text, Method.SIGNATURE, 0.9)
    if candidate.speaker_head is not None:
        return table.resolve(candidate.speaker_head, attributed)
    if candidate.inherits and last is not None and last[1].entry is not None:
        previous, resolution = last
        same_paragraph = previous.paragraph == candidate.paragraph
        adjacent = candidate.paragraph - previous.paragraph == 1
        if same_paragraph or adjacent and previous.kind is QuoteKind.DIRECT:
            factor = SAME_PARAGRAPH_FACTOR if same_paragraph or previous.open_ended else FLOATING_FACTOR
            return Resolution(
                resolution.entry, resolution.mention, Method.PREVIOUS_QUOTE, round(resolution.confidence * factor, 3)
            )
    return Resolution(None, None, Method.UNRESOLVED, 0.3)


def _attribute(candidates: list[Candidate], table: ArticleSpeakers) -> list[tuple[Candidate, Resolution]]:
    resolutions: list[tuple[Candidate, Resolution]] = []
    attributed: list[tuple[int, Entry]] = []
    last_direct: tuple[Candidate, Resolution] | None = None
    for candidate in candidates:
        resolution = _resolve(candidate, table, attributed, last_direct)
        resolutions.append((candidate, resolution))
        if resolution.entry is not None:
            attributed.append((candidate.start, resolution.entry))
        if candidate.kind is QuoteKind.DIRECT:
            last_direct = (candidate, resolution)
    return resolutions


def quotes_from_doc(doc: Doc, normalized: NormalizedText) -> tuple[list[Quote], list[Speaker]]:
    candidates, mask = find_candidates(doc)
    table = ArticleSpeakers(doc, mask)
    # Two passes: the second knows every speaker of the article, so a description met
    # before its referent is named ("The agency has long complained ...") can look ahead.
    first = _attribute(candidates, table)
    table.speakers_seen = [(c.start, r.entry) for c, r in first if r.entry is not None]
    resolutions = _attribute(candidates, table)
    # Speakers are built last: later mentions add titles and aliases to earlier entries.
    speakers = {id(entry): entry.speaker() for entry in table.entries()}
    quotes = [_quote(c, r, speakers, doc, normalized) for c, r in resolutions]
    used = {id(r.entry) for _, r in resolutions if r.entry is not None}
    return quotes, [s for key, s in speakers.items() if key in used]


def _quote(
    candidate: Candidate, resolution: Resolution, speakers: dict[int, Speaker], doc: Doc, normalized: NormalizedText
) -> Quote:
    start, end = normalized.span_to_original(candidate.start, candidate.end)
    span = doc.char_span(candidate.start, candidate.end, alignment_mode="expand")
    sentence_start, sentence_end = normalized.span_to_original(span[0].sent.start_char, span[-1].sent.end_char)
    confidence = resolution.confidence * KIND_CONFIDENCE[candidate.kind]
    return Quote(
        start=start,
        end=end,
        text=normalized.original[start:end],
        kind=candidate.kind,
        cue=candidate.cue_text if candidate.speaker_text is None else "posted",
        speaker_mention=resolution.mention,
        speaker=speakers.get(id(resolution.entry)) if resolution.entry is not None else None,
        method=resolution.method,
        confidence=round(min(1.0, confidence), 3),
        sentence_start=sentence_start,
        sentence_end=sentence_end,
        fragments=tuple(normalized.span_to_original(s, e) for s, e in candidate.fragments),
    )
