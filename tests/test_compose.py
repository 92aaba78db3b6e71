"""docker-compose.yml runs the project's real commands (no Docker engine here: its YAML is
parsed and each command checked against `quotetrack --help`, the gunicorn app target, the
package extras and the settings registry)."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
import tomllib
from functools import cache
from pathlib import Path

import yaml

from quotetrack.config import SETTINGS

ROOT = Path(__file__).resolve().parent.parent
QUOTETRACK = Path(sys.executable).parent / "quotetrack"


def services() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"]


def command_words(service: dict) -> list[str]:
    command = service.get("command", "")
    command = " ".join(command) if isinstance(command, list) else command
    if command.startswith("sh -c "):
        command = shlex.split(command)[2]
    return shlex.split(command.replace("&&", " && "))


def steps(service: dict) -> list[list[str]]:
    words, current, found = command_words(service), [], []
    for word in [*words, "&&"]:
        if word == "&&":
            found.append(current)
            current = []
        else:
            current.append(word)
    return [step for step in found if step]


@cache  # each call starts a Python process
def help_text(*args: str) -> str:
    return subprocess.run([str(QUOTETRACK), *args, "--help"], capture_output=True, text=True, check=True).stdout


def test_the_stack_is_postgres_redis_migrations_once_api_and_workers():
    found = services()
    assert {"postgres", "redis", "migrate", "api", "worker"} <= set(found)
    assert ["quotetrack", "migrate"] in steps(found["migrate"])
    for name in ("api", "worker"):  # they start after the migration succeeded, and never migrate themselves
        assert found[name]["depends_on"]["migrate"] == {"condition": "service_completed_successfully"}
        assert not any(step[:2] == ["quotetrack", "migrate"] for step in steps(found[name]))


def test_every_quotetrack_command_and_option_exists():
    commands = re.findall(r"^  (\S+)", help_text(), re.MULTILINE)
    used = [step for service in services().values() for step in steps(service) if step[0] == "quotetrack"]
    assert used, "no quotetrack command in docker-compose.yml"
    for step in used:
        assert step[1] in commands, step
        for option in (word.split("=")[0] for word in step[2:] if word.startswith("--")):
            assert option in help_text(step[1]), step


def test_gunicorn_serves_the_app_factory_and_the_extras_exist():
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    gunicorn = [step for step in steps(services()["api"]) if step[0] == "gunicorn"]
    assert gunicorn and gunicorn[0][-1] == "api:create_app()"
    from api import create_app  # the target gunicorn imports

    assert callable(create_app)
    for service in services().values():
        for step in steps(service):
            if step[:2] == ["pip", "install"]:
                named = re.search(r"\.\[([a-z,]+)\]", " ".join(step))
                assert named and set(named.group(1).split(",")) <= set(extras), step


def test_environment_names_are_settings():
    names = {setting.name for setting in SETTINGS}
    for name, service in services().items():
        if name in ("postgres", "redis"):
            continue
        assert set(service["environment"]) <= names, name
