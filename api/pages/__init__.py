"""The journalist pages: server-rendered HTML on api/templates (the app's own templates and static
files), one small script (api/static/app.js).

- search.py: the quote search with filters, pagination and export links (`/`), and an article
  with every quote highlighted in place (`/articles/{id}`);
- records.py: a speaker (`/speakers/{id}`), a statement with its embed code
  (`/statements/{id}`), a wording verified against the record (`/verify`), and the icon.

Here, what every page needs: the HTML response with the pages' security headers, and the
template globals and filter that label a quote honestly."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask, Response, render_template

from quotetrack.cards import display
from quotetrack.types import StoredQuote

from ..extensions import state

PAGE_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "frame-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'self'"
)


def page(template: str, **context) -> Response:
    """A rendered page: scripts and frames from this site only, never framed by another."""
    response = Response(render_template(template, **context), mimetype="text/html")
    response.headers["Content-Security-Policy"] = PAGE_CSP
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


def low_confidence_threshold() -> float:
    return state().low_confidence


def is_low(quote) -> bool:
    return display.is_low_confidence(quote.confidence, low_confidence_threshold())


def in_sentence(quote: StoredQuote) -> tuple[str, str, str] | None:
    """The sentence around a quote split as (before, wording, after), or None when the stored
    sentence does not hold the wording."""
    sentence = quote.sentence or ""
    at = sentence.find(quote.text)
    if not quote.text or at < 0 or sentence.strip() == quote.text.strip():
        return None
    return sentence[:at], quote.text, sentence[at + len(quote.text) :]


def relation(item, reference_text: str, reference: str) -> str:
    """A wording's (or a verify match's) relation to `reference_text`, as a reader reads it."""
    own = len((getattr(item, "text", None) or getattr(item, "canonical_text", "") or "").split())
    other = len(reference_text.split())
    shorter = own < other if own != other else None
    kind = getattr(item, "kind", None)
    return display.relation_label(item.relation, item.similarity or 0.0, reference, shorter, kind)


def trim_sentence(text: str) -> str:
    """A wording without the sentence's trailing comma (display only)."""
    return display.trim(text)


# What every page's templates (and the macros they import) need to label a quote honestly.
_GLOBALS: dict[str, Callable[..., Any]] = {
    "show": display.display,
    "show_wording": display.wording,
    "excerpt": display.excerpt,
    "kind_label": display.kind_label,
    "method_label": display.method_label,
    "percent": display.percent,
    "identity_label": display.identity_label,
    "lead_parts": display.lead_parts,
    "is_low": is_low,
    "in_sentence": in_sentence,
    "relation": relation,
    "low_confidence_threshold": low_confidence_threshold,
}


def init_app(app: Flask) -> None:
    """The globals and the filter, for every page's templates (not one blueprint's)."""
    for name, function in _GLOBALS.items():
        app.add_template_global(function, name)
    app.add_template_filter(trim_sentence, "trim_sentence")
