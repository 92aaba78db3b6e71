"""Named people split over several speakers, on an archive where the same people recur (#41).

Ingests the development statement sets (the seeds, A, B, C, D and G: multi-outlet coverage of the
same stories, so one person is quoted by full name in one outlet and by surname, title or pronoun
in the next) into one fresh SQLite archive with the shipped model, in file order, through
service.ingest. Every gold wording of their remarks (benchmarks/gold/*remarks.json: exact
substrings of the articles, with the canonical speaker) is placed on the accepted quote
overlapping it most; a named gold person (a speaker name with no lower-case word but connectives:
not "officials" or "a spokeswoman for the port", which stay per article by design) with wordings
on two or more stored quotes is split when those quotes are under more than one stored speaker.
Also printed: how the archive's bare surnames were decided (identity method), and which people
are split, with the stored speaker names.

    .venv/bin/python benchmarks/named_people_split.py > benchmarks/named_people_split.txt
    .venv/bin/python benchmarks/named_people_split.py --reverse   # the same articles, last first

A bare surname's speaker used to depend on what was archived before it; `--reverse` ingests the
same articles in the opposite order, to show whether the figures do.

The kept-blind sets (E, F, H) are not read.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import select  # noqa: E402

from quotetrack.config import load_settings  # noqa: E402
from quotetrack.nlp import load_pipeline  # noqa: E402
from quotetrack.service import ingest  # noqa: E402
from quotetrack.sources.files import read_path  # noqa: E402
from quotetrack.storage import Database  # noqa: E402
from quotetrack.storage.models import ArticleRow, IdentityDecisionRow, SpeakerRow  # noqa: E402

GOLD = ROOT / "benchmarks" / "gold"
SETS = {
    "seeds": (ROOT / "seeds", GOLD / "seed_remarks.json"),
    **{
        name: (GOLD / f"statements_{name}" / "articles", GOLD / f"statements_{name}" / "remarks.json")
        for name in ("heldout_a", "heldout_b", "heldout_c", "heldout_d", "dev_g")
    },
}
_CONNECTIVES = {"of", "and", "for", "the", "de", "del", "al", "von", "van", "la", "le", "bin"}


def named(speaker: str) -> bool:
    words = speaker.replace("’", "'").split()
    return bool(words) and words[0][:1].isupper() and all(w[:1].isupper() or w in _CONNECTIVES for w in words)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reverse", action="store_true", help="ingest the articles last first")
    args = parser.parse_args()
    settings = load_settings()
    nlp = load_pipeline(settings["SPACY_MODEL"], settings["COREF_ENABLED"])
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(f"sqlite:///{tmp}/archive.sqlite3")
        db.migrate()
        items = [(name, item) for name, (articles, _) in SETS.items() for item in read_path(articles)]
        started, urls = time.perf_counter(), {}
        for name, item in reversed(items) if args.reverse else items:
            ingest(item.article, nlp, db, 200_000, "benchmark")
            urls[(name, Path(item.source).name)] = item.article.url
        seconds = time.perf_counter() - started
        report(db, urls, seconds)
        db.engine.dispose()


def _placed(db: Database, urls: dict) -> dict[tuple[str, str], list[int | None]]:
    """(set, gold speaker) -> the stored speaker of each wording placed on a quote."""
    found: dict[tuple[str, str], list[int | None]] = defaultdict(list)
    with db.reading() as session:
        for name, (_, gold) in SETS.items():
            for remark in json.loads(gold.read_text(encoding="utf-8"))["remarks"]:
                for wording in remark["wordings"]:
                    article = session.scalar(select(ArticleRow).where(ArticleRow.url == urls[(name, wording["file"])]))
                    start = -1
                    for _ in range(wording.get("occurrence", 1)):
                        start = article.text.find(wording["text"], start + 1)
                    end = start + len(wording["text"])
                    quotes = [q for q in article.quotes if q.status == "accepted" and q.start < end and start < q.end]
                    if start >= 0 and quotes:
                        best = max(quotes, key=lambda q: min(q.end, end) - max(q.start, start))
                        found[(name, remark["speaker"])].append(best.speaker_id)
    return found


def report(db: Database, urls: dict, seconds: float) -> None:
    placed = _placed(db, urls)
    people = {key: ids for key, ids in placed.items() if named(key[1]) and len(ids) >= 2}
    split = {key: ids for key, ids in people.items() if len({i for i in ids if i is not None}) > 1}
    with db.reading() as session:
        surname = getattr(IdentityDecisionRow, "surname", None)  # None before migration 0014
        decided = select(IdentityDecisionRow.method).where(
            surname.is_not(None) if surname is not None else IdentityDecisionRow.method.like("surname_%")
        )
        methods = Counter(session.scalars(decided))
        names = {i: session.get(SpeakerRow, i).name for ids in split.values() for i in ids if i is not None}
    order = "last first" if "--reverse" in sys.argv else "in file order"
    print(f"archive: {len(urls)} articles ({', '.join(SETS)}), ingested {order} in {seconds:.0f} s")
    print(f"named gold people with 2+ wordings placed on stored quotes: {len(people)}")
    share = 100 * len(split) / len(people) if people else 0.0
    print(f"  their quotes under several stored speakers: {len(split)} ({share:.1f}%)")
    decided = ", ".join(f"{m} {n}" for m, n in sorted(methods.items())) or "none"
    print(f"bare surnames decided against the archive, by method: {decided}")
    for (name, speaker), ids in sorted(split.items()):
        counts = Counter(names.get(i, "(no speaker)") for i in ids if i is not None)
        print(f"    {name}: {speaker} -> " + "; ".join(f"{n} x{c}" for n, c in counts.most_common()))


if __name__ == "__main__":
    main()
