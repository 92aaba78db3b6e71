"""Look-ups in the retrieval index (word 3-gram and word-stem hashes -> claims).

Each shingle's postings are read up to POSTINGS_CAP entries, so the cost of a look-up stays
flat as the archive grows: a near-duplicate shares many rare shingles, and is found through
those even when a common phrase has more postings than the cap.
"""

from __future__ import annotations

from collections import Counter

from sqlalchemy import text as sql
from sqlalchemy.orm import Session

from ..normalization.statements import shingles

POSTINGS_CAP = 200
_UNSET = object()
_ANY_SPEAKER = sql("SELECT claim_id FROM claim_shingles WHERE shingle = :key LIMIT :cap")
_NO_SPEAKER = sql("SELECT claim_id FROM claim_shingles WHERE shingle = :key AND speaker_id IS NULL LIMIT :cap")
_ONE_SPEAKER = sql("SELECT claim_id FROM claim_shingles WHERE shingle = :key AND speaker_id = :speaker LIMIT :cap")


def neighbours(
    session: Session,
    text: str,
    speaker_id=_UNSET,
    limit: int = 50,
    exclude: int | None = None,
    keys: set[int] | None = None,
) -> list[int]:
    """Ids of claims sharing the most index keys with `text` (at least two when the text has
    four or more), best first. `speaker_id`: only that speaker's claims (None: unattributed).
    `keys`: look these up instead of the text's 3-gram shingles (verify adds word stems)."""
    keys_sorted = sorted(shingles(text) if keys is None else keys)
    least = 2 if len(keys_sorted) >= 4 else 1
    # One small, constant-shape query per shingle: compiled once, an index range scan each.
    extra: dict[str, object]
    if speaker_id is _UNSET:
        query, extra = _ANY_SPEAKER, {}
    elif speaker_id is None:
        query, extra = _NO_SPEAKER, {}
    else:
        query, extra = _ONE_SPEAKER, {"speaker": speaker_id}
    shared: Counter[int] = Counter()
    for key in keys_sorted:
        shared.update(row[0] for row in session.execute(query, {"key": key, "cap": POSTINGS_CAP, **extra}))
    if exclude is not None:
        shared.pop(exclude, None)
    ranked = sorted((n, -count) for n, count in shared.items() if count >= least)
    return [claim_id for claim_id, _ in sorted(ranked, key=lambda item: (item[1], item[0]))[:limit]]
