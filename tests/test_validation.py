"""The one character rule (quotetrack/validation.py), the status enums beside the storage
constants they name, and the one organisation spelling in Python names."""

from __future__ import annotations

import re

from api.schemas.fields import LINE_PATTERN, TEXT_PATTERN
from quotetrack.types import JobStatus, Method, QuoteStatus, SpeakerKind
from quotetrack.validation import blank_controls, line_problem, text_problem


def test_a_line_refuses_every_control_character_and_lone_surrogates():
    assert line_problem("Tom Homan, ICE") is None
    for bad in ("a\x00b", "tab\there", "line\nbreak", "del\x7f", "c1\x85", "half \ud800"):
        assert line_problem(bad) is not None, repr(bad)


def test_a_text_allows_tabs_and_line_breaks_but_needs_a_visible_character():
    assert text_problem("First paragraph.\n\n\tSecond\r\n") is None
    assert text_problem("nul\x00") is not None
    assert text_problem("vt\x0b") is not None
    assert text_problem("lone \udfff") is not None
    assert text_problem(" \n\t\u00a0\ufeff") == "Only white space."


def test_the_document_patterns_say_what_the_server_checks():
    """The ECMA patterns of the OpenAPI document, read by Python, agree with the checks on text
    without surrogates (which a JSON document cannot hold)."""
    samples = ["plain", "tab\tx", "nl\nx", "nul\x00", "c1\x9f", "   ", "\ufeff", "é ü ’"]
    for sample in samples:
        assert (re.fullmatch(LINE_PATTERN[1:-1], sample) is not None) == (line_problem(sample) is None), repr(sample)
        assert (re.fullmatch(TEXT_PATTERN[1:-1], sample) is not None) == (text_problem(sample) is None), repr(sample)


def test_a_form_field_has_its_control_characters_blanked():
    assert blank_controls(" Homan\x00said\x1f ") == "Homan said"
    assert blank_controls("a\ud800b") == "a b"


def test_status_enums_keep_the_stored_values():
    # Rows store these strings: a new spelling would need a migration, not only a new enum value.
    assert [s.value for s in QuoteStatus] == ["accepted", "rejected", "superseded"]
    assert [s.value for s in JobStatus] == ["queued", "running", "done", "failed"]


def test_organisation_is_one_spelling_in_python_and_the_stored_values_keep_theirs():
    assert SpeakerKind.ORGANISATION.value == "organization"  # stored in speakers.kind, served as SpeakerKind
    assert Method.ORGANISATION.value == "organisation"  # stored in quotes.method, served as AttributionMethod
    assert [k.value for k in SpeakerKind] == ["person", "organization", "group", "unnamed_source"]
