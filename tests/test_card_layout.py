"""The card height model (quotetrack/cards/card_layout.py) and the cut to a maxheight
(quotetrack/card_text.fit), without a browser; test_browser.py checks the heights in Chromium."""

from quotetrack.cards import card_layout, card_text
from quotetrack.cards.display import Segment

SANS, SERIF = card_layout.SANS, card_layout.SERIF


def _card(words: int, kind: str = "direct", **changes) -> card_text.CardText:
    text = " ".join(f"word{i}" for i in range(words))
    fields = {
        "kind": kind,
        "lead": "" if kind == "direct" else "Dana Reyes said ",
        "segments": (Segment(text, kind == "direct"),),
        "speaker": "Dana Reyes",
        "title": "Councilmember",
        "outlet_line": "Example Times, November 20, 2024",
        "in_article": True,
        "reach": None,
        "small_print": "direct quote · attributed by a name in the sentence · confidence 96%",
        "low": False,
        "wording": text,
    }
    return card_text.CardText(**{**fields, **changes})


def test_lines_follow_the_text_width_and_collapse_white_space():
    words = [("lorem ipsum dolor sit amet " * 20, SERIF)]
    narrow, wide = (card_layout.count_lines(words, 17, w) for w in (300, 600))
    assert narrow > wide > 1
    assert card_layout.count_lines([("  a \n\n  b  ", SANS)], 15, 300) == 1
    assert card_layout.count_lines([("", SANS)], 15, 300) == 0
    assert card_layout.count_lines([("x" * 400, SANS)], 15, 300) > 5  # one long word wraps (overflow-wrap)


def test_a_line_holds_what_fits_at_the_fonts_widths():
    # "mmmm" in Arial metrics: 833 thousandths of an em each; at 10 px a word is 33.3 px.
    assert card_layout.count_lines([("mmmm " * 3, SANS)], 10, 120) == 1  # 3 words + 2 spaces: 105.5 px
    assert card_layout.count_lines([("mmmm " * 4, SANS)], 10, 120) == 2  # 4 words: 141 px


def test_unknown_scripts_count_wide_rather_than_narrow():
    assert card_layout.char_width("漢", SERIF) == 1000
    assert card_layout.char_width("\u0301", SERIF) == 0  # a combining accent adds no width
    assert card_layout.char_width("a", SERIF) < card_layout.char_width("ש", SERIF)


def test_height_grows_with_the_wording_and_shrinks_with_width():
    short, long = _card(3), _card(200)
    assert long.height(360) > short.height(360) + 200
    assert long.height(360) > long.height(800)
    # The attribution costs the same whatever the wording: a short card has no empty band built in.
    assert short.height(360) < 220


def test_fit_cuts_the_wording_to_the_max_height_and_keeps_the_attribution():
    card = _card(200)
    fitted, height = card_text.fit(card, 360, 300)
    assert height <= 300 and fitted.shortened and fitted.segments[0].text.endswith("…")
    assert 1 < fitted.word_count() < card.word_count()
    assert (fitted.speaker, fitted.title, fitted.small_print) == (card.speaker, card.title, card.small_print)
    one_more = card.first_words(fitted.word_count())  # the most words that fit: one more would not
    assert one_more.height(360) <= 300 < card.first_words(fitted.word_count() + 1).height(360)
    assert card_text.fit(card, 360, None) == (card, card.height(360))
    assert card_text.fit(card, 360, 10_000)[0] is card


def test_fit_refuses_a_max_height_below_the_attribution():
    try:
        card_text.fit(_card(200), 360, 60)
    except card_text.CardTooTall as too_tall:
        assert too_tall.minimum == _card(200).first_words(1).height(360) > 60
    else:
        raise AssertionError("a 60 px card cannot hold the attribution")


def test_cutting_a_partly_quoted_wording_closes_the_fragment():
    card = _card(
        0,
        kind="mixed",
        segments=(Segment("the city would use ", False), Segment("every tool in the toolbox, we have", True)),
    )
    cut = card.first_words(6)
    assert cut.segments == (Segment("the city would use ", False), Segment("every tool…", True))
    assert card_text.CardText.blocks(cut).body[-1] == (" read in full", SANS)


def test_cutting_a_very_long_wording_is_bounded_by_the_height():
    card = _card(50_000)
    fitted, height = card_text.fit(card, 360, 400)
    assert height <= 400 and fitted.word_count() < card_layout.most_words(360, 400) < 2_000
    assert card_text.fit(_card(200), 360, 300)[0].word_count() == card_text.fit(_card(50_000), 360, 300)[0].word_count()
