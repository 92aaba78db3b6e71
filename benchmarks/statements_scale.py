"""Verify latency and per-quote linking cost on generated archives of 100k and 1M quotes,
measured in one run (the 1M archive is the 100k one grown in place).

    python benchmarks/statements_scale.py [--sizes 100000 1000000] [--db /tmp/qt-scale.sqlite3]

The archive is synthetic: sentences of 8-30 words drawn from a Zipf-distributed 20,000-word
vocabulary, one speaker per 100 quotes, ten quotes per article. About two quotes in three are
one sentence and one claim; the others, like real multi-remark quotes, are 2-3 sentences with
one claim per sentence, so the archive holds about 1.5 claims per quote. Every claim is its
own statement (canonical_claim_id its claim, canonical_quote_id its quote) and the index
(claim_shingles) holds each claim's keys as linking stores them: its 3-gram shingles and word
stems (statements.words.index_keys). The archive is bulk-loaded with plain SQL (the NLP
pipeline is not part of what is measured).

Verify queries are half altered copies of stored quotes (one word dropped, one replaced;
a multi-sentence quote whole, so a third of these run over several claims of one quote),
half fresh random texts. Linking is timed through service.store_article on new articles
of 10 quotes each, variants of stored quotes (every sentence altered), the multi-sentence
ones with their claims' offsets set, so the candidate search finds real neighbours for
each claim. SQLite on local disk, one process.

Event frames (issue 23): every stored claim has one, as extraction stores it (claims.event):
its predicate is the claim's first word, its patient its last word, so frames are drawn from the
same Zipf vocabulary and common predicates recur. Linking is timed twice: on direct quotes (as
before: the event rule is not asked between two direct wordings) and on reported speech
(indirect quotes whose claims keep their source claim's frame), where every candidate pair goes
through the paraphrase measure and, when the words do not relate it, the event rule.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sqlite3
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

from sqlalchemy import func, select

from quotetrack.service import store_article
from quotetrack.statements.verify import verify
from quotetrack.statements.words import index_keys
from quotetrack.storage import Database
from quotetrack.storage.identity import person_key, person_name
from quotetrack.storage.models import ClaimRow, QuoteRow, SpeakerRow
from quotetrack.types import Article, Method, Quote, QuoteKind, Speaker, SpeakerKind

VOCABULARY = 20_000
QUOTES_PER_SPEAKER = 100
QUOTES_PER_ARTICLE = 10
MULTI_SENTENCE_SHARE = 1 / 3  # quotes of 2-3 sentences, one claim each
QUOTE_SPACING = 2000  # distinct spans within an article (3 sentences of 30 long words fit)


def make_words(rng: random.Random) -> list[str]:
    syllables = ["ka", "lo", "mi", "ren", "tas", "vo", "pe", "dri", "sul", "an", "or", "ek", "bi", "nu", "ga", "ti"]
    words = set()
    while len(words) < VOCABULARY:
        words.add("".join(rng.choice(syllables) for _ in range(rng.randint(1, 4))))
    return sorted(words)


def event_of(claim: str) -> dict:
    """A synthetic frame: the claim's first word as predicate, its last as patient."""
    tokens = claim.rstrip(".").split()
    return {"predicate": tokens[0], "patient": [f"noun:{tokens[-1]}"], "agent": []}


def sentence(rng: random.Random, words: list[str]) -> str:
    n = rng.randint(8, 30)
    return (
        " ".join(
            words[
                min(int(rng.paretovariate(1.1)) - 1, VOCABULARY - 1)
                if rng.random() < 0.5
                else rng.randrange(VOCABULARY)
            ]
            for _ in range(n)
        )
        + "."
    )


def quote_sentences(rng: random.Random, words: list[str]) -> list[str]:
    count = rng.randint(2, 3) if rng.random() < MULTI_SENTENCE_SHARE else 1
    return [sentence(rng, words) for _ in range(count)]


def join_spans(parts: list[str], offset: int) -> tuple[str, list[tuple[int, int]]]:
    """The parts joined by spaces, and each part's span counted from `offset`."""
    spans, position = [], offset
    for part in parts:
        spans.append((position, position + len(part)))
        position += len(part) + 1
    return " ".join(parts), spans


def speaker_name(speaker_id: int) -> str:
    # A plain first and last name: "Speaker 12" reads as a title since names lose their titles (#19).
    return f"Casey Number{speaker_id}"


def speaker_key(speaker_id: int) -> str:
    """The identity key the service gives that name, so that linking finds the bulk-built speaker."""
    name = person_name(speaker_name(speaker_id))
    assert name is not None
    return person_key(name)


def grow(path: str, start: int, stop: int, rng: random.Random, words: list[str]) -> int:
    """Bulk-insert quotes start..stop-1 with their claims (and articles, speakers,
    statements, shingles). Returns the number of claims added."""
    connection = sqlite3.connect(path)
    cursor = connection.cursor()
    # Rows the linking measurement added since the last growth already hold some ids.
    quote_base, claim_base, article_base, statement_base = (
        cursor.execute(f"SELECT coalesce(max(id), 0) FROM {table}").fetchone()[0]
        for table in ("quotes", "claims", "articles", "statements")
    )
    claim_id, statement_id, added = claim_base, statement_base, 0
    speakers, articles, quotes, claims, statements, index = [], [], [], [], [], []
    for n in range(start, stop):
        speaker_id = n // QUOTES_PER_SPEAKER + 1
        article_id = article_base + (n - start) // QUOTES_PER_ARTICLE + 1
        quote_id = quote_base + n - start + 1
        offset = (n % QUOTES_PER_ARTICLE) * QUOTE_SPACING
        parts = quote_sentences(rng, words)
        text, spans = join_spans(parts, offset)
        if n % QUOTES_PER_SPEAKER == 0:
            speakers.append(
                (
                    speaker_id,
                    f"casey-number{speaker_id}",
                    speaker_name(speaker_id),
                    "person",
                    speaker_key(speaker_id),
                    "[]",
                )
            )
        if (n - start) % QUOTES_PER_ARTICLE == 0:
            articles.append(
                (
                    article_id,
                    f"https://scale.invalid/{article_id}",
                    f"{article_id:064x}",
                    f"Outlet {article_id % 50}",
                    "t",
                    None,
                    date(2024, 1, 1).isoformat(),
                    text,
                    "synthetic",
                    "2024-01-01 00:00:00",
                )
            )
        quotes.append(
            (
                quote_id,
                article_id,
                speaker_id,
                offset,
                offset + len(text),
                text,
                text.lower(),
                "direct",
                "said",
                "Speaker",
                "explicit_name",
                0.9,
                offset,
                offset + len(text),
                "[]",
            )
        )
        for ordinal, (part, (claim_start, claim_end)) in enumerate(zip(parts, spans, strict=True)):
            claim_id += 1
            statement_id += 1
            added += 1
            statements.append((statement_id, speaker_id, quote_id, claim_id, part, "2024-01-01", 1, 1))
            claims.append(
                (
                    claim_id,
                    quote_id,
                    article_id,
                    speaker_id,
                    ordinal,
                    claim_start,
                    claim_end,
                    part,
                    part.lower(),
                    statement_id,
                    None,
                    0.0,
                    "verbatim",
                    1.0,
                    json.dumps(event_of(part)),
                )
            )
            index.extend((claim_id, key, speaker_id) for key in index_keys(part))
        if len(quotes) >= 50_000 or n == stop - 1:
            cursor.executemany(
                "INSERT INTO speakers (id, slug, name, kind, titles) VALUES (?,?,?,?,?)",
                [(sid, slug, name, kind, titles) for sid, slug, name, kind, _, titles in speakers],
            )
            cursor.executemany(
                "INSERT INTO speaker_keys (key, speaker_id) VALUES (?,?)", [(key, sid) for sid, *_, key, _ in speakers]
            )
            cursor.executemany(
                "INSERT INTO articles (id, url, text_sha256, outlet, title, author, published, text, "
                "model_versions, created_at) VALUES (?,?,?,?,?,?,?,?,?,?)",
                articles,
            )
            cursor.executemany(
                'INSERT INTO quotes (id, article_id, speaker_id, start, "end", text, folded, kind, cue, '
                "speaker_mention, method, confidence, sentence_start, sentence_end, fragments) "
                "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                quotes,
            )
            cursor.executemany(
                "INSERT INTO statements (id, speaker_id, canonical_quote_id, canonical_claim_id, canonical_text, "
                "first_seen, quote_count, outlet_count) VALUES (?,?,?,?,?,?,?,?)",
                statements,
            )
            cursor.executemany(
                'INSERT INTO claims (id, quote_id, article_id, speaker_id, ordinal, start, "end", text, folded, '
                "statement_id, best_link_id, best_link_rank, relation, similarity, event) "
                "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                claims,
            )
            cursor.executemany("INSERT INTO claim_shingles (claim_id, shingle, speaker_id) VALUES (?,?,?)", index)
            connection.commit()
            speakers, articles, quotes, claims, statements, index = [], [], [], [], [], []
    connection.execute("ANALYZE")
    connection.commit()
    connection.close()
    return added


def altered(rng: random.Random, text: str, words: list[str]) -> str:
    tokens = text.rstrip(".").split()
    tokens.pop(rng.randrange(len(tokens)))
    tokens[rng.randrange(len(tokens))] = rng.choice(words)
    return " ".join(tokens)


def measure_verify(db: Database, rng: random.Random, words: list[str], size: int, queries: int) -> list[float]:
    timings = []
    with db.reading() as session:
        for q in range(queries):
            if q % 2 == 0:
                stored = session.scalar(select(QuoteRow.text).where(QuoteRow.id >= rng.randint(1, size)).limit(1))
                text = altered(rng, stored, words)
            else:
                text = sentence(rng, words)
            start = time.perf_counter()
            verify(session, text)
            timings.append((time.perf_counter() - start) * 1000)
    return timings


def measure_linking(
    db: Database, rng: random.Random, words: list[str], size: int, articles: int, tag: str, reported: bool = False
) -> tuple[float, float]:
    """Milliseconds per quote and per claim to store and link new articles' quotes (`reported`:
    indirect quotes, each claim with its source claim's event frame)."""
    elapsed, quote_count, claim_count = 0.0, 0, 0
    for a in range(articles):
        with db.reading() as session:
            rows = [
                session.scalar(select(QuoteRow).where(QuoteRow.id >= rng.randint(1, size)).limit(1))
                for _ in range(QUOTES_PER_ARTICLE)
            ]
            sources = [([c.text for c in r.claims], session.get(SpeakerRow, r.speaker_id).name) for r in rows]
        lines, quotes, offset = [], [], 0
        for parts, name in sources:
            line, spans = join_spans([altered(rng, p, words) + "." for p in parts], offset)
            events = tuple(event_of(p) for p in parts) if reported else ()
            lines.append(line)
            quotes.append(
                Quote(
                    offset,
                    offset + len(line),
                    line,
                    QuoteKind.INDIRECT if reported else QuoteKind.DIRECT,
                    "said",
                    name,
                    Speaker(name, SpeakerKind.PERSON),
                    Method.EXPLICIT_NAME,
                    0.9,
                    offset,
                    offset + len(line),
                    claims=tuple(spans) if len(spans) > 1 else (),
                    events=events if len(spans) > 1 else events[:1],
                )
            )
            offset += len(line) + 1
            claim_count += len(spans)
        text = "\n".join(lines)
        start = time.perf_counter()
        with db.transaction() as session:
            store_article(session, Article(text=text, url=f"https://scale.invalid/new/{tag}/{a}"), quotes, "bench")
        elapsed += time.perf_counter() - start
        quote_count += len(quotes)
    return elapsed * 1000 / quote_count, elapsed * 1000 / claim_count


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def checkout() -> str:
    """The commit measured, and whether quotetrack/ had uncommitted changes."""
    root = Path(__file__).resolve().parent.parent
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", "quotetrack"], cwd=root, capture_output=True, text=True, check=True
        ).stdout.split("\n")
    except (OSError, subprocess.CalledProcessError):
        return "checkout unknown"
    changed = [line[3:] for line in dirty if line.strip()]
    return f"commit {head}" + (f", uncommitted changes in {', '.join(changed)}" if changed else "")


def memory(field: str) -> int:
    """A /proc/self/status memory figure in MiB (VmHWM: the peak resident set; VmRSS: now)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) // 1024
    return -1


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[100_000, 1_000_000])
    parser.add_argument("--db", default="/tmp/qt-scale.sqlite3")
    parser.add_argument("--queries", type=int, default=400)
    parser.add_argument("--articles", type=int, default=30)
    args = parser.parse_args()
    print(
        f"$ python benchmarks/statements_scale.py {' '.join(sys.argv[1:])}   # SQLite, {os.cpu_count()} cores, "
        f"machine shared; {checkout()}"
    )
    print(f"  load average (1/5/15 min) at start: {load()}", flush=True)
    Path(args.db).unlink(missing_ok=True)
    db = Database(f"sqlite:///{args.db}")
    db.migrate()
    rng = random.Random(7)
    words = make_words(rng)
    rows, loaded = [], 0
    for size in sorted(args.sizes):
        start = time.perf_counter()
        grow(args.db, loaded, size, rng, words)
        loaded = size
        load_seconds = time.perf_counter() - start
        with db.reading() as session:
            quotes = session.scalar(select(func.count(QuoteRow.id))) or 0
            claims = session.scalar(select(func.count(ClaimRow.id))) or 0
        verify_ms = measure_verify(db, rng, words, size, args.queries)
        link_quote_ms, link_claim_ms = measure_linking(db, rng, words, size, args.articles, str(size))
        reported_ms, _ = measure_linking(db, rng, words, size, args.articles, f"{size}-reported", reported=True)
        rows.append(
            (
                size,
                quotes,
                claims,
                percentile(verify_ms, 50),
                percentile(verify_ms, 95),
                link_quote_ms,
                link_claim_ms,
                reported_ms,
            )
        )
        print(
            f"  built {size:,} quotes, {claims:,} claims (+{load_seconds:.0f} s), measured; load average {load()}; "
            f"this process: peak RSS {memory('VmHWM')} MiB, RSS now {memory('VmRSS')} MiB",
            flush=True,
        )
    print(
        f"\n{'archive':>10} {'quotes':>10} {'claims':>10} {'verify p50 ms':>14} {'verify p95 ms':>14} "
        f"{'link ms/quote':>14} {'link ms/claim':>14} {'reported ms/quote':>18}"
    )
    for size, quotes, claims, p50, p95, link_quote, link_claim, reported in rows:
        print(
            f"{size:>10,} {quotes:>10,} {claims:>10,} {p50:14.1f} {p95:14.1f} {link_quote:14.1f} {link_claim:14.1f} "
            f"{reported:18.1f}"
        )
    print("(quotes and claims counted before the linking measurement added its articles)")
    if len(rows) > 1:
        (s0, _, _, _, a95, l0, c0, r0), (s1, _, _, _, b95, l1, c1, r1) = rows[0], rows[-1]
        print(
            f"\narchive x{s1 / s0:.0f}: verify p95 x{b95 / a95:.2f}, linking cost per quote x{l1 / l0:.2f}, "
            f"per claim x{c1 / c0:.2f}, per reported quote x{r1 / r0:.2f}"
        )


if __name__ == "__main__":
    main()
