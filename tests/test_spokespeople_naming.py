"""Spokespeople are named in attribution, not in the entry point (issue #43 item 3): whom each
quote's spokesperson speaks for, and an unnamed one named after it, come from
attribution/spokespeople.name_spokespeople on a copy of the entry: the frozen name table's
entries stay as the table built them."""

from __future__ import annotations

import pytest

from quotetrack.attribution.attribute import attribute_article
from quotetrack.attribution.spokespeople import name_spokespeople
from quotetrack.extraction import find_candidates
from quotetrack.quotes import parse

TEXT = (
    "The Lowfield Tenants Association, which fought the rent rise, welcomed the ruling. A spokeswoman"
    " for the group said its members would pay the old rent but warned that any new rise must be phased in."
)


@pytest.mark.model
def test_an_unnamed_spokesperson_is_named_on_a_copy_and_the_table_keeps_its_entry(nlp):
    normalized, doc = parse(TEXT, nlp)
    found = find_candidates(doc)
    resolutions, table = attribute_article(doc, found.candidates, found.mask, found.paragraph_of)
    written = [(r.entry.name, set(r.entry.aliases)) if r.entry is not None else None for _, r in resolutions]

    spokespeople = name_spokespeople(resolutions, table, normalized.text, found.paragraph_of)

    assert len(resolutions) == 2
    assert [e.name for e in spokespeople.speakers if e is not None] == [
        "spokeswoman for the Lowfield Tenants Association"
    ] * 2
    assert all("spokeswoman for the group" in e.aliases for e in spokespeople.speakers if e is not None)
    assert {o.name for o in spokespeople.spoken_for.values()} == {"Lowfield Tenants Association"}
    # The table's own entries, as the resolutions hold them, are as they were.
    assert [(r.entry.name, set(r.entry.aliases)) if r.entry is not None else None for _, r in resolutions] == written
    assert written[0] is not None and written[0][0] == "spokeswoman for the group"
