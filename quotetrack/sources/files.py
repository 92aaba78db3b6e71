"""Read articles from files: plain text, JSON, JSONL, HTML pages, or a directory of them.

A directory may carry `metadata.json` ({"articles": {"file.txt": {outlet, title, url,
published, author}}}) as seeds/ does.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from ..errors import InvalidInput
from ..types import Article
from ..urls import check_url

TEXT_SUFFIXES = {".txt", ".text", ".md"}
HTML_SUFFIXES = {".html", ".htm"}
READ_SUFFIXES = TEXT_SUFFIXES | HTML_SUFFIXES | {".json", ".jsonl"}
ARTICLE_FIELDS = ("outlet", "title", "url", "published", "author")


@dataclass(frozen=True)
class SourcedArticle:
    source: str  # the path (and line, for JSONL) it came from
    article: Article


@dataclass(frozen=True)
class Unreadable:
    """A file (or JSONL line) that gave no article, and why."""

    source: str
    reason: str


def article_from_mapping(data: dict, where: str) -> Article:
    if not isinstance(data, dict):
        raise InvalidInput(f"{where}: not a JSON object with an article", {"text": ["Not a JSON object."]})
    text = data.get("text")
    if not isinstance(text, str) or not text.strip():
        raise InvalidInput(f"{where}: no article text", {"text": ["Missing or empty."]})
    return Article(text=text, **article_fields(data, where))


def article_fields(data: dict, where: str) -> dict:
    """outlet, title, url, published (a date) and author from `data`; None where absent."""
    published = data.get("published") or data.get("date")
    try:
        published = date.fromisoformat(str(published)[:10]) if published else None
    except ValueError:
        problem = {"published": ["Not an ISO date (YYYY-MM-DD)."]}
        raise InvalidInput(f"{where}: bad date {published!r}", problem) from None
    fields = {**{k: data.get(k) for k in ARTICLE_FIELDS}, "published": published}
    fields["url"] = check_url(fields["url"], where)  # javascript:, data: and the like: a named error
    return fields


def _metadata(directory: Path) -> dict[str, dict]:
    path = directory / "metadata.json"
    if not path.exists():
        return {}
    data = _json(_read_text(path), str(path))
    articles = data.get("articles", {}) if isinstance(data, dict) else None
    if not isinstance(articles, dict):
        raise InvalidInput(f'{path}: expected {{"articles": {{file name: metadata}}}}')
    return articles


def _files(path: Path) -> list[Path]:
    if path.is_dir():
        return [c for c in sorted(path.iterdir()) if c.name != "metadata.json" and c.suffix in READ_SUFFIXES]
    if path.exists():
        return [path]
    raise InvalidInput(f"{path}: no such file or directory")


def read_path(path: Path) -> Iterator[SourcedArticle]:
    """Every article under `path`; the first bad file raises InvalidInput."""
    metadata = _metadata(path if path.is_dir() else path.parent)
    for file in _files(path):
        yield from _read_file(file, metadata.get(file.name, {}))


def read_sources(path: Path) -> Iterator[SourcedArticle | Unreadable]:
    """Every article under `path`, and an Unreadable (with its reason) for each file that is
    not UTF-8, empty, broken JSON or has no article: one bad file does not stop a directory.
    A missing path or a broken metadata.json still raises InvalidInput, since every file's
    metadata would be wrong."""
    metadata = _metadata(path if path.is_dir() else path.parent)
    for file in _files(path):
        if file.suffix == ".jsonl":  # one bad line loses that line only
            try:
                lines = _read_text(file).splitlines()
            except InvalidInput as error:
                yield Unreadable(str(file), error.message)
                continue
            for number, line in enumerate(lines, 1):
                if line.strip():
                    try:
                        yield _jsonl_article(file, number, line)
                    except InvalidInput as error:
                        yield Unreadable(f"{file}:{number}", error.message)
            continue
        try:
            yield from list(_read_file(file, metadata.get(file.name, {})))  # all of the file, or none of it
        except InvalidInput as error:
            yield Unreadable(str(file), error.message)


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise InvalidInput(f"{path}: not UTF-8 text (byte {error.start})") from error
    except OSError as error:
        raise InvalidInput(f"{path}: cannot be read ({error.strerror})") from error


def _jsonl_article(path: Path, number: int, line: str) -> SourcedArticle:
    where = f"{path}:{number}"
    return SourcedArticle(where, article_from_mapping(_json(line, where), where))


def _read_file(path: Path, metadata: dict) -> Iterator[SourcedArticle]:
    if path.suffix in HTML_SUFFIXES:
        from .webpage import article_from_html

        try:
            page = path.read_bytes()  # bytes: trafilatura decodes by the page's declared charset
        except OSError as error:
            raise InvalidInput(f"{path}: cannot be read ({error.strerror})") from error
        if not page.strip():
            raise InvalidInput(f"{path}: empty file")
        # metadata.json's fields win over the page's own
        yield SourcedArticle(str(path), article_from_html(page, str(path), **article_fields(metadata, str(path))))
    elif path.suffix == ".jsonl":
        for number, line in enumerate(_read_text(path).splitlines(), 1):
            if line.strip():
                yield _jsonl_article(path, number, line)
    elif path.suffix == ".json":
        data = _json(_read_text(path), str(path))
        for number, item in enumerate(data if isinstance(data, list) else [data]):
            yield SourcedArticle(str(path), article_from_mapping(item, f"{path}[{number}]"))
    else:
        yield SourcedArticle(str(path), article_from_mapping({**metadata, "text": _read_text(path)}, str(path)))


def _json(text: str, where: str):
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidInput(f"{where}: not JSON ({error.msg} at line {error.lineno})") from error
