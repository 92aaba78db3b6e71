"""Verify latency and per-quote linking cost on generated archives of 100k and 1M quotes,
measured in one run (the 1M archive is the 100k one grown in place).

    python benchmarks/statements_scale.py [--sizes 100000 1000000] [--db /tmp/qt-scale.sqlite3]

The archive is synthetic: quotes of 8-30 words drawn from a Zipf-distributed 20,000-word
vocabulary, one speaker per 100 quotes, ten quotes per article, every quote its own
statement. It is bulk-loaded with plain SQL (the NLP pipeline is not part of what is
measured). Verify queries are half altered copies of stored quotes (one word dropped, one
replaced), half fresh random texts. Linking is timed through repository.save_article on
new articles of 10 quotes each, whose quotes are variants of stored ones, so the candidate
search finds real neighbours. SQLite on local disk, one process.
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import time
from datetime import date
from pathlib import Path

from sqlalchemy import select

from quotetrack.normalization.statements import shingles
from quotetrack.storage import Database, repository
from quotetrack.storage.models import QuoteRow, SpeakerRow
from quotetrack.types import Article, Method, Quote, QuoteKind, Speaker, SpeakerKind
from quotetrack.verification import verify

VOCABULARY = 20_000
QUOTES_PER_SPEAKER = 100
QUOTES_PER_ARTICLE = 10


def make_words(rng: random.Random) -> list[str]:
    syllables = ["ka", "lo", "mi", "ren", "tas", "vo", "pe", "dri", "sul", "an", "or", "ek", "bi", "nu", "ga", "ti"]
    words = set()
    while len(words) < VOCABULARY:
        words.add("".join(rng.choice(syllables) for _ in range(rng.randint(1, 4))))
    return sorted(words)


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


def grow(path: str, start: int, stop: int, rng: random.Random, words: list[str]) -> None:
    """Bulk-insert quotes start..stop-1 (and their articles, speakers, statements, shingles)."""
    connection = sqlite3.connect(path)
    cursor = connection.cursor()
    # Rows the linking measurement added since the last growth already hold some ids.
    quote_base, article_base, statement_base = (
        cursor.execute(f"SELECT coalesce(max(id), 0) FROM {table}").fetchone()[0]
        for table in ("quotes", "articles", "statements")
    )
    speakers, articles, quotes, statements, index = [], [], [], [], []
    for n in range(start, stop):
        speaker_id = n // QUOTES_PER_SPEAKER + 1
        article_id = article_base + (n - start) // QUOTES_PER_ARTICLE + 1
        quote_id = quote_base + n - start + 1
        statement_id = statement_base + n - start + 1
        text = sentence(rng, words)
        if n % QUOTES_PER_SPEAKER == 0:
            speakers.append(
                (
                    speaker_id,
                    f"speaker-{speaker_id}",
                    f"Speaker {speaker_id}",
                    "person",
                    f"person:speaker|{speaker_id}",
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
        statements.append((statement_id, speaker_id, quote_id, text, "2024-01-01", 1, 1))
        offset = (n % QUOTES_PER_ARTICLE) * 1000  # distinct spans within the article
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
                statement_id,
                None,
                0.0,
                "verbatim",
                1.0,
            )
        )
        index.extend((quote_id, s, speaker_id) for s in shingles(text))
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
                "INSERT INTO statements (id, speaker_id, canonical_quote_id, canonical_text, first_seen, "
                "quote_count, outlet_count) VALUES (?,?,?,?,?,?,?)",
                statements,
            )
            cursor.executemany(
                'INSERT INTO quotes (id, article_id, speaker_id, start, "end", text, folded, kind, cue, '
                "speaker_mention, method, confidence, sentence_start, sentence_end, fragments, statement_id, "
                "best_link_id, best_link_rank, relation, similarity) "
                "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                quotes,
            )
            cursor.executemany("INSERT INTO quote_shingles (quote_id, shingle, speaker_id) VALUES (?,?,?)", index)
            connection.commit()
            speakers, articles, quotes, statements, index = [], [], [], [], []
    connection.execute("ANALYZE")
    connection.commit()
    connection.close()


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


def measure_linking(db: Database, rng: random.Random, words: list[str], size: int, articles: int, tag: str) -> float:
    """Milliseconds per quote to store and link new articles' quotes."""
    elapsed, count = 0.0, 0
    for a in range(articles):
        with db.reading() as session:
            rows = [
                session.scalar(select(QuoteRow).where(QuoteRow.id >= rng.randint(1, size)).limit(1))
                for _ in range(QUOTES_PER_ARTICLE)
            ]
            sources = [(r.text, session.get(SpeakerRow, r.speaker_id).name) for r in rows]
        text = "\n".join(altered(rng, t, words) for t, _ in sources)
        quotes, offset = [], 0
        for line, (_, name) in zip(text.split("\n"), sources, strict=True):
            quotes.append(
                Quote(
                    offset,
                    offset + len(line),
                    line,
                    QuoteKind.DIRECT,
                    "said",
                    name,
                    Speaker(name, SpeakerKind.PERSON),
                    Method.EXPLICIT_NAME,
                    0.9,
                    offset,
                    offset + len(line),
                )
            )
            offset += len(line) + 1
        start = time.perf_counter()
        with db.transaction() as session:
            repository.save_article(
                session, Article(text=text, url=f"https://scale.invalid/new/{tag}/{a}"), quotes, "bench"
            )
        elapsed += time.perf_counter() - start
        count += len(quotes)
    return elapsed * 1000 / count


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[100_000, 1_000_000])
    parser.add_argument("--db", default="/tmp/qt-scale.sqlite3")
    parser.add_argument("--queries", type=int, default=400)
    parser.add_argument("--articles", type=int, default=30)
    args = parser.parse_args()
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
        verify_ms = measure_verify(db, rng, words, size, args.queries)
        link_ms = measure_linking(db, rng, words, size, args.articles, str(size))
        rows.append((size, load_seconds, percentile(verify_ms, 50), percentile(verify_ms, 95), link_ms))
        print(f"  built {size:,} quotes (+{load_seconds:.0f} s), measured", flush=True)
    print(f"\n{'archive':>10} {'verify p50 ms':>14} {'verify p95 ms':>14} {'link ms/quote':>14}")
    for size, _, p50, p95, link in rows:
        print(f"{size:>10,} {p50:14.1f} {p95:14.1f} {link:14.1f}")
    if len(rows) > 1:
        (s0, _, _, a95, l0), (s1, _, _, b95, l1) = rows[0], rows[-1]
        print(f"\narchive x{s1 / s0:.0f}: verify p95 x{b95 / a95:.2f}, linking cost per quote x{l1 / l0:.2f}")


if __name__ == "__main__":
    main()
