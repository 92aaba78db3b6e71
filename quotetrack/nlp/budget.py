"""A time budget per article, carried by its Doc.

The tokenizer starts the clock (`start`); every stage boundary and every long loop of
extraction calls `check(doc, stage)`, which raises `ExtractionBudgetExceeded` (a 422 in the
API) once the budget is spent. Checking at boundaries, not with threads or signals, keeps a
worker's state clean: nothing is interrupted half-way through a spaCy component.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from typing import TypeVar

from spacy.tokens import Doc

from ..errors import ExtractionBudgetExceeded

_KEY = "quotetrack.deadline"  # doc.user_data[_KEY] = (monotonic start, budget seconds)
# Items a long loop handles between two readings of the clock (`checked`): a reading costs
# about as much as a dict look-up, an item of those loops (a name, a quote) far more.
CHECK_EVERY = 32

T = TypeVar("T")


def start(doc: Doc, budget: float | None) -> Doc:
    """Start `doc`'s clock; `budget` None or <= 0: no budget."""
    if budget is not None and budget > 0:
        doc.user_data[_KEY] = (time.monotonic(), float(budget))
    return doc


def share(source: Doc, target: Doc) -> Doc:
    """Give `target` the clock of `source` (a long text parsed in chunks: one budget for all)."""
    deadline = source.user_data.get(_KEY)
    if deadline is not None:
        target.user_data[_KEY] = deadline
    return target


def check(doc: Doc, stage: str) -> None:
    """Raise `ExtractionBudgetExceeded` if `doc`'s budget is spent (no budget: never)."""
    deadline = doc.user_data.get(_KEY)
    if deadline is None:
        return
    began, budget = deadline
    elapsed = time.monotonic() - began
    if elapsed > budget:
        raise ExtractionBudgetExceeded(budget, elapsed, stage)


def checked(doc: Doc, stage: str, items: Iterable[T], every: int = CHECK_EVERY) -> Iterator[T]:
    """`items`, with `check(doc, stage)` before the first and then before every `every`-th:
    a loop that grows with the article stops once the budget is spent."""
    for index, item in enumerate(items):
        if index % every == 0:
            check(doc, stage)
        yield item


def spent(doc: Doc) -> bool:
    """True once `doc`'s budget is spent (for loops that must stop quietly, not raise)."""
    deadline = doc.user_data.get(_KEY)
    return deadline is not None and time.monotonic() - deadline[0] > deadline[1]
