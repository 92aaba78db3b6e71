"""quotetrack: who said what, in which words.

The spaCy component "quotetrack" is registered through the `spacy_factories` entry point
(pyproject.toml), so this package's import loads nothing.
"""

__version__ = "0.1.0"
