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
wordings' quotation marks) is relation.py's; this module chooses the links and groups them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection
from datetime import date

from rapidfuzz import fuzz
from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session, contains_eager, selectinload

from ..storage.models import ArticleRow, ClaimRow, ClaimShingleRow, QuoteRow, StatementRow
from ..types import QuoteStatus
from . import alignment, reprise
from .events import months, months_differ
from .index import neighbours
from .queries import voices_lent
from .relation import kind_of, published, relate
from .wording import RELATION_RANK, Comparison, Relation
from .words import canonical_form, index_keys, words

_FAR_FUTURE = date.max  # sorts undated quotes last
SPEAKER_CANDIDATES = 1000
SHINGLE_CANDIDATES = 200


# A claim's strongest neighbour is in another article whenever one relates at all: statements
# exist to gather one remark across outlets, and a claim that links only within its article
# (a post and the article's paraphrase of it) would leave the pair cut off from the rest.
OTHER_ARTICLE_BONUS = 10.0


def link_strength(comparison: Comparison, same_article: bool = False) -> float:
    return RELATION_RANK[comparison.relation] + comparison.similarity + (0.0 if same_article else OTHER_ARTICLE_BONUS)


def stable_key(claim: ClaimRow) -> str:
    """Identifies a claim by content, not by the order it was stored in."""
    return f"{claim.quote.article.text_sha256}:{claim.start}:{claim.end}"


def _stronger(strength: float, key: str, than_strength: float, than_key: str | None) -> bool:
    if than_key is None:
        return True
    return (strength, _invert(key)) > (than_strength, _invert(than_key))


def _invert(key: str) -> tuple[int, ...]:
    return tuple(-ord(c) for c in key)  # the smaller key wins a tie


def index_claim(session: Session, claim: ClaimRow) -> None:
    for key in index_keys(claim.text):
        session.add(ClaimShingleRow(claim_id=claim.id, shingle=key, speaker_id=claim.speaker_id))


def candidates(session: Session, claim: ClaimRow) -> list[ClaimRow]:
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
    lent = voices_lent(session, person) if person is not None else []
    for voices, quoted_by in ((own, None), (lent, person)):
        if not voices:
            continue
        recent = (
            select(ClaimRow.id)
            .join(ClaimRow.quote)
            .where(ClaimRow.speaker_id.in_(voices), ClaimRow.id != claim.id, QuoteRow.status == QuoteStatus.ACCEPTED)
        )
        if quoted_by is not None:
            recent = recent.where(QuoteRow.speaker_id == quoted_by)
        ids.update(session.scalars(recent.order_by(ClaimRow.id.desc()).limit(SPEAKER_CANDIDATES)))
    if not ids:
        return []
    found = (
        select(ClaimRow)
        .join(ClaimRow.quote)
        .where(ClaimRow.id.in_(ids), QuoteRow.status == QuoteStatus.ACCEPTED)
        # Relating a candidate reads its quote and article: loaded with it, the article's
        # text only when a mixed quote's fragments need it.
        .options(
            contains_eager(ClaimRow.quote).selectinload(QuoteRow.article).defer(ArticleRow.text),
            # Each candidate's current strongest neighbour is weighed against the new claim.
            selectinload(ClaimRow.best_link)
            .selectinload(ClaimRow.quote)
            .selectinload(QuoteRow.article)
            .defer(ArticleRow.text),
        )
    )
    return list(session.scalars(found))


def _choose_best(session: Session, claim: ClaimRow, pool: list[ClaimRow], touched: set[int]) -> None:
    """Set the claim's strongest neighbour from `pool`; let each pool claim adopt `claim` when
    it is their strongest. Statements of every claim whose link changed go into `touched`."""
    best, best_strength = None, 0.0
    related = {other.id: relate(claim, other) for other in pool}
    related |= _alignments(session, claim, [o for o in pool if related[o.id] is None])
    for other in pool:
        comparison = related[other.id]
        if comparison is None:
            continue
        strength = link_strength(comparison, same_article=claim.article_id == other.article_id)
        if _stronger(strength, stable_key(other), best_strength, stable_key(best) if best else None):
            best, best_strength = other, strength
        current = other.best_link
        if _stronger(strength, stable_key(claim), other.best_link_rank, stable_key(current) if current else None):
            other.best_link, other.best_link_rank = claim, strength
            touched.add(other.id)
    claim.best_link, claim.best_link_rank = best, best_strength
    touched.add(claim.id)
    if best is not None:
        touched.add(best.id)


def _alignments(session: Session, claim: ClaimRow, unrelated: list[ClaimRow]) -> dict[int, Comparison]:
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
        and (kind_of(claim) != "direct" or kind_of(other) != "direct")  # two quotes need their words
        and not reprise.weeks_apart(published(claim), published(other))  # relate held them apart
        and (score := alignment.counterpart_score(claim, other)) is not None
    }
    if not scored:
        return {}
    articles = {claim.article_id} | {other.article_id for other, _ in scored.values()}
    peers: dict[int, list[ClaimRow]] = {}
    for peer in session.scalars(
        select(ClaimRow)
        .join(ClaimRow.quote)
        .where(
            ClaimRow.speaker_id == claim.speaker_id,
            ClaimRow.article_id.in_(articles),
            QuoteRow.status == QuoteStatus.ACCEPTED,
        )
    ):
        peers.setdefault(peer.article_id, []).append(peer)
    return {
        other_id: Comparison(Relation.PARAPHRASE, alignment.strength(score))
        for other_id, (other, score) in scored.items()
        if alignment.mutual_best(claim, other, score, peers.get(claim.article_id, ()), peers.get(other.article_id, ()))
    }


SPEAKER_LOCK_SPACE = 7401  # first key of pg_advisory_xact_lock(int, int): statement linking per speaker


def voice_of(quote: QuoteRow) -> int | None:
    """Whose statements a quote's claims join: the organisation a spokesperson speaks for
    ("a Kestrel spokesman said" beside "Kestrel Regional Airlines said"), else its speaker."""
    return quote.speaks_for_id if quote.speaks_for_id is not None else quote.speaker_id


def lock_speakers(session: Session, speaker_ids: Collection[int | None]) -> None:
    """Serialise statement linking per speaker across processes (PostgreSQL): linking reads
    and rewrites the speaker's other claims' links, so two writers (ingests, an editor's
    correction) must not link one speaker's claims at once. Transaction-scoped advisory
    locks, taken in id order; a deadlock with another transaction's order is detected by
    PostgreSQL and the ingest retried. SQLite needs none: its writers are serialised already."""
    if session.get_bind().dialect.name != "postgresql":
        return
    for speaker_id in sorted({i or 0 for i in speaker_ids}):  # 0: quotes without a speaker
        session.execute(select(func.pg_advisory_xact_lock(SPEAKER_LOCK_SPACE, speaker_id)))


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
        _choose_best(session, claim, candidates(session, claim), touched)
    # Claims whose strongest neighbour was deleted look again.
    stale = (
        list(
            session.scalars(
                select(ClaimRow).where(ClaimRow.statement_id.in_(orphaned_statements), ClaimRow.best_link_id.is_(None))
            )
        )
        if orphaned_statements
        else []
    )
    for claim in stale:
        _choose_best(session, claim, candidates(session, claim), touched)
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
    claims = [claim for quote in quotes for claim in quote.claims]
    ids = [c.id for c in claims]
    orphaned = {c.statement_id for c in claims if c.statement_id is not None}
    for other in session.scalars(select(ClaimRow).where(ClaimRow.best_link_id.in_(ids))):
        other.best_link, other.best_link_rank = None, 0.0
    for claim in claims:
        claim.best_link, claim.best_link_rank = None, 0.0
        claim.statement, claim.relation, claim.similarity = None, None, None
    session.execute(delete(ClaimShingleRow).where(ClaimShingleRow.claim_id.in_(ids)))
    session.flush()
    return orphaned


def _regroup(session: Session, claim_ids: set[int], statement_ids: set[int]) -> None:
    """Recompute the connected groups among the touched claims and everything in their
    statements; give each group a statement."""
    members = {c.id: c for c in session.scalars(select(ClaimRow).where(ClaimRow.id.in_(claim_ids)))}
    statement_ids |= {c.statement_id for c in members.values() if c.statement_id is not None}
    frontier = True
    while frontier:  # close over statements reached through links, either way round
        # Two queries, each on its own index, whatever a backend's planner makes of an OR.
        more = list(
            session.scalars(
                select(ClaimRow).where(ClaimRow.statement_id.in_(statement_ids), ClaimRow.id.notin_(members))
            )
        )
        seen = members.keys() | {c.id for c in more}
        more += session.scalars(
            select(ClaimRow).where(ClaimRow.best_link_id.in_(list(members)), ClaimRow.id.notin_(seen))
        ).all()
        linked = [
            c.best_link for c in [*members.values(), *more] if c.best_link is not None and c.best_link.id not in members
        ]
        frontier = bool(more or linked)
        for c in [*more, *linked]:
            members[c.id] = c
            if c.statement_id is not None:
                statement_ids.add(c.statement_id)
    root = _connect(members)
    groups: dict[int, list[ClaimRow]] = {}
    for c in members.values():
        groups.setdefault(root(c.id), []).append(c)
    old = {s.id: s for s in session.scalars(select(StatementRow).where(StatementRow.id.in_(statement_ids)))}
    reused: set[int] = set()
    for group in sorted(groups.values(), key=lambda g: -len(g)):
        counts = Counter(c.statement_id for c in group if c.statement_id in old and c.statement_id not in reused)
        statement = old[counts.most_common(1)[0][0]] if counts else None
        if statement is None:
            statement = StatementRow(canonical_text="")
            session.add(statement)
            session.flush()
        reused.add(statement.id)
        for c in group:
            c.statement = statement
        describe(statement, group)
    session.flush()
    empty = [sid for sid in old if sid not in reused]
    if empty:
        session.execute(delete(StatementRow).where(StatementRow.id.in_(empty)))


def _connect(members: dict[int, ClaimRow]) -> Callable[[int], int]:
    """Join the claims along their strongest-neighbour links, strongest link first (then by
    content keys, so the order claims arrived in plays no part), into groups; `root(id)` names
    a claim's group. A link is not followed when it would put two claims dated in other months
    into one group: an undated wording ("police arrested Reed") links to "arrested Reed in
    March" and to "arrested Reed in June", but must not chain the two events into one statement;
    nor when it would put two claims of one quote together (each is a remark of its own, however
    a third outlet's wording relates to both).
    A link whose own two claims are dated apart is followed (relate let a word-for-word link
    through: the quoted words are the remark, whatever dates the outlets put around them).
    Publication dates the same way: a link with an undated end (an article without a date) is
    not followed when every dated claim of one group is weeks from every dated claim of the
    other (an undated wording must not chain a March remark to an October one); a link whose
    two ends are both dated was judged by relate (within the weeks, or a reprise)."""
    parent = {cid: cid for cid in members}
    dated: dict[int, set[frozenset[int]]] = {cid: {months(c.text)} - {frozenset()} for cid, c in members.items()}
    days: dict[int, set[date]] = {cid: {d} if (d := published(c)) else set() for cid, c in members.items()}
    quotes: dict[int, set[int]] = {cid: {c.quote_id} for cid, c in members.items()}

    def root(cid: int) -> int:
        while parent[cid] != cid:
            parent[cid] = parent[parent[cid]]
            cid = parent[cid]
        return cid

    links = sorted(
        (
            (c, members[c.best_link_id])
            for c in members.values()
            if c.best_link_id in members and c.best_link_id != c.id
        ),
        key=lambda pair: (-pair[0].best_link_rank, stable_key(pair[0]), stable_key(pair[1])),
    )
    for c, other in links:
        a, b = root(c.id), root(other.id)
        if a == b:
            continue
        if not months_differ(c.text, other.text) and any(not x & y for x in dated[a] for y in dated[b]):
            continue
        if quotes[a] & quotes[b]:
            continue  # two claims of one quote are two remarks, even through a third wording
        if (published(c) is None or published(other) is None) and (
            (gap := reprise.nearest_days(days[a], days[b])) is not None and gap > reprise.REPORTING_WINDOW_DAYS
        ):
            continue  # an undated wording between remarks weeks apart
        if len(quotes[a]) > len(quotes[b]):
            a, b = b, a  # the smaller group joins the larger: linear however big a statement grows
        parent[a] = b
        dated[b] |= dated.pop(a)
        quotes[b] |= quotes.pop(a)
        days[b] |= days.pop(a)
    return root


# A mixed wording ranks as the speaker's words when its quotes hold this many words: one quoted
# word is a scare quote or a term ('the university "failed" Brevik'), not a remark's words.
MIN_QUOTED_WORDS = 2


def own_words(claim: ClaimRow) -> int:
    """How much of a wording is the speaker's own words, best first: 0 a direct quote (all of
    it), 1 a mixed wording quoting at least MIN_QUOTED_WORDS of the speaker's words in this
    claim, 2 the outlet's paraphrase. The quoted words are read from the claim's own text (the
    article's text from claim.start to claim.end) at the stored offsets: no article text loaded."""
    if kind_of(claim) == "direct":
        return 0
    if kind_of(claim) == "mixed":
        quoted = sum(
            len(words(claim.text[s - claim.start : e - claim.start]))
            for s, e in claim.quote.fragments or ()
            if claim.start <= s and e <= claim.end
        )
        if quoted >= MIN_QUOTED_WORDS:
            return 1
    return 2


def _canonical(group: list[ClaimRow]) -> ClaimRow:
    """The speaker's own words where any outlet quotes them directly (issue 40, item 5): a
    direct quote leads, even a short reply ("No, absolutely not" is hers, where "state police
    will 'absolutely not' cooperate" is the Daily Wire's sentence built round two of her words); else a
    mixed wording whose quoted fragment is hers; an outlet's paraphrase only when no outlet
    quotes her. Among those, the wording most outlets printed, then the longest, then the first
    published."""
    best = min(own_words(c) for c in group)
    pool = [c for c in group if own_words(c) == best]
    forms = Counter(canonical_form(c.text) for c in pool)
    return min(
        pool,
        key=lambda c: (
            -forms[canonical_form(c.text)],
            -len(c.text),
            c.quote.article.published or _FAR_FUTURE,
            stable_key(c),
        ),
    )


def describe(statement: StatementRow, group: list[ClaimRow]) -> None:
    canonical = _canonical(group)
    statement.canonical_text = canonical.text
    statement.speaker_id = canonical.speaker_id
    articles = [c.quote.article for c in group]
    dates = [a.published for a in articles if a.published]
    statement.first_seen = min(dates) if dates else None
    statement.quote_count = len({c.quote_id for c in group})
    statement.outlet_count = len({a.outlet or f"article:{a.id}" for a in articles})
    for c in group:
        if c is canonical or canonical_form(c.text) == canonical_form(canonical.text):
            c.relation, c.similarity = Relation.VERBATIM.value, 1.0
            continue
        comparison = relate(c, canonical)
        if comparison is None:  # related through another wording of the statement
            fallback = Relation.VARIANT if kind_of(c) == "direct" else Relation.PARAPHRASE
            comparison = Comparison(
                fallback, fuzz.token_set_ratio(canonical_form(c.text), canonical_form(canonical.text)) / 100
            )
        c.relation, c.similarity = comparison.relation.value, round(comparison.similarity, 3)
    statement.canonical_quote_id = canonical.quote_id
    statement.canonical_claim_id = canonical.id
