"""Would statements gain from every relation between outlets, not only each claim's strongest? (#23)

    python benchmarks/statements_all_links.py DB:GOLD:ARTICLES ... [--out FILE]

Each argument is a database written by `statements_seeds.py --db` with the remarks gold and the
articles directory it was scored on. Statements are the groups of each claim's strongest-neighbour
link (statements/linking.py). This lists every other pair of claims of one voice, in two articles
and two statements, that linking's own test (`linking.relate`) relates, and whether the gold puts
the two wordings in one remark ("same") or in two ("different"); pairs a wording of no remark takes
part in are only counted. Following every such relation would join each "same" pair's statements,
and mix each "different" pair's.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections import defaultdict
from pathlib import Path

from sqlalchemy import select

sys.path.insert(0, str(Path(__file__).resolve().parent))
import statements_seeds as scorer  # noqa: E402  (the benchmark's own scorer, beside this file)

from quotetrack.statements import linking  # noqa: E402
from quotetrack.storage import Database  # noqa: E402
from quotetrack.storage.models import ClaimRow  # noqa: E402


def remarks_of_claims(db_path: str, gold_path: Path, articles: Path) -> dict[int, set[str]]:
    """Claim id -> the gold remarks whose wordings the scorer places on it."""
    gold = json.loads(gold_path.read_text(encoding="utf-8"))
    metadata = json.loads((articles / "metadata.json").read_text(encoding="utf-8"))
    placed = scorer.locate(scorer.load(f"sqlite:///{db_path}"), gold, articles, metadata)
    found: dict[int, set[str]] = defaultdict(set)
    for wording in placed:
        if wording.unit is not None:
            found[wording.unit.id].add(wording.remark)
    return found


def other_relations(db_path: str) -> list[tuple[ClaimRow, ClaimRow, str, float]]:
    """Pairs of one voice's claims, two articles, two statements, that `relate` relates."""
    found = []
    with Database(f"sqlite:///{db_path}").reading() as session:
        by_voice: dict[int, list[ClaimRow]] = defaultdict(list)
        for claim in session.scalars(select(ClaimRow)):
            voice = linking.voice_of(claim.quote)
            if voice is not None:
                by_voice[voice].append(claim)
        for claims in by_voice.values():
            for a, b in itertools.combinations(claims, 2):
                if a.article_id == b.article_id or a.statement_id == b.statement_id:
                    continue
                comparison = linking.relate(a, b)
                if comparison is not None:
                    found.append((a, b, comparison.relation.value, comparison.similarity))
        session.expunge_all()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="+", help="DB:GOLD:ARTICLES")
    parser.add_argument("--out")
    args = parser.parse_args()
    lines = ["$ python benchmarks/statements_all_links.py " + " ".join(args.sets), ""]
    totals = {"same": 0, "different": 0, "no remark": 0}
    for spec in args.sets:
        db_path, gold_path, articles = spec.split(":")
        remarks = remarks_of_claims(db_path, Path(gold_path), Path(articles))
        counts = {"same": 0, "different": 0, "no remark": 0}
        lines.append(f"== {gold_path}")
        for a, b, relation, similarity in other_relations(db_path):
            ra, rb = remarks.get(a.id, set()), remarks.get(b.id, set())
            verdict = "same" if ra & rb else "different" if ra and rb else "no remark"
            counts[verdict] += 1
            if verdict != "no remark":
                lines.append(f"  {verdict:9} {relation} {similarity:.3f} | {a.text[:80]} || {b.text[:80]}")
        lines.append("  pairs: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
        for key, value in counts.items():
            totals[key] += value
    lines += ["", "all sets: " + ", ".join(f"{k} {v}" for k, v in totals.items())]
    output = "\n".join(lines) + "\n"
    if args.out:
        Path(args.out).write_text(output, encoding="utf-8")
    print(output, end="")


if __name__ == "__main__":
    main()
