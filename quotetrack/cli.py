"""The `quotetrack` command. Settings come from the environment (see config.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from .config import load_settings
from .errors import InvalidInput

# What the audit log names for metadata that `quotetrack ingest` changed (no API key there).
CLI_KEY = "(quotetrack ingest)"


def _pipeline(settings):
    from .nlp import load_pipeline

    return load_pipeline(settings["SPACY_MODEL"], settings["COREF_ENABLED"], settings["EXTRACTION_TIME_BUDGET"])


def _articles(paths):
    """The readable articles under `paths`, and the sources skipped: a bad file (not UTF-8,
    empty, broken JSON, no article body) is named with its reason on stderr, the rest go on."""
    from .sources import SourcedArticle, read_sources

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
    from .service import ingest as ingest_article
    from .storage import Database

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
    from .extraction.claims import claim_records
    from .service import extract as extract_quotes

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
    from .queue import BrokerUnavailable, enqueue

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
    from .queue import WorkerExtraMissing, make_celery

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

    from .queue import start_sweeper

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
    from .storage import Database

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

    from .storage import Database

    Database(load_settings()["DATABASE_URL"]).migrate()
    create_app().run(host=host, port=port)


@main.command("train-coref")
@click.option(
    "--data",
    "data_dir",
    required=True,
    type=click.Path(exists=True, file_okay=False),
    help="LitBank coreference brat files, e.g. ../shared/data/litbank-coref",
)
@click.option(
    "--output",
    type=click.Path(file_okay=False),
    default=None,
    help="Where to install the model (default: inside the quotetrack package).",
)
def train_coref(data_dir, output) -> None:
    """Train coreferee's English model for the configured spaCy model (about 10 minutes)."""
    from .nlp.coref_training import SHIPPED_COREF_MODELS, train_coref_model

    settings = load_settings()
    target = train_coref_model(
        Path(data_dir), settings["SPACY_MODEL"], Path(output) if output else SHIPPED_COREF_MODELS
    )
    click.echo(f"coreferee model installed in {target}")


@main.command()
@click.argument("text")
@click.option("--speaker", help="Speaker id or slug to check against.")
@click.option("--json", "as_json", is_flag=True, help="Print the full answer as JSON.")
def verify(text, speaker, as_json) -> None:
    """Check a wording against every stored statement (DATABASE_URL)."""
    from .storage import Database, speaker_queries
    from .verification import verify as verify_wording

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


@main.group()
def keys() -> None:
    """API keys for writes (Authorization: Bearer KEY). Reads need none."""


def _key_db():
    from .storage import Database

    db = Database(load_settings()["DATABASE_URL"])
    db.migrate()
    return db


@keys.command("create")
@click.option("--name", required=True, help="Who or what uses the key; shown in the audit log.")
@click.option("--scope", "scope", default="ingest", show_default=True, help="Comma-separated: ingest, curate.")
def keys_create(name, scope) -> None:
    """Create a key and print it on the last line. It is shown once: only its hash is stored."""
    from .storage import keys as api_keys

    try:
        scopes = api_keys.parse_scopes(scope)
        with _key_db().transaction() as session:
            record, key = api_keys.create_key(session, name, scopes)
    except InvalidInput as error:
        raise click.ClickException(error.message) from error
    click.echo(f"API key {record.name!r} with scopes {','.join(record.scopes)} (shown once, keep it):")
    click.echo(key)


@keys.command("list")
def keys_list() -> None:
    """Every key: name, first characters, scopes, created, revoked."""
    from .storage import keys as api_keys

    with _key_db().reading() as session:
        records = api_keys.list_keys(session)
    for r in records:
        revoked = f"revoked {r.revoked_at:%Y-%m-%d %H:%M}" if r.revoked_at else "active"
        click.echo(f"{r.name}\t{r.prefix}…\t{','.join(r.scopes)}\tcreated {r.created_at:%Y-%m-%d %H:%M}\t{revoked}")


@keys.command("revoke")
@click.argument("name")
def keys_revoke(name) -> None:
    """Revoke the active key called NAME: requests with it get 401 from now on."""
    from .storage import keys as api_keys

    with _key_db().transaction() as session:
        if not api_keys.revoke_key(session, name):
            raise click.ClickException(f"no active key named {name!r}")
    click.echo(f"revoked {name!r}")


@main.command("eval")
@click.argument("gold", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option(
    "--peer/--no-peer",
    default=True,
    show_default=True,
    help="Also score textacy's direct_quotations on the same gold (needs the dev extra).",
)
@click.option("--output", type=click.Path(dir_okay=False), help="Also write the report to this file.")
@click.option(
    "--fit-calibration",
    is_flag=True,
    help="Fit each sieve's confidence to its precision on these gold sets (attribution/calibration.json).",
)
def evaluate(gold, peer, output, fit_calibration) -> None:
    """Score extraction against hand-annotated GOLD files: span P/R/F1, speaker accuracy,
    end-to-end F1, per kind, and every miss."""
    from .evaluation import evaluate as run
    from .evaluation import format_reports, load_gold, quotetrack_predictor, textacy_predictor

    settings = load_settings()
    articles = [a for path in gold for a in load_gold(Path(path))]
    nlp = _pipeline(settings)
    reports = [run(articles, quotetrack_predictor(nlp), "quotetrack")]
    if fit_calibration:
        from .attribution import calibration

        table = calibration.fit((method, right) for method, _, right in reports[0].attributions)
        calibration.save(table, [Path(p).as_posix() for p in gold])
        reports = [run(articles, quotetrack_predictor(nlp), "quotetrack")]  # with the fitted confidences
    if peer and not _textacy_installed():
        click.echo("note: textacy is not installed (it comes with the dev extra); scoring without the peer", err=True)
        peer = False
    if peer:
        import spacy

        reports.append(
            run(articles, textacy_predictor(spacy.load(settings["SPACY_MODEL"])), "textacy", lenient_surname=True)
        )
    command = "$ quotetrack eval " + " ".join([*gold, *([] if peer else ["--no-peer"])])
    text = command + "\n" + _in_sample_note(gold) + format_reports(reports, list(gold))
    click.echo(text)
    if output:
        Path(output).write_text(text + "\n", encoding="utf-8")


@main.command("train-ranker")
@click.argument("gold", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option(
    "--held-out",
    multiple=True,
    type=click.Path(exists=True, dir_okay=False),
    help="Gold sets never trained on: scored with the final model only.",
)
@click.option("--output", type=click.Path(dir_okay=False), help="Also write the report to this file.")
@click.option("--save/--no-save", default=True, show_default=True, help="Write attribution/ranker.json.")
def train_ranker(gold, held_out, output, save) -> None:
    """Train the candidate model that picks each quote's speaker on GOLD files, report it
    cross-validated over articles beside the sieves alone, and ship it (needs the dev extra)."""
    from . import ranker_training
    from .attribution import ranker
    from .evaluation import format_reports, load_gold

    try:
        import sklearn  # noqa: F401  (fitting needs it; serving the model does not)
    except ImportError as error:
        raise click.ClickException("train-ranker needs scikit-learn: pip install -e '.[dev]'") from error
    settings = load_settings()
    nlp = _pipeline(settings)
    examples = ranker_training.collect([a for path in gold for a in load_gold(Path(path))], nlp)
    cross_validated = ranker_training.cross_validate(examples)
    sieves = ranker_training.report(examples, lambda a: [q.span for q in a.quotes], "sieves")
    model = ranker_training.report(examples, lambda a: cross_validated[a.gold.name], "model (CV)")
    lines = [
        "$ quotetrack train-ranker " + " ".join([*gold, *(f"--held-out {p}" for p in held_out)]),
        f"{ranker_training.FOLDS}-fold cross-validation over {len(examples)} articles (folds by article name); "
        "'model (CV)': every article scored by a model and a calibration fitted on the other folds only; "
        "'sieves': the rules alone, their confidences fitted in-sample (attribution/calibration.json)",
        format_reports([sieves, model], list(gold), with_misses=False),
    ]
    for path in gold:  # each set on its own, still cross-validated
        names = {a.name for a in load_gold(Path(path))}
        subset = [a for a in examples if a.gold.name in names]
        by_set = ranker_training.report(subset, lambda a: cross_validated[a.gold.name], "model (CV)")
        lines += ["", f"== {path}", _summary(by_set)]
    final = ranker_training.fit(examples)
    for path in held_out:
        unseen = ranker_training.collect(load_gold(Path(path)), nlp)
        scored = ranker_training.report(unseen, lambda a: ranker_training.predict(a, final), "model")
        lines += ["", f"== {path} (held out: the final model)", _summary(scored)]
    if save:
        figures = model.overall.figures()
        ranker_training.save(
            final,
            [Path(p).as_posix() for p in gold],
            {"speaker_accuracy": round(float(figures["speaker_accuracy"]), 4), "articles": len(examples)},
        )
        ranker.shipped_model.cache_clear()
        lines += ["", f"saved {ranker.MODEL_FILE.name}: {len(final.weights)} weights, calibration {final.calibration}"]
    text = "\n".join(lines)
    click.echo(text)
    if output:
        Path(output).write_text(text + "\n", encoding="utf-8")


def _in_sample_note(gold) -> str:
    """A figure on articles the candidate model was trained on is in-sample: say so in the report."""
    from .attribution.ranker import MODEL_FILE

    if not MODEL_FILE.exists():
        return ""
    trained_on = {Path(p).name + "/" + Path(p).parent.name for p in json.loads(MODEL_FILE.read_text())["trained_on"]}
    seen = [p for p in gold if Path(p).name + "/" + Path(p).parent.name in trained_on]
    if not seen:
        return ""
    return (
        f"note: the candidate model was trained on {', '.join(seen)}: these speaker figures are in-sample; "
        "`quotetrack train-ranker` reports them cross-validated over articles\n"
    )


def _summary(report) -> str:
    from .evaluation import format_reliability

    figures = report.overall.figures()
    return "\n".join(
        [
            f"quotes {figures['gold']}, span F1 {figures['f1']:.3f}, speaker {figures['speaker_accuracy']:.3f}, "
            f"e2e F1 {figures['end_to_end_f1']:.3f}",
            *format_reliability(report),
        ]
    )


def _textacy_installed() -> bool:
    try:
        import textacy.extract.triples  # noqa: F401  (what the peer uses; it is imported for it anyway)
    except ImportError:
        return False
    return True


if __name__ == "__main__":
    main()
