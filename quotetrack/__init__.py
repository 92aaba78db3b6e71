"""quotetrack: who said what, in which words."""

__version__ = "0.1.0"
