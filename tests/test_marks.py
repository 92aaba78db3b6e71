from quotetrack.extraction.marks import quoted_spans


def _texts(text):
    return [(text[s.start : s.end], s.closed) for s in quoted_spans(text)]


def test_pairs_curly_and_straight_marks():
    text = '“Curly quote here,” she said. "Straight quote here," he said.'
    assert _texts(text) == [("Curly quote here,", True), ("Straight quote here,", True)]


def test_nested_single_quotes_stay_inside_the_double_quote():
    text = "Musk wrote \"Why are 'sanctuary' cities protecting them? Unconscionable.\""
    assert _texts(text) == [("Why are 'sanctuary' cities protecting them? Unconscionable.", True)]


def test_paragraph_end_closes_an_open_quote_and_the_next_paragraph_continues():
    text = "“First paragraph of the quote.\n\n“Second paragraph,” she said."
    assert _texts(text) == [("First paragraph of the quote.", False), ("Second paragraph,", True)]


def test_unbalanced_mark_does_not_derail_later_paragraphs():
    text = 'He said "unclosed here\n\nThen “a proper quote,” she said.'
    assert ("a proper quote,", True) in _texts(text)


def test_single_marks_are_quotes_only_where_no_double_marks_are_used():
    text = "‘We will fight this,’ the minister said. It’s the minister’s view."
    assert _texts(text) == [("We will fight this,", True)]


def test_single_marks_hold_apostrophes_and_plural_possessives():
    text = (
        "'We don't deserve that, not after the players' effort for ninety minutes,' the coach said. "
        "'It's fine,' she replied, calling the ruling 'a gift for the lawyers' and leaving."
    )
    assert [t for t, _ in _texts(text)] == [
        "We don't deserve that, not after the players' effort for ninety minutes,",
        "It's fine,",
        "a gift for the lawyers",
    ]
