"""The README's tour, run: every example between the `<!-- checked ... -->` marks of README.md and
of the docs the rest of the tour moved to (docs/api-tour.md, then docs/identity.md's keys and
corrections, which write) is executed in order against a freshly seeded site (the seeds ingested with `quotetrack ingest seeds/`
into SQLite and served by gunicorn, as scripts/serve-seeds.sh does), and each answer shown is
compared with the real one, so the README's ids and counts cannot drift from the seeds.

The examples are read from those files here, not copied: a ```bash block's commands run one after
the other (`curl` as an HTTP request to the site with its method, headers and body; `quotetrack`
as the command with the site's DATABASE_URL; `KEY=...` takes the site's API key); a ```json block
right after it is the last command's answer. How an answer shown is compared (the README trims):
an object's keys shown must be there with those values (keys not shown are trimmed); `"...": "..."`
says so, and `"..."` as a value or as a list's last item stands for anything; a number matches to
the digits shown. Nothing is faked.
"""

from __future__ import annotations

import json
import re
import shlex
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from .live_site import Site, quotetrack, serve_copy

pytestmark = pytest.mark.model

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
# Every file with checked examples, in the order they run: the README's short tour, the whole tour
# (reads only), then keys and corrections (writes: a key, an alias, a rejection, a merge).
CHECKED = (README, ROOT / "docs" / "api-tour.md", ROOT / "docs" / "identity.md")
CARDS = ROOT / "docs" / "cards.md"  # the oEmbed example
REGION = re.compile(r"<!-- checked by tests/test_readme\.py -->(.*?)<!-- end of checked -->", re.S)
FENCE = re.compile(r"^```(\w+)\n(.*?)^```$", re.S | re.M)
ANYTHING = "..."


@dataclass
class Example:
    commands: list[list[str]]
    shown: object = None  # the json block after the commands, if any
    line: int = 0
    where: str = "README.md"
    answers: list = field(default_factory=list)


def examples(readme: str, where: str = "README.md") -> list[Example]:
    """The bash blocks of the marked regions, in order, each with the json block right after it."""
    found: list[Example] = []
    regions = list(REGION.finditer(readme))
    assert regions, f"no <!-- checked by tests/test_readme.py --> region in {where}"
    for region in regions:
        previous: Example | None = None
        for block in FENCE.finditer(region.group(1)):
            language, body = block.group(1), block.group(2)
            line = readme.count("\n", 0, region.start(1) + block.start()) + 1
            if language == "bash":
                previous = Example(commands=commands(body), line=line, where=where)
                found.append(previous)
            elif language == "json" and previous is not None and previous.shown is None:
                previous.shown = json.loads(body)
            else:
                previous = None
    return found


def commands(script: str) -> list[list[str]]:
    """Each command of a bash block as its words: continued lines joined, comments dropped."""
    joined = re.sub(r"\\\n", " ", script)
    return [words for line in joined.splitlines() if (words := shlex.split(line, comments=True))]


def run(command: list[str], site: Site, variables: dict[str, str]):
    """A command of the README against the site: the answer (JSON, parsed) or the command's output."""
    command = [word.replace("$KEY", variables.get("KEY", "$KEY")) for word in command]
    if len(command) == 1 and "=" in command[0]:
        name, _, _value = command[0].partition("=")
        variables[name] = site.key  # KEY=qt_... stands for the key serve-seeds.sh printed
        return None
    if command[0] == "quotetrack":
        return quotetrack(site.env, *command[1:])
    assert command[0] == "curl", f"the README tour runs curl and quotetrack, not {command[0]}"
    return curl(command[1:], site)


def curl(arguments: list[str], site: Site):
    method, headers, body, url = "GET", {}, None, None
    words = iter(arguments)
    for word in words:
        if word == "-X":
            method = next(words)
        elif word == "-H":
            name, _, value = next(words).partition(":")
            headers[name.strip()] = value.strip()
        elif word == "-d":
            body = next(words).encode()
            method = "POST" if method == "GET" else method
        elif not word.startswith("-"):
            url = re.sub(r"^(https?://)?localhost:5000", site.base, word)
        else:
            raise AssertionError(f"curl option {word} is not one the README test knows")
    assert url is not None
    request = urllib.request.Request(url, data=body, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def mismatches(shown, actual, where: str = "") -> list[str]:
    """Where the answer shown differs from the real one (empty: it matches), by the rules above."""
    if shown == ANYTHING:
        return []
    if isinstance(shown, dict):
        if not isinstance(actual, dict):
            return [f"{where}: an object in the README, {actual!r} in fact"]
        problems = []
        for key, value in shown.items():
            if key == ANYTHING:
                continue
            if key not in actual:
                problems.append(f"{where}.{key}: not in the answer")
            else:
                problems += mismatches(value, actual[key], f"{where}.{key}")
        return problems
    if isinstance(shown, list):
        if not isinstance(actual, list):
            return [f"{where}: a list in the README, {actual!r} in fact"]
        open_ended = bool(shown) and shown[-1] == ANYTHING
        items = shown[:-1] if open_ended else shown
        if len(actual) < len(items) or (not open_ended and len(actual) != len(items)):
            return [f"{where}: {len(items)} items in the README, {len(actual)} in fact"]
        return [problem for i, item in enumerate(items) for problem in mismatches(item, actual[i], f"{where}[{i}]")]
    if isinstance(shown, float) and isinstance(actual, int | float) and not isinstance(actual, bool):
        digits = len(repr(shown).partition(".")[2])
        return [] if abs(actual - shown) <= 0.5 * 10**-digits + 1e-12 else [f"{where}: {shown} shown, {actual} in fact"]
    return [] if shown == actual and type(shown) is type(actual) else [f"{where}: {shown!r} shown, {actual!r} in fact"]


@pytest.fixture(scope="module")
def site(seeded_database, tmp_path_factory):
    served = serve_copy(seeded_database, tmp_path_factory.mktemp("readme-site"))
    yield served
    served.stop()


def _tour() -> list[Example]:
    """The checked examples of every file, in the order of CHECKED."""
    return [
        example
        for path in CHECKED
        for example in examples(path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix())
    ]


def test_every_doc_with_checked_examples_is_run():
    """A docs page with the marks that CHECKED does not list would show answers nobody checks."""
    marked = {path for path in (ROOT / "docs").rglob("*.md") if REGION.search(path.read_text(encoding="utf-8"))}
    assert marked <= set(CHECKED), sorted(str(path) for path in marked - set(CHECKED))


def test_the_readme_tour_answers_what_it_shows(site):
    tour = _tour()
    shown = [example for example in tour if example.shown is not None]
    assert sum(1 for example in shown if example.where == "README.md") >= 3  # the README's short tour
    assert len(shown) >= 11  # the marks still hold the whole tour
    variables: dict[str, str] = {}
    problems = []
    for example in tour:
        answers = [run(command, site, variables) for command in example.commands]
        for index, (command, answer) in enumerate(zip(example.commands, answers, strict=True)):
            shown_here = example.shown is not None and index == len(answers) - 1
            if isinstance(answer, tuple) and not shown_here:  # an answer not shown must be a success
                assert answer[0] < 400, f"{example.where} line {example.line}: {shlex.join(command)} answered {answer}"
        if example.shown is None:
            continue
        last = answers[-1]
        actual = last[1] if isinstance(last, tuple) else last
        found = mismatches(example.shown, actual)
        problems += [f"{example.where} line {example.line}: {problem}" for problem in found]
    assert not problems, "\n".join(problems)


def test_the_comparison_catches_drift():
    """The rules above, on the kinds of drift the README had: an id, a count, a similarity."""
    actual = {"id": 14, "total": 7, "similarity": 0.8774, "items": [{"a": 1}, {"a": 2}], "extra": True}
    assert mismatches({"id": 14, "total": 7, "similarity": 0.877, "...": "..."}, actual) == []
    assert mismatches({"items": [{"a": 1}, "..."]}, actual) == []
    assert mismatches({"id": 10}, actual) == [".id: 10 shown, 14 in fact"]
    assert mismatches({"similarity": 0.878}, actual) == [".similarity: 0.878 shown, 0.8774 in fact"]
    assert mismatches({"items": [{"a": 1}]}, actual) == [".items: 1 items in the README, 2 in fact"]
    assert mismatches({"missing": 1}, actual) == [".missing: not in the answer"]
    assert mismatches({"total": 7.0}, {"total": True}) != []


def _oembed_example(readme: str) -> dict:
    """The oEmbed answer docs/cards.md shows (outside the tour: its host is the example's)."""
    section = readme.split("`GET /api/v1/oembed?url=CARD_URL&maxwidth=500&format=json`", 1)[1]
    return json.loads(FENCE.search(section).group(2))


def test_the_oembed_example_is_the_seeds_answer(site):
    """Issue 42 item 6: the title said 94% where the answer says 99.8%."""
    shown = _oembed_example(CARDS.read_text(encoding="utf-8"))
    card = re.search(r"/cards/quotes/\d+", shown["html"]).group(0)
    status, actual = curl([f"localhost:5000/api/v1/oembed?url={site.base}{card}&maxwidth=500&format=json"], site)
    assert status == 200
    for key in ("type", "width", "height", "author_name", "title"):
        assert shown[key] == actual[key], (key, shown[key], actual[key])
    assert actual["html"].startswith(shown["html"].split("<script>")[0].replace("http://127.0.0.1:5000", site.base))


def test_the_command_line_is_on_the_path_before_the_readme_first_runs_it():
    """Issue 42 item 6: `quotetrack keys create` needs the venv's command, said only later. Each
    checked file that runs `quotetrack` says how to get it before its first command line."""
    runs = 0
    for path in CHECKED:
        text = path.read_text(encoding="utf-8")
        starts = [m.start() for m in re.finditer(r"^quotetrack ", text, re.M)]
        if not starts:
            continue
        runs += 1
        before = text[: min(starts)]
        assert ".venv/bin/activate" in before or ".venv/bin/quotetrack" in before.split("```")[-2], path.name
    assert runs, "no checked file runs quotetrack any more: the keys example is gone"
