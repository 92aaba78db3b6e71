"""The attribution sieves on short texts of our own (not the dev set's sentences), through
the real pipeline: each test names the phenomenon a sieve exists for."""

import pytest

from quotetrack.extraction.noise import is_noise
from quotetrack.quotes import extract_quotes
from quotetrack.types import Method, QuoteKind, SpeakerKind

from .quotes_found import quote_with

pytestmark = pytest.mark.model


def name(quote):
    return quote.speaker.name if quote.speaker else None


def test_name_after_a_long_description_is_the_speaker(nlp):
    text = "Deputy director of the Ohio chapter of the Farmers Union Carla Mendez said the harvest would be late."
    quote = quote_with(nlp, text, "the harvest would be late")
    assert name(quote) == "Carla Mendez" and quote.method is Method.EXPLICIT_NAME


def test_pronoun_takes_the_agreeing_subject_of_the_previous_sentence(nlp):
    text = (
        "Margaret Olsen runs the shelter with Peter Grant. Olsen raised money all winter.\n\n"
        "She said the shelter would stay open through March."
    )
    quote = quote_with(nlp, text, "the shelter would stay open")
    assert name(quote) == "Margaret Olsen" and quote.method is Method.PRONOUN_SALIENCE


def test_it_refers_to_the_organisation_last_quoted_not_a_person(nlp):
    text = (
        '"The pipeline is safe," the Northern Energy Board said on Monday. Engineer Tom Reyes disagreed.\n\n'
        '"We will publish every inspection," it added.'
    )
    quote = quote_with(nlp, text, "publish every inspection")
    assert name(quote) == "Northern Energy Board" and quote.speaker.kind is SpeakerKind.ORGANISATION


def test_floating_quote_after_a_reporting_clause_in_its_paragraph(nlp):
    text = (
        "The council met on Tuesday. Councillor Dana Kim noted the budget had grown for the third year. "
        '"We cannot keep spending like this, and everyone in this room knows it."'
    )
    quote = quote_with(nlp, text, "We cannot keep spending")
    assert name(quote) == "Dana Kim"
    assert quote.method in {Method.CONTEXT_SPEECH, Method.PREVIOUS_QUOTE}


def test_continued_after_a_colon_paragraph(nlp):
    text = (
        "Labour leader Ruth Abbey criticised the plan in the debate.\n\n"
        "She continued:\n\n"
        '"The families waiting for an answer deserve far better than another delay."'
    )
    quote = quote_with(nlp, text, "The families waiting")
    assert name(quote) == "Ruth Abbey" and quote.method is Method.FLOATING


def test_a_document_without_issuer_speaks_as_an_unnamed_source(nlp):
    """#18: never nothing. With nobody else in the article, the document as written is the source,
    and the confidence says the evidence is weak."""
    text = "Rainfall was below average for a decade. A study says the aquifer could run dry within thirty years."
    quote = quote_with(nlp, text, "the aquifer could run dry")
    assert quote.speaker is not None and quote.speaker.name == "study"
    assert quote.speaker.kind is SpeakerKind.UNNAMED_SOURCE and quote.method is Method.RANKED
    assert quote.confidence < 0.9


def test_sieves_alone_leave_a_document_without_issuer_unresolved(nlp):
    from quotetrack.attribution.attribute import attribute_article
    from quotetrack.extraction import find_candidates
    from quotetrack.normalization.text import normalize

    text = "Rainfall was below average for a decade. A study says the aquifer could run dry within thirty years."
    doc = nlp(normalize(text).text)
    found = find_candidates(doc)
    resolutions, _ = attribute_article(doc, found.candidates, found.mask, found.paragraph_of, use_model=False)
    ((_, resolution),) = resolutions
    assert resolution.entry is None and resolution.method is Method.UNRESOLVED


def test_document_from_an_issuer_speaks_for_it(nlp):
    text = "A statement from the Ministry of Health said the vaccine supply would double by June."
    quote = quote_with(nlp, text, "the vaccine supply would double")
    assert name(quote) == "Ministry of Health" and quote.method is Method.DOCUMENT_ISSUER


def test_a_statement_about_what_an_organisation_does_is_that_organisations(nlp):
    text = (
        "Shares in Harlow Mills fell on Monday after the flour maker cut its forecast.\n\n"
        "The company now expects sales of about £900mn this year, according to a statement issued before"
        " the market opened."
    )
    quote = quote_with(nlp, text, "sales of about")
    assert name(quote) == "Harlow Mills" and quote.method is Method.DOCUMENT_ISSUER
    # About something else than a body of the article: the statement stays nobody's.
    text = "Rainfall was below average. Prices rose by a tenth in May, according to a statement issued on Friday."
    quote = quote_with(nlp, text, "Prices rose")
    assert quote.method is not Method.DOCUMENT_ISSUER


def test_the_one_person_named_so_far_described_anew_is_that_person(nlp):
    text = (
        "Garden designer Tamsin Elwood has criticised a council for felling six oaks.\n\n"
        "The author of 'Wild Borders', 52, said the trees had been healthy."
    )
    quote = quote_with(nlp, text, "the trees had been healthy")
    assert name(quote) == "Tamsin Elwood"
    # Two people named: which one is meant is not known, the description stays as written.
    text = (
        "Garden designer Tamsin Elwood and her neighbour Rhys Morgan criticised the council.\n\n"
        "The author of 'Wild Borders', 52, said the trees had been healthy."
    )
    quote = quote_with(nlp, text, "the trees had been healthy")
    assert name(quote) not in {"Tamsin Elwood", "Rhys Morgan"}


def test_object_of_the_cue_is_never_the_speaker(nlp):
    text = "Senator Alan Price told Governor Lisa Moreno that the bridge funds were secure."
    quote = quote_with(nlp, text, "the bridge funds were secure")
    assert name(quote) == "Alan Price"


def test_unnamed_source_keeps_its_whole_description(nlp):
    # Its place and the clauses that describe it stay; why it is unnamed does not (a name is a
    # name: tests/test_speaker_descriptions.py).
    text = "An official at the port authority who negotiated the contract said the talks had stalled."
    quote = quote_with(nlp, text, "the talks had stalled")
    assert quote.speaker.kind is SpeakerKind.UNNAMED_SOURCE
    assert name(quote) == "official at the port authority who negotiated the contract"


def test_reported_request_is_an_indirect_quote(nlp):
    text = "The mayor urged residents not to drive during the storm."
    quote = quote_with(nlp, text, "not to drive during the storm")
    assert quote.kind is QuoteKind.INDIRECT


@pytest.mark.parametrize(
    ("text", "report"),
    [
        ("The judge ordered both defendants to repay the pension fund.", "to repay the pension fund"),
        ("The coach yelled at her players to press higher up the pitch.", "to press higher up the pitch"),
        ("The bishop called for all parishioners to donate blankets this winter.", "to donate blankets this winter"),
        ("The minister pledged to publish the audit before the election.", "to publish the audit before the election"),
        ("The rebels threatened to close the mountain road on Friday.", "to close the mountain road on Friday"),
    ],
)
def test_orders_appeals_and_commitments_report_their_infinitive(nlp, text, report):
    quote = quote_with(nlp, text, report)
    assert quote.text == report and quote.kind is QuoteKind.INDIRECT


def test_a_leading_as_clause_attributes_the_main_clause(nlp):
    text = "As Dr. Amara Osei told the local radio station, the clinic has run out of insulin twice this year."
    quote = quote_with(nlp, text, "the clinic has run out of insulin")
    assert quote.text.startswith("the clinic") and name(quote) == "Amara Osei"
    quotes, _ = extract_quotes("As the flood waters rose, the mayor said nothing at all.", nlp)
    assert not quotes


def test_a_comment_made_saying_belongs_to_whoever_made_it(nlp):
    text = 'The ferry operator\'s owner, Dana Okoro, made a comment saying: "We never overload our boats."'
    assert name(quote_with(nlp, text, "We never overload our boats")) == "Dana Okoro"


def test_an_unnamed_source_stops_before_where_it_spoke(nlp):
    text = "The office of the harbour master in a statement released on Monday said the channel would reopen."
    quote = quote_with(nlp, text, "the channel would reopen")
    assert "statement" not in name(quote) and "harbour master" in name(quote)


def test_a_report_in_a_paper_is_the_papers(nlp):
    text = "The talks had stalled, according to a report in The Northern Ledger."
    assert name(quote_with(nlp, text, "The talks had stalled")) == "Northern Ledger"


def test_a_pronoun_after_according_to_refers_to_the_source(nlp):
    text = (
        "The plant stopped production on Monday, according to shift supervisor Harriet Vance.\n\n"
        '"We had no choice once the pumps failed," she said.'
    )
    assert name(quote_with(nlp, text, "We had no choice")) == "Harriet Vance"


def test_an_organisation_anaphor_takes_an_organisation_of_its_kind(nlp):
    text = (
        "Brenfield City Council sued the Harcourt Academy in 2019. The Harcourt Academy appealed.\n\n"
        "The city said the academy owed three years of property tax."
    )
    # Before kinds were checked, the academy (the organisation named last) was "the city".
    assert name(quote_with(nlp, text, "owed three years")) == "Brenfield City Council"


def test_an_organisation_anaphor_with_no_organisation_of_its_kind_stays_as_written(nlp):
    text = (
        "The Tasman Broadcasting Corporation reported strong waves near the coast.\n\n"
        "The government said the waves were not expected to cause damage."
    )
    quote = quote_with(nlp, text, "the waves were not expected")
    assert name(quote) == "government"


def test_a_british_spelling_refers_to_an_american_name(nlp):
    text = (
        "The Coral Sea Weather Center raised its storm warning on Tuesday.\n\n"
        "The centre said the cyclone would reach the coast before dawn."
    )
    # Before spellings were folded, "centre" was not an organisation noun and stood as written.
    assert name(quote_with(nlp, text, "the cyclone would reach")) == "Coral Sea Weather Center"


def test_foundations_and_watchdogs_are_organisations_of_their_kind(nlp):
    text = (
        "The Hollis Wildlife Foundation bought the marsh from the Dunmore Paper Company last year.\n\n"
        "The foundation said it would reopen the walking trails in May."
    )
    assert name(quote_with(nlp, text, "reopen the walking trails")) == "Hollis Wildlife Foundation"
    text = (
        "The Northern Energy Regulatory Authority fined Calder Power in March.\n\n"
        "The watchdog said the company had overcharged ten thousand homes."
    )
    assert name(quote_with(nlp, text, "overcharged ten thousand homes")) == "Northern Energy Regulatory Authority"


def test_the_club_is_the_one_named_last_even_by_its_first_word_alone(nlp):
    # NER may call "Penhallow United" a person, and "Penhallow" alone one too.
    text = (
        "Penhallow United beat Castleford Athletic 2-0 on Saturday. Castleford had won their last four games.\n\n"
        "Penhallow will be without their captain, who hurt his knee. The club said the captain would be"
        " assessed on Monday."
    )
    assert name(quote_with(nlp, text, "would be assessed on Monday")) == "Penhallow United"


def test_some_or_many_introduce_a_group_and_refer_back_to_nobody(nlp):
    text = (
        "A ferry captain said the swell had doubled overnight.\n\n"
        "Some say the harbour should have closed on Sunday. Many of the fishermen claim the forecast was late."
    )
    # Before: "Some" was read as a pronoun for the captain quoted just before.
    assert name(quote_with(nlp, text, "the harbour should have closed")) == "Some"
    assert name(quote_with(nlp, text, "the forecast was late")) == "Many of the fishermen"


def test_a_relative_known_only_through_another_speaks_and_is_referred_to(nlp):
    text = (
        "Rescuers reached the cave on Friday. The climber's mother, who had flown in from Oslo, thanked "
        "the volunteers.\n\n"
        'She said, "I never stopped believing they would find him."'
    )
    # Before: "The climber's mother" was no speaker, so "She" went to nobody the article names.
    quote = quote_with(nlp, text, "I never stopped believing")
    assert name(quote) == "climber's mother" and quote.method is Method.PRONOUN_SALIENCE


def test_a_participle_before_a_quote_takes_the_main_clause_subject_not_its_object(nlp):
    # The parser makes the quote the sentence's root; "telling" hangs on "criticised".
    text = 'Rhoda Inglis highlighted the problem, telling Newsday, "I know everyone is busy, but this seems slow."'
    assert name(quote_with(nlp, text, "everyone is busy")) == "Rhoda Inglis"  # before: Newsday


def test_a_relative_clause_after_a_coordination_is_about_the_conjunct_it_follows(nlp):
    text = (
        "The dam held overnight, according to engineer Paulo Serrano and the county's water chief "
        "Ingrid Valdez who adds that the spillway will stay open until Friday."
    )
    # The parser hangs "who adds" on Serrano, the head of the coordination.
    assert name(quote_with(nlp, text, "the spillway will stay open")) == "Ingrid Valdez"


def test_a_document_nobody_issued_stays_as_written_with_where_it_came_from(nlp):
    text = "The storm crossed the strait overnight. Reports from the northern villages indicate that two bridges fell."
    assert name(quote_with(nlp, text, "two bridges fell")) == "Reports from the northern villages"  # before: "Reports"


def test_media_is_a_description_not_an_organisation_called_media(nlp):
    text = "Media in Portugal say the striking dockworkers will return on Monday."
    quote = quote_with(nlp, text, "the striking dockworkers will return")
    assert name(quote) == "media in Portugal"  # before: an organisation named "Media"


def test_a_pronoun_can_refer_to_a_person_fronted_as_the_topic(nlp):
    text = 'For Rosalind Achebe, a nurse at the clinic, the new rota was a relief. She said, "We finally get to sleep."'
    quote = quote_with(nlp, text, "We finally get to sleep")
    assert name(quote) == "Rosalind Achebe" and quote.method is Method.PRONOUN_SALIENCE


def test_a_verb_misread_as_modifying_the_name_keeps_the_name_as_speaker(nlp):
    text = (
        "Maya Lindqvist, who coaches the junior squad at the club, posted about the board's decision saying, "
        '"This is the saddest day I have had in twenty years of coaching."'
    )
    assert name(quote_with(nlp, text, "the saddest day")) == "Maya Lindqvist"
    text = 'The head of the fisheries board, Tomas Ekdahl, called Norway "a difficult but honest partner".'
    assert name(quote_with(nlp, text, "a difficult but honest partner")) == "Tomas Ekdahl"


def test_the_agency_can_be_an_acronym_never_spelt_out(nlp):
    text = (
        "Officers from the FWSA detained two ship owners in Halden on Friday, the FWSA said.\n\n"
        "The agency said it had warned both owners twice."
    )
    assert name(quote_with(nlp, text, "it had warned both owners")) == "FWSA"


def test_declining_to_say_reports_nothing(nlp):
    for text in (
        "The coach declined to say when the striker would return.",
        "The ministry refused to confirm that the embassy had been closed.",
    ):
        quotes, _ = extract_quotes(text, nlp)
        assert not quotes, text  # before: "when the striker would return" was her statement


def test_the_unnamed_source_described_before_is_the_one_referred_to(nlp):
    text = (
        "A spokesman for the Port Authority said the ferry terminal would reopen on Friday.\n\n"
        '"We apologise to every passenger," the spokesman said in an email.'
    )
    # Before: a second unnamed source, "spokesman", apart from the one the article introduced.
    assert name(quote_with(nlp, text, "We apologise")) == "spokesman for the Port Authority"


def test_an_imperative_tells_the_reader_and_reports_nothing(nlp):
    quotes, _ = extract_quotes("Please note that the listed timetables may change without notice.", nlp)
    assert not quotes


def test_belief_is_not_reported_speech(nlp):
    quotes, _ = extract_quotes("Farmers in the valley believe the river will flood again this spring.", nlp)
    assert not quotes


def test_a_source_list_entry_with_its_authors_is_not_a_quote(nlp):
    text = (
        "The bridge reopened on Monday.\n\n"
        'Lena Ortiz, Sam Hale. "Bridge repairs finish early" — Valley Courier, March 2, 2019'
    )
    quotes, _ = extract_quotes(text, nlp)
    assert not [q for q in quotes if "Bridge repairs" in q.text]
    assert is_noise(text.split("\n\n")[1])


def test_quoted_as_saying_belongs_to_whoever_was_quoted(nlp):
    text = (
        "Fishermen reported a strange swell. "
        '"We have never seen the tide go out so far. I could even see the old wreck on the sand clearly", '
        "one skipper was quoted as saying to the newspaper Coast Herald."
    )
    # The parser makes "was quoted" a clause of the quote here; the paper used to be the speaker.
    quote = quote_with(nlp, text, "the old wreck")
    assert name(quote) == "one skipper" and quote.method is Method.DESCRIPTION


def test_asking_not_to_be_named_is_not_a_report(nlp):
    quotes, _ = extract_quotes("A nurse, speaking to reporters, asked not to be named in the story.", nlp)
    assert not quotes


def test_a_headline_with_a_speech_verb_reports_its_clause(nlp):
    text = (
        "Port authority says cargo volumes will fall next year\n\n"
        "The Harbour Port Authority released its annual outlook on Tuesday. Shipping lines were cautious."
    )
    quote = quote_with(nlp, text, "cargo volumes will fall next year")
    assert quote.kind is QuoteKind.INDIRECT and "Port" in name(quote)


def test_a_headline_whose_object_is_a_noun_phrase_reports_nothing(nlp):
    quotes, _ = extract_quotes("Bakery chain denies wage theft claims\n\nThe chain's owners met staff on Monday.", nlp)
    assert not quotes


def test_a_negated_cue_reports_nothing(nlp):
    quotes, _ = extract_quotes("The company did not explain why the factory had closed early.", nlp)
    assert not quotes


def test_cited_titles_in_a_source_list_are_not_quotes(nlp):
    text = 'The fire spread overnight.\n\n"Wildfire forces evacuations near Bend" — Oregon Daily, August 15, 2021'
    quotes, _ = extract_quotes(text, nlp)
    assert not [q for q in quotes if "Wildfire forces" in q.text]


def test_suffix_and_surname_first_names_stay_whole(nlp):
    text = (
        "South Korean President Moon Jae-in met the delegation on Friday. Moon said the talks were useful.\n\n"
        "Journalist Vann R. Newkirk II said the report was thorough."
    )
    assert name(quote_with(nlp, text, "the talks were useful")) == "Moon Jae-in"
    assert name(quote_with(nlp, text, "the report was thorough")) == "Vann R. Newkirk II"


def test_coordinated_speakers_are_one_group_listing_both(nlp):
    text = "Senator Alan Price and Governor Lisa Moreno said the bridge would reopen in May."
    quote = quote_with(nlp, text, "the bridge would reopen")
    assert quote.speaker.kind is SpeakerKind.GROUP and quote.method is Method.COORDINATED
    assert {"Alan Price", "Lisa Moreno"} <= set(quote.speaker.aliases)


def test_batched_extraction_gives_the_same_quotes_as_one_by_one(nlp):
    from quotetrack.quotes import extract_many

    texts = [
        "Senator Alan Price said the bridge would reopen in May.",
        '"We will publish every inspection," the Northern Energy Board said.',
    ]
    one_by_one = [extract_quotes(t, nlp) for t in texts]
    assert list(extract_many(texts, nlp, batch_size=2)) == one_by_one


def test_told_addressee_is_not_part_of_the_report(nlp):
    text = "Its president, Lana Payne, told reporters the strike could last weeks."
    quote = quote_with(nlp, text, "the strike could last weeks")
    assert quote.text == "the strike could last weeks"
    assert name(quote) == "Lana Payne" and quote.speaker.kind is SpeakerKind.PERSON


def test_inverted_attribution_with_a_description_after_the_name(nlp):
    text = '"We need more nurses in every emergency room," said Dr. Anna Li, a professor of medicine in Toronto.'
    quote = quote_with(nlp, text, "We need more nurses")
    assert name(quote) == "Anna Li" and quote.confidence >= 0.9


def test_anonymity_formula_in_a_relative_clause_is_not_a_quote(nlp):
    text = '"I have never seen anything like this," said one resident, who asked not to be named.'
    quotes, _ = extract_quotes(text, nlp)
    assert [q.text for q in quotes] == ["I have never seen anything like this,"]


def test_a_name_with_a_generational_suffix_is_a_person(nlp):
    quote = quote_with(nlp, '"The numbers are clear," Vann R. Newkirk II wrote in The Atlantic.', "numbers are clear")
    assert name(quote) == "Vann R. Newkirk II" and quote.speaker.kind is SpeakerKind.PERSON


def test_pronoun_finds_a_titled_subject_that_ner_missed(nlp):
    text = "Gov. Ana Ruiz spoke on Monday.\n\nShe said the bridge would reopen in May."
    quote = quote_with(nlp, text, "the bridge would reopen")
    assert name(quote) == "Ana Ruiz" and quote.method is Method.PRONOUN_SALIENCE
    assert quote.evidence == "subject 'Ruiz'"


def test_officials_named_after_an_organisation_of_the_article_speak_for_it(nlp):
    text = (
        "Federal wildlife officials said on Tuesday that the wolves had crossed the river. The U.S. Fish and "
        "Wildlife Service (FWS) tracks the pack by radio collar."
    )
    quote = quote_with(nlp, text, "the wolves had crossed the river")
    assert name(quote) == "Fish and Wildlife Service" or "FWS" in quote.speaker.aliases
    assert quote.speaker.kind is SpeakerKind.ORGANISATION


def test_officers_or_officials_no_organisation_distinguishes_stay_a_group(nlp):
    officers = "Wildlife officers said the wolves had crossed the river. The Fish and Wildlife Service (FWS) agreed."
    assert quote_with(nlp, officers, "the wolves had crossed").speaker.kind is SpeakerKind.GROUP
    generic = "Federal officials said the wolves had crossed the river. The Fish and Wildlife Service (FWS) agreed."
    assert quote_with(nlp, generic, "the wolves had crossed").speaker.kind is SpeakerKind.GROUP


def test_an_organisation_ner_left_unlabelled_is_the_one_its_description_refers_to(nlp):
    # The small model often labels nothing in "Osprey Coastal Airlines" at a text's start, and
    # labels the title-case headline's words an organisation. "The carrier" is the airline the
    # sentence's subject names, not the aircraft type named after it; "Osprey" alone is the
    # airline, not a person.
    text = (
        "Turbine Fault Prompts Osprey Coastal to Ground Six Jets; Watchdog Orders Checks\n\n"
        "Osprey Coastal Airlines has grounded six of its 11 Halden HX-40 turboprops after an inspection "
        "found a cracked turbine blade, the carrier said on Monday.\n\n"
        "The crack was found at Osprey's Port Lindell base, according to the airline. "
        "The other grounded aircraft have engines from the same batch, Osprey said."
    )
    quotes, _ = extract_quotes(text, nlp)
    assert {name(q) for q in quotes} == {"Osprey Coastal Airlines"}, [(q.text, name(q)) for q in quotes]


def test_a_country_opening_an_airlines_name_stays_the_country(nlp):
    text = (
        "Jet debris found\n\n"
        "Officials said the debris came from a Malaysia Airlines jet. "
        "Malaysia said the parts would be flown to Kuala Lumpur for tests."
    )
    quotes, _ = extract_quotes(text, nlp)
    tests = next(q for q in quotes if "Kuala Lumpur" in q.text)
    assert name(tests) != "Malaysia Airlines"


def test_a_justice_is_the_judge_of_the_lede(nlp):
    # The lede's "the judge" is the justice named later, not the defendant the story names first.
    text = (
        "Fund boss jailed\n\n"
        "The founder of Larkspur Capital was jailed on Friday for nine years, with the judge telling him he "
        'had betrayed "every family that trusted him."\n\n'
        "Declan Ashcombe-Hale, 58, pleaded guilty in March to one count of fraud. For nine years he took "
        "money from retirees.\n\n"
        '"This was theft on an industrial scale," Justice Priya Venn told the court.\n\n'
        "The judge said she had given Ashcombe some credit for his plea."
    )
    quotes, _ = extract_quotes(text, nlp)
    for words in ("betrayed", "industrial scale", "some credit"):
        quote = next(q for q in quotes if words in q.text)
        assert name(quote) == "Priya Venn", (words, name(quote))


def test_a_description_the_next_paragraphs_opening_quote_names_is_that_person(nlp):
    text = (
        "Ferry cuts\n\n"
        "Harbour Lines said on Monday it would cut two evening sailings. Sofia Marr, its chief executive, "
        "said fuel costs had doubled.\n\n"
        "But the head of the seafarers' union says its members were never consulted.\n\n"
        '"Nobody asked the crews," Mariners\' Guild president Tomas Brecker said.'
    )
    quotes, _ = extract_quotes(text, nlp)
    consulted = next(q for q in quotes if "consulted" in q.text)
    assert name(consulted) == "Tomas Brecker"


def test_a_company_name_that_reads_like_a_persons_is_an_organisation(nlp):
    # "Ashby Crane Restructuring" ends in a business word; NER may call it a person, and then
    # "its" report would have no organisation to belong to.
    text = (
        "Investors repaid\n\n"
        "The court-appointed receiver, Ashby Crane Restructuring, has recovered about $12-million so far, "
        "according to its latest report to the court."
    )
    quotes, _ = extract_quotes(text, nlp)
    assert [name(q) for q in quotes] == ["Ashby Crane Restructuring"]
    assert quotes[0].speaker.kind is SpeakerKind.ORGANISATION


def test_a_bodys_statement_is_the_body_speaking_and_its_report_a_document(nlp):
    text = (
        "Branch to close\n\n"
        "Fernley Borough Council voted on Tuesday to shut the Elm Street library. "
        "A council statement said the branch would close for the last time on June 28.\n\n"
        "According to a council report, the branch had 30,000 visitors last year."
    )
    quotes, _ = extract_quotes(text, nlp)
    closing = next(q for q in quotes if "last time" in q.text)
    visitors = next(q for q in quotes if "visitors" in q.text)
    assert name(closing) == "Fernley Borough Council"
    assert name(visitors) != "Fernley Borough Council"


def test_a_one_word_name_a_business_noun_titles_is_an_organisation(nlp):
    # "Engine maker Kellan-Bryce" is a company however NER reads the name; "crane operator Mick
    # Daley" stays a person (two name words, and "operator" is as often a job).
    text = (
        "Blade crack\n\n"
        "Engine maker Kellan-Bryce said the crack was an isolated occurrence. "
        "Crane operator Mick Daley said the shifts were too long.\n\n"
        "Kellan-Bryce said it had sent engineers to the base."
    )
    quotes, _ = extract_quotes(text, nlp)
    isolated = next(q for q in quotes if "isolated" in q.text)
    engineers = next(q for q in quotes if "engineers" in q.text)
    shifts = next(q for q in quotes if "shifts" in q.text)
    assert name(isolated) == name(engineers) == "Kellan-Bryce"
    assert isolated.speaker.kind is SpeakerKind.ORGANISATION
    assert name(shifts) == "Mick Daley" and shifts.speaker.kind is SpeakerKind.PERSON


def test_the_name_a_relative_clause_describes_speaks_when_the_parser_loses_the_subject(nlp):
    # "co-founded" splits into three tokens and the small parser makes the name the subject
    # of "founded", leaving "said" without one (checked first, so the test keeps its point).
    from quotetrack.extraction.syntax import QuoteMask, speaker_head

    doc = nlp("Ms Raghunathan, who co-founded the Bengaluru-based company in 2016, said no payment details were taken.")
    said = next(t for t in doc if t.text == "said")
    assert not any(c.dep_ == "nsubj" for c in said.children)
    head = speaker_head(said, QuoteMask([]))
    assert head is not None and head.text == "Raghunathan"
