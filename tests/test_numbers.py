"""Amounts as worded: two outlets' numbers for one fact agree, two facts' numbers do not
(statements/numbers.py, used by paraphrase.conflict). Pure functions, invented wordings."""

from quotetrack.statements.numbers import Amount, Bound, amounts, is_figure_word, numbers_disagree, shared_amounts
from quotetrack.statements.paraphrase import conflict, lexical_similarity, paraphrase_score
from quotetrack.statements.wording import compare


def test_figures_are_read_with_their_scale_and_hedge():
    assert amounts("the fund lost £6.1m last year") == (Amount(6_100_000),)
    assert amounts("over six thousand people signed") == (Amount(6000, Bound.AT_LEAST),)
    assert amounts("it has recovered about $19-million") == (Amount(19_000_000, Bound.ABOUT),)
    assert amounts("more than a thousand homes") == (Amount(1000, Bound.AT_LEAST),)
    assert amounts("the lowest in a decade") == (Amount(10),)
    assert amounts("twenty five jobs") == (Amount(25),)
    assert amounts("no one was hurt, the third time this year") == ()


def test_a_hedged_figure_agrees_with_the_figure_it_rounds():
    assert not numbers_disagree("she had lost $410,000", "she had lost more than $400,000")
    assert not numbers_disagree("the petition was signed by 6,214 people", "over six thousand people signed it")
    assert not numbers_disagree("bills would rise by 4.99 per cent", "bills would go up by just under five per cent")
    assert not numbers_disagree("reserves are the lowest in a decade", "reserves are the lowest for ten years")


def test_a_share_in_words_is_a_rounded_percentage():
    assert amounts("more than four in five members voted yes") == (Amount(80, Bound.AT_LEAST),)
    assert not numbers_disagree("82 per cent of members voted yes", "more than four in five members voted yes")
    assert numbers_disagree("61 per cent of members voted yes", "more than four in five members voted yes")


def test_an_amount_of_something_else_is_a_detail_not_a_contradiction():
    # Each outlet adds a figure of its own; the one they share agrees.
    assert not numbers_disagree(
        "82 per cent of members backed action, on a turnout of 74 per cent",
        "82% of members backed a walkout at the plant, which employs about 640 people",
    )
    assert not numbers_disagree("staff would stop work at 6am on 17 March", "a 48-hour strike will begin on 17 March")
    # The same thing counted differently is not.
    assert numbers_disagree("the storm killed 107 people in 2010", "the storm killed 170 people in 2010")


def test_different_figures_are_different_facts_however_close():
    assert numbers_disagree("the storm killed 107 people", "the storm killed 170 people")
    assert numbers_disagree("attendance reached 11,000 in 2010", "attendance reached 11,000 in 2012")
    assert numbers_disagree("more than a thousand died", "more than a hundred died")
    assert numbers_disagree("she had lost more than $400,000", "she had lost $900,000")
    assert conflict("fares will rise by nearly 10 per cent", "fares will rise by 12 per cent") == "number"


def test_a_not_that_negates_no_clause_is_no_negation():
    assert compare(
        "If anyone has broken the rules, I will not hesitate to see them banned",
        "anyone found to have broken the rules will be banned",
        reported=True,
    )
    assert compare(
        "the tests point to lead poisoning rather than heat", "the tests say lead poisoning, not heat.", reported=True
    )
    assert (
        compare("the tests point to lead poisoning", "the tests do not point to lead poisoning", reported=True) is None
    )


def test_a_not_that_sets_a_noun_phrase_against_another_negates_no_clause():
    # "..., not an apology" says what they do want.
    assert compare(
        "What the tenants want is their deposits back",
        "tenants “want their deposits back, not an apology.”",
        reported=True,
    )
    assert compare("the council will pay, not the residents", "the council will not pay", reported=True) is None


def test_a_hostile_run_of_digits_is_an_amount_too_large_for_any_other():
    # 100,000 digits: read as infinity (no exception), agreeing with nothing finite. (Its
    # reading time was quadratic before the clock-hour pattern was anchored: 44 s; 3 ms now,
    # measured by hand, not asserted here.)
    huge = amounts("1" * 100_000 + " people")
    assert huge[0].unit == "people" and huge[0].value == float("inf")
    assert numbers_disagree("1" * 100_000 + " people came", "12 people came")


def test_and_a_half_belongs_to_the_figure_before_its_scale():
    assert amounts("six and a half per cent") == (Amount(6.5),)
    assert amounts("almost one and a half thousand homes") == (Amount(1500, Bound.AT_MOST),)
    assert not numbers_disagree("a 6.5 per cent rise", "a rise of six and a half percent")


def test_a_figure_written_two_ways_is_one_shared_word():
    # Invented wordings: the words differ ("£31m" / "31 million pounds"), the values agree.
    by_value = lexical_similarity(
        "the plan will cost £31m instead of £48m", "the plan will cost 31 million pounds, down from 48 million"
    )
    assert by_value[0] == 4  # plan, cost, and the two figures
    assert paraphrase_score(
        "the plan will cost £31m instead of £48m", "the plan will cost 31 million pounds, down from 48 million"
    )
    # Figures that do not agree share nothing, and small counts are no content at all.
    assert lexical_similarity("the plan will cost £31m", "the plan will cost 13 million pounds")[0] == 2
    assert shared_amounts("it's the league: 1, the club: 0", "the league is winning") == (0, 0, 0)


def test_figure_words():
    assert all(is_figure_word(w) for w in ("31m", "400", "fourteen", "hundred", "thousands", "6bn"))
    assert not any(is_figure_word(w) for w in ("ie6", "homes", "m", "2nd"))
