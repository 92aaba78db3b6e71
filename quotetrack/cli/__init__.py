"""The `quotetrack` command. Settings come from the environment (see config.py).

The command groups beside it: keys.py (`quotetrack keys`), measure.py (`eval`, `train-ranker`,
`fit-rule-shift`, `train-coref`); `python -m quotetrack.cli` runs it too (__main__.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from ..config import load_settings
from ..errors import InvalidInput

# What the audit log names for metadata that `quotetrack ingest` changed (no API key there).
CLI_KEY = "(quotetrack ingest)"


def _pipeline(settings):
    from ..nlp import configured_pipeline

    return configured_pipeline(settings)


def _articles(paths):
    """The readable articles under `paths`, and the sources skipped: a bad file (not UTF-8,
    empty, broken JSON, no article body) is named with its reason on stderr, the rest go on."""
    from ..sources.files import SourcedArticle, read_sources

    items, skipped = [], []
    try:
        for path in paths:
            for item in read_sources(Path(path)):
                (items if isinstance(item, SourcedArticle) else skipped).append(item)
    except InvalidInput as error:  # a missing path or a broken metadata.json: nothing is right
        raise click.ClickException(error.message) from error
    for bad in skipped:
        click.echo(f"skipped {bad.source}: {bad.reason}", err=True)
    return items, [bad.source for bad in skipped]


def _exit_if_skipped(skipped: list[str], done: str) -> None:
    if skipped:
        raise click.ClickException(f"{len(skipped)} source(s) skipped ({', '.join(skipped)}); {done}")


def _progress(items, label):
    from tqdm import tqdm

    return tqdm(items, desc=label, unit="article", disable=len(items) < 3 or not sys.stderr.isatty(), file=sys.stderr)


@click.group()
def main() -> None:
    """quotetrack: who said what, in which words."""


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--queue", "queued", is_flag=True, help="Queue the articles for the workers (BROKER_URL) instead.")
def ingest(paths, queued) -> None:
    """Extract quotes from articles and store them (DATABASE_URL). PATHS: .txt, .json, .jsonl,
    .html files or directories of them (a metadata.json beside them gives outlet, title, date).
    Bad files are skipped and named; the exit status is then 1. With --queue, each article
    becomes a job for `quotetrack worker` (its id is printed; the database must be migrated)."""
    from ..service import ingest as ingest_article
    from ..storage import Database

    settings = load_settings()
    items, skipped = _articles(paths)
    db = Database(settings["DATABASE_URL"])
    if queued:
        _enqueue(settings, db, items)
        _exit_if_skipped(skipped, f"{len(items)} queued")
        return
    db.migrate()
    nlp = _pipeline(settings)
    for item in _progress(items, "ingest"):
        try:
            result = ingest_article(item.article, nlp, db, settings["MAX_ARTICLE_CHARS"], CLI_KEY)
        except InvalidInput as error:  # e.g. too long: this article only, the others are stored
            click.echo(f"skipped {item.source}: {error.message} {error.errors}", err=True)
            skipped.append(item.source)
            continue
        state = "new" if result.created else "already stored"
        click.echo(f"{item.source}: article {result.article.id} ({state}), {len(result.quotes)} quotes")
    _exit_if_skipped(skipped, f"{len(items) - len(skipped)} stored")


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--format", "output", type=click.Choice(["jsonl", "text"]), default="jsonl", show_default=True)
def extract(paths, output) -> None:
    """Print the quotes in articles without storing anything. Offsets are characters into
    each file's text, of the quote's content without its enclosing marks."""
    from ..extraction.claims import claim_records
    from ..service import extract as extract_quotes

    settings = load_settings()
    items, skipped = _articles(paths)
    nlp = _pipeline(settings)
    for item in _progress(items, "extract"):
        for quote in extract_quotes(item.article, nlp, settings["MAX_ARTICLE_CHARS"]):
            record = {
                "source": item.source,
                "start": quote.start,
                "end": quote.end,
                "text": quote.text,
                "kind": quote.kind.value,
                "speaker": quote.speaker.name if quote.speaker else None,
                "speaker_mention": quote.speaker_mention,
                "cue": quote.cue,
                "confidence": quote.confidence,
                "method": quote.method.value,
                "evidence": quote.evidence,
                "claims": claim_records(quote),
            }
            if output == "jsonl":
                click.echo(json.dumps(record, ensure_ascii=False))
            else:
                click.echo(f"{record['speaker'] or '?'} ({quote.kind.value}, {quote.cue}): {quote.text}")
    _exit_if_skipped(skipped, f"quotes of the other {len(items)} printed")


def _enqueue(settings, db, items) -> None:
    from ..queue import BrokerUnavailable, enqueue

    if not settings["BROKER_URL"]:
        raise click.ClickException("--queue needs BROKER_URL (e.g. redis://127.0.0.1:6379/0)")
    celery = _celery(settings)
    try:
        for item, job in zip(items, enqueue(db, celery, [item.article for item in items], CLI_KEY), strict=True):
            click.echo(f"{item.source}: job {job.id} ({job.status})")
    except BrokerUnavailable as error:
        raise click.ClickException(f"the broker is unavailable, nothing queued: {error}") from error


def _celery(settings):
    """The queue's Celery app, or a clear error when the worker extra is not installed."""
    from ..queue import WorkerExtraMissing, make_celery

    try:
        return make_celery(settings["BROKER_URL"], settings["BROKER_VISIBILITY_TIMEOUT"])
    except WorkerExtraMissing as error:
        raise click.ClickException(str(error)) from error


@main.command()
@click.option("--concurrency", default=1, show_default=True, type=click.IntRange(1, 64), help="Worker processes.")
def worker(concurrency) -> None:
    """Run a queue worker (BROKER_URL, DATABASE_URL): ingests queued articles, each process
    loading the NLP pipeline once. Killed mid-article, its job runs again elsewhere. It also
    sweeps: jobs left queued or running past BROKER_VISIBILITY_TIMEOUT (their message lost
    with a Redis restart) are sent again."""
    import os

    from ..queue import start_sweeper

    settings = load_settings()
    if not settings["BROKER_URL"]:
        raise click.ClickException("the worker needs BROKER_URL (e.g. redis://127.0.0.1:6379/0)")
    celery = _celery(settings)
    from celery import signals  # installed: _celery said so

    @signals.worker_ready.connect(weak=False)
    def _sweep(**_kwargs) -> None:
        # In the main process once the pool is up (not before the fork): jobs whose broker
        # message was lost are sent again (quotetrack.queue.sweep).
        start_sweeper(settings["DATABASE_URL"], settings["BROKER_URL"], settings["BROKER_VISIBILITY_TIMEOUT"])

    celery.worker_main(
        [
            "worker",
            f"--concurrency={concurrency}",
            "--pool=prefork",
            "--loglevel=INFO",
            f"--hostname=quotetrack-{os.getpid()}@%h",  # several workers on one machine
            "--without-gossip",
            "--without-mingle",
        ]
    )


@main.command()
def migrate() -> None:
    """Bring the database schema (DATABASE_URL) to the newest migration. Run it once before
    starting web workers or queue workers: they do not migrate."""
    from ..storage import Database

    db = Database(load_settings()["DATABASE_URL"])
    db.migrate()
    click.echo("database schema is up to date")


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=5000, show_default=True, type=int)
def serve(host, port) -> None:
    """Serve the REST API (development server; use gunicorn 'api:create_app()' in production,
    after `quotetrack migrate`). The development server migrates first: it is one process."""
    from api import create_app

    from ..storage import Database

    Database(load_settings()["DATABASE_URL"]).migrate()
    create_app().run(host=host, port=port)


@main.command()
@click.argument("text")
@click.option("--speaker", help="Speaker id or slug to check against.")
@click.option("--json", "as_json", is_flag=True, help="Print the full answer as JSON.")
def verify(text, speaker, as_json) -> None:
    """Check a wording against every stored statement (DATABASE_URL)."""
    from ..statements.verify import verify as verify_wording
    from ..storage import Database, speaker_queries

    url = load_settings()["DATABASE_URL"]
    _require_existing_database(url)
    db = Database(url)
    db.migrate()  # an older schema is upgraded; a missing database was refused above
    with db.reading() as session:
        speaker_id = None
        if speaker:
            found = speaker_queries.get_speaker(session, speaker)
            if found is None:
                raise click.ClickException(f"no speaker {speaker!r}")
            speaker_id = found.id
        try:
            verdict = verify_wording(session, text, speaker_id)
        except InvalidInput as error:  # too long to verify
            raise click.ClickException(error.message) from None
    if as_json:
        from api.schemas import VerdictSchema

        click.echo(json.dumps(VerdictSchema().dump(verdict), ensure_ascii=False, indent=1))
        return
    click.echo(f"verdict: {verdict.verdict}")
    for match in verdict.matches:
        who = match.speaker.name if match.speaker else "unknown speaker"
        click.echo(
            f"\n{match.relation} ({match.similarity:.2f}) of statement {match.id} by {who}, "
            f"first seen {match.first_seen}"
        )
        for wording in match.wordings:
            outlets = ", ".join(f"{a.outlet} {a.published}" for a in wording.appearances)
            changes = "; ".join(
                f"{d['reference'] or '∅'} -> {d['wording'] or '∅'}" for d in wording.diff if d["op"] != "equal"
            )
            click.echo(f"  [{wording.relation}] {wording.text}\n      in: {outlets}\n      differs: {changes or 'no'}")
    for other in verdict.other_speakers:
        who = other.speaker.name if other.speaker else "an unnamed speaker"
        click.echo(f"\nnot this speaker's: {who} said it ({other.relation}, statement {other.statement_id}):")
        click.echo(f"  {other.canonical_text}")
    for turned in verdict.contradictions:
        who = turned.speaker.name if turned.speaker else "unknown speaker"
        what = "the opposite" if turned.reason == "negation" else "other numbers"
        click.echo(f"\nsays {what} of statement {turned.statement_id} by {who}: {turned.text}")
    scope = verdict.archive
    if scope is not None:
        click.echo(
            f"\nchecked against this archive only: {scope.articles} articles, {scope.quotes} quotes, "
            f"published {scope.first_published or '?'} to {scope.last_published or '?'}"
        )


def _require_existing_database(url: str) -> None:
    """Refuse a SQLite file that does not exist: connecting would create an empty database
    and every wording would be `not_found`, a wrong answer rather than an error. (A server
    database that is not there fails to connect, which is already an error.)"""
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "", ":memory:"):
        if not Path(parsed.database).exists():
            raise click.ClickException(
                f"no database at {parsed.database} (DATABASE_URL={url}); run `quotetrack ingest` first "
                "or point DATABASE_URL at an existing database"
            )


from .keys import keys  # noqa: E402  (command groups defined beside, registered here)
from .measure import evaluate, fit_rule_shift, train_coref, train_ranker  # noqa: E402

for command in (keys, evaluate, train_ranker, fit_rule_shift, train_coref):
    main.add_command(command)
