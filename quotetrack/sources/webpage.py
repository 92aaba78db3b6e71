"""A news web page in, an Article out: the body text and its metadata, boilerplate removed.

trafilatura (Apache-2.0) finds the article body and drops navigation, headers, footers,
figure captions, related-article lists and scripts, so none of them can produce quotes; it
also reads the title, date, author, site name and canonical URL from the page's metadata.
The stored article text is trafilatura's text, one paragraph per line: every quote offset
refers to it, not to the HTML.

Fetching a page by URL is for callers that have the FETCH_URLS setting on: http and https
only, public addresses only (checked on the resolved address, which is the one connected to,
after every redirect), one deadline and one size cap for the whole fetch.
"""

from __future__ import annotations

import http.client
import socket
import threading
import time
from collections.abc import Callable
from datetime import date
from ipaddress import IPv4Address, IPv6Address, ip_address, ip_network
from urllib.parse import urljoin, urlsplit

from ..errors import InvalidInput
from ..types import Article
from ..urls import is_http_url

FETCH_TIMEOUT = 10.0  # seconds for the whole fetch: resolving, connecting, redirects, every read
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


def public_address(address: IPv4Address | IPv6Address) -> bool:
    """May the server connect to `address` on a client's behalf? Only globally reachable
    unicast: loopback, private, link-local, shared (100.64/10), multicast, reserved and
    unspecified addresses are refused, and so is an IPv6 address that carries a refused IPv4
    one (IPv4-mapped, 6to4, Teredo, NAT64): each would reach this machine or its network."""
    if isinstance(address, IPv6Address):
        embedded = [address.ipv4_mapped, address.sixtofour, *(address.teredo or ())]
        if address in _NAT64:
            embedded.append(IPv4Address(int(address) & 0xFFFFFFFF))
        if any(inner is not None and not public_address(inner) for inner in embedded):
            return False
    # is_global alone lets multicast through (ff0e::/16 is "global" to Python 3.11)
    return address.is_global and not address.is_multicast


_NAT64 = ip_network("64:ff9b::/96")
AddressPolicy = Callable[[IPv4Address | IPv6Address], bool]
ADDRESS_POLICY: AddressPolicy = public_address  # the addresses fetch_html may connect to
_REDIRECTS = {301, 302, 303, 307, 308}
MAX_REDIRECTS = 5


def _refused(url: str, why: str) -> InvalidInput:
    return InvalidInput(f"{url}: {why}", {"url": [why]})


class _Deadline:
    """One deadline for the whole fetch, redirects included. Socket timeouts are per call (a
    server sending a byte every few seconds never trips them), so a timer shuts the sockets
    down when the time is up, whatever call is waiting on them."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.at = time.monotonic() + seconds
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()
        self._expired = False
        self._timer = threading.Timer(seconds, self._expire)
        self._timer.daemon = True
        self._timer.start()

    def left(self) -> float:
        return max(0.0, self.at - time.monotonic())

    @property
    def expired(self) -> bool:
        return self._expired or self.left() <= 0

    def watch(self, sock: socket.socket) -> None:
        with self._lock:
            self._sockets.append(sock)
            expired = self._expired
        if expired:
            self._shutdown(sock)

    def _expire(self) -> None:
        with self._lock:
            self._expired = True
            sockets = list(self._sockets)
        for sock in sockets:
            self._shutdown(sock)

    @staticmethod
    def _shutdown(sock: socket.socket) -> None:
        try:
            sock.shutdown(socket.SHUT_RDWR)  # wakes a blocked recv; close() would not
        except OSError:
            pass

    def cancel(self) -> None:
        self._timer.cancel()


def _resolve(host: str, port: int, deadline: _Deadline) -> list[str]:
    """The host's addresses. getaddrinfo has no timeout of its own: it runs in a thread that
    is abandoned at the deadline. Numeric forms (127.1, 2130706433, 0x7f000001, 0) come back
    as the address they mean, so the policy sees what a connect would reach."""
    found: dict[str, object] = {}

    def lookup() -> None:
        try:
            found["infos"] = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        except (OSError, UnicodeError) as error:
            found["error"] = error

    thread = threading.Thread(target=lookup, daemon=True)
    thread.start()
    thread.join(deadline.left())
    if "infos" not in found:
        raise OSError(f"cannot resolve {host}: {found.get('error', 'timed out')}")
    infos = found["infos"]
    assert isinstance(infos, list)
    return list(dict.fromkeys(str(info[4][0]).split("%")[0] for info in infos))


class _PinnedHTTPConnection(http.client.HTTPConnection):
    """Connects to the address that was checked, never to a second lookup of the name (which
    a rebinding DNS server could answer with 127.0.0.1); Host still names the site."""

    def __init__(self, host: str, port: int, address: str, deadline: _Deadline):
        super().__init__(host, port, timeout=max(deadline.left(), 0.001))
        self._address, self._deadline = address, deadline

    def connect(self) -> None:
        self.sock = _pinned_socket(self._address, self.port, self._deadline)


class _PinnedHTTPSConnection(http.client.HTTPSConnection):
    """The same for https; the certificate is checked against the URL's host name."""

    def __init__(self, host: str, port: int, address: str, deadline: _Deadline):
        super().__init__(host, port, timeout=max(deadline.left(), 0.001))
        self._address, self._deadline = address, deadline

    def connect(self) -> None:
        sock = _pinned_socket(self._address, self.port, self._deadline)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)  # type: ignore[attr-defined]


def _pinned_socket(address: str, port: int, deadline: _Deadline) -> socket.socket:
    sock = socket.create_connection((address, port), max(deadline.left(), 0.001))
    deadline.watch(sock)
    return sock


def _open(url: str, deadline: _Deadline, allow: AddressPolicy) -> http.client.HTTPConnection:
    """A connection to `url`'s host at an address the policy allows, the GET sent."""
    parts = urlsplit(url)
    if parts.scheme not in _SCHEMES:
        raise _refused(url, "Only http and https URLs are fetched (redirects included).")
    host = parts.hostname
    if not host:
        raise _refused(url, "No host in the URL.")
    port = parts.port or (443 if parts.scheme == "https" else 80)
    addresses = _resolve(host, port, deadline)
    # Every address must be public: a name answering one public and one private address
    # would otherwise reach the private one whenever the public one is slow.
    for text in addresses:
        if not allow(ip_address(text)):
            raise _refused(url, f"{host} is not a public address ({text}): refused.")
    last_error: OSError | None = None
    for address in addresses:
        connection: http.client.HTTPConnection
        if parts.scheme == "https":
            connection = _PinnedHTTPSConnection(host, port, address, deadline)
        else:
            connection = _PinnedHTTPConnection(host, port, address, deadline)
        try:
            path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
            connection.request("GET", path, headers=_HEADERS)
            return connection
        except OSError as error:
            connection.close()
            last_error = error
    raise last_error or OSError(f"no address for {host}")


_HEADERS = {"User-Agent": "quotetrack", "Accept": "text/html", "Accept-Encoding": "identity", "Connection": "close"}


def fetch_html(
    url: str,
    timeout: float = FETCH_TIMEOUT,
    max_bytes: int = FETCH_MAX_BYTES,
    allow: AddressPolicy | None = None,
) -> bytes:
    """The page at `url` (http or https), at most `max_bytes`, within `timeout` seconds for
    the whole fetch (redirects followed here, at most MAX_REDIRECTS, each hop checked again).
    Only addresses `allow` accepts are connected to (default ADDRESS_POLICY, read at each
    call so a test can stand a loopback server in for a public site). No proxy is used: a
    proxy would connect to addresses this check never saw. InvalidInput on any failure or
    refusal."""
    allow = allow or ADDRESS_POLICY
    if urlsplit(url).scheme not in _SCHEMES:
        raise InvalidInput(f"{url}: only http and https URLs are fetched", {"url": ["Not an http(s) URL."]})
    deadline = _Deadline(timeout)
    try:
        return _fetch(url, deadline, max_bytes, allow)
    except InvalidInput:
        raise
    except (OSError, http.client.HTTPException, ValueError) as error:
        if deadline.expired:
            raise _refused(url, f"The fetch took longer than {timeout:g} s.") from error
        raise _refused(url, f"Fetch failed: {error}") from error
    finally:
        deadline.cancel()


def _fetch(url: str, deadline: _Deadline, max_bytes: int, allow: AddressPolicy) -> bytes:
    for _hop in range(MAX_REDIRECTS + 1):
        connection = _open(url, deadline, allow)
        try:
            response = connection.getresponse()
            if response.status in _REDIRECTS:
                location = response.getheader("Location")
                if not location:
                    raise _refused(url, f"HTTP {response.status} without a Location.")
                url = urljoin(url, location)
                continue
            if response.status != 200:
                raise _refused(url, f"The page answered HTTP {response.status}.")
            return _read(url, response, deadline, max_bytes)
        finally:
            connection.close()
    raise _refused(url, f"More than {MAX_REDIRECTS} redirects.")


def _read(url: str, response: http.client.HTTPResponse, deadline: _Deadline, max_bytes: int) -> bytes:
    """The body, at most `max_bytes` in all (not per read), before the deadline."""
    too_large = _refused(url, f"Page over {max_bytes} bytes.")
    declared = response.getheader("Content-Length")
    if declared and declared.isdigit() and int(declared) > max_bytes:
        raise too_large
    body = bytearray()
    while True:
        chunk = response.read(min(65536, max_bytes + 1 - len(body)))
        if not chunk:
            break
        body += chunk
        if len(body) > max_bytes:
            raise too_large
        if deadline.expired:
            raise OSError("deadline")
    if deadline.expired:  # the timer cut the connection: what came is not the whole page
        raise OSError("deadline")
    return bytes(body)


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
