"""Queue throughput: articles per minute with 1 and then 2 `quotetrack worker` processes
(each --concurrency 1) in one run, their ratio, and the time from the 202 to the job being
done (p50, p95). Real processes: PostgreSQL and Redis (scripts/start-*.sh), gunicorn with 2
web workers, HTTP with `Prefer: respond-async`. Each round starts on an empty database and
ingests the same articles: the seeds and gum-news-quotes (read from ../shared at run time).

    python benchmarks/queue_throughput.py [--articles 29] > benchmarks/queue_throughput.txt
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import create_engine, text  # noqa: E402

from tests.processes import Stack, call, corpus, wait_for_jobs  # noqa: E402

POLL = 0.2  # seconds between job polls: the resolution of the 202 -> done times


def servers() -> tuple[str, str]:
    pg = subprocess.run(["bash", "scripts/start-postgres.sh"], cwd=ROOT, capture_output=True, text=True, check=True)
    redis_url = subprocess.run(["bash", "scripts/start-redis.sh"], cwd=ROOT, capture_output=True, text=True, check=True)
    admin = pg.stdout.strip()
    database_url = admin.rsplit("/", 1)[0] + "/quotetrack_bench"
    engine = create_engine(admin, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        if not connection.scalar(text("SELECT 1 FROM pg_database WHERE datname = 'quotetrack_bench'")):
            connection.execute(text("CREATE DATABASE quotetrack_bench"))
    engine.dispose()
    return database_url, redis_url.stdout.strip().rsplit("/", 1)[0] + "/3"


def reset(database_url: str, redis_url: str) -> None:
    engine = create_engine(database_url)
    with engine.begin() as connection:
        connection.execute(text("DROP SCHEMA public CASCADE; CREATE SCHEMA public;"))
    engine.dispose()
    import redis

    redis.Redis.from_url(redis_url).flushdb()


def round_(workers: int, bodies: list[dict], database_url: str, redis_url: str, logs: Path) -> dict:
    reset(database_url, redis_url)
    env = {**os.environ, "DATABASE_URL": database_url, "BROKER_URL": redis_url, "COREF_ENABLED": "false"}
    stack = Stack(env, logs=logs)
    try:
        stack.run("migrate")
        key = stack.run_output("keys", "create", "--name", "bench", "--scope", "ingest").strip().splitlines()[-1]
        headers = {"Authorization": f"Bearer {key}", "Prefer": "respond-async"}
        for _ in range(workers):
            stack.start_worker()
        base = stack.start_api()
        # Warm-up: one small job per worker, so every worker has loaded its pipeline.
        warm = [
            call("POST", f"{base}/api/v1/articles", {"text": f"“Warm {i},” Ann Lee said.\n"}, headers)[1]["id"]
            for i in range(workers * 2)
        ]
        wait_for_jobs(base, warm, timeout=180)

        def post(body):
            status, job, _ = call("POST", f"{base}/api/v1/articles", body, headers)
            assert status == 202, job
            return job["id"], time.monotonic()

        start = time.monotonic()
        with ThreadPoolExecutor(8) as pool:
            accepted = dict(pool.map(post, bodies))
        finished = wait_for_jobs(base, list(accepted), timeout=1800)
        assert all(job["status"] == "done" for job in finished.values()) and len(finished) == len(bodies)
        end = max(job["seen_finished"] for job in finished.values())
        latencies = sorted(finished[j]["seen_finished"] - accepted[j] for j in accepted)
        return {
            "workers": workers,
            "articles": len(bodies),
            "seconds": end - start,
            "per_minute": len(bodies) / (end - start) * 60,
            "p50": statistics.median(latencies),
            "p95": latencies[max(0, int(round(0.95 * len(latencies))) - 1)],
        }
    finally:
        stack.stop()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--articles", type=int, default=29)
    args = parser.parse_args()
    bodies = corpus(args.articles)
    chars = sum(len(b["text"]) for b in bodies)
    database_url, redis_url = servers()
    print(f"# {platform.processor() or platform.machine()}, {os.cpu_count()} cores; PostgreSQL + Redis on loopback")
    print(f"# {len(bodies)} articles ({chars:,} characters): seeds + gum-news-quotes; polling every {POLL} s\n")
    with tempfile.TemporaryDirectory() as logs:
        rounds = [round_(n, bodies, database_url, redis_url, Path(logs)) for n in (1, 2)]
    print(f"{'workers':>7} {'articles':>8} {'seconds':>8} {'articles/min':>12} {'p50 202->done':>14} {'p95':>8}")
    for r in rounds:
        print(
            f"{r['workers']:>7} {r['articles']:>8} {r['seconds']:>8.1f} {r['per_minute']:>12.1f} "
            f"{r['p50']:>13.1f}s {r['p95']:>7.1f}s"
        )
    ratio = rounds[1]["per_minute"] / rounds[0]["per_minute"]
    print(f"\n2 workers / 1 worker: {ratio:.2f}x")
    print(f"per worker at 2: {rounds[1]['per_minute'] / 2:.1f} articles/min")


if __name__ == "__main__":
    main()
