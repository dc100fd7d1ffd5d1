"""One HTTP POST to a vetted, pinned address: no redirects followed, no proxies, bounded
time and response size.

The host is resolved once per attempt (``resolve.vetted_addresses``); the connection goes
to one of those addresses while the ``Host`` header, TLS SNI and the certificate check
use the URL's hostname."""
from __future__ import annotations

import http.client
import socket
import ssl
from urllib.parse import urlsplit

from .resolve import RefusedAddress, Vetted, recheck, vetted_addresses
from .settings import loopback_allowed

TIMEOUT_SECONDS = 5.0
DEFAULT_PORTS = {"http": 80, "https": 443}
REFUSED = "address refused: "          # how a refused attempt's error starts in the log

_tls = ssl.create_default_context()    # verifies the chain and the hostname


def _connect_to(addresses: list[Vetted], timeout: float | None,
                allow_loopback: bool = False) -> socket.socket:
    """A TCP connection to the first vetted address that answers (no DNS lookup); each
    address is checked again right before its connect (``RefusedAddress``)."""
    last: OSError | None = None
    for address in addresses:
        recheck(address, allow_loopback)
        sock = socket.socket(address.family, socket.SOCK_STREAM)
        try:
            sock.settimeout(timeout)
            sock.connect(address.sockaddr)
            return sock
        except OSError as exc:
            sock.close()
            last = exc
    raise last or OSError("no address to connect to")


def _connection(scheme: str, host: str, port: int, addresses: list[Vetted], timeout: float,
                context: ssl.SSLContext | None,
                allow_loopback: bool = False) -> http.client.HTTPConnection:
    if scheme == "https":
        conn: http.client.HTTPConnection = http.client.HTTPSConnection(
            host, port, timeout=timeout, context=context or _tls)
    else:
        conn = http.client.HTTPConnection(host, port, timeout=timeout)
    # http.client opens its socket through this hook; the HTTPS subclass then wraps it
    # with server_hostname=host, so SNI and the certificate check stay on the hostname.
    # (a private hook the stubs do not declare)
    conn._create_connection = lambda _address, t=None, _source=None: _connect_to(  # type: ignore[attr-defined]
        addresses, t, allow_loopback)
    return conn


def post(url: str, body: bytes, headers: dict[str, str], timeout: float = TIMEOUT_SECONDS,
         allow_loopback: bool | None = None,
         context: ssl.SSLContext | None = None) -> tuple[int | None, str | None]:
    """(status code, error): a 2xx status and no error means delivered. A host resolving
    to a private/loopback/link-local/reserved/multicast address gets no connection at
    all; its error starts with ``address refused:``."""
    allow = loopback_allowed() if allow_loopback is None else allow_loopback
    try:
        parts = urlsplit(url)
        scheme, host = parts.scheme.lower(), parts.hostname
        if scheme not in DEFAULT_PORTS or not host:
            return None, f"ValueError: cannot send to {url[:200]!r}"
        port = parts.port or DEFAULT_PORTS[scheme]
        addresses = vetted_addresses(host, port, allow)
        target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        conn = _connection(scheme, host, port, addresses, timeout, context, allow)
        try:
            conn.request("POST", target, body=body, headers=headers)
            response = conn.getresponse()
            response.read(4096)
            return response.status, None
        finally:
            conn.close()
    except RefusedAddress as exc:
        return None, (REFUSED + str(exc))[:300]
    except (OSError, http.client.HTTPException, ValueError) as exc:
        return None, f"{type(exc).__name__}: {exc}"[:300]
