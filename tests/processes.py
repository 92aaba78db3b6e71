"""Real processes for the queue tests and the throughput benchmark: `quotetrack worker`
processes and the API under gunicorn on a loopback port, against the PostgreSQL and Redis
servers that scripts/test.sh starts. Also the article corpus they ingest, read at run time
from seeds/ and ../shared/data/gum-news-quotes/texts/ (never copied into the repository)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from quotetrack.sources.files import read_path

ROOT = Path(__file__).resolve().parent.parent
GUM_TEXTS = ROOT.parent / "shared" / "data" / "gum-news-quotes" / "texts"
QUOTETRACK = Path(sys.executable).parent / "quotetrack"


def corpus(n: int) -> list[dict]:
    """`n` distinct articles as API bodies: the seeds, then gum-news-quotes, then (where the
    shared data is absent or runs out) each seed's first and second halves as articles of their own."""
    bodies = []
    for item in read_path(ROOT / "seeds"):
        a = item.article
        bodies.append(
            {
                "text": a.text,
                "url": a.url,
                "outlet": a.outlet,
                "title": a.title,
                "published": a.published.isoformat() if a.published else None,
            }
        )
    if GUM_TEXTS.is_dir():
        for path in sorted(GUM_TEXTS.glob("*.txt")):
            bodies.append(
                {
                    "text": path.read_text(encoding="utf-8"),
                    "outlet": "Wikinews",
                    "url": f"https://gum.quotetrack.invalid/{path.stem}",
                }
            )
    seeds = list(bodies[:5])
    half = 0
    while len(bodies) < n:
        seed = seeds[half % len(seeds)]
        paragraphs = seed["text"].split("\n")
        part = paragraphs[: len(paragraphs) // 2] if half < len(seeds) else paragraphs[len(paragraphs) // 2 :]
        bodies.append({**seed, "text": "\n".join(part), "url": f"{seed['url']}/part-{half}"})
        half += 1
    return bodies[:n]


def new_version(body: dict) -> dict:
    """The same URL, edited: the last paragraph dropped and a correction appended."""
    paragraphs = body["text"].rstrip("\n").split("\n")
    text = "\n".join(paragraphs[:-1]) + "\nCorrection: an earlier version of this article misstated a date.\n"
    return {**body, "text": text}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Stack:
    """Workers and the API, each in its own process group (so one can be SIGKILLed whole)."""

    env: dict
    workers: list[subprocess.Popen] = field(default_factory=list)
    api: subprocess.Popen | None = None
    base: str = ""
    logs: Path = Path("/tmp")

    def run(self, *args: str) -> None:
        self.run_output(*args)

    def run_output(self, *args: str) -> str:
        done = subprocess.run([str(QUOTETRACK), *args], env=self.env, check=True, capture_output=True, text=True)
        return done.stdout

    def start_worker(self, concurrency: int = 1) -> subprocess.Popen:
        log = open(self.logs / f"worker-{len(self.workers)}.log", "w")  # noqa: SIM115 (closed with the process)
        process = subprocess.Popen(
            [str(QUOTETRACK), "worker", "--concurrency", str(concurrency)],
            env=self.env,
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.workers.append(process)
        return process

    def start_api(self, web_workers: int = 2, app: str = "api:create_app()", timeout: int = 120) -> str:
        port = free_port()
        log = open(self.logs / "api.log", "w")  # noqa: SIM115
        self.api = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "-b",
                f"127.0.0.1:{port}",
                "-w",
                str(web_workers),
                "--timeout",
                str(timeout),
                app,
            ],
            env=self.env,
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if self.api.poll() is not None:
                raise RuntimeError(f"gunicorn exited: {(self.logs / 'api.log').read_text()[-2000:]}")
            try:
                urllib.request.urlopen(f"{self.base}/api/v1/openapi.json", timeout=10)
                return self.base
            except OSError:
                time.sleep(0.3)
        raise RuntimeError("gunicorn did not answer in 90 s")

    @staticmethod
    def kill(process: subprocess.Popen, sig: int = signal.SIGKILL) -> None:
        """The whole process group: the worker's main process and its pool processes."""
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            pass
        process.wait(timeout=30)

    def stop(self) -> None:
        for process in [*self.workers, *([self.api] if self.api else [])]:
            if process.poll() is None:
                self.kill(process, signal.SIGTERM)


def call(method: str, url: str, body=None, headers: dict | None = None) -> tuple[int, dict, dict]:
    """One HTTP request; (status, JSON body, headers)."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(
        url, data=data, method=method, headers={"Content-Type": "application/json", **(headers or {})}
    )
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, json.load(response), dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error), dict(error.headers)


def wait_for_jobs(base: str, job_ids: list[str], timeout: float) -> dict[str, dict]:
    """Poll until every job is done or failed; the jobs, with the time each was first seen finished."""
    finished: dict[str, dict] = {}
    deadline = time.monotonic() + timeout
    while len(finished) < len(job_ids) and time.monotonic() < deadline:
        for job_id in job_ids:
            if job_id not in finished:
                _, job, _ = call("GET", f"{base}/api/v1/jobs/{job_id}")
                if job["status"] in ("done", "failed"):
                    finished[job_id] = {**job, "seen_finished": time.monotonic()}
        time.sleep(0.2)
    return finished
