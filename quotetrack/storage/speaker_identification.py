"""Identify an article's quoted speakers across the archive (the rules are identity.py's) and
record each decision: the first of the two steps that give a new quote its speaker (the
second applies the editors' overrides: overrides.py)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from ..types import Quote, QuoteStatus
from .identity import Decision, Resolver
from .models import ArticleRow, IdentityDecisionRow, QuoteRow, SpeakerRow


@dataclass(frozen=True)
class Attribution:
    """Who a quote about to be stored is by, why, and whether it is accepted."""

    speaker: SpeakerRow | None
    record: IdentityDecisionRow | None  # shared by the article's quotes of one extracted speaker
    status: str = QuoteStatus.ACCEPTED
    speaks_for: SpeakerRow | None = None  # the organisation a spokesperson speaks for (Quote.speaks_for)


def identify_speakers(session: Session, article: ArticleRow, quotes: list[Quote]) -> list[Attribution]:
    """Each quote's archive speaker, in the order of `quotes`. Other articles' quotes keep their
    speakers (see identity.py); this article's decisions no quote keeps are dropped first."""
    kept = select(QuoteRow.identity_decision_id).where(
        QuoteRow.article_id == article.id, QuoteRow.identity_decision_id.is_not(None)
    )
    session.execute(
        delete(IdentityDecisionRow).where(
            IdentityDecisionRow.article_id == article.id, IdentityDecisionRow.id.notin_(kept)
        )
    )
    # The organisations spokespeople speak for are identified as every speaker is: "Kestrel"
    # in one article and "Kestrel Regional Airlines" in another are one archive speaker.
    named = [s for q in quotes for s in (q.speaker, q.speaks_for) if s is not None]
    decisions = Resolver(session, article.id, article.text).resolve_all(named)
    records = {
        speaker: decision_record(article.id, speaker.name, speaker.kind.value, decision)
        for speaker, decision in decisions.items()
    }
    return [
        Attribution(
            decisions[q.speaker].speaker,
            records[q.speaker],
            speaks_for=decisions[q.speaks_for].speaker if q.speaks_for in decisions else None,
        )
        if q.speaker is not None and q.speaker in decisions
        else Attribution(None, None)
        for q in quotes
    ]


def decision_record(article_id: int, mention: str, kind: str, decision: Decision) -> IdentityDecisionRow:
    return IdentityDecisionRow(
        article_id=article_id,
        speaker=decision.speaker,
        mention=mention,
        kind=kind,
        method=decision.method.value,
        evidence=decision.evidence,
        surname=decision.surname,
    )
