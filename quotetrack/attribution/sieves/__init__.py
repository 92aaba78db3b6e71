"""Attribution as ordered, named sieves (after CoreNLP's QuoteAttribution and the multi-pass
sieve coreference of Lee et al.): precise sieves first.

A mention sieve takes the head token of a cue's subject and answers with what it names, or
None to pass it on; a context sieve answers for a quote with no subject of its own (a
floating quote, a quote after "She continued:"). Each answer carries the sieve's method;
its confidence comes from one table (`calibration.py`).

The order is data, as CoreNLP names its sieve list: MENTION_SIEVES and CONTEXT_SIEVES below, one
module per family (people, roles, bodies, documents, unattributed; the description sieves live in
`descriptions.py`). A sieve that leans on another mention (an owner, an issuer, a member, an
antecedent) resolves it through `Context.resolve_nested`, which runs this order again one level
deeper: the families never import the order, so the package has no import cycle.
"""

from __future__ import annotations

from collections.abc import Callable

from spacy.tokens import Token

from ...extraction.candidate import Candidate
from ...extraction.syntax import noun_phrase
from ...types import Method
from ..context import UNRESOLVED, Context, MentionSieve, Resolution
from ..described_words import described_words
from ..descriptions import description, quantified
from .bodies import carrier, organisation_anaphor, owner
from .documents import document_issuer
from .epithets import epithet
from .people import coordinated, explicit_name, handle, party_member, pronoun
from .roles import role
from .unattributed import floating, interview_label, paragraph_context, previous_quote, signed_after

# Precise sieves first: a name outranks a role, a role a pronoun's guess, and so on.
MENTION_SIEVES: tuple[MentionSieve, ...] = (
    handle,
    quantified,
    pronoun,
    coordinated,
    party_member,
    explicit_name,
    role,
    epithet,
    owner,
    carrier,
    organisation_anaphor,
    document_issuer,
    description,
)


def resolve_mention(head: Token, ctx: Context) -> Resolution:
    """What a mention names: the first mention sieve that answers, in MENTION_SIEVES' order."""
    for sieve in MENTION_SIEVES:
        found = sieve(head, ctx)
        if found is not None:
            return found
    # The mention as written with its place or affiliation ("Reports from the islands"): the
    # ranker may keep it as an unnamed source when nobody named fits.
    written = described_words(head, noun_phrase(head), with_clauses=False)
    return Resolution(None, written, Method.UNRESOLVED, "no sieve matched")


CONTEXT_SIEVES: tuple[Callable[[Candidate, Context], Resolution | None], ...] = (
    signed_after,
    previous_quote,
    paragraph_context,
    floating,
)


def attribute(candidate: Candidate, ctx: Context) -> Resolution:
    """The speaker of one quote: its signature, else its cue's subject through the mention
    sieves, else the context sieves."""
    if candidate.speaker_text is not None:
        name, _, handle_text = candidate.speaker_text.partition(" (")
        entry = ctx.table.person(name) or ctx.table.organisation_for(name)
        return Resolution(entry, candidate.speaker_text, Method.SIGNATURE, handle_text.rstrip(")"))
    if candidate.label is not None:
        return interview_label(candidate.label, ctx)
    if candidate.speaker_head is not None:
        resolution = resolve_mention(candidate.speaker_head, ctx)
        # A subject that is no noun at all ("Writing in a blog post, X dubbed ...") is a
        # misparse: the context may still tell.
        misparsed = resolution.entry is None and candidate.speaker_head.pos_ not in {"NOUN", "PROPN", "PRON"}
        if not misparsed:
            return resolution
    for sieve in CONTEXT_SIEVES:
        found = sieve(candidate, ctx)
        if found is not None:
            return found
    return UNRESOLVED
