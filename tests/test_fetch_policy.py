"""Fetching a page by URL (FETCH_URLS=true) reaches public addresses only, within one deadline
(issue 22, finding 3). Real HTTP servers on this machine's loopback, real sockets, real name
resolution (getaddrinfo reads 127.1, 2130706433, 0x7f000001 and 0 as the addresses they are).

What is faked, and only where a test says so: a server on 127.0.0.2 stands in for a public web
site. The tests that need one swap webpage.ADDRESS_POLICY for public_address plus that single
address; 127.0.0.1 and ::1, where the "internal" server listens, stay refused as in production.
The policy itself is checked on addresses alone (no traffic to private ranges from here)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from ipaddress import IPv4Address, ip_address

import pytest

from quotetrack.errors import InvalidInput
from quotetrack.sources import webpage
from quotetrack.sources.webpage import fetch_html, public_address

PUBLIC_STAND_IN = "127.0.0.2"  # Linux answers on all of 127.0.0.0/8
SECRET = b"<html><body><p>internal admin page: secret</p></body></html>"


class _Internal(BaseHTTPRequestHandler):
    """What an attacker wants: a service that trusts loopback. Counts every request it gets."""

    hits: list[str] = []

    def do_GET(self):
        type(self).hits.append(self.path)
        self.send_response(200)
        self.send_header("Content-Length", str(len(SECRET)))
        self.end_headers()
        self.wfile.write(SECRET)

    def log_message(self, *args):
        pass


class _V6Server(ThreadingHTTPServer):
    address_family = socket.AF_INET6


def _serve(server) -> None:
    threading.Thread(target=server.serve_forever, daemon=True).start()


@pytest.fixture
def internal() -> Iterator[int]:
    """The internal service on 127.0.0.1 and, on the same port, ::1 (where IPv6 is up)."""
    _Internal.hits = []
    servers = [ThreadingHTTPServer(("127.0.0.1", 0), _Internal)]
    port = servers[0].server_address[1]
    try:
        servers.append(_V6Server(("::1", port), _Internal))
    except OSError:
        pass
    for server in servers:
        _serve(server)
    yield port
    for server in servers:
        server.shutdown()
        server.server_close()


def treat_stand_in_as_public(monkeypatch) -> None:
    """The fake: 127.0.0.2 counts as a public address; everything else is judged as in production."""
    stand_in = IPv4Address(PUBLIC_STAND_IN)
    monkeypatch.setattr(webpage, "ADDRESS_POLICY", lambda a: a == stand_in or public_address(a), raising=False)


@pytest.fixture
def stand_in_is_public(monkeypatch):
    treat_stand_in_as_public(monkeypatch)


def _public_server(handler) -> tuple[ThreadingHTTPServer, str]:
    server = ThreadingHTTPServer((PUBLIC_STAND_IN, 0), handler)
    server.daemon_threads = True
    _serve(server)
    return server, f"http://{PUBLIC_STAND_IN}:{server.server_address[1]}"


LOOPBACK_NOTATIONS = [
    "127.0.0.1",
    "localhost",
    "127.1",
    "2130706433",  # decimal
    "0x7f000001",  # hexadecimal
    "017700000001",  # octal
    "0x7f.1",
    "0",  # 0.0.0.0: Linux connects it to this machine
    "0.0.0.0",
    "[::1]",
    "[::ffff:127.0.0.1]",  # IPv4-mapped IPv6
    "[::ffff:7f00:1]",
]


@pytest.mark.parametrize("host", LOOPBACK_NOTATIONS)
def test_loopback_is_refused_in_every_notation_and_never_contacted(internal, host):
    with pytest.raises(InvalidInput, match="not a public address"):
        fetch_html(f"http://{host}:{internal}/admin", timeout=3)
    assert _Internal.hits == []  # refused before connecting, not after reading


@pytest.mark.model
@pytest.mark.parametrize("host", ["127.1", "2130706433", "0x7f000001", "0"])
def test_the_api_answers_422_for_a_loopback_url_and_stores_nothing(database_url, internal, host):
    from api import create_app

    from .conftest import make_key, migrate

    migrate(database_url)
    app = create_app({"DATABASE_URL": database_url, "FETCH_URLS": True, "TESTING": True})
    client = app.test_client()
    response = client.post("/api/v1/articles", json={"url": f"http://{host}:{internal}/"}, headers=make_key(app))
    stored = client.get("/api/v1/articles").get_json()["total"]
    app.extensions["quotetrack"].db.engine.dispose()
    assert response.status_code == 422, response.get_json()
    assert "not a public address" in response.get_json()["message"]
    assert stored == 0 and _Internal.hits == []


@pytest.mark.parametrize(
    "address",
    [
        "10.1.2.3",
        "172.16.0.1",
        "192.168.1.1",
        "100.64.0.1",  # carrier-grade NAT
        "169.254.169.254",  # link-local: cloud metadata
        "fe80::1",
        "fc00::1",
        "224.0.0.1",
        "ff0e::1",  # multicast, "global" to Python 3.11's is_global
        "240.0.0.1",  # reserved
        "255.255.255.255",
        "0.0.0.0",
        "::",
        "::ffff:10.0.0.1",
        "2002:7f00:1::1",  # 6to4 around 127.0.0.1
        "2002:a00:1::1",  # 6to4 around 10.0.0.1
        "64:ff9b::7f00:1",  # NAT64 around 127.0.0.1
        "2001:0:4136:e378:8000:63bf:80ff:fffe",  # Teredo, client 127.0.0.1
    ],
)
def test_the_policy_refuses_every_non_public_range(address):
    assert not public_address(ip_address(address))


@pytest.mark.parametrize("address", ["93.184.215.14", "8.8.8.8", "2606:4700::1111", "64:ff9b::808:808"])
def test_the_policy_allows_public_addresses(address):
    assert public_address(ip_address(address))


class _Redirect(BaseHTTPRequestHandler):
    target = ""

    def do_GET(self):
        if self.path == "/page":
            body = SECRET.replace(b"internal admin", b"public")
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        self.send_response(302)
        self.send_header("Location", "/page" if self.path == "/local" else type(self).target)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.mark.parametrize(
    "target", ["http://127.0.0.1:{port}/admin", "http://2130706433:{port}/", "http://[::1]:{port}/"]
)
def test_a_redirect_from_a_public_site_to_loopback_is_refused(internal, stand_in_is_public, target):
    _Redirect.target = target.format(port=internal)
    server, base = _public_server(_Redirect)
    try:
        assert b"public" in fetch_html(f"{base}/local", timeout=5)  # the stand-in is fetched, redirects followed
        with pytest.raises(InvalidInput, match="not a public address"):
            fetch_html(f"{base}/away", timeout=5)
    finally:
        server.shutdown()
        server.server_close()
    assert _Internal.hits == []


class _Drip(BaseHTTPRequestHandler):
    """A server that never finishes: 8 bytes every 0.3 s (bounded at 20 s so the test ends)."""

    in_headers = False

    def do_GET(self):
        self.wfile.write(b"HTTP/1.1 200 OK\r\n")
        if not type(self).in_headers:
            self.wfile.write(b"Content-Type: text/html\r\n\r\n")
        stop = time.monotonic() + 20
        try:
            while time.monotonic() < stop:
                self.wfile.write(b"X-Drip: 1\r\n"[:8] if type(self).in_headers else b"<p>drip ")
                self.wfile.flush()
                time.sleep(0.3)
        except OSError:  # the client hung up: what the deadline should do
            pass

    def log_message(self, *args):
        pass


@pytest.mark.parametrize("in_headers", [False, True], ids=["body", "headers"])
def test_a_slow_drip_is_cut_off_by_the_overall_deadline(stand_in_is_public, in_headers):
    _Drip.in_headers = in_headers
    server, base = _public_server(_Drip)
    started = time.monotonic()
    try:
        with pytest.raises(InvalidInput, match="longer than 1.5 s"):
            fetch_html(f"{base}/", timeout=1.5)  # every read is quick; the whole is not
    finally:
        elapsed = time.monotonic() - started
        server.shutdown()
        server.server_close()
    assert elapsed < 3.5


class _Big(BaseHTTPRequestHandler):
    """No Content-Length, chunk after chunk: the cap is on the total, not on one read."""

    def do_GET(self):
        self.send_response(200)
        self.end_headers()
        try:
            for _ in range(100):
                self.wfile.write(b"<p>" + b"x" * 4000 + b"</p>")
        except OSError:
            pass

    def log_message(self, *args):
        pass


def test_the_size_cap_is_for_the_whole_page(stand_in_is_public):
    server, base = _public_server(_Big)
    try:
        with pytest.raises(InvalidInput, match="over 100000 bytes"):
            fetch_html(f"{base}/", max_bytes=100_000)
    finally:
        server.shutdown()
        server.server_close()
