"""The command line's rough edges: verify without a database, bad files in a directory
ingest, eval without textacy. Run in-process with click's CliRunner."""

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlalchemy import func, select

from quotetrack.cli import main
from quotetrack.storage import Database
from quotetrack.storage.models import ArticleRow

PAGE = Path(__file__).parent / "data" / "article_page.html"
GOOD = "The mayor spoke on Monday.\n\u201cWe will rebuild the wall,\u201d Mayor Helen Acosta said.\n"


def test_verify_without_a_database_is_an_error_and_creates_none(tmp_path):
    missing = tmp_path / "nowhere.sqlite3"
    result = CliRunner().invoke(main, ["verify", "No, absolutely not"], env={"DATABASE_URL": f"sqlite:///{missing}"})
    assert result.exit_code != 0
    assert "no database at" in result.output and str(missing) in result.output
    assert "Traceback" not in result.output
    assert not missing.exists()


@pytest.mark.model
def test_verify_with_a_database_still_answers(tmp_path):
    database = tmp_path / "empty.sqlite3"
    Database(f"sqlite:///{database}").migrate()
    result = CliRunner().invoke(main, ["verify", "No, absolutely not"], env={"DATABASE_URL": f"sqlite:///{database}"})
    assert result.exit_code == 0, result.output
    assert "verdict: not_found" in result.output


def _article_count(url: str) -> int:
    db = Database(url)
    try:
        with db.reading() as session:
            return session.scalar(select(func.count()).select_from(ArticleRow)) or 0
    finally:
        db.engine.dispose()


@pytest.mark.model
def test_directory_ingest_skips_bad_files_names_each_stores_the_rest(tmp_path):
    folder = tmp_path / "articles"
    folder.mkdir()
    (folder / "good.txt").write_text(GOOD, encoding="utf-8")
    (folder / "page.html").write_bytes(PAGE.read_bytes())
    (folder / "latin1.txt").write_bytes("\u201cCaf\u00e9 cr\u00e8me,\u201d he said.".encode("cp1252"))
    (folder / "empty.txt").write_text("", encoding="utf-8")
    (folder / "broken.json").write_text('{"text": "unfinished', encoding="utf-8")
    (folder / "lines.jsonl").write_text(
        json.dumps({"text": GOOD.replace("Monday", "Tuesday"), "outlet": "Wire"}) + "\n{oops\n", encoding="utf-8"
    )
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    result = CliRunner().invoke(main, ["ingest", str(folder)], env={"DATABASE_URL": url})
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    lines = result.output.splitlines()

    def reason(name: str) -> str:
        return next(line for line in lines if line.startswith(f"skipped {folder / name}"))

    assert "not UTF-8" in reason("latin1.txt")
    assert "no article text" in reason("empty.txt")
    assert "not JSON" in reason("broken.json")
    assert "not JSON" in reason("lines.jsonl:2")
    assert "4 source(s) skipped" in result.output
    # The good ones are stored: good.txt, page.html and the first JSONL line.
    assert sum(": article " in line and "(new)" in line for line in lines) == 3
    assert _article_count(url) == 3


@pytest.mark.model
def test_ingest_of_an_html_page_stores_its_metadata(tmp_path):
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    result = CliRunner().invoke(main, ["ingest", str(PAGE)], env={"DATABASE_URL": url})
    assert result.exit_code == 0, result.output
    db = Database(url)
    with db.reading() as session:
        row = session.scalars(select(ArticleRow)).one()
        assert (row.title, row.outlet, row.author) == (
            "Harbor town votes to rebuild its sea wall",
            "The Coastal Ledger",
            "Dana Whitcombe",
        )
        assert "Related articles" not in row.text and row.text.count("\n") == 5
    db.engine.dispose()


def test_a_broken_metadata_json_stops_before_anything_is_stored(tmp_path):
    folder = tmp_path / "articles"
    folder.mkdir()
    (folder / "good.txt").write_text(GOOD, encoding="utf-8")
    (folder / "metadata.json").write_text("{", encoding="utf-8")
    database = tmp_path / "db.sqlite3"
    result = CliRunner().invoke(main, ["ingest", str(folder)], env={"DATABASE_URL": f"sqlite:///{database}"})
    assert result.exit_code == 1 and "metadata.json: not JSON" in result.output
    assert not database.exists()


GOLD = {
    "articles": [
        {
            "name": "tiny",
            "text": GOOD,
            "quotes": [{"text": "We will rebuild the wall,", "kind": "direct", "speaker": "Helen Acosta"}],
        }
    ]
}


@pytest.mark.model
def test_eval_without_textacy_runs_without_the_peer(tmp_path, monkeypatch):
    gold = tmp_path / "gold.json"
    gold.write_text(json.dumps(GOLD), encoding="utf-8")
    # None in sys.modules makes `import textacy` raise ImportError, as when it is not installed.
    for name in [m for m in sys.modules if m == "textacy" or m.startswith("textacy.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "textacy", None)
    result = CliRunner().invoke(main, ["eval", str(gold)])
    assert result.exit_code == 0, result.output
    assert "textacy is not installed" in result.output
    lines = result.output.splitlines()
    assert any(line.split()[:2] == ["quotetrack", "all"] for line in lines if line.strip())
    assert not any(line.startswith("textacy ") for line in lines)
    # The report names the command that reproduces it.
    assert any(line.startswith("$ quotetrack eval") and line.endswith("--no-peer") for line in lines)
