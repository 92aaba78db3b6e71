"""The real app (api.create_app) with one test-only view, for gunicorn in tests/test_gunicorn_answers.py:
GET /test/slow?seconds=N runs Python for N seconds (a sleep loop), a stand-in for any slow work
(a long diff, a large batch) that is cheap on a shared machine. Everything else is the real app."""

from __future__ import annotations

import time

from flask import request

import api


def create_app():
    app = api.create_app()

    @app.get("/test/slow")
    def slow():
        seconds = float(request.args.get("seconds", "10"))
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            time.sleep(0.05)
        return {"slept": seconds}

    return app
