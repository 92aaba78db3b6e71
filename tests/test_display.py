"""Honest labels (quotetrack/cards/display.py) and the article page's highlighting (api/pages/search.py),
without a database or a model: direct quotes in marks, reported speech without them, mixed
quotes with only their fragments in marks, trailing sentence punctuation trimmed from display
only, and highlights that give back the article text exactly."""

from __future__ import annotations

from dataclasses import dataclass, field

from hypothesis import given
from hypothesis import strategies as st

from api.pages.search import highlight
from quotetrack.cards import display


@dataclass(frozen=True)
class _Speaker:
    name: str
    slug: str = "x"


@dataclass(frozen=True)
class _Quote:
    text: str
    kind: str = "direct"
    start: int = 0
    end: int = 0
    cue: str | None = "said"
    speaker_mention: str | None = None
    speaker: _Speaker | None = field(default_factory=lambda: _Speaker("Maura Healey"))
    fragments: tuple[tuple[int, int], ...] = ()
    confidence: float = 0.95
    method: str = "surname"
    id: int = 1
    status: str = "accepted"


def test_direct_quote_is_in_marks_without_the_sentence_comma():
    quote = _Quote("Either she helps us or she gets the hell out of the way, because we will,")
    shown = display.display(quote)
    assert shown.plain == "“Either she helps us or she gets the hell out of the way, because we will”"
    assert shown.lead == ""
    assert quote.text.endswith("will,")  # the stored wording is untouched


def test_trim_keeps_sentence_final_punctuation_and_never_empties():
    assert display.trim("We are done.") == "We are done."
    assert display.trim("Why now?") == "Why now?"
    assert display.trim("Unconscionable,") == "Unconscionable"
    assert display.trim("and then —") == "and then"
    assert display.trim(",") == ","


def test_reported_speech_has_no_quotation_marks():
    quote = _Quote("the state police would not assist", kind="indirect")
    shown = display.display(quote)
    assert shown.plain == "Maura Healey said the state police would not assist"
    assert "“" not in shown.plain and "”" not in shown.plain and '"' not in shown.plain


def test_reported_speech_leads_read_as_sentences():
    according = _Quote("Lucas fled before serving his sentence", kind="indirect", cue="according to")
    assert display.display(according).plain == "According to Maura Healey, Lucas fled before serving his sentence"
    gerund = _Quote("the city will not help", kind="indirect", cue="saying")
    assert display.display(gerund).plain == "Maura Healey said the city will not help"
    group = _Quote("they detained him", kind="indirect", speaker=_Speaker("federal immigration officials"))
    assert display.display(group).plain == "Federal immigration officials said they detained him"
    nobody = _Quote("it was over", kind="indirect", speaker=None)
    assert display.display(nobody).plain.startswith("An unattributed source said ")


def test_mixed_quote_marks_only_its_fragments():
    text = "the state would use “every tool in the toolbox” to “protect our residents,” and will “not assist"
    start = 100
    fragments = []
    for fragment in ("every tool in the toolbox", "protect our residents,", "not assist"):
        at = text.index(fragment)
        fragments.append((start + at, start + at + len(fragment)))
    quote = _Quote(text, kind="mixed", start=start, end=start + len(text), fragments=tuple(fragments))
    shown = display.display(quote)
    assert [s.text for s in shown.segments if s.quoted] == [
        "every tool in the toolbox",
        "protect our residents",
        "not assist",
    ]
    assert shown.plain == (
        "Maura Healey said the state would use “every tool in the toolbox” to “protect our residents” "
        "and will “not assist”"
    )


def test_mixed_quote_with_straight_marks_and_no_fragments():
    text = 'about two dozen communities have a "sanctuary city" policy'
    at = text.index("sanctuary city")
    quote = _Quote(text, kind="mixed", start=10, fragments=((10 + at, 10 + at + len("sanctuary city")),))
    assert display.display(quote).body == "about two dozen communities have a “sanctuary city” policy"
    unmarked = _Quote("a plain paraphrase,", kind="mixed")
    assert display.display(unmarked).body == "a plain paraphrase"


def test_small_print_names_method_and_confidence_and_flags_low_ones():
    assert display.small_print(_Quote("x", confidence=0.9)) == "direct quote · attributed by surname · confidence 90%"
    low = display.small_print(_Quote("x", kind="indirect", confidence=0.6, method="organisation_anaphor"), 0.8)
    assert low.startswith("reported speech (not verbatim) · attributed by")
    assert low.endswith("confidence 60% · low confidence: check the attribution")


def test_small_print_of_a_superseded_quote_says_it_was_revised_first():
    revised = display.small_print(_Quote("x", confidence=0.9, status="superseded"))
    assert revised == f"{display.REVISED} · direct quote · attributed by surname · confidence 90%"


def _quotes_in(text: str, spans: list[tuple[int, int]]) -> list[_Quote]:
    return [_Quote(text[a:b], start=a, end=b, id=i + 1) for i, (a, b) in enumerate(spans)]


def test_highlight_gives_back_the_text_and_one_id_per_quote():
    text = "Intro. “<b>Hi</b> & bye,” she said. Then “nested ‘inner’ words” ended."
    outer = (text.index("nested"), text.index("” ended"))
    inner = (text.index("inner"), text.index("inner") + len("inner"))
    first = (text.index("<b>"), text.index(",”") + 1)
    quotes = _quotes_in(text, [first, outer, inner, outer])  # the last repeats a span
    pieces = highlight(text, quotes)
    assert "".join(p.text for p in pieces) == text
    firsts = [p.quote.id for p in pieces if p.quote is not None and p.first]
    assert sorted(firsts) == [1, 2, 3, 4]
    assert next(p for p in pieces if p.quote is not None and p.quote.id == 3).text == "inner"


@given(st.text(min_size=1, max_size=60), st.lists(st.tuples(st.integers(0, 60), st.integers(1, 20)), max_size=6))
def test_highlight_round_trips_any_text_and_spans(text, raw):
    spans = [(a, min(len(text), a + n)) for a, n in raw if a < len(text)]
    spans = [(a, b) for a, b in spans if a < b]
    quotes = _quotes_in(text, spans)
    pieces = highlight(text, quotes)
    assert "".join(p.text for p in pieces) == text
    assert sorted(p.quote.id for p in pieces if p.quote is not None and p.first) == [q.id for q in quotes]
    for piece in pieces:
        if piece.quote is not None and piece.text:
            assert piece.text in piece.quote.text


def test_every_attribution_method_has_a_label():
    from quotetrack.types import Method

    assert {m.value for m in Method} <= set(display.METHOD_LABELS)


def test_a_near_certain_confidence_never_reads_as_certain():
    from quotetrack.cards.display import percent

    assert percent(0.997) == "99.7%" and percent(0.9999) == "99.9%" and percent(0.995) == "99.5%"
    assert percent(1.0) == "100%" and percent(0.85) == "85%" and percent(0.0) == "0%"


def test_identity_methods_read_as_phrases_not_method_names():
    from quotetrack.cards.display import identity_label
    from quotetrack.storage.identity import IdentityMethod

    for method in IdentityMethod:
        label = identity_label(method.value)
        assert "_" not in label and not label.endswith(f"by {method.value}"), method  # "... by new" was the leak
    assert identity_label("some_future_method") == "matched across articles"


def test_a_wording_without_its_quote_puts_only_the_speakers_words_in_marks():
    """display.wording (statements' wordings, a quote's remarks, issue 42 item 2)."""
    direct = display.wording("We will not let the shelters close,", "direct")
    assert direct.segments == (display.Segment("We will not let the shelters close", True),)
    reported = display.wording("the state police will not assist,", "indirect")
    assert reported.body == "the state police will not assist" and not reported.segments[0].quoted
    mixed = display.wording('Musk took aim at "sanctuary" cities and “every tool,” he said', "mixed")
    assert mixed.body == "Musk took aim at “sanctuary” cities and “every tool” he said"
    assert [s.text for s in mixed.segments if s.quoted] == ["sanctuary", "every tool"]
    cut = display.excerpt(display.wording("the state would use “every tool in the toolbox” now", "mixed"), 32)
    assert cut.body == "the state would use “every tool…”"


# -- marks that pair up and clauses that read (issue 42 item 3) -------------------------------------


def test_a_mark_whose_partner_fell_outside_the_wording_still_pairs_on_display():
    opened = display.wording('she would "rather answer for a collapse', "mixed")
    assert opened.body == "she would “rather answer for a collapse”"
    closed = display.wording('rather answer for a collapse," she said she would', "mixed")
    assert closed.body == "“rather answer for a collapse” she said she would"
    quote = _Quote('she would "rather answer for a collapse', kind="mixed", cue="said")
    shown = display.display(quote)  # a mixed quote whose fragment offsets miss the marked words
    assert shown.body == "she would “rather answer for a collapse”"
    assert shown.body.count("“") == shown.body.count("”") == 1


def test_reported_speech_opening_with_a_capital_is_not_glued_to_the_cue():
    quote = _Quote("On Nov. 12, officers arrested him", kind="indirect", speaker=_Speaker("ICE"))
    assert display.display(quote).plain == "ICE said: On Nov. 12, officers arrested him"
    assert display.lead_parts(quote) == ("", "ICE", " said: ")
    lower = _Quote("the state police would not assist", kind="indirect")
    assert display.display(lower).plain == "Maura Healey said the state police would not assist"


def test_the_speaker_label_follows_the_closing_quotation_mark():
    text = "“We will not close,” Sam Roe said. Roe said the budget would hold."
    direct = (text.index("We"), text.index(",”") + 1)
    reported = (text.index("the budget"), text.index("hold") + 4)
    pieces = highlight(text, _quotes_in(text, [direct, reported]))
    assert "".join(p.text for p in pieces) == text
    chips = [(p.text, p.chip.id) for p in pieces if p.chip is not None]
    assert chips == [("”", 1), ("the budget would hold", 2)]  # after the mark; a reported one at its end


def test_relations_read_as_what_they_mean_with_a_number_only_where_it_helps():
    """Issue 42 item 4: never "fragment (13%)"."""
    ref = "the canonical wording"
    assert display.relation_label("verbatim", 1.0, ref) == "the same words as the canonical wording"
    assert display.relation_label("variant", 0.934, ref) == "nearly the same words as the canonical wording (93% alike)"
    assert display.relation_label("fragment", 0.13, ref, shorter=True) == "part of the canonical wording, word for word"
    assert display.relation_label("fragment", 0.13, ref, shorter=False).startswith("holds the canonical wording")
    mixed = display.relation_label("fragment", 0.4, ref, shorter=True, kind="mixed")
    assert mixed == "its quoted words are part of the canonical wording, word for word"
    assert "%" not in display.relation_label("paraphrase", 0.61, "your text")
