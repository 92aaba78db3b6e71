"""A freshly seeded site as `scripts/serve-seeds.sh` makes one: `quotetrack migrate` and
`quotetrack ingest seeds/` into a SQLite file, an API key from `quotetrack keys create`, and the
API under gunicorn on a loopback port. For the tests that use the API as its users do: the
generated typed client (test_typed_client.py) and the README's tour (test_readme.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from .processes import QUOTETRACK, Stack

ROOT = Path(__file__).resolve().parent.parent
# Settings of the developer's or CI's environment that would change what the site answers.
UNSET = ("BROKER_URL", "RATE_LIMIT_STORAGE_URI", "PUBLIC_BASE_URL", "FETCH_URLS")


def site_env(database: Path) -> dict[str, str]:
    env = {name: value for name, value in os.environ.items() if name not in UNSET}
    return {**env, "DATABASE_URL": f"sqlite:///{database}"}


def quotetrack(env: dict[str, str], *args: str) -> str:
    done = subprocess.run([str(QUOTETRACK), *args], env=env, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"quotetrack {' '.join(args)}: {done.stderr[-3000:]}"
    return done.stdout


def seed(database: Path) -> None:
    """What serve-seeds.sh does before it serves: migrate, ingest the seeds."""
    env = site_env(database)
    quotetrack(env, "migrate")
    quotetrack(env, "ingest", "seeds/")


@dataclass
class Site:
    base: str
    key: str
    env: dict[str, str]
    stack: Stack

    def stop(self) -> None:
        self.stack.stop()


def serve_copy(template: Path, directory: Path) -> Site:
    """A copy of the seeded database (each test module its own, so that one's writes never show in
    another's answers), a key, and gunicorn serving it."""
    directory.mkdir(parents=True, exist_ok=True)
    database = directory / "seeds.sqlite3"
    shutil.copyfile(template, database)
    env = site_env(database)
    key = quotetrack(env, "keys", "create", "--name", "local", "--scope", "ingest,curate").strip().splitlines()[-1]
    stack = Stack(env=env, logs=directory)
    base = stack.start_api(web_workers=1)
    return Site(base=base, key=key, env=env, stack=stack)
