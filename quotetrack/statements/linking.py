"""Group claims that report one remark into statements, incrementally and order-free.

A quote reports one or more claims (extraction/claims.py splits the remarks apart). Every
claim points at its strongest neighbour: the claim of the same speaker whose wording
relates most strongly to its own (verbatim > variant > fragment > paraphrase, then
similarity, then a content-derived key). Statements are the connected groups of those
links, save one a group may not follow: a link that would put two claims dated in different
months together (an undated wording between "in March" and "in June" joins one of them).
Nor are wordings published weeks apart linked (reprise.py: more than three weeks), unless they
share a long, rare verbatim span, a reprise of the remark's own words; and a group does not follow
a link through an undated wording to a claim weeks from every dated claim of the other group.
Each claim's strongest neighbour among *all* stored claims does not depend on the order they
arrived in (every veto reads only the two claims: their wordings and their articles' dates), and
groups join strongest link first, so neither do the statements. A claim links to one neighbour only,
and the claims of one quote never link to each other, so a quote reporting two remarks
puts each into its own statement instead of chaining them into one.

Candidates come from the same speaker's claims (at most SPEAKER_CANDIDATES, newest first)
and from the shingle index (shared word 3-grams), never from a scan of the archive. How two
claims relate (wordings, time, vetoes, one event, a verbatim anchor: the same rare words in both
wordings' quotation marks) is relation.py's; this module orchestrates: it reads claims through
storage (storage/claims.py, as StoredClaim dataclasses for relating), lets choice.py choose the
links and the groups on plain data, and writes the links and statements back.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from sqlalchemy.orm import Session

from ..storage import claims as stored
from ..storage.claims import StoredClaim, lock_speakers, to_claim
from ..storage.models import ClaimRow, QuoteRow
from ..types import QuoteStatus
from . import alignment, reprise
from .canonical import describe, stable_key
from .canonical import own_words as own_words
from .choice import Linked, Offer, choose, connect, keep_statements
from .index import neighbours
from .relation import published, relate_claims
from .relation import relate as relate  # benchmarks/statements_all_links.py reads linking.relate
from .wording import RELATION_RANK, Comparison, Relation
from .words import index_keys

SPEAKER_CANDIDATES = 1000
SHINGLE_CANDIDATES = 200


# A claim's strongest neighbour is in another article whenever one relates at all: statements
# exist to gather one remark across outlets, and a claim that links only within its article
# (a post and the article's paraphrase of it) would leave the pair cut off from the rest.
OTHER_ARTICLE_BONUS = 10.0


def link_strength(comparison: Comparison, same_article: bool = False) -> float:
    return RELATION_RANK[comparison.relation] + comparison.similarity + (0.0 if same_article else OTHER_ARTICLE_BONUS)


def index_claim(session: Session, claim: ClaimRow) -> None:
    stored.add_shingles(session, claim, index_keys(claim.text))


def claims_to_compare(session: Session, claim: ClaimRow) -> list[ClaimRow]:
    """The same speaker's recent claims and every claim of theirs sharing shingles. Only
    claims in statements count: those of rejected or superseded quotes have left theirs.
    A spokesperson's claim is the organisation's voice and still the person's words: it meets
    the claims of either, and the person's own claims meet it, so one remark reported as
    "Rajiv Soderberg said" in one outlet and "a spokesman for the group, Rajiv Soderberg,
    said" in the next stays one."""
    person = claim.quote.speaker_id
    ids = set(neighbours(session, claim.text, claim.speaker_id, SHINGLE_CANDIDATES, exclude=claim.id))
    if person is not None and person != claim.speaker_id:
        ids.update(neighbours(session, claim.text, person, SHINGLE_CANDIDATES, exclude=claim.id))
    # The voices' recent claims: the claim's own voice, the person's own (a spokesperson's), and
    # the person's claims under the organisations they have spoken for.
    own = [v for v in dict.fromkeys([claim.speaker_id, person]) if v is not None]
    lent = stored.voices_lent(session, person) if person is not None else []
    for voices, quoted_by in ((own, None), (lent, person)):
        if voices:
            ids.update(stored.recent_claim_ids(session, voices, claim.id, quoted_by, SPEAKER_CANDIDATES))
    return stored.accepted_claims(session, ids) if ids else []


def _choose_best(session: Session, claim: ClaimRow, pool: list[ClaimRow], touched: set[int]) -> None:
    """Set the claim's strongest neighbour from `pool`; let each pool claim adopt `claim` when
    it is their strongest (choice.choose, on plain data). Statements of every claim whose link
    changed go into `touched`."""
    mine, theirs = to_claim(claim), [to_claim(other) for other in pool]
    related = {other.id: relate_claims(mine, other) for other in theirs}
    related |= _alignments(session, mine, [o for o in theirs if related[o.id] is None])
    by_id = {other.id: other for other in pool}
    offers = [
        Offer(
            other.id,
            stable_key(other),
            link_strength(comparison, same_article=claim.article_id == other.article_id),
            other.best_link_rank,
            stable_key(other.best_link) if other.best_link else None,
        )
        for other in pool
        if (comparison := related[other.id]) is not None
    ]
    choice = choose(stable_key(claim), offers)
    strength = {offer.id: offer.strength for offer in offers}
    for adopter in choice.adopters:
        by_id[adopter].best_link, by_id[adopter].best_link_rank = claim, strength[adopter]
        touched.add(adopter)
    claim.best_link = by_id[choice.best] if choice.best is not None else None
    claim.best_link_rank = choice.strength
    touched.add(claim.id)
    if choice.best is not None:
        touched.add(choice.best)


def _alignments(session: Session, claim: StoredClaim, unrelated: list[StoredClaim]) -> dict[int, Comparison]:
    """Links to claims the wordings do not relate that are the claim's counterpart in another
    article of the same voice (alignment.py: each the other's best match there). The rivals
    are read from the store: every accepted claim of that voice in either article."""
    if claim.speaker_id is None or not alignment.ENABLED:
        return {}
    scored = {
        other.id: (other, score)
        for other in unrelated
        if other.article_id != claim.article_id
        and other.speaker_id == claim.speaker_id
        and (claim.kind != "direct" or other.kind != "direct")  # two quotes need their words
        and not reprise.weeks_apart(claim.published, other.published)  # relate held them apart
        and (score := alignment.counterpart_score(claim, other)) is not None
    }
    if not scored:
        return {}
    articles = {claim.article_id} | {other.article_id for other, _ in scored.values()}
    peers = stored.voice_claims_in(session, claim.speaker_id, articles)
    return {
        other_id: Comparison(Relation.PARAPHRASE, alignment.strength(score))
        for other_id, (other, score) in scored.items()
        if alignment.mutual_best(claim, other, score, peers.get(claim.article_id, ()), peers.get(other.article_id, ()))
    }


def voice_of(quote: QuoteRow) -> int | None:
    """Whose statements a quote's claims join: the organisation a spokesperson speaks for
    ("a Kestrel spokesman said" beside "Kestrel Regional Airlines said"), else its speaker."""
    return quote.speaks_for_id if quote.speaks_for_id is not None else quote.speaker_id


def link_quotes(session: Session, quotes: list[QuoteRow], orphaned_statements: Collection[int] = frozenset()) -> None:
    """Link the claims of newly stored (or corrected) quotes into statements.
    `orphaned_statements`: statements that lost claims (an article re-ingested with new
    text, an editor's correction), to be rebuilt too."""
    lock_speakers(session, [s for q in quotes for s in (voice_of(q), q.speaker_id)])
    claims = [claim for quote in quotes for claim in quote.claims]
    for claim in claims:
        claim.speaker_id = voice_of(claim.quote)  # an editor may have changed the quote's speaker
    session.flush()
    for claim in claims:
        index_claim(session, claim)
    session.flush()
    touched: set[int] = set()
    for claim in claims:
        _choose_best(session, claim, claims_to_compare(session, claim), touched)
    # Claims whose strongest neighbour was deleted look again.
    for claim in stored.unlinked_in(session, orphaned_statements):
        _choose_best(session, claim, claims_to_compare(session, claim), touched)
    session.flush()
    _regroup(session, touched, set(orphaned_statements))


def relink(session: Session, quotes: list[QuoteRow], change: Callable[[], None]) -> None:
    """Apply an editor's `change` to stored quotes (another speaker, or rejected) and let
    statements follow: the quotes' claims leave their statements and whatever chose them as
    strongest neighbour looks again; the claims of quotes still accepted are linked anew
    under their (possibly new) speaker."""
    claims = [claim for quote in quotes for claim in quote.claims]
    orphaned = detach(session, quotes)
    change()
    session.flush()
    for claim in claims:  # rejected quotes' claims too, so no claim keeps an old speaker
        claim.speaker_id = voice_of(claim.quote)
    link_quotes(session, [q for q in quotes if q.status == QuoteStatus.ACCEPTED], orphaned)


def detach(session: Session, quotes: Collection[QuoteRow]) -> set[int]:
    """Take the quotes' claims out of statements (under their speakers' locks): they leave
    their statements, drop out of the shingle index, and whatever chose one of them as its
    strongest neighbour looks again when the statements they leave (returned) are rebuilt
    by `link_quotes`."""
    lock_speakers(session, [s for q in quotes for s in (voice_of(q), q.speaker_id)])
    return stored.unlink(session, [claim for quote in quotes for claim in quote.claims])


def _regroup(session: Session, claim_ids: set[int], statement_ids: set[int]) -> None:
    """Recompute the connected groups among the touched claims and everything in their
    statements (closed over links either way round: storage.claims.linked_component); give
    each group a statement."""
    members = stored.linked_component(session, claim_ids, statement_ids)
    root = _connect(members)
    groups: dict[int, list[ClaimRow]] = {}
    for c in members.values():
        groups.setdefault(root(c.id), []).append(c)
    old = stored.statements(session, statement_ids)
    ordered = sorted(groups.values(), key=lambda g: -len(g))
    kept = keep_statements([[c.statement_id for c in group] for group in ordered], old)
    for group, sid in zip(ordered, kept, strict=True):
        statement = old[sid] if sid is not None else stored.new_statement(session)
        for c in group:
            c.statement = statement
        describe(statement, group)
    session.flush()
    stored.delete_statements(session, [sid for sid in old if sid not in kept])


def linked(claim: ClaimRow) -> Linked:
    """What grouping reads of a stored claim (choice.Linked)."""
    return Linked(
        claim.id,
        stable_key(claim),
        claim.quote_id,
        claim.text,
        published(claim),
        claim.best_link_id,
        claim.best_link_rank,
    )


def _connect(members: dict[int, ClaimRow]) -> Callable[[int], int]:
    """choice.connect over the stored claims: `root(id)` names a claim's group."""
    return connect({cid: linked(c) for cid, c in members.items()})
