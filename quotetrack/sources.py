"""Read articles from files: plain text, JSON, JSONL, or a directory of them.

A directory may carry `metadata.json` ({"articles": {"file.txt": {outlet, title, url,
published, author}}}) as seeds/ does.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from .errors import InvalidInput
from .types import Article

TEXT_SUFFIXES = {".txt", ".text", ".md"}
ARTICLE_FIELDS = ("outlet", "title", "url", "published", "author")


@dataclass(frozen=True)
class SourcedArticle:
    source: str  # the path (and line, for JSONL) it came from
    article: Article


def article_from_mapping(data: dict, where: str) -> Article:
    text = data.get("text")
    if not isinstance(text, str) or not text.strip():
        raise InvalidInput(f"{where}: no article text", {"text": ["Missing or empty."]})
    published = data.get("published") or data.get("date")
    try:
        published = date.fromisoformat(str(published)[:10]) if published else None
    except ValueError:
        problem = {"published": ["Not an ISO date (YYYY-MM-DD)."]}
        raise InvalidInput(f"{where}: bad date {published!r}", problem) from None
    return Article(text=text, published=published, **{k: data.get(k) for k in ARTICLE_FIELDS if k != "published"})


def _metadata(directory: Path) -> dict[str, dict]:
    path = directory / "metadata.json"
    if not path.exists():
        return {}
    return json.loads(path.read_text(encoding="utf-8")).get("articles", {})


def read_path(path: Path) -> Iterator[SourcedArticle]:
    if path.is_dir():
        metadata = _metadata(path)
        for child in sorted(path.iterdir()):
            if child.name != "metadata.json" and child.suffix in TEXT_SUFFIXES | {".json", ".jsonl"}:
                yield from _read_file(child, metadata.get(child.name, {}))
    elif path.exists():
        yield from _read_file(path, _metadata(path.parent).get(path.name, {}))
    else:
        raise InvalidInput(f"{path}: no such file or directory")


def _read_file(path: Path, metadata: dict) -> Iterator[SourcedArticle]:
    if path.suffix == ".jsonl":
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.strip():
                yield SourcedArticle(
                    f"{path}:{number}", article_from_mapping(_json(line, f"{path}:{number}"), f"{path}:{number}")
                )
    elif path.suffix == ".json":
        data = _json(path.read_text(encoding="utf-8"), str(path))
        for number, item in enumerate(data if isinstance(data, list) else [data]):
            yield SourcedArticle(str(path), article_from_mapping(item, f"{path}[{number}]"))
    else:
        yield SourcedArticle(
            str(path), article_from_mapping({**metadata, "text": path.read_text(encoding="utf-8")}, str(path))
        )


def _json(text: str, where: str):
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidInput(f"{where}: not JSON ({error.msg} at line {error.lineno})") from error
