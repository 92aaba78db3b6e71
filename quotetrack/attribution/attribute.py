"""Attribute every quote of an article: build the name table, then run the sieves.

A second pass runs when a sieve of the first asked what comes later: it knows every speaker
the first found, so a description met before its referent is named ("The agency has long
complained ...", a lede's "the transport secretary") can look ahead. The table is frozen
before either pass.
"""

from __future__ import annotations

from collections.abc import Callable

from spacy.tokens import Doc, Token

from ..extraction.candidate import Candidate
from ..extraction.syntax import QuoteMask
from ..nlp import budget
from ..types import SpeakerKind
from .context import Context, Lookahead, Resolution
from .description_links import link_descriptions
from .mentions import name_in
from .name_spans import looks_like_person
from .names import handle_to_name, is_role_word
from .new_referents import separate_new_referents
from .ranker import Model, model_in_use, rank
from .sieves import attribute, resolve_mention
from .speaker_candidates import Article
from .table import NameTable


def build_table(doc: Doc, mask: QuoteMask, candidates: list[Candidate]) -> NameTable:
    """The article's names: NER's people and organisations, defined acronyms, and whatever
    name each quote's speaker mention carries (a name NER missed, "Mr. Toccafondi")."""
    table = NameTable(doc, mask)
    for candidate in budget.checked(doc, "name table", candidates):
        if candidate.label is not None and table.person(candidate.label) is None and looks_like_person(candidate.label):
            table.add_person(candidate.label)  # an interviewee NER missed is still a person of the article
            continue
        if candidate.speaker_text is not None:
            signed, _, handle = candidate.speaker_text.partition(" (")
            table.add_signed(signed, handle.rstrip(")"))
            continue
        if candidate.speaker_head is not None:
            for head in _mention_heads(candidate.speaker_head):
                _register(table, head, mask)
    # People NER missed but the text names in full as a subject ("Gov. Ana Ruiz spoke ...; she
    # said ..."): a pronoun's antecedent must be in the table to be found.
    for token in budget.checked(doc, "name table", doc, every=256):
        if token.dep_ in {"nsubj", "nsubjpass"} and token.pos_ == "PROPN" and not mask.contains(token):
            subject = name_in(token, mask)
            if subject is not None and subject.kind is SpeakerKind.PERSON and not subject.bare:
                table.add_person(subject.text, position=token.idx)
    table.freeze()
    return table


def _mention_heads(head: Token) -> list[Token]:
    """The mention and the names it leans on: its possessor ("Hale's campaign") and a
    document's issuer ("the Home Office letter", "a statement from the ministry")."""
    heads = [head]
    for child in head.children:
        if child.dep_ in {"poss", "compound"}:
            heads.append(child)
        if child.dep_ == "prep" and child.lower_ in {"from", "by", "of"}:
            heads.extend(g for g in child.children if g.dep_ == "pobj")
    return heads


def _register(table: NameTable, head: Token, mask: QuoteMask) -> None:
    if is_role_word(head.text):
        return  # "Dr" of "Dr Kelly", a compound the mention leans on: a title, never a name
    name = name_in(head, mask)
    if name is None:
        return
    if name.text.startswith("@"):
        entry = table.by_handle(name.text) or table.add_person(handle_to_name(name.text))
        entry.aliases.add(name.text)
    elif not name.bare:
        if name.kind is SpeakerKind.ORGANISATION:
            table.add_organisation(name.text, position=head.idx)
        else:
            table.add_person(name.text, position=head.idx)
    elif (known := table.by_surname(name.text.split()[-1], head.idx)) is not None:
        known.positions.append(head.idx)
    elif not name.titled and (table.organisation_for(name.text) or table.organisation_opened_by(name.text)):
        return  # "Kestrel said" after "Kestrel Regional Airlines": the organisation, not a person
    elif name.titled or head.ent_type_ == "PERSON":
        table.add_person(name.text, position=head.idx)
    elif head.ent_type_ in {"ORG", "GPE", "NORP"} or name.kind is SpeakerKind.ORGANISATION:
        table.add_organisation(name.text, position=head.idx)


def attribute_article(
    doc: Doc,
    candidates: list[Candidate],
    mask: QuoteMask,
    paragraph_of: Callable[[int], int],
    model: Model | None = None,
    use_model: bool = True,
) -> tuple[list[tuple[Candidate, Resolution]], NameTable]:
    """Every quote's speaker: the sieves propose, then the candidate model (`ranker.py`) decides
    among the proposal and the article's other candidates: `model`, else the one in use
    (`ranker.json`, or the stand-in an evaluation set up: ranker.standing_in). `use_model=False`: the sieves alone."""
    table = build_table(doc, mask, candidates)
    proposed = propose(candidates, table, mask, paragraph_of)
    model = model if model is not None else model_in_use()
    if not use_model or model is None:
        return separate_new_referents(link_descriptions(proposed, table)), table
    ranked = rank(proposed, Article.of(doc, table, mask, paragraph_of), model)
    return separate_new_referents(link_descriptions(ranked, table)), table


def propose(
    candidates: list[Candidate], table: NameTable, mask: QuoteMask, paragraph_of: Callable[[int], int]
) -> list[tuple[Candidate, Resolution]]:
    """The sieves' answer for every quote, in text order."""
    ctx = Context(table, mask, paragraph_of, resolve=resolve_mention)
    first = _attribute_in_order(candidates, ctx)
    if not ctx.ahead.wanted:
        return first
    ahead = Lookahead(first)
    return _attribute_in_order(candidates, Context(table, mask, paragraph_of, ahead=ahead, resolve=resolve_mention))


def _attribute_in_order(candidates: list[Candidate], ctx: Context) -> list[tuple[Candidate, Resolution]]:
    resolutions: list[tuple[Candidate, Resolution]] = []
    for candidate in budget.checked(ctx.table.doc, "attribution", candidates):
        resolution = attribute(candidate, ctx)
        resolutions.append((candidate, resolution))
        ctx.previous.append((candidate, resolution))
    return resolutions
