"""Do the seeds' remarks end up one statement each, and does any statement mix two remarks? (#14)

    python benchmarks/statements_seeds.py [--root REPO] [--out FILE] [--db FILE]
        [--seeds DIR --gold REMARKS.json]

--seeds and --gold score another set of articles the same way: a directory of articles with
its metadata.json, and its remarks annotated in seed_remarks.json's format (the held-out sets
under benchmarks/gold/statements_heldout_*/ are scored so).

Ingests seeds/ into a fresh temporary SQLite database with the project's own command
(`quotetrack ingest seeds/`, run from --root, default this checkout, so an older checkout can be
scored: its code is imported, its migrations run), then places every wording of the annotated
remarks (benchmarks/gold/seed_remarks.json, annotated by meaning) in the stored statement it landed
in:

- the wording's character span in its article (articles.url from seeds/metadata.json);
- with a `claims` table (id, quote_id, start, end, statement_id; absolute offsets), the statement of
  the accepted claim overlapping the span most; otherwise the statement of the accepted quote
  overlapping it most (quotes.start/end/statement_id). Nothing overlapping: "not extracted".

Figures: for remarks reported by two or more outlets, how many are whole (every wording extracted
and all in one statement), the wordings not extracted, the wordings whose speaker differs, the
statements mixing remarks, and how many remarks linking could make whole at best (all wordings
extracted and attributed to one speaker); for all remarks, the statements mixing remarks.

"Whole by the quote conventions" (issue 23) requires only the wordings that are quotes by the gold
quote sets' conventions (which the extractor follows): wordings marked "not_a_quote_by_convention"
in the gold (a speech verb's noun-phrase object, "his belief that ...") are listed, not required,
and a remark left with such quotes in fewer than two outlets is not counted there.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import create_engine, inspect, text

HERE = Path(__file__).resolve().parent.parent
GOLD = HERE / "benchmarks" / "gold" / "seed_remarks.json"


@dataclass
class Unit:
    """A stored claim or quote: where it is, which statement and speaker it has."""

    id: int
    quote_id: int
    article_id: int
    start: int
    end: int
    statement_id: int | None
    speaker_id: int | None


@dataclass
class Placed:
    remark: str
    file: str
    text: str
    outlets: int
    quote: bool = True  # a quote by the gold quote sets' conventions (not "not_a_quote_by_convention")
    unit: Unit | None = None
    problem: str | None = None  # why it could not be located at all


@dataclass
class Db:
    units: list[Unit] = field(default_factory=list)
    kind: str = "quotes"
    articles: dict[str, tuple[int, str]] = field(default_factory=dict)  # url -> (id, text)
    speakers: dict[int, str] = field(default_factory=dict)
    merged: dict[int, int] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def git_head(root: Path) -> str:
    try:
        out = subprocess.run(
            ["git", "-C", str(root), "log", "-1", "--format=%H %s"], capture_output=True, text=True, check=True
        )
        dirty = subprocess.run(
            ["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"], capture_output=True, text=True
        ).stdout.strip()
        return out.stdout.strip() + (" + UNCOMMITTED CHANGES in the checkout" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown (not a git checkout)"


def ingest(root: Path, seeds: Path, url: str) -> str:
    """`quotetrack ingest seeds/` with root's code; returns the module path it imported."""
    code = (
        "import sys, quotetrack; print('QUOTETRACK', quotetrack.__file__, file=sys.stderr); "
        "from quotetrack.cli import main; main()"
    )
    env = dict(os.environ, DATABASE_URL=url, PYTHONPATH=str(root) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run(
        [sys.executable, "-c", code, "ingest", str(seeds)], cwd=root, env=env, capture_output=True, text=True
    )
    imported = next((line.split(" ", 1)[1] for line in done.stderr.splitlines() if line.startswith("QUOTETRACK ")), "")
    if done.returncode != 0:
        sys.stderr.write(done.stdout + done.stderr)
        raise SystemExit(f"ingest failed (exit {done.returncode})")
    if not Path(imported).resolve().is_relative_to(root.resolve()):
        raise SystemExit(f"ingest imported {imported}, not the code under {root}")
    return imported


def columns(insp, table: str) -> set[str]:
    try:
        return {c["name"] for c in insp.get_columns(table)}
    except Exception:  # noqa: BLE001 - a missing table is simply absent
        return set()


def load(url: str) -> Db:
    engine = create_engine(url)
    insp = inspect(engine)
    tables = set(insp.get_table_names())
    db = Db()
    qcols = columns(insp, "quotes")
    ccols = columns(insp, "claims")
    acols = columns(insp, "articles")
    with engine.connect() as con:
        if {"id", "url", "text"} <= acols:
            for aid, aurl, atext in con.execute(text("SELECT id, url, text FROM articles")):
                db.articles[aurl] = (aid, atext)
        else:
            db.notes.append("articles table lacks id/url/text: no wording can be located")
        if "speakers" in tables and {"id", "name"} <= columns(insp, "speakers"):
            merged_col = "merged_into_id" in columns(insp, "speakers")
            query = "SELECT id, name" + (", merged_into_id" if merged_col else ", NULL") + " FROM speakers"
            for sid, name, into in con.execute(text(query)):
                db.speakers[sid] = name
                if into is not None:
                    db.merged[sid] = into
        need_q = {"id", "article_id", "start", "end"}
        if not need_q <= qcols:
            db.notes.append(f"quotes table lacks {sorted(need_q - qcols)}: nothing is extracted")
            return db
        status = " AND q.status = 'accepted'" if "status" in qcols else ""
        revision = " AND q.revision = a.revision" if "revision" in qcols and "revision" in acols else ""
        q_speaker = "q.speaker_id" if "speaker_id" in qcols else "NULL"
        if "claims" in tables and {"id", "quote_id", "start", "end", "statement_id"} <= ccols:
            db.kind = "claims"
            speaker = f"COALESCE(c.speaker_id, {q_speaker})" if "speaker_id" in ccols else q_speaker
            query = (
                f'SELECT c.id, q.id, q.article_id, c.start, c."end", c.statement_id, {speaker} '
                "FROM claims c JOIN quotes q ON q.id = c.quote_id JOIN articles a ON a.id = q.article_id "
                f"WHERE 1 = 1{status}{revision}"
            )
        else:
            if "claims" in tables:
                db.notes.append(f"claims table present but lacks columns (has {sorted(ccols)}): scored on quotes")
            statement = "q.statement_id" if "statement_id" in qcols else "NULL"
            if statement == "NULL":
                db.notes.append("quotes table lacks statement_id: every wording is statement-less")
            query = (
                f'SELECT q.id, q.id, q.article_id, q.start, q."end", {statement}, {q_speaker} '
                f"FROM quotes q JOIN articles a ON a.id = q.article_id WHERE 1 = 1{status}{revision}"
            )
        db.units = [Unit(*row) for row in con.execute(text(query))]
    engine.dispose()
    return db


def speaker_of(db: Db, sid: int | None) -> int | None:
    seen = set()
    while sid is not None and sid in db.merged and sid not in seen:
        seen.add(sid)
        sid = db.merged[sid]
    return sid


def speaker_name(db: Db, sid: int | None) -> str:
    sid = speaker_of(db, sid)
    return "(no speaker)" if sid is None else db.speakers.get(sid, f"speaker {sid}")


def locate(db: Db, gold: dict, seeds: Path, metadata: dict) -> list[Placed]:
    by_article: dict[int, list[Unit]] = defaultdict(list)
    for unit in db.units:
        by_article[unit.article_id].append(unit)
    placed = []
    for remark in gold["remarks"]:
        for wording in remark["wordings"]:
            item = Placed(
                remark["id"],
                wording["file"],
                wording["text"],
                remark["outlets"],
                quote=not wording.get("not_a_quote_by_convention", False),
            )
            placed.append(item)
            seed_text = (seeds / wording["file"]).read_text(encoding="utf-8")
            url = metadata["articles"].get(wording["file"], {}).get("url")
            if url not in db.articles:
                item.problem = "article not stored"
                continue
            article_id, stored = db.articles[url]
            start = -1
            for _ in range(wording.get("occurrence", 1)):
                start = stored.find(wording["text"], start + 1)
            if start < 0:
                item.problem = "wording not in the stored text" + ("" if stored == seed_text else " (text differs)")
                continue
            end = start + len(wording["text"])
            best, overlap = None, 0
            # Most overlap first; on a tie the tighter unit (a quote nested in a quoted post
            # is the post's quote of the speaker, the post itself is the poster's).
            for unit in sorted(by_article[article_id], key=lambda u: (u.end - u.start, u.id)):
                size = min(end, unit.end) - max(start, unit.start)
                if size > overlap:
                    best, overlap = unit, size
            item.unit = best
    return placed


def shown(path: Path) -> str:
    return str(path.relative_to(HERE)) if path.is_relative_to(HERE) else str(path)


def short(value: str, limit: int = 70) -> str:
    value = " ".join(value.split())
    return value if len(value) <= limit else value[: limit - 1] + "…"


def outlet(metadata: dict, file: str) -> str:
    return metadata["articles"].get(file, {}).get("outlet", file)


def mixing(placed: list[Placed], only: set[str] | None) -> list[tuple[int, list[Placed]]]:
    """Statements holding wordings of two or more remarks (with `only`: one of them among it)."""
    by_statement: dict[int, list[Placed]] = defaultdict(list)
    for item in placed:
        if item.unit is not None and item.unit.statement_id is not None:
            by_statement[item.unit.statement_id].append(item)
    mixed = []
    for sid, items in sorted(by_statement.items()):
        remarks = {i.remark for i in items}
        if len(remarks) >= 2 and (only is None or remarks & only):
            mixed.append((sid, items))
    return mixed


def mix_lines(db: Db, mixed: list[tuple[int, list[Placed]]]) -> list[str]:
    lines = []
    for sid, items in mixed:
        remarks = sorted({i.remark for i in items})
        remarks_by_quote = defaultdict(set)
        for i in items:
            remarks_by_quote[i.unit.quote_id].add(i.remark)
        carriers = sorted(q for q, rs in remarks_by_quote.items() if len(rs) >= 2)
        how = "quotes carrying 2+ remarks: " + (", ".join(f"q{q}" for q in carriers) or "none (linked across quotes)")
        lines.append(f"  statement {sid}: {len(remarks)} remarks ({how}): {', '.join(remarks)}")
        for i in items:
            lines.append(f"      {i.remark} [{i.file[:3]} q{i.unit.quote_id}] {short(i.text, 60)}")
    return lines


def report(command: str, root: Path, db: Db, placed: list[Placed], gold: dict, metadata: dict, gold_path: Path) -> str:
    out = [f"$ {command}", f"code scored: {root} @ {git_head(root)}", f"gold: {shown(gold_path)}"]
    out.append(f"units: {db.kind} ({len(db.units)} accepted), articles stored: {len(db.articles)}")
    out += [f"note: {n}" for n in db.notes]
    remarks = gold["remarks"]
    multi = [r for r in remarks if r["outlets"] >= 2]
    multi_ids = {r["id"] for r in multi}
    by_remark: dict[str, list[Placed]] = defaultdict(list)
    for item in placed:
        by_remark[item.remark].append(item)
    extracted = [p for p in placed if p.unit is not None]
    out.append(
        f"remarks: {len(remarks)} ({len(multi)} reported by 2+ outlets); wordings: {len(placed)}, "
        f"extracted {len(extracted)}, not extracted {len(placed) - len(extracted)}"
    )

    whole = whole_extracted = best = 0
    detail, missing, speaker_lines = [], [], []
    by_convention, not_counted = [], []
    for r in multi:
        items = by_remark[r["id"]]
        got = [i for i in items if i.unit is not None]
        statements = Counter(i.unit.statement_id for i in got)
        speakers = {speaker_of(db, i.unit.speaker_id) for i in got}
        all_in = len(got) == len(items)
        one = len(statements) == 1 and None not in statements
        outlets_got = len({i.file for i in got})
        if all_in and one:
            whole += 1
        if one and outlets_got >= 2:
            whole_extracted += 1
        if all_in and len(speakers) == 1 and None not in speakers:
            best += 1
        mark = "WHOLE" if all_in and one else ("whole among extracted" if one and outlets_got >= 2 else "split")
        st = ", ".join(f"{sid}×{n}" if sid is not None else f"none×{n}" for sid, n in statements.items()) or "-"
        detail.append(
            f"  {r['id']} ({r['speaker']}, {r['outlets']} outlets): {mark}; "
            f"extracted {len(got)}/{len(items)} wordings in {outlets_got} outlets; statements {st}"
        )
        for i in items:
            if i.unit is None:
                why = i.problem or "not extracted" + ("" if i.quote else " (not a quote by the conventions)")
                missing.append(f"  {r['id']} [{outlet(metadata, i.file)}] {why}: {short(i.text)}")
        quotes = [i for i in items if i.quote]
        if len({i.file for i in quotes}) < 2:
            count = len({i.file for i in quotes})
            not_counted.append(f"  {r['id']}: {count} outlet(s) with a wording that is a quote by the conventions")
        else:
            placed_in = {i.unit.statement_id if i.unit is not None else None for i in quotes}
            by_convention.append(len(placed_in) == 1 and None not in placed_in)
        if len(speakers) > 1:
            speaker_lines.append(f"  {r['id']}:")
            for i in got:
                speaker_lines.append(
                    f"      [{outlet(metadata, i.file)}] {speaker_name(db, i.unit.speaker_id)} <- {short(i.text, 50)}"
                )
    out.append("")
    out.append(f"== Remarks reported by 2+ outlets: {len(multi)}")
    out.append(f"whole (every wording extracted, all in one statement): {whole}/{len(multi)}")
    out.append(f"whole among extracted wordings (2+ outlets extracted, one statement): {whole_extracted}/{len(multi)}")
    out.append(f"best linking could do (every wording extracted, one speaker): {best}/{len(multi)}")
    out += detail
    out.append(
        f"whole by the quote conventions (every wording that is a quote by the gold quote sets' conventions "
        f"extracted, all in one statement; remarks with such wordings in 2+ outlets): "
        f"{sum(by_convention)}/{len(by_convention)}"
    )
    out.append(
        f"  not counted there ({len(not_counted)}: wordings not quotes by the conventions are marked in the gold):"
    )
    out += not_counted
    out.append(f"wordings not extracted: {len(missing)}")
    out += missing
    out.append(f"remarks whose wordings got different speakers: {sum(1 for s in speaker_lines if s.endswith(':'))}")
    out += speaker_lines
    mixed_multi = mixing(placed, multi_ids)
    out.append(f"statements mixing a 2+-outlet remark with another remark: {len(mixed_multi)}")
    out += mix_lines(db, mixed_multi)

    out.append("")
    out.append(f"== All remarks: {len(remarks)}")
    mixed_all = mixing(placed, None)
    in_mixed = {i.remark for _, items in mixed_all for i in items}
    out.append(f"statements mixing remarks: {len(mixed_all)} (remarks involved: {len(in_mixed)})")
    out += mix_lines(db, mixed_all)
    return "\n".join(out) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=HERE, help="checkout whose code ingests (default: this one)")
    parser.add_argument("--seeds", type=Path, help="seed directory (default: ROOT/seeds)")
    parser.add_argument("--gold", type=Path, default=GOLD, help="remarks annotated by meaning (default: the seeds')")
    parser.add_argument("--out", type=Path, help="also write the report here")
    parser.add_argument("--db", type=Path, help="SQLite file to create and keep (default: a temporary one)")
    args = parser.parse_args()
    root = args.root.resolve()
    seeds = (args.seeds or root / "seeds").resolve()
    gold_path = args.gold.resolve()
    gold = json.loads(gold_path.read_text(encoding="utf-8"))
    metadata = json.loads((seeds / "metadata.json").read_text(encoding="utf-8"))
    command = f"cd {Path.cwd()} && python " + " ".join([os.path.relpath(__file__, Path.cwd())] + sys.argv[1:])
    with tempfile.TemporaryDirectory() as tmp:
        path = args.db.resolve() if args.db else Path(tmp) / "seeds.sqlite"
        if path.exists():
            raise SystemExit(f"{path} exists: the database must be fresh")
        url = f"sqlite:///{path}"
        ingest(root, seeds, url)
        db = load(url)
        placed = locate(db, gold, seeds, metadata)
        text_out = report(command, root, db, placed, gold, metadata, gold_path)
    sys.stdout.write(text_out)
    if args.out:
        args.out.write_text(text_out, encoding="utf-8")


if __name__ == "__main__":
    main()
