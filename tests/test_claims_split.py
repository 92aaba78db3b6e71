"""Claims: a quote reporting several remarks is split into claims; the quote stays whole."""

import pytest

from quotetrack.extraction.candidate import Candidate
from quotetrack.extraction.claims import claim_records, claim_spans
from quotetrack.quotes import extract_quotes
from quotetrack.types import QuoteKind

from .conftest import seed_text

pytestmark = pytest.mark.model


def quotes_of(nlp, text):
    quotes, _ = extract_quotes(text, nlp)
    for quote in quotes:
        assert_claims_well_formed(quote)
    return quotes


def assert_claims_well_formed(quote):
    """Never empty; contiguous sub-spans of the quote, in order, none empty or overlapping,
    none starting or ending with a space or a separating comma."""
    assert quote.claims
    position = quote.start
    for start, end in quote.claims:
        assert position <= start < end <= quote.end
        claim = quote.text[start - quote.start : end - quote.start]
        assert claim == claim.strip() and claim[0] not in ",;" and claim[-1] not in ",;"
        position = end


def claims_of(nlp, text, fragment):
    """The claim wordings of the quote containing `fragment`."""
    quotes = quotes_of(nlp, text)
    matches = [q for q in quotes if fragment in q.text]
    assert matches, f"no quote containing {fragment!r} in {[q.text for q in quotes]}"
    return [text[s:e] for s, e in matches[0].claims]


def split(nlp, text, quote, kind=QuoteKind.INDIRECT, fragments=()):
    """claim_spans on one candidate written by hand: `quote` is its wording inside `text`."""
    doc = nlp(text)
    start = text.index(quote)
    placed = tuple((start + quote.index(f), start + quote.index(f) + len(f)) for f in fragments)
    candidate = Candidate(start, start + len(quote), kind, fragments=placed)
    return [text[s:e] for s, e in claim_spans(doc, candidate)]


# -- the seeds ------------------------------------------------------------------------------------


def test_every_seed_quote_has_well_formed_claims(nlp):
    for prefix in ("000", "001", "002", "003", "004"):
        quotes_of(nlp, seed_text(prefix))


def test_short_sentence_joins_the_previous_claim_of_a_direct_quote(nlp):
    assert claims_of(nlp, seed_text("001"), "Unconscionable") == [
        "Why are 'sanctuary' cities protecting child rapists? Unconscionable.",
        "Any politician who does so should be recalled immediately.",
    ]


def test_mixed_quote_with_two_coordinated_remarks_is_two_claims(nlp):
    assert claims_of(nlp, seed_text("000"), "every tool in the toolbox") == [
        "the state would use “every tool in the toolbox” to “protect our residents,”",
        "the state police will “absolutely not assist” in the mass deportation efforts Trump has promised",
    ]


def test_indirect_quote_with_three_clauses_is_three_claims_and_keeps_the_subordinate_clause(nlp):
    assert claims_of(nlp, seed_text("000"), "filed an immigration detainer") == [
        "it filed an immigration detainer with local police",
        "the request was ignored",
        "he was released on bail before immigration agents could arrest him to begin deportation proceedings",
    ]


def test_comma_and_coordinator_belong_to_neither_claim(nlp):
    assert claims_of(nlp, seed_text("003"), "detainer placed on Paz-Munoz") == [
        "the detainer placed on Paz-Munoz was ignored",
        "he was not transferred to federal custody",
    ]


def test_conjoined_verbs_sharing_one_subject_split_as_the_module_says(nlp):
    # Two remarks in the seeds' annotation (ice_oliveira_fled, ice_oliveira_entered_2022); the
    # parser hangs "entered" on the passive "imposed" of the subordinate clause.
    assert claims_of(nlp, seed_text("000"), "fled Brazil") == [
        "He fled Brazil before a 14-year prison sentence was imposed",
        "entered the U.S. illegally in 2022",
    ]


def test_claims_do_not_change_the_quote(nlp):
    text = seed_text("000")
    quotes, _ = extract_quotes(text, nlp)
    for quote in quotes:
        assert quote.text == text[quote.start : quote.end]
        assert quote.claims[0][0] >= quote.start and quote.claims[-1][1] <= quote.end


# -- texts of our own -----------------------------------------------------------------------------


def test_short_direct_quote_without_sentences_is_one_claim(nlp):
    assert split(nlp, "“We will see,” the mayor said.", "We will see,", QuoteKind.DIRECT) == ["We will see"]


def test_abbreviations_and_initials_do_not_end_a_sentence(nlp):
    quote = (
        "Gov. Patricia H. Hyde met Mr. Ortiz at 5 p.m. in the U.S. Capitol today. "
        "She told him No. 5 on the list would be funded first."
    )
    text = f"“{quote}” the aide said."
    assert split(nlp, text, quote, QuoteKind.DIRECT) == [
        "Gov. Patricia H. Hyde met Mr. Ortiz at 5 p.m. in the U.S. Capitol today.",
        "She told him No. 5 on the list would be funded first.",
    ]


def test_short_first_sentence_joins_the_next_claim(nlp):
    quote = "Absolutely not. The council never voted on that budget. We will appeal the ruling next week."
    assert split(nlp, f"“{quote}” Ruiz said.", quote, QuoteKind.DIRECT) == [
        "Absolutely not. The council never voted on that budget.",
        "We will appeal the ruling next week.",
    ]


def test_relative_clause_is_not_split(nlp):
    text = "The mayor said the bridge, which engineers inspected and which the city closed, would reopen soon."
    quote = "the bridge, which engineers inspected and which the city closed, would reopen soon"
    assert split(nlp, text, quote) == [quote]


def test_subordinate_clause_is_not_split(nlp):
    text = "The coach said the team lost because the players were tired and the pitch was wet."
    quote = "the team lost because the players were tired and the pitch was wet"
    assert split(nlp, text, quote) == [quote]


def test_coordinated_clauses_with_own_subjects_split_and_a_short_one_joins_its_neighbour(nlp):
    text = "The minister said the budget will rise next year, and the schools will get less money, but nobody cares."
    quote = "the budget will rise next year, and the schools will get less money, but nobody cares"
    assert split(nlp, text, quote) == [
        "the budget will rise next year",
        "the schools will get less money, but nobody cares",  # "nobody cares": 2 words
    ]


def test_clauses_reported_before_a_trailing_attribution_split(nlp):
    text = "The request was ignored and he was released on bail, ICE said."
    assert claims_of(nlp, text, "request was ignored") == ["The request was ignored", "he was released on bail"]


def test_shared_subject_of_our_own_is_not_split(nlp):
    text = "The minister said the budget will rise next year and cut school funds."
    quote = "the budget will rise next year and cut school funds"
    assert split(nlp, text, quote) == [quote]


def test_mixed_quote_is_not_split_inside_a_quoted_fragment(nlp):
    fragment = "“the plant is old and the owners have no money”"
    quote = f"the inspectors found {fragment} during the visit"
    text = f"The report said {quote}."
    assert split(nlp, text, quote, QuoteKind.MIXED, fragments=(fragment[1:-1],)) == [quote]


def test_claim_records_give_the_whole_quote_when_it_carries_no_claims(nlp):
    quote = quotes_of(nlp, "“We will not back down from this fight,” Roberts said.")[0]
    records = claim_records(quote)
    assert [r["text"] for r in records] == [quote.text[s - quote.start : e - quote.start] for s, e in quote.claims]
    from dataclasses import replace

    bare = replace(quote, claims=())
    assert claim_records(bare) == [{"start": quote.start, "end": quote.end, "text": quote.text}]


def test_conjoined_finite_verbs_with_their_own_objects_split_a_reported_clause(nlp):
    text = "The company said it closed the plant in May and laid off 300 workers."
    quote = "it closed the plant in May and laid off 300 workers"
    assert split(nlp, text, quote) == ["it closed the plant in May", "laid off 300 workers"]


def test_coordinated_clauses_inside_one_sentence_of_a_direct_quote_split(nlp):
    quote = "We closed the plant in May, and we will reopen it next year."
    assert split(nlp, f"“{quote}” Ruiz said.", quote, QuoteKind.DIRECT) == [
        "We closed the plant in May",
        "we will reopen it next year.",
    ]


def test_alternatives_are_one_remark(nlp):
    quote = "Either the council pays for the repairs or the state takes over the bridge."
    assert split(nlp, f"“{quote}” Ruiz said.", quote, QuoteKind.DIRECT) == [quote]


def test_a_verb_the_parser_hangs_on_a_passive_subordinate_clause_continues_the_main_clause(nlp):
    text = "He fled Chile before a 10-year sentence was imposed and entered Argentina in 2021, the agency said."
    quote = "He fled Chile before a 10-year sentence was imposed and entered Argentina in 2021"
    assert split(nlp, text, quote) == [
        "He fled Chile before a 10-year sentence was imposed",
        "entered Argentina in 2021",
    ]
    # An active subordinate clause's own conjunct stays with it (the clause, an earlier event
    # in the past, is a claim of its own).
    text = "The agency said he left Ecuador after officers raided his home and seized his passport."
    quote = "he left Ecuador after officers raided his home and seized his passport"
    assert split(nlp, text, quote) == ["he left Ecuador", "officers raided his home and seized his passport"]


def test_conjoined_predicates_of_one_subject_split_a_direct_quote_too(nlp):
    # The seeds' annotation counts such a sentence as two remarks (ice_source_protect_criminals,
    # ice_source_officers_at_risk); this one is our own.
    quote = "The new zoning rules push families out of the city and put small shops at risk every year."
    assert split(nlp, f"“{quote}” the tenants' union said.", quote, QuoteKind.DIRECT) == [
        "The new zoning rules push families out of the city",
        "put small shops at risk every year.",
    ]


def test_a_present_tense_the_tagger_reads_as_a_bare_verb_still_splits(nlp):
    text = "The union said the cuts hurt patients and put nurses under pressure every week."
    quote = "the cuts hurt patients and put nurses under pressure every week"
    assert split(nlp, text, quote) == ["the cuts hurt patients", "put nurses under pressure every week"]


def test_bare_verbs_after_a_modal_stay_one_remark_in_a_direct_quote(nlp):
    quote = "We will stand by the workers and fight this closure in every court."
    assert split(nlp, f"“{quote}” Ruiz said.", quote, QuoteKind.DIRECT) == [quote]


def test_a_conjunct_with_a_tense_or_modal_of_its_own_is_a_second_remark(nlp):
    text = "The mill's owner said the company had shut down its furnace on Tuesday and would cooperate with inspectors."
    quote = "the company had shut down its furnace on Tuesday and would cooperate with inspectors"
    assert split(nlp, text, quote) == [
        "the company had shut down its furnace on Tuesday",
        "would cooperate with inspectors",
    ]
    text = "Ms Varga said the firm was ‘deeply troubled’ by the collapse and had ‘halted all drilling’ at the site."
    quote = "the firm was ‘deeply troubled’ by the collapse and had ‘halted all drilling’ at the site"
    fragments = ("deeply troubled", "halted all drilling")
    assert split(nlp, text, quote, QuoteKind.MIXED, fragments) == [
        "the firm was ‘deeply troubled’ by the collapse",
        "had ‘halted all drilling’ at the site",
    ]


def test_two_clauses_the_parser_hangs_on_the_cue_are_two_claims_and_a_short_one_stands(nlp):
    # Both clauses are heads of the quote here (ccomp of "said"), not a clause and its conjunct.
    quote = "We are heartbroken, but we are not finished,"
    text = f'Supporters gathered outside the statehouse on Tuesday. "{quote}" Moreau said.'
    assert split(nlp, text, quote, QuoteKind.DIRECT) == ["We are heartbroken", "we are not finished"]


def test_a_contrast_after_a_comma_is_a_second_claim_and_a_time_clause_is_not(nlp):
    text = "The company said sales rose in Asia, whereas European sales fell by a tenth."
    quote = "sales rose in Asia, whereas European sales fell by a tenth"
    assert split(nlp, text, quote) == ["sales rose in Asia", "European sales fell by a tenth"]
    text = "The mayor said the council would meet while the roads were closed."
    quote = "the council would meet while the roads were closed"
    assert split(nlp, text, quote) == [quote]


@pytest.mark.parametrize(
    "text, quote, claims",
    [
        # Other outlets report the two events apart ("the match was abandoned" / "fans threw flares").
        (
            "Police said the match was abandoned in the second half after fans threw flares onto the pitch.",
            "the match was abandoned in the second half after fans threw flares onto the pitch",
            ["the match was abandoned in the second half", "fans threw flares onto the pitch"],
        ),
        (
            "The union said the stoppage had ended after the firm had raised its offer to five per cent.",
            "the stoppage had ended after the firm had raised its offer to five per cent",
            ["the stoppage had ended", "the firm had raised its offer to five per cent"],
        ),
        (
            "The council said burglaries fell by a fifth once the new street lights were installed.",
            "burglaries fell by a fifth once the new street lights were installed",
            ["burglaries fell by a fifth", "the new street lights were installed"],
        ),
        # ", with" and a noun that has a predicate of its own.
        (
            "The brewer said it had closed two plants, with 300 jobs expected to go by March.",
            "it had closed two plants, with 300 jobs expected to go by March",
            ["it had closed two plants", "300 jobs expected to go by March"],
        ),
        (
            "Officials said the ministry had approved the plan, with a decision due within six weeks.",
            "the ministry had approved the plan, with a decision due within six weeks",
            ["the ministry had approved the plan", "a decision due within six weeks"],
        ),
    ],
)
def test_an_earlier_event_or_an_accompanying_fact_is_a_second_claim(nlp, text, quote, claims):
    assert split(nlp, text, quote) == claims


@pytest.mark.parametrize(
    "quote",
    [
        "the minister was disappointed when the two countries developed nuclear weapons",  # frames it
        "the board will decide on the merger after the auditors publish their report",  # a plan
        "the board would decide on the merger after the auditors had published their report",
        "the ferry resumed service after repairs to its hull",  # no clause: a phrase
        "the club had accepted the offer, with regret",  # how, not a second fact
        "With the stadium closed, the club had cancelled every match until May",
        "these are people we have always been glad to work with",
    ],
)
def test_a_plan_a_frame_or_a_phrase_stays_with_its_remark(nlp, quote):
    assert split(nlp, f"The chairman said {quote}.", quote) == [quote]


def test_a_quote_opening_on_a_time_clause_keeps_its_subordinator(nlp):
    text = "Union officials said after talks broke down the drivers walked out, and the depot was closed."
    quote = "after talks broke down the drivers walked out, and the depot was closed"
    assert split(nlp, text, quote) == ["after talks broke down the drivers walked out", "the depot was closed"]


def test_a_second_that_clause_after_and_is_a_second_claim_wherever_the_parser_hangs_it(nlp):
    # The parser hangs "helping" on "was" of the first reported clause, not on "believed".
    text = "The ferry operator said it believed the fault was an isolated problem and that it was helping the investigators."
    quote = "it believed the fault was an isolated problem and that it was helping the investigators"
    assert split(nlp, text, quote) == [
        "it believed the fault was an isolated problem",
        "it was helping the investigators",
    ]


def test_alternatives_inside_the_second_clause_do_not_join_it_to_the_first(nlp):
    # "or" joins "claim" and "take" inside the second clause; "and" joins the two clauses.
    text = (
        "Dozens of trains have been cancelled since Friday, and commuters can claim a refund"
        " or take a bus at no extra cost, the rail operator said."
    )
    quote = text[: text.index(", the rail")]
    assert split(nlp, text, quote) == [
        "Dozens of trains have been cancelled since Friday",
        "commuters can claim a refund or take a bus at no extra cost",
    ]


def test_an_adjective_the_parser_conjoins_to_an_object_is_a_second_predicate(nlp):
    # The parser hangs "thankful" on "regulators" ("regulators ... thankful" cannot be meant).
    text = 'The brewery said it is working with regulators and "truly thankful" to the neighbours who raised the alarm.'
    quote = 'it is working with regulators and "truly thankful" to the neighbours who raised the alarm'
    assert split(nlp, text, quote, QuoteKind.MIXED, ("truly thankful",)) == [
        "it is working with regulators",
        '"truly thankful" to the neighbours who raised the alarm',
    ]
    # An adjective qualifying a noun with it stays: no second remark.
    text = "The brewery said it is working with regulators and staff familiar with the site."
    quote = "it is working with regulators and staff familiar with the site"
    assert split(nlp, text, quote) == [quote]


def test_a_verb_with_an_object_and_a_tense_of_its_own_hung_on_a_relative_clause_is_a_second_claim(nlp):
    # The parser hangs "put" on "found", but "found"'s object is "everything": "will put all
    # nine recommendations into practice" continues the reported clause.
    text = (
        "The university says it accepts everything the panel found and will put all nine recommendations into practice."
    )
    assert claims_of(nlp, text, "it accepts") == [
        "it accepts everything the panel found",
        "will put all nine recommendations into practice",
    ]
    # A second verb of the relative clause, sharing its object, stays.
    text = "The university says it accepts every finding the panel made and published."
    assert claims_of(nlp, text, "it accepts") == ["it accepts every finding the panel made and published"]
