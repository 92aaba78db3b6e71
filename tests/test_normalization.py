from hypothesis import given
from hypothesis import strategies as st

from quotetrack.normalization.text import normalize


def test_repairs_words_run_together_and_maps_offsets_back():
    original = "arrested him in Great BarringtonICE said. Wu saidlaw enforcement will not. The Trust Actwhich bars it."
    repaired = normalize(original)
    assert "Barrington ICE said" in repaired.text
    assert "Wu said law enforcement" in repaired.text
    assert "Act which bars" in repaired.text
    for word in ("ICE", "law", "which", "bars"):
        start = repaired.text.index(word)
        s, e = repaired.span_to_original(start, start + len(word))
        assert original[s:e] == word


def test_leaves_ordinary_words_alone():
    text = "The iPhone and McDonald's said the PhDs were fine. U.S.A. is here, Sandwich too."
    assert normalize(text).text == text


@given(st.text(alphabet="abcdefghijABCDEFGHIJ saidwhich.\n", max_size=200))
def test_every_repaired_character_maps_back_to_the_same_character(text):
    repaired = normalize(text)
    for offset, char in enumerate(repaired.text):
        if offset not in repaired.insertions:
            assert text[repaired.to_original(offset)] == char
    assert repaired.span_to_original(0, len(repaired.text)) == (0, len(text))
