"""Quotes whose speaker the sentence before names without a reporting verb: the owner of the
words ("X's arguments were ..."), a document opened by "per", a document named again. Short
texts of our own, through the real pipeline (spaCy and coreferee; the shipped candidate model)."""

import pytest

from quotetrack.quotes import extract_quotes
from quotetrack.types import Method, SpeakerKind

from .quotes_found import quote_with, speaker_name

pytestmark = pytest.mark.model


def test_the_owner_of_the_arguments_speaks_the_quote_after_them(nlp):
    text = (
        "The debate in the assembly lasted four hours. Senator Ilse Varga opened it for the government.\n\n"
        "Varga's sharpest arguments, though, were aimed at Opposition Leader Tomas Berg. "
        '"They promised lower taxes and delivered nothing. They should apologise to every family."'
    )
    quote = quote_with(nlp, text, "They promised lower taxes")
    assert speaker_name(quote) == "Ilse Varga"
    assert quote.method is Method.CONTEXT_SPEECH


def test_a_sentence_opened_by_per_gives_its_quote_that_source(nlp):
    text = (
        "The museum's founder Harold Quist died on Sunday, his spokeswoman Nadia Brill said in a statement. "
        "According to the statement, he had been ill for some months.\n\n"
        "A portrait of Quist from 1990.\n\n"
        'Per the statement, Quist died at home, "with his books and his dogs around him. We will miss him '
        'every day."'
    )
    quote = quote_with(nlp, text, "with his books")
    assert quote.cue == "Per"
    assert speaker_name(quote) == "Nadia Brill"
    assert quote.evidence == "the statement again"


def test_per_inside_a_sentence_is_a_rate_not_a_source(nlp):
    text = 'Fares will rise by two dollars per ride, the transit agency said, "starting in March".'
    quote = quote_with(nlp, text, "starting in March")
    assert quote.cue != "per"


def test_a_described_speaker_after_an_inverted_cue_speaks(nlp):
    text = (
        '"Nobody should drink the water until the tests are back," said the office of the regional governor '
        "in a statement carried by local radio before the engineers arrived."
    )
    quote = quote_with(nlp, text, "Nobody should drink")
    assert speaker_name(quote) is not None and "office" in speaker_name(quote).lower()


def test_a_warning_speaks_for_whoever_issued_it(nlp):
    text = (
        "Storms hit the coast overnight.\n\n"
        '"Stay indoors and keep away from the river banks," read a warning by the Northern Flood Service. '
        '"Water levels will keep rising until Friday."'
    )
    first = quote_with(nlp, text, "Stay indoors")
    assert speaker_name(first) == "Northern Flood Service" and first.method is Method.DOCUMENT_ISSUER
    assert speaker_name(quote_with(nlp, text, "Water levels")) == "Northern Flood Service"


def test_a_government_is_not_the_person_who_speaks_for_it(nlp):
    text = (
        "The Republic of Kiribati (ROK) government has confirmed that 40 fishermen were rescued on Monday.\n\n"
        'Spokesman for the government, Taneti Maamau, said: "We thank the crews who found them."'
    )
    first = quote_with(nlp, text, "40 fishermen were rescued")
    assert speaker_name(first).startswith("Republic of Kiribati") and first.speaker.kind is SpeakerKind.ORGANISATION
    assert speaker_name(quote_with(nlp, text, "We thank the crews")) == "Taneti Maamau"


def test_an_acronym_defined_inside_a_described_organisation_is_an_alias(nlp):
    text = 'The regional water board (RWB) said the reservoir "is full for the first time in a decade".'
    quote = quote_with(nlp, text, "is full for the first time")
    assert quote.speaker is not None and "(" not in quote.speaker.name


def test_a_joint_statement_is_its_own_source_and_it_refers_back_to_it(nlp):
    text = (
        "The two ministers met in Oslo on Friday.\n\n"
        'The joint statement said: "Both governments will share the survey data every month." '
        'It also set a deadline: "A treaty text will be ready by June."'
    )
    first = quote_with(nlp, text, "Both governments will share")
    assert speaker_name(first) == "joint statement" and first.speaker.kind is SpeakerKind.UNNAMED_SOURCE
    assert speaker_name(quote_with(nlp, text, "A treaty text")) == "joint statement"


def test_according_to_vouches_for_the_clause_it_hangs_on(nlp):
    text = (
        "Local papers have reported that four ferries were cancelled on Monday, according to the port authority "
        "there may be more cancellations this week."
    )
    quotes, _ = extract_quotes(text, nlp)
    reported = next(q for q in quotes if "four ferries" in q.text)
    vouched = next(q for q in quotes if "more cancellations" in q.text)
    assert "Local papers have reported" not in reported.text and reported.speaker.name.lower() == "local papers"
    assert vouched.text.startswith("there may be") and "port authority" in vouched.speaker.name


def test_reports_nobody_issued_are_the_source_as_written(nlp):
    text = "A landslide hit the mountain village overnight. Early reports said that at least twelve houses were buried."
    quote = quote_with(nlp, text, "twelve houses were buried")
    assert speaker_name(quote) == "Early reports" and quote.speaker.kind is SpeakerKind.GROUP
    assert quote.evidence == "a document with no issuer named"


def test_a_report_somebody_issued_is_still_theirs(nlp):
    text = "A report by the Alpine Rescue Service said that at least twelve houses were buried."
    quote = quote_with(nlp, text, "twelve houses were buried")
    assert speaker_name(quote) == "Alpine Rescue Service"


def test_the_report_again_paragraphs_later_is_still_its_issuers(nlp):
    text = (
        "A report by the Alpine Rescue Service said that twelve houses were buried.\n\n"
        "Roads into the valley stayed closed on Sunday.\n\n"
        "Volunteers from three towns joined the search.\n\n"
        "The report also said that the warning sirens had failed in two villages."
    )
    assert speaker_name(quote_with(nlp, text, "warning sirens had failed")) == "Alpine Rescue Service"


def test_the_report_nobody_is_named_for_is_its_own_source(nlp):
    text = "Flooding closed the coastal road. The report said that the sea wall had been breached in three places."
    quote = quote_with(nlp, text, "sea wall had been breached")
    assert speaker_name(quote) == "report" and quote.speaker.kind is SpeakerKind.UNNAMED_SOURCE


def test_a_court_ruling_that_is_reported_speech(nlp):
    text = "The Supreme Court of Ostland ruled that the new toll on the coastal road was unlawful."
    quote = quote_with(nlp, text, "the new toll on the coastal road was unlawful")
    assert "Supreme Court" in speaker_name(quote)


def test_a_name_in_apposition_speaks_when_the_parser_hung_its_description_in_the_quote(nlp):
    text = (
        "The port authority said in a statement that it regretted the delays.\n\n"
        '"We have learned a great deal since the strike," the authority\'s harbour master, Ingrid Salo, told '
        "reporters on Tuesday."
    )
    assert speaker_name(quote_with(nlp, text, "We have learned a great deal")) == "Ingrid Salo"


@pytest.mark.parametrize(
    "text",
    [
        'The development, known as "Harbour Gate," will add 900 homes to the east side of the city.',
        "The savings are part of a programme the bank calls “Project Lantern,” which also closes two offices.",
    ],
)
def test_a_name_in_quote_marks_after_a_naming_word_is_no_quote(nlp, text):
    quotes, _ = extract_quotes(text, nlp)
    assert quotes == []


def test_a_nickname_given_in_a_sentence_of_speech_is_still_its_speakers_quote(nlp):
    text = '"We called it the lantern plan because it lights the way," the bank\'s chief executive, Ada Moor, said.'
    assert speaker_name(quote_with(nlp, text, "We called it the lantern plan")) == "Ada Moor"


def test_officials_are_not_a_named_fire(nlp):
    text = (
        "A wind-driven wildfire destroyed 40 homes east of Lindale on Saturday, fire officials said.\n\n"
        "The Maple Creek Fire had burned more than 5,000 acres by Sunday morning."
    )
    quote = quote_with(nlp, text, "destroyed 40 homes")
    assert speaker_name(quote) == "fire officials"


def test_a_dateline_is_not_the_subject_of_the_first_sentence(nlp):
    text = (
        "Thursday, May 15, 2025\n\n"
        "VELMORE, Ostland — The National Bank of Ostland kept its main rate at 3.5% on Thursday but said it "
        "could start cutting rates in the autumn if prices keep easing."
    )
    quote = quote_with(nlp, text, "could start cutting rates")
    assert speaker_name(quote) == "National Bank of Ostland"


def test_figures_speak_for_whoever_published_them_and_a_party_figure_is_a_person(nlp):
    text = (
        "Unemployment fell to 4.2% in May, according to figures from the Ostland Labour Office released on Monday. "
        "A senior party figure said the minister would stay in post."
    )
    assert speaker_name(quote_with(nlp, text, "Unemployment fell")) == "Ostland Labour Office"
    person = quote_with(nlp, text, "the minister would stay")
    assert "party figure" in speaker_name(person) and person.speaker.kind is SpeakerKind.UNNAMED_SOURCE


def test_a_floating_quote_after_a_paragraph_about_someone_is_theirs(nlp):
    text = (
        "Clinic to close\n\n"
        "The health board's chair, Owen Lasky, said the clinic would close in June.\n\n"
        "Councillor Mara Quinn has campaigned against the closure for months. "
        "She did not mince words when we reached her on Monday.\n\n"
        "\u201cThis board has ignored every warning. Families will pay for it.\u201d"
    )
    assert speaker_name(quote_with(nlp, text, "ignored every warning")) == "Mara Quinn"
    # A paragraph that does not end on her leaves the floor with the last speaker quoted.
    other = text.replace("She did not mince words when we reached her on Monday.", "The board met on Monday.")
    assert speaker_name(quote_with(nlp, other, "ignored every warning")) == "Owen Lasky"


# -- whom a speaker acts for, what a description says of them (dev set G's constructions) ----------


def test_a_person_named_after_a_preposition_in_a_named_mention_is_whom_the_speaker_acts_for(nlp):
    text = (
        "Professor Tobias Wennerholm led the institute until March.\n\n"
        'Ms Fenella Drury, solicitor for Prof Wennerholm, said: "My client has never altered a single image."'
    )
    assert speaker_name(quote_with(nlp, text, "My client has never")) == "Fenella Drury"
    # A title leading the mention names nobody: the name after "of" is the speaker.
    text = "Governor of Washington Chris Gregoire said the budget was fair."
    assert speaker_name(quote_with(nlp, text, "the budget was fair")) == "Chris Gregoire"


def test_a_relative_clause_says_what_a_person_did_not_what_they_are(nlp):
    # "the retired judge who chaired the panel" is a judge: "the panel" is not him.
    text = (
        "An inquiry panel has concluded that Professor Tobias Varnell was responsible for misconduct.\n\n"
        "Cormac Veller, the retired judge who chaired the panel, spoke at the press conference.\n\n"
        "The panel says it saw no sign that anyone junior in the lab was involved."
    )
    quote = quote_with(nlp, text, "it saw no sign")
    assert speaker_name(quote) != "Cormac Veller"
    assert quote.speaker is not None and quote.speaker.kind is not SpeakerKind.PERSON


def test_a_known_first_name_and_a_surname_tagged_a_building_are_a_person(nlp):
    text = (
        "The university, for its part, says it accepts everything the panel found. "
        'Vice-chancellor Marguerite Ashdown-Reyes says the university "failed" the young scientist.'
    )
    quote = quote_with(nlp, text, "the university")
    assert speaker_name(quote) == "Marguerite Ashdown-Reyes"
    assert quote.speaker is not None and quote.speaker.kind is SpeakerKind.PERSON
