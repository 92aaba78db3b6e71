"""A typed client generated from the live OpenAPI document, used as a newsroom developer would.

`openapi-python-client generate --url .../api/v1/openapi.json` runs as its own process against the
API under gunicorn on a loopback port (the seeds ingested with the command line, as
serve-seeds.sh does); the generated package is imported and every call below goes through it,
over real HTTP, to that server. Nothing is faked.
"""

from __future__ import annotations

import datetime
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from .live_site import serve_copy

pytestmark = pytest.mark.model

PACKAGE = "quotetrack_client"
GENERATOR = Path(sys.executable).with_name("openapi-python-client")


@pytest.fixture(scope="module")
def site(seeded_database, tmp_path_factory):
    served = serve_copy(seeded_database, tmp_path_factory.mktemp("typed-client-site"))
    yield served
    served.stop()


@pytest.fixture(scope="module")
def generated(site, tmp_path_factory):
    """The generator's output (its stdout and stderr) and the imported package."""
    directory = tmp_path_factory.mktemp("typed-client")
    env = {**os.environ, "PATH": f"{GENERATOR.parent}{os.pathsep}{os.environ.get('PATH', '')}"}  # its ruff hooks
    run = subprocess.run(
        [
            str(GENERATOR),
            "generate",
            "--url",
            f"{site.base}/api/v1/openapi.json",
            "--output-path",
            str(directory / PACKAGE),
            "--meta",
            "none",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        cwd=directory,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    sys.path.insert(0, str(directory))
    try:
        yield run.stdout + run.stderr, importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(directory))
        for name in [name for name in sys.modules if name == PACKAGE or name.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def module(name: str):
    return importlib.import_module(f"{PACKAGE}.{name}")


@pytest.fixture(scope="module")
def client(generated, site):
    _, package = generated
    return package.Client(base_url=site.base, raise_on_unexpected_status=True, timeout=120)


@pytest.fixture(scope="module")
def authed(generated, site):
    _, package = generated
    return package.AuthenticatedClient(base_url=site.base, token=site.key, raise_on_unexpected_status=True, timeout=120)


def test_the_generator_warns_of_nothing_and_names_every_operation(generated):
    output, _ = generated
    assert "Warning" not in output and "WARNING" not in output, output
    expected = {
        "articles": {"ingest_article", "ingest_articles", "list_articles", "get_article", "update_article"},
        "speakers": {"list_speakers", "get_speaker", "list_speaker_quotes", "merge_speaker", "split_speaker"},
        "quotes": {"search_quotes", "get_quote", "correct_quote", "export_quotes_csv", "export_quotes_jsonl"},
        "statements": {"list_statements", "get_statement", "list_speaker_statements", "verify_wording"},
        "extract": {"extract_quotes"},
        "jobs": {"get_job"},
    }
    for tag, operations in expected.items():
        for operation in operations:
            assert callable(module(f"api.{tag}.{operation}").sync_detailed), f"{tag}.{operation}"


def test_speakers_and_a_speakers_quotes_come_as_typed_models(client):
    list_speakers = module("api.speakers.list_speakers")
    list_speaker_quotes = module("api.speakers.list_speaker_quotes")
    models = module("models")

    page = list_speakers.sync(client=client, q="homan")
    assert isinstance(page, models.SpeakerPage)
    (homan,) = page.items
    assert homan.slug == "tom-homan" and homan.kind == models.SpeakerKind.PERSON

    quotes = list_speaker_quotes.sync(client=client, id_or_slug="tom-homan", per_page=100)
    assert isinstance(quotes, models.QuotePage) and quotes.total == homan.quote_count == len(quotes.items)
    for quote in quotes.items:
        assert isinstance(quote.speaker, models.SpeakerBrief)  # a model, not a dict: attribute access works
        assert quote.speaker.slug == "tom-homan"
        assert isinstance(quote.kind, models.QuoteKind) and isinstance(
            quote.attribution_method, models.AttributionMethod
        )
        assert isinstance(quote.article, models.ArticleBrief) and isinstance(quote.article.published, datetime.date)
        assert quote.relation is None or isinstance(quote.relation, models.Relation)
        assert quote.identity is None or isinstance(quote.identity.method, models.IdentityMethod)
        for claim in quote.claims:
            assert isinstance(claim, models.Claim) and claim.start >= quote.start

    direct = list_speaker_quotes.sync(client=client, id_or_slug="tom-homan", kind=models.QuoteKind.DIRECT)
    assert direct.items and all(q.kind == models.QuoteKind.DIRECT for q in direct.items)


def test_quotes_without_a_speaker_parse_as_none(client):
    """Nullable nested objects: a quote whose speaker is null parses (searching every quote finds
    them if the seeds have any; every quote's speaker is a model or None)."""
    search_quotes = module("api.quotes.search_quotes")
    models = module("models")
    page = search_quotes.sync(client=client, per_page=100)
    assert page.total > 40
    assert all(q.speaker is None or isinstance(q.speaker, models.SpeakerBrief) for q in page.items)


def test_verify_answers_a_typed_verdict(client):
    verify_wording = module("api.statements.verify_wording")
    models = module("models")
    body = models.VerifyIn(text="Either she helps us or she gets out of the way", speaker="tom-homan")
    verdict = verify_wording.sync(client=client, body=body)
    assert isinstance(verdict, models.Verdict)
    assert verdict.verdict == models.VerdictValue.VARIANT
    match = verdict.matches[0]
    assert match.speaker.slug == "tom-homan" and isinstance(match.first_appearance, models.Appearance)
    assert all(isinstance(op.op, models.DiffOperation) for wording in match.wordings for op in wording.diff)
    assert verdict.archive.articles == 5

    by_id = verify_wording.sync(client=client, body=models.VerifyIn(text=body.text, speaker=match.speaker.id))
    assert by_id.verdict == models.VerdictValue.VARIANT  # the speaker as a JSON number


def test_a_404_parses_as_the_error_with_its_message(client):
    get_speaker = module("api.speakers.get_speaker")
    get_quote = module("api.quotes.get_quote")
    models = module("models")
    response = get_speaker.sync_detailed(client=client, id_or_slug="nobody-at-all")
    assert response.status_code == 404
    assert isinstance(response.parsed, models.Error)
    assert response.parsed.code == 404 and response.parsed.message == "No speaker 'nobody-at-all'."
    missing = get_quote.sync(client=client, quote_id=2**31 - 1)
    assert isinstance(missing, models.Error) and missing.message == f"No quote {2**31 - 1}."


def test_a_422_and_a_401_parse_as_the_error(client):
    search_quotes = module("api.quotes.search_quotes")
    ingest_article = module("api.articles.ingest_article")
    models = module("models")
    invalid = search_quotes.sync_detailed(client=client, per_page=1000)
    assert invalid.status_code == 422 and isinstance(invalid.parsed, models.Error)
    assert "per_page" in invalid.parsed.errors.additional_properties["query"]
    anonymous = ingest_article.sync_detailed(client=client, body=models.ArticleIn(text="“Yes,” she said."))
    assert anonymous.status_code == 401 and "API key" in anonymous.parsed.message


def test_an_ingest_with_metadata_through_the_client(authed):
    ingest_article = module("api.articles.ingest_article")
    get_article = module("api.articles.get_article")
    models = module("models")
    text = (
        "The city will not raise fares this year, the mayor said on Monday.\n"
        "“We heard the riders, and we are keeping every fare where it is,” said Mayor Dana Reyes."
    )
    body = models.ArticleIn(
        text=text,
        outlet="The Typed Client Gazette",
        title="Fares stay put",
        url="https://gazette.example/fares-stay-put",
        published=datetime.date(2024, 11, 22),
        author="A. Reporter",
    )
    response = ingest_article.sync_detailed(client=authed, body=body)
    assert response.status_code == 201, response.content
    answer = response.parsed
    assert isinstance(answer, models.IngestAnswer) and answer.created is True
    article = answer.article
    assert (article.outlet, article.title, article.url, article.published, article.author) == (
        "The Typed Client Gazette",
        "Fares stay put",
        "https://gazette.example/fares-stay-put",
        datetime.date(2024, 11, 22),
        "A. Reporter",
    )
    assert any(q.speaker is not None and q.speaker.name == "Dana Reyes" for q in answer.quotes)
    stored = get_article.sync(client=authed, article_id=article.id)
    assert isinstance(stored, models.ArticleDetail) and stored.text == text
    for quote in answer.quotes:
        assert stored.text[quote.start : quote.end] == quote.text  # what the offsets index

    again = ingest_article.sync_detailed(client=authed, body=body)
    assert again.status_code == 200 and again.parsed.created is False


def test_the_exports_come_as_text_and_bytes(client):
    export_quotes_csv = module("api.quotes.export_quotes_csv")
    export_quotes_jsonl = module("api.quotes.export_quotes_jsonl")
    types = module("types")
    csv_text = export_quotes_csv.sync(client=client, speaker="tom-homan")
    assert isinstance(csv_text, str) and csv_text.lstrip("\ufeff").startswith("text,kind,speaker")
    jsonl = export_quotes_jsonl.sync(client=client, speaker="tom-homan")
    assert isinstance(jsonl, types.File)
    records = [json.loads(line) for line in jsonl.payload.read().decode("utf-8").splitlines()]
    assert records and all(record["speaker"] == "Tom Homan" for record in records)
