"""Would linking a speaker's statements story by story make more remarks whole, and at what cost in
mixing? (#40 item 1, measured before building it)

    python benchmarks/statements_stories.py DB:GOLD:ARTICLES ... [--out FILE]

Each argument is a database written by `statements_seeds.py --db` with the remarks gold and the
articles directory it was scored on (development sets only: seeds, A-D, G). On top of the stored
statements the script groups articles into stories and, inside a story, merges a speaker's
statements the way an assignment "which of the speaker's few remarks does this wording report"
would, then scores the result as statements_seeds.py does (remarks whole by the quote
conventions, statements mixing remarks):

- stories: articles published within STORY_DAYS of each other that share at least STORY_NAMES
  capitalised words that are not sentence-initial (names of people, places, bodies), joined
  transitively; undated articles are in no story;
- a statement's profile is all its wordings together (one remark worded by several outlets holds
  more of its words than any one wording: "appeal" in one, "higher court" in another);
- two statements of one speaker in one story, with no article in common (an outlet reports a
  remark once), merge when each is the other's single best by the Dice of their profiles
  (statements/paraphrase.lexical_similarity, with alignment.LINKS), at least `t`, sharing at least
  `k` content words, and no wording of one conflicts with a wording of the other (negation,
  numbers, months, a possibility against a fact, an event done and undone).

It is the measurement behind not building item 1 (see the report's notes).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from datetime import date
from pathlib import Path

from sqlalchemy import create_engine, text

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import statements_seeds as scorer  # noqa: E402

from quotetrack.statements import alignment, paraphrase  # noqa: E402
from quotetrack.statements.events import hedged_apart, months_differ, opposed  # noqa: E402

STORY_DAYS = 3
STORY_NAMES = 3
OPTIONS = [(0.3, 2), (0.2, 2), (0.2, 1), (0.15, 1)]
_NAME = re.compile(r"(?<=[a-z,;] )[A-Z][a-z]{2,}")


def load(spec: str) -> dict:
    db_path, gold_path, articles = spec.split(":")
    gold = json.loads(Path(gold_path).read_text(encoding="utf-8"))
    metadata = json.loads((Path(articles) / "metadata.json").read_text(encoding="utf-8"))
    url = f"sqlite:///{db_path}"
    db = scorer.load(url)
    placed = scorer.locate(db, gold, Path(articles), metadata)
    engine = create_engine(url)
    with engine.connect() as con:
        arts = {
            aid: (date.fromisoformat(pub) if pub else None, set(_NAME.findall(body)))
            for aid, pub, body in con.execute(text("SELECT id, published, text FROM articles"))
        }
        rows = con.execute(
            text(
                "SELECT c.id, c.statement_id, c.speaker_id, c.article_id, c.text, c.event FROM claims c "
                "JOIN quotes q ON q.id = c.quote_id WHERE q.status = 'accepted' AND c.statement_id IS NOT NULL"
            )
        ).all()
    engine.dispose()
    claims = [(cid, sid, sp, aid, body, json.loads(ev) if ev else None) for cid, sid, sp, aid, body, ev in rows]
    return {"db": db, "placed": placed, "arts": arts, "claims": claims, "gold": (gold, metadata, Path(gold_path))}


def stories(arts: dict) -> dict[int, int]:
    """Article id -> story id (the smallest article id of its story); undated articles none."""
    parent = {a: a for a, (day, _) in arts.items() if day is not None}

    def root(a: int) -> int:
        while parent[a] != a:
            a = parent[a]
        return a

    dated = sorted(parent)
    for i, a in enumerate(dated):
        for b in dated[i + 1 :]:
            (da, na), (db, nb) = arts[a], arts[b]
            if abs((da - db).days) <= STORY_DAYS and len(na & nb) >= STORY_NAMES:
                parent[max(root(a), root(b))] = min(root(a), root(b))
    return {a: root(a) for a in parent}


def merged(data: dict, t: float, k: int, story_of: dict[int, int]) -> tuple[dict[int, int], int]:
    """statement id -> merged statement id, and the number of merges."""
    members: dict[int, list] = defaultdict(list)
    for claim in data["claims"]:
        members[claim[1]].append(claim)
    profile = {sid: " . ".join(c[4] for c in cs) for sid, cs in members.items()}
    key = {}
    for sid, cs in members.items():
        found = {story_of.get(c[3]) for c in cs}
        if len(found) == 1 and None not in found and cs[0][2] is not None:
            key[sid] = (cs[0][2], found.pop())
    score: dict[int, dict[int, float]] = defaultdict(dict)
    ids = sorted(key)
    for i, x in enumerate(ids):
        for y in ids[i + 1 :]:
            if key[x] != key[y] or {c[3] for c in members[x]} & {c[3] for c in members[y]}:
                continue
            shared, _, dice = paraphrase.lexical_similarity(profile[x], profile[y], alignment.LINKS)
            if shared >= k and dice >= t:
                score[x][y] = score[y][x] = dice
    best = {}
    for x, row in score.items():
        top = max(row.values())
        tops = [y for y, v in row.items() if v == top]
        if len(tops) == 1:
            best[x] = tops[0]
    parent = {sid: sid for sid in members}
    count = 0
    for x, y in best.items():
        if x < y and best.get(y) == x and not conflicting(members[x], members[y]):
            parent[max(x, y)] = min(x, y)
            count += 1

    def root(s: int) -> int:
        while parent[s] != s:
            s = parent[s]
        return s

    return {sid: root(sid) for sid in members}, count


def conflicting(xs: list, ys: list) -> bool:
    return any(
        paraphrase.conflict(a[4], b[4]) or months_differ(a[4], b[4]) or hedged_apart(a[4], b[4]) or opposed(a[5], b[5])
        for a in xs
        for b in ys
    )


def score(data: dict, mapping: dict[int, int] | None) -> str:
    """statements_seeds.py's figures for the statements as `mapping` merges them."""
    if mapping is not None:
        for item in data["placed"]:
            if item.unit is not None and item.unit.statement_id in mapping:
                item.unit.statement_id = mapping[item.unit.statement_id]
    gold, metadata, gold_path = data["gold"]
    report = scorer.report("", HERE.parent, data["db"], data["placed"], gold, metadata, gold_path)
    whole = re.search(r"^whole by the quote conventions[^:]*: (\d+/\d+)", report, re.M)
    mixing = re.search(r"^statements mixing remarks: (\d+)", report, re.M)
    return f"{whole.group(1) if whole else '?'}, mixing {mixing.group(1) if mixing else '?'}"


def _label(spec: str) -> str:
    parts = Path(spec.split(":")[2]).parts
    return parts[-2] if len(parts) >= 2 else parts[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="+", help="DB:GOLD:ARTICLES")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    lines = [f"$ python benchmarks/statements_stories.py {' '.join(args.sets)}", ""]
    header = f"{'option':<46}" + "".join(f"{_label(spec):<22}" for spec in args.sets)
    rows: dict[str, list[str]] = defaultdict(list)
    notes = []
    for spec in args.sets:
        data = load(spec)
        story_of = stories(data["arts"])
        one_story = {a: 0 for a, (day, _) in data["arts"].items() if day is not None}
        notes.append(f"{spec.split(':')[2]}: {len(data['arts'])} articles, {len(set(story_of.values()))} stories")
        original = {p.unit.id: p.unit.statement_id for p in data["placed"] if p.unit is not None}
        rows["stored statements (shipped)"].append(score(data, None))
        for t, k in OPTIONS:
            for label, grouping in (("story", story_of), ("whole set one story", one_story)):
                for p in data["placed"]:
                    if p.unit is not None:
                        p.unit.statement_id = original[p.unit.id]
                mapping, n = merged(data, t, k, grouping)
                rows[f"{label}: Dice >= {t}, {k}+ shared"].append(f"{score(data, mapping)} ({n})")
    lines.append(header)
    lines.append("(whole by the quote conventions / remarks in 2+ outlets, statements mixing remarks; (merges))")
    lines += [f"{name:<46}" + "".join(f"{cell:<22}" for cell in cells) for name, cells in rows.items()]
    lines += ["", *notes]
    out = "\n".join(lines) + "\n"
    sys.stdout.write(out)
    if args.out:
        args.out.write_text(out, encoding="utf-8")


if __name__ == "__main__":
    main()
