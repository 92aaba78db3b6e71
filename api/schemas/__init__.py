"""Marshmallow schemas: the single source of the OpenAPI document, one module per area
(fields.py and vocabulary.py hold what they share)."""

from __future__ import annotations

# `quotetrack verify --json` (quotetrack/cli/__init__.py) prints a verdict as the API answers it.
from .statements import VerdictSchema

__all__ = ["VerdictSchema"]
