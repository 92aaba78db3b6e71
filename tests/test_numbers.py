"""Amounts as worded: two outlets' numbers for one fact agree, two facts' numbers do not
(statements/numbers.py, used by paraphrase.conflict). Pure functions, invented wordings."""

from quotetrack.statements.numbers import Amount, Bound, amounts, numbers_disagree
from quotetrack.statements.paraphrase import conflict
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


def test_different_figures_are_different_facts_however_close():
    assert numbers_disagree("the storm killed 107 people", "the storm killed 170 people")
    assert numbers_disagree("attendance reached 11,000 in 2010", "attendance reached 11,000 in 2012")
    assert numbers_disagree("more than a thousand died", "more than a hundred died")
    assert numbers_disagree("she had lost more than $400,000", "she had lost $900,000")
    assert conflict("fares will rise by nearly 10 per cent", "fares will rise by 12 per cent") == "number"


def test_a_not_that_sets_a_noun_phrase_against_another_negates_no_clause():
    # "..., not an apology" says what they do want.
    assert compare(
        "What the tenants want is their deposits back",
        "tenants “want their deposits back, not an apology.”",
        reported=True,
    )
    assert compare("the council will pay, not the residents", "the council will not pay", reported=True) is None
