"""A person's office speaks as itself (issue #39): "Health Minister Colin Rourke's office said"
is "Colin Rourke's office", the person an alias, as the gold sets annotate it (the office
often speaks where the person declined to). A campaign or a statement of a person is still the
person's. The article is our own, written for these tests."""

from __future__ import annotations

import pytest

from quotetrack.quotes import extract_quotes

pytestmark = pytest.mark.model

ARTICLE = """Nurses hired

Health Minister Colin Rourke declined interview requests. Rourke's office said the province had hired 40 nurses. His office added that talks would resume.

Mayor Lena Ortiz's statement said the city would help.
"""


def test_a_persons_office_speaks_as_the_office(nlp):
    quotes, _ = extract_quotes(ARTICLE, nlp)
    by_text = {ARTICLE[q.start : q.end]: q.speaker for q in quotes}
    for words in ("the province had hired 40 nurses", "talks would resume"):
        speaker = by_text[words]
        assert speaker is not None and speaker.name == "Colin Rourke's office"
        assert "Colin Rourke" in speaker.aliases
    statement = by_text["the city would help"]
    assert statement is not None and statement.name == "Lena Ortiz"
