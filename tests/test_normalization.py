from hypothesis import given
from hypothesis import strategies as st

from quotetrack.normalization.text import normalize


def test_repairs_words_run_together_and_maps_offsets_back():
    original = "arrested him in Great BarringtonICE said. Wu saidlaw enforcement will not. The Trust Actwhich bars it."
    repaired = normalize(original)
    # The acronym speaks: a clause break was lost with the space, and a comma tells the parser.
    assert "Barrington, ICE said" in repaired.text
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


def test_a_word_run_into_an_article_gets_its_lost_dash_back():
    original = "would not pay for the stadium expansiona remark that was replayed all week."
    repaired = normalize(original)
    assert "expansion — a remark" in repaired.text
    point = repaired.text.index(" — ")
    assert repaired.breaks == (point,)
    assert original[: repaired.to_original(point)].endswith("expansion")
    start = repaired.text.index("a remark")
    s, e = repaired.span_to_original(start, start + len("a remark"))
    assert original[s:e] == "a remark"
    assert repaired.stops_at_lost_break(0, len(repaired.text)) == point


def test_words_ending_like_an_article_are_left_alone():
    # Words of their own ("agenda", "camera", "breathe"), informal spellings, and runs whose
    # next word is not a content word (other languages: "mensaje es") are not split.
    text = "The agenda and a camera, kinda sorta, breathe the air. El mensaje es el que me gusta."
    repaired = normalize(text)
    assert repaired.text == text and repaired.breaks == ()


def test_person_nouns_come_from_wordnet_lexicographer_files():
    from quotetrack.normalization.lexicon import is_person_noun

    assert all(is_person_noun(w) for w in ("senator", "spokesman", "resident", "quarterback"))
    assert not any(is_person_noun(w) for w in ("plane", "jury", "report", "agency", "qzxv"))


def test_a_typographic_apostrophe_inside_a_word_is_read_as_a_plain_one_and_offsets_hold():
    # The tagger reads "D’Souza" as a common noun; "D'Souza" as a name. Quote marks stay.
    original = "‘Rock on,’ Mr D’Souza said of O’Brien-Kaur’s ‘plan’, and they’re right."
    repaired = normalize(original)
    assert repaired.text == "‘Rock on,’ Mr D'Souza said of O'Brien-Kaur's ‘plan’, and they're right."
    assert repaired.insertions == ()
    assert repaired.span_to_original(0, len(repaired.text)) == (0, len(original))
