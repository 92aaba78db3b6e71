"""The only code that touches coreferee's `doc._.coref_chains`.

coreferee swallows its own errors and leaves `coref_chains` None: that means "no
coreference", never a failed ingest.
"""

from __future__ import annotations

from spacy.tokens import Token


def antecedents(pronoun: Token) -> list[Token]:
    """The tokens coreferee takes `pronoun` to refer to, most specific first; [] if none."""
    doc = pronoun.doc
    if not doc.has_extension("coref_chains") or doc._.coref_chains is None:
        return []
    try:
        resolved = doc._.coref_chains.resolve(pronoun)
    except Exception:  # coreferee's internals vary by version; no answer is a fine answer
        return []
    return list(resolved or [])
