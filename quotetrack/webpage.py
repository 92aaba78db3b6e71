"""A news web page in, an Article out: the body text and its metadata, boilerplate removed.

trafilatura (Apache-2.0) finds the article body and drops navigation, headers, footers,
figure captions, related-article lists and scripts, so none of them can produce quotes; it
also reads the title, date, author, site name and canonical URL from the page's metadata.
The stored article text is trafilatura's text, one paragraph per line: every quote offset
refers to it, not to the HTML.

Fetching a page by URL is for callers that have the FETCH_URLS setting on: http and https
only, with a timeout and a size cap.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from datetime import date
from urllib.parse import urlsplit

from .errors import InvalidInput
from .types import Article
from .urls import is_http_url

FETCH_TIMEOUT = 10.0  # seconds, for connecting and for each read
FETCH_MAX_BYTES = 5_000_000  # a news page with inline scripts is rarely above 2 MB
_SCHEMES = ("http", "https")
_FIELDS = ("outlet", "title", "url", "published", "author")


def article_from_html(html: str | bytes, where: str = "html", **fields) -> Article:
    """The article in the page `html`. `fields` (outlet, title, url, published, author) given
    and not None win over what the page says. Bytes are decoded by trafilatura (it honours the
    page's declared charset); an unreadable or bodiless page is InvalidInput."""
    import trafilatura  # ~0.3 s of imports (lxml, dateparser): only when a page comes in
    import trafilatura.settings

    unknown = set(fields) - set(_FIELDS)
    if unknown:
        raise TypeError(f"unknown article fields {sorted(unknown)}")
    document = trafilatura.bare_extraction(
        html,
        url=fields.get("url"),
        with_metadata=True,
        # Precision over recall: a promo or caption kept as body text would be read as news
        # and its quote marks as quotes; a lost paragraph only loses its quotes.
        favor_precision=True,
        include_comments=False,
        include_tables=False,
        include_images=False,
        include_links=False,
    )
    # bare_extraction answers a Document (a dict only with as_dict=True), or None for no body
    if not isinstance(document, trafilatura.settings.Document) or not (document.text or "").strip():
        raise InvalidInput(f"{where}: no article body found in the page", {"html": ["No article body found."]})
    text = (document.text or "").strip()
    extracted = {
        "outlet": document.sitename or None,
        "title": document.title or None,
        "url": document.url if is_http_url(document.url) else None,  # a page's own javascript: link is dropped
        "published": _date(document.date),
        "author": document.author or None,
    }
    given = {name: value for name, value in fields.items() if value is not None}
    return Article(text=text, **{**extracted, **given})


def _date(value: str | None) -> date | None:
    try:
        return date.fromisoformat(value[:10]) if value else None
    except ValueError:  # trafilatura normalizes to YYYY-MM-DD; anything else is not trusted
        return None


class _SameSchemesRedirects(urllib.request.HTTPRedirectHandler):
    """Follow redirects only to http and https (urllib alone would also follow ftp)."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        if urlsplit(newurl).scheme not in _SCHEMES:
            raise InvalidInput(f"{newurl}: redirect to a non-HTTP URL refused", {"url": ["Redirects outside HTTP."]})
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def fetch_html(url: str, timeout: float = FETCH_TIMEOUT, max_bytes: int = FETCH_MAX_BYTES) -> bytes:
    """The page at `url` (http or https), at most `max_bytes`; InvalidInput on any failure."""
    if urlsplit(url).scheme not in _SCHEMES:
        raise InvalidInput(f"{url}: only http and https URLs are fetched", {"url": ["Not an http(s) URL."]})
    opener = urllib.request.build_opener(_SameSchemesRedirects)
    request = urllib.request.Request(url, headers={"User-Agent": "quotetrack", "Accept": "text/html"})
    try:
        with opener.open(request, timeout=timeout) as response:
            body = response.read(max_bytes + 1)  # one byte more tells "too large" from "exactly the cap"
    except (urllib.error.URLError, TimeoutError, OSError, ValueError) as error:
        reason = getattr(error, "reason", error)
        raise InvalidInput(
            f"{url}: could not fetch the page ({reason})", {"url": [f"Fetch failed: {reason}"]}
        ) from error
    if len(body) > max_bytes:
        raise InvalidInput(f"{url}: page larger than {max_bytes} bytes", {"url": [f"Page over {max_bytes} bytes."]})
    return body


def article_from_page(html: str | bytes | None, fetch: bool, **fields) -> Article:
    """The article in `html`; with `html` None, in the page at fields["url"], fetched only
    when `fetch` (the FETCH_URLS setting) is on."""
    if html is None:
        url = fields.get("url")
        if not url:
            raise InvalidInput("No article text, html or url.", {"text": ["Missing data for required field."]})
        if not fetch:
            message = "This server does not fetch URLs (FETCH_URLS is off): send the page as html, or the text."
            raise InvalidInput(message, {"url": [message]})
        html = fetch_html(url)
    return article_from_html(html, fields.get("url") or "html", **fields)
