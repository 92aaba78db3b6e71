"""Issue 41 item 10: a pronoun after a short apposition goes to the person it follows.

`Ruiz, 34, said she was innocent. "I did nothing wrong," she added.` went to "lawyer for Ana
Ruiz", described earlier: the small NER model tagged neither "Ana Ruiz" nor "Ruiz", so the
article named no such person. A known first name and a surname the article also writes alone
are a person, tagged or not; and "the lawyer" after "A lawyer for Ana Ruiz said" is that
lawyer, not Ana Ruiz. The article is invented."""

from __future__ import annotations

from quotetrack.quotes import extract_quotes

VERDICT = """Nurse cleared of theft after two-year case

A jury in Port Alder on Thursday cleared a nurse accused of stealing medication from the hospital where she worked.

A lawyer for Ana Ruiz said the case should never have come to court. "The evidence was never there," the lawyer said.

Ruiz, 34, said she was innocent. "I did nothing wrong," she added. "I just want to go back to work."

The hospital said it would review the verdict.
"""


def test_a_pronoun_after_a_short_apposition_is_the_person_named_there(nlp):
    quotes, _ = extract_quotes(VERDICT, nlp)
    speakers = {q.text: q.speaker.name for q in quotes if q.speaker is not None}
    assert speakers["she was innocent"] == "Ana Ruiz"
    assert speakers["I did nothing wrong,"] == "Ana Ruiz"
    assert speakers["I just want to go back to work."] == "Ana Ruiz"


def test_a_description_used_again_is_the_one_it_described_before(nlp):
    quotes, _ = extract_quotes(VERDICT, nlp)
    speakers = {q.text: q.speaker.name for q in quotes if q.speaker is not None}
    assert speakers["the case should never have come to court"] == "lawyer for Ana Ruiz"
    assert speakers["The evidence was never there,"] == "lawyer for Ana Ruiz"
