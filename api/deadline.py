"""A time limit on every request (REQUEST_TIMEOUT), shorter than gunicorn's worker `--timeout`.

Past gunicorn's timeout the arbiter kills the worker mid-request and the client gets gunicorn's own
answer; past this limit the request is stopped inside the app instead: a 503 in the one error shape
with Retry-After, any open transaction rolled back, and the worker lives on.

How: a one-shot SIGALRM timer (setitimer) armed when a request starts and disarmed when it ends; its
handler raises RequestTimedOut in the request's code. Signals reach only the main thread, so the
limit applies where each request runs on a worker's main thread (gunicorn's default sync workers,
Flask's test client); a threaded server goes without it. Python runs the handler between bytecodes:
a long call into C (one spaCy component over a long text, an SQLite busy wait) ends first, and
gunicorn's timeout stays the backstop for that (its answer is in the error shape too: api/security.py).
"""

from __future__ import annotations

import signal
import threading

from flask import Flask, current_app, g
from werkzeug.exceptions import ServiceUnavailable

RETRY_AFTER = 5  # seconds, in the 503
# If code under the request swallows the first RequestTimedOut (a broad `except Exception`), the
# timer fires again this much later, and again, until the request ends.
AGAIN_AFTER = 1.0


class RequestTimedOut(ServiceUnavailable):
    """The request ran past REQUEST_TIMEOUT (a 503 in the error shape, with Retry-After)."""


def _expired(signum, frame) -> None:
    signal.setitimer(signal.ITIMER_REAL, AGAIN_AFTER)
    limit = current_app.config["REQUEST_TIMEOUT"]
    raise RequestTimedOut(
        f"The request took longer than {limit:g} s and was stopped; anything it was writing was rolled back. "
        "Retrying is safe (ingest is idempotent); a long batch can go through the queue instead.",
        retry_after=RETRY_AFTER,
    )


def _arm() -> None:
    limit = float(current_app.config.get("REQUEST_TIMEOUT") or 0)
    if limit <= 0 or threading.current_thread() is not threading.main_thread():
        return
    g.deadline_previous_handler = signal.signal(signal.SIGALRM, _expired)
    signal.setitimer(signal.ITIMER_REAL, limit)


def _disarm(_error: BaseException | None = None) -> None:
    if "deadline_previous_handler" not in g:
        return
    signal.setitimer(signal.ITIMER_REAL, 0)
    signal.signal(signal.SIGALRM, g.pop("deadline_previous_handler"))


def init_app(app: Flask) -> None:
    # First of the before_request functions, so the limit covers the others (rate limits, keys).
    app.before_request_funcs.setdefault(None, []).insert(0, _arm)
    app.teardown_request(_disarm)
