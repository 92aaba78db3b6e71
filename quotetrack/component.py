"""The spaCy component "quotetrack": the service's quote extraction inside any pipeline.

    import quotetrack                      # registers the factory
    nlp.add_pipe("quotetrack")
    doc = nlp(text)                        # keep the Doc: its SpanGroup does not outlive it
    for span in doc.spans["quotes"]:
        span._.speaker, span._.kind, span._.cue, span._.confidence, span._.method

It runs `quotetrack.quotes.quotes_from_doc`, the function the service runs: no second copy
of extraction or attribution. Span labels are the quote kinds (displaCy's span renderer shows
them); `span._.speaker_mention` is the speaker as written ("he", "the governor").

Normalization. The service repairs scraped text before parsing ("BarringtonICE said" ->
"Barrington ICE said", see normalization/text.py) and maps offsets back. Here the Doc is
already made, with its own tokens, so:
- text that needs no repair (most text) is extracted from this very Doc;
- text that does (with `repair_text`, the default) is repaired and parsed again by this
  pipeline's components before this one, exactly as the service parses it, and the quotes'
  offsets are mapped back to `doc.text`: the same quotes as the service, at the price of a
  second parse for those documents only;
- with `repair_text = false` the Doc is extracted as it is, unrepaired.
Every span refers to `doc.text`. A quote boundary inside one of this Doc's tokens (only
possible where a repair split a token, "saidlaw") widens the span to that whole token.
"""

from __future__ import annotations

from spacy.language import Language
from spacy.tokens import Doc, Span

SPANS_KEY = "quotes"
EXTENSIONS = ("speaker", "speaker_mention", "kind", "cue", "confidence", "method")

for _name in EXTENSIONS:
    if not Span.has_extension(_name):
        Span.set_extension(_name, default=None)


class QuoteTracker:
    def __init__(self, nlp: Language, name: str, spans_key: str, repair_text: bool):
        self.nlp = nlp
        self.name = name
        self.spans_key = spans_key
        self.repair_text = repair_text

    def __call__(self, doc: Doc) -> Doc:
        # Imported here: `import quotetrack` registers the factory without loading extraction.
        from .normalization.text import NormalizedText, normalize
        from .quotes import quotes_from_doc

        normalized = normalize(doc.text) if self.repair_text else NormalizedText(doc.text, doc.text, ())
        parsed = doc if normalized.text == doc.text else self._parse_upstream(normalized.text)
        quotes, _ = quotes_from_doc(parsed, normalized)  # offsets into normalized.original == doc.text
        spans = []
        for quote in quotes:
            span = doc.char_span(quote.start, quote.end, label=quote.kind.value, alignment_mode="expand")
            if span is None:  # only an empty quote fails to align; extraction never makes one
                continue
            span._.speaker = quote.speaker.name if quote.speaker is not None else None
            span._.speaker_mention = quote.speaker_mention
            span._.kind = quote.kind.value
            span._.cue = quote.cue
            span._.confidence = quote.confidence
            span._.method = quote.method.value
            spans.append(span)
        doc.spans[self.spans_key] = spans
        return doc

    def _parse_upstream(self, text: str) -> Doc:
        """`text` through this pipeline up to (not including) this component."""
        doc = self.nlp.make_doc(text)
        for name, component in self.nlp.pipeline:
            if name == self.name:
                break
            doc = component(doc)
        return doc


@Language.factory(
    "quotetrack",
    default_config={"spans_key": SPANS_KEY, "repair_text": True},
    requires=["token.dep", "token.pos", "token.lemma", "doc.sents", "doc.ents"],
    assigns=["doc.spans"],
)
def make_quotetrack(nlp: Language, name: str, spans_key: str, repair_text: bool) -> QuoteTracker:
    return QuoteTracker(nlp, name, spans_key, repair_text)
