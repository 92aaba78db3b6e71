"""Three conventions the development sets' READMEs document, as general rules: a joint
statement speaks as itself (its signatories are not one speaker), research that "revealed"
or "suggests" something reports a finding, not speech ("Recent reports have revealed" stays a
report), and "According to X, quoting Y, ..." is Y's. The article is our own, written for
these tests."""

from __future__ import annotations

import pytest

from quotetrack.quotes import extract_quotes

pytestmark = pytest.mark.model

ARTICLE = """Border to stay open, governments say

A joint statement by Kenya and Uganda said the border crossing at Busia would remain open.

A new study has revealed that cross-border trade fell by a third last year. Research by the Lake Basin Institute suggests that the fall began before the floods.

Recent reports have revealed that several trucks were turned back on Monday.

According to the Nile Courier, quoting the East African Trade Office, the queues had cleared by Tuesday.
"""


def _quotes(nlp):
    quotes, _ = extract_quotes(ARTICLE, nlp)
    return {ARTICLE[q.start : q.end]: (q.speaker.name if q.speaker else None) for q in quotes}


def test_a_joint_statement_is_its_own_speaker(nlp):
    speaker = _quotes(nlp)["the border crossing at Busia would remain open"]
    assert speaker is not None and "statement" in speaker.lower()


def test_a_studys_finding_is_not_a_quote(nlp):
    texts = _quotes(nlp)
    assert not any("fell by a third" in text for text in texts)
    assert not any("the fall began before the floods" in text for text in texts)


def test_reports_still_say(nlp):
    assert _quotes(nlp).get("several trucks were turned back on Monday") is not None


def test_the_source_quoted_after_according_to_speaks(nlp):
    quotes = _quotes(nlp)
    assert quotes.get("the queues had cleared by Tuesday") == "East African Trade Office"
