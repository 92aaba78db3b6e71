"""quotetrack: who said what, in which words."""

__version__ = "0.1.0"

# Registers the spaCy factory "quotetrack" (nlp.add_pipe("quotetrack")) and its Span
# extensions. It costs spaCy's import (~0.5 s); every command but `verify` loads spaCy anyway.
from . import component as _component  # noqa: E402, F401
