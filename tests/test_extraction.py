"""Extraction and attribution on small texts of our own, through the real pipeline."""

import pytest

from quotetrack.quotes import extract_quotes
from quotetrack.types import Method, QuoteKind, SpeakerKind

from .conftest import seed_text

pytestmark = pytest.mark.model


def quotes_of(nlp, text):
    quotes, _ = extract_quotes(text, nlp)
    for quote in quotes:
        assert text[quote.start : quote.end] == quote.text  # offsets point into the original
        assert 0 <= quote.confidence <= 1
    return quotes


def find(quotes, fragment):
    matches = [q for q in quotes if fragment in q.text]
    assert matches, f"no quote containing {fragment!r} in {[q.text for q in quotes]}"
    return matches[0]


def speaker(quote):
    return quote.speaker.name if quote.speaker else None


def test_direct_quote_with_speaker_after(nlp):
    text = "Senator Jane Roberts spoke on Tuesday.\n\n“We will not back down from this fight,” Roberts said."
    quote = find(quotes_of(nlp, text), "We will not back down")
    assert quote.kind is QuoteKind.DIRECT
    assert speaker(quote) == "Jane Roberts"
    assert quote.cue == "said"
    assert quote.text.endswith("fight,")


def test_direct_quote_with_speaker_before_and_a_colon(nlp):
    text = 'Mayor Carlos Vega wrote: "The budget protects every library in the city."'
    quote = find(quotes_of(nlp, text), "The budget protects")
    assert speaker(quote) == "Carlos Vega"


def test_inverted_attribution(nlp):
    text = '"The data show a clear decline in arrests," said Dr. Helen Park, a criminologist at the university.'
    quote = find(quotes_of(nlp, text), "The data show")
    assert speaker(quote) == "Helen Park"
    assert any("criminologist" in t for t in quote.speaker.titles)


def test_quote_split_around_its_attribution_is_two_segments_of_one_speaker(nlp):
    text = '"We tried everything we could," coach Mark Ellis said. "The players gave it all and I am proud of them."'
    quotes = quotes_of(nlp, text)
    first, second = find(quotes, "We tried everything"), find(quotes, "The players gave")
    assert speaker(first) == speaker(second) == "Mark Ellis"
    # Confidence is the measured precision of the sieve (calibration.json), not a decay.
    assert second.method is Method.PREVIOUS_QUOTE and 0.5 < second.confidence <= 1.0


def test_pronoun_speaker_resolved_through_coreference(nlp):
    text = (
        "Police chief Angela Moore addressed reporters on Monday.\n\n"
        "“There is no evidence that the fire was set on purpose,” she said."
    )
    quote = find(quotes_of(nlp, text), "There is no evidence")
    assert speaker(quote) == "Angela Moore"
    assert quote.method in {Method.PRONOUN_COREF, Method.PRONOUN_SALIENCE, Method.PRONOUN_LAST_QUOTED}


def test_indirect_quote_with_reporting_verb_and_clause(nlp):
    text = "Governor Ann Lee said the state will open three new shelters before winter."
    quote = find(quotes_of(nlp, text), "the state will open three new shelters")
    assert quote.kind is QuoteKind.INDIRECT
    assert speaker(quote) == "Ann Lee"


def test_a_reported_clause_keeps_the_subject_the_parser_took_for_the_cues_object(nlp):
    # The parser hangs "berth four, the deepest on the estuary," on "said" as its object and
    # leaves "would be closed" without a subject: the report starts at the object.
    text = (
        "Port director Ruth Alder spoke on Monday. She said berth four, the deepest on the "
        "estuary, would be closed for dredging until the spring."
    )
    quote = find(quotes_of(nlp, text), "would be closed")
    assert quote.text == "berth four, the deepest on the estuary, would be closed for dredging until the spring"
    assert speaker(quote) == "Ruth Alder"


def test_trailing_attribution_and_according_to(nlp):
    text = (
        "The company laid off 200 workers in March, the union said.\n\n"
        "The plant will close by the end of the year, according to the Labor Department."
    )
    quotes = quotes_of(nlp, text)
    assert find(quotes, "laid off 200 workers").kind is QuoteKind.INDIRECT
    according = find(quotes, "The plant will close")
    assert according.cue == "according to"
    assert "Labor Department" in speaker(according)


def test_mixed_quote_is_one_quote_not_one_per_fragment(nlp):
    text = (
        'Councilor Rita Diaz said the plan would "absolutely not" raise taxes and called it "a fair deal for everyone."'
    )
    quotes = quotes_of(nlp, text)
    mixed = find(quotes, "absolutely not")
    assert mixed.kind is QuoteKind.MIXED
    assert mixed.fragments
    assert speaker(mixed) == "Rita Diaz"
    assert not any(q.text == "absolutely not" for q in quotes)


def test_reports_coordinated_after_a_quoted_one_are_quotes_of_their_own(nlp):
    # The first report is all quoted (direct); the next ones, each with its own "that", are not
    # lost with it: a mixed quote with its subject, and plain reported speech.
    text = (
        'Ines Marlow, who chairs the tenants\' group, said that "the deal is dead" and that landlords'
        ' "want the rent, not the repairs." The group said that "we will not pay" and that its members'
        " would strike next week."
    )
    quotes = quotes_of(nlp, text)
    assert find(quotes, "the deal is dead").kind is QuoteKind.DIRECT
    landlords = find(quotes, "want the rent")
    assert landlords.kind is QuoteKind.MIXED and landlords.text.startswith("landlords")
    assert speaker(landlords) == "Ines Marlow"
    strike = find(quotes, "would strike next week")
    assert strike.kind is QuoteKind.INDIRECT and strike.text.startswith("its members")


def test_quoted_fragment_with_cue_and_speaker_is_a_quote(nlp):
    text = 'The party chair, Tom Reyes, called the decision "reckless and unfair."'
    quote = find(quotes_of(nlp, text), "reckless and unfair")
    assert speaker(quote) == "Tom Reyes"


def test_scare_quotes_titles_and_headlines_are_not_quotes(nlp):
    text = (
        "CLICK HERE TO GET THE NEWS APP\n\n"
        "MAYOR SAYS ‘NO WAY’ TO NEW TAX\n\n"
        'Critics call them "sanctuary" cities, and the author of "The Long Road Home" agreed to speak.'
    )
    texts = [q.text for q in quotes_of(nlp, text)]
    assert "sanctuary" not in texts
    assert "The Long Road Home" not in texts
    assert not any("NO WAY" in t for t in texts)


def test_floating_quote_paragraph_inherits_the_previous_speaker(nlp):
    text = (
        "“We expect the bridge to reopen in May,” transportation secretary Dana Whitfield said.\n\n"
        "“Crews are working around the clock and the weather has been on our side.”"
    )
    quote = find(quotes_of(nlp, text), "Crews are working")
    assert speaker(quote) == "Dana Whitfield"
    assert quote.method is Method.FLOATING


def test_quote_running_over_paragraphs_keeps_its_speaker(nlp):
    text = (
        "“The first part of the answer is money,” Director Sam Okafor said. “The second part is time.\n\n"
        "“And the third part is patience, which we have run out of.”"
    )
    quotes = quotes_of(nlp, text)
    quote = find(quotes, "the third part is patience")
    assert speaker(quote) == "Sam Okafor"
    # A continued quote is trusted more than a floating one.
    assert quote.confidence > find(quotes, "The second part is time").confidence * 0.8


def test_title_description_resolves_to_the_named_holder(nlp):
    text = (
        "Gov. Linda Marsh signed the bill on Friday.\n\n"
        "The governor said the law would protect renters from sudden increases."
    )
    quote = find(quotes_of(nlp, text), "the law would protect renters")
    assert speaker(quote) == "Linda Marsh"
    assert quote.method is Method.ROLE


def test_agency_description_resolves_to_the_organisation(nlp):
    text = (
        "Officials at the Federal Aviation Administration (FAA) met on Monday.\n\n"
        "The agency said the inspections would take two weeks."
    )
    quote = find(quotes_of(nlp, text), "the inspections would take two weeks")
    # Organisations go by their long form, the acronym an alias.
    assert speaker(quote) == "Federal Aviation Administration" and "FAA" in quote.speaker.aliases
    assert quote.speaker.kind is SpeakerKind.ORGANISATION


def test_unnamed_source_is_kept_as_such(nlp):
    text = "A source at the ministry confirmed that the talks had collapsed overnight."
    quote = find(quotes_of(nlp, text), "the talks had collapsed")
    assert quote.speaker.kind is SpeakerKind.UNNAMED_SOURCE
    assert "source" in speaker(quote)


def test_embedded_post_is_attributed_to_the_handle_behind_it(nlp):
    text = (
        "The exchange spread quickly online.\n\n"
        "“Not on my watch,” @Jane_Doe responded when asked about the plan. pic.twitter.com/abc123\n\n"
        "— Civic Watch (@CivicWatch) March 3, 2024"
    )
    quotes = quotes_of(nlp, text)
    inner = [q for q in quotes if q.text.startswith("Not on my watch")]
    assert inner and speaker(inner[0]) == "Jane Doe" and inner[0].method is Method.HANDLE
    post = [q for q in quotes if q.method is Method.SIGNATURE]
    assert post and speaker(post[0]) == "Civic Watch"


def test_globe_seed_resolves_he_warned_to_homan(nlp):
    quotes = quotes_of(nlp, seed_text("000"))
    quote = find(quotes, "There’s a fine line here")
    assert speaker(quote) == "Tom Homan"
    assert quote.speaker_mention == "he"


def test_text_without_quotes_gives_nothing(nlp):
    assert quotes_of(nlp, "The river rose two feet overnight. Schools opened late.") == []


def test_trailing_attribution_after_a_long_report(nlp):
    text = "A powerful storm swept through the region overnight, leaving 300,000 homes without power, utility officials said Saturday."
    quote = find(quotes_of(nlp, text), "A powerful storm swept")
    assert speaker(quote) == "utility officials"
    assert quote.speaker.kind is SpeakerKind.GROUP


def test_particle_cue_fired_back_reports_speech(nlp):
    text = 'Senator Ann Cole fired back that her rival had "no plan at all" for the economy.'
    quote = find(quotes_of(nlp, text), "no plan at all")
    assert quote.kind is QuoteKind.MIXED and speaker(quote) == "Ann Cole"


def test_lede_description_resolves_to_the_person_named_later(nlp):
    text = (
        "The transport secretary has defended a rise in fares, insisting the money will improve services.\n\n"
        "“Passengers expect trains that run on time,” Sarah Whitmore told the BBC."
    )
    quote = find(quotes_of(nlp, text), "the money will improve services")
    assert speaker(quote) == "Sarah Whitmore"
    # a guess, and says so: below the band of confident attributions (the ranker's calibrated figure)
    assert quote.method is Method.LEDE_DESCRIPTION and quote.confidence < 0.9


def test_two_people_sharing_a_surname_in_one_article(nlp):
    text = (
        "Senator Margaret Collins spoke first. “I have served this state for 18 years,” Collins said.\n\n"
        "Her campaign manager, Peter Collins, told reporters that the senator had won the debate."
    )
    quotes = quotes_of(nlp, text)
    assert speaker(find(quotes, "I have served")) == "Margaret Collins"
    assert speaker(find(quotes, "the senator had won")) == "Peter Collins"


def test_possessive_office_speaks_as_its_owners_office(nlp):
    # The governor "has not commented": his office speaks, the gold sets' "X's office" (166fff3).
    text = (
        "Governor Gavin Newsom has not commented on the restrictions. "
        "His office said he would visit the Central Valley on Friday."
    )
    assert speaker(find(quotes_of(nlp, text), "he would visit")) == "Gavin Newsom's office"


def test_signature_of_an_organisation_account(nlp):
    text = (
        "The clip spread quickly.\n\n"
        "NEW VIDEO: the mayor refused to answer questions about the budget. pic.twitter.com/abc\n\n"
        "— Springfield Taxpayers Alliance (@SpringTax) May 2, 2024"
    )
    post = next(q for q in quotes_of(nlp, text) if q.method is Method.SIGNATURE)
    assert speaker(post) == "Springfield Taxpayers Alliance"
    assert post.speaker.kind is SpeakerKind.ORGANISATION and "@SpringTax" in post.speaker.aliases
    assert not post.text.endswith("pic.twitter.com/abc")


def test_adding_that_starts_a_second_report(nlp):
    text = "Senator Joan Hill said in an interview that she would run again, adding that her health was good."
    quotes = quotes_of(nlp, text)
    first, second = find(quotes, "she would run again"), find(quotes, "her health was good")
    assert first is not second and "health" not in first.text
    assert speaker(first) == speaker(second) == "Joan Hill"


def test_description_without_a_name_is_an_unnamed_source_as_written(nlp):
    """#18: with nobody named, the description itself is the source. Its confidence is the
    model's calibrated probability, not a fixed penalty: descriptions kept as written were
    right 97% of the time cross-validated (benchmarks/attribution_cv.txt), so it may be high;
    what it must not be is a name's certainty."""
    quote = find(
        quotes_of(nlp, "The minister was quoted as saying that the reforms would continue."),
        "the reforms would continue",
    )
    assert quote.speaker is not None and quote.speaker.kind is SpeakerKind.UNNAMED_SOURCE
    assert quote.speaker.name == "minister" and quote.speaker_mention == "The minister"
    assert quote.method is Method.DESCRIPTION
    named = find(quotes_of(nlp, "Minister Ana Ruiz said that the reforms would continue."), "the reforms")
    assert quote.confidence < named.confidence


def test_a_cue_set_off_by_commas_reports_the_clause_after_it(nlp):
    text = (
        "Depot fire\n\n"
        "In the meantime, Mayor Ilse Brandt said, the town would keep the road closed.\n\n"
        "The depot was destroyed, the fire chief said, and crews will stay at the site through Friday.\n\n"
        "The roof, officials said on Monday, had collapsed before midnight."
    )
    found = {q.text: (q.kind, q.speaker.name if q.speaker else None) for q in quotes_of(nlp, text)}
    assert found["the town would keep the road closed"] == (QuoteKind.INDIRECT, "Ilse Brandt")
    assert "The depot was destroyed" in found
    assert "crews will stay at the site through Friday" in found
    # A subject cut off by the cue is no clause of its own after it: nothing after is reported alone.
    assert "had collapsed before midnight" not in found


def test_a_reported_figure_keeps_its_per_cent_sign(nlp):
    text = "Pay\n\nThe Confederation of Bus Operators said pay settlements in 2025 had been between 5% and 7%.\n"
    quotes, _ = extract_quotes(text, nlp)
    assert [q.text for q in quotes] == ["pay settlements in 2025 had been between 5% and 7%"]


def test_a_participle_before_the_cue_is_no_report_when_the_cue_has_another(nlp):
    # The parser takes "released on 14 October" for a complement of "says" as well.
    text = (
        "Inquiry\n\nIn its 212-page report, released on 14 October, the panel says duplicated, spliced or "
        "altered figures appear in eleven of the fourteen papers under review.\n"
    )
    quotes, _ = extract_quotes(text, nlp)
    assert len(quotes) == 1 and quotes[0].text.endswith("figures appear in eleven of the fourteen papers under review")
    # The parser reads "duplicated" as the cue's own complement: the span starts after it.
