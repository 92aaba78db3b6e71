"""Look-ups in the retrieval index (word 3-gram and word-stem hashes -> claims).

Each shingle's postings are read up to POSTINGS_CAP entries, so the cost of a look-up stays
flat as the archive grows: a near-duplicate shares many rare shingles, and is found through
those even when a common phrase has more postings than the cap.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection

from sqlalchemy import text as sql
from sqlalchemy.orm import Session

from .words import shingles

POSTINGS_CAP = 200
# A word stem is weaker evidence than a 3-gram and common stems have long postings: fewer read.
WORD_POSTINGS_CAP = 50
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
    word_keys: Collection[int] = (),
) -> list[int]:
    """Ids of claims sharing the most index keys with `text` (at least two when it has four
    or more), best first: its 3-gram shingles, and `word_keys` (verify passes the words'
    stems and synonyms). `speaker_id`: only that speaker's claims (None: unattributed)."""
    grams = sorted(shingles(text))
    least = 2 if len(grams) + len(word_keys) >= 4 else 1
    # One small, constant-shape query per key: compiled once, a range scan of the covering
    # index (shingle, speaker_id, claim_id) each.
    extra: dict[str, object]
    if speaker_id is _UNSET:
        query, extra = _ANY_SPEAKER, {}
    elif speaker_id is None:
        query, extra = _NO_SPEAKER, {}
    else:
        query, extra = _ONE_SPEAKER, {"speaker": speaker_id}
    shared: Counter[int] = Counter()
    for keys, cap in ((grams, POSTINGS_CAP), (sorted(set(word_keys) - set(grams)), WORD_POSTINGS_CAP)):
        for key in keys:
            shared.update(row[0] for row in session.execute(query, {"key": key, "cap": cap, **extra}))
    if exclude is not None:
        shared.pop(exclude, None)
    ranked = sorted((n, -count) for n, count in shared.items() if count >= least)
    return [claim_id for claim_id, _ in sorted(ranked, key=lambda item: (item[1], item[0]))[:limit]]
