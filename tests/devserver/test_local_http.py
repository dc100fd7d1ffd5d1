"""The local server's lean request path gives what chalice local and http.server give:
the same headers for the same bytes, the same route for the same path, and a gate that
lets requests in by order of arrival."""
from __future__ import annotations

import email.parser
import http.client
import io
import threading
import time

import pytest
from chalice.local import RouteMatcher
from hypothesis import given, settings
from hypothesis import strategies as st

from devserver import headers
from devserver.gate import FairGate
from devserver.routing import IndexedRouteMatcher


def standard(raw: bytes) -> http.client.HTTPMessage:
    """http.client.parse_headers as the standard library has it (not the installed one)."""
    lines = []
    fp = io.BytesIO(raw)
    while True:
        line = fp.readline(65537)
        lines.append(line)
        if line in (b"\r\n", b"\n", b""):
            break
    return email.parser.Parser(_class=http.client.HTTPMessage).parsestr(
        b"".join(lines).decode("iso-8859-1"))


def same(raw: bytes) -> None:
    fast, slow = headers.parse_headers(io.BytesIO(raw)), standard(raw)
    assert fast.items() == slow.items()
    assert fast.get_payload() == slow.get_payload()
    assert [type(d) for d in fast.defects] == [type(d) for d in slow.defects]
    for name in {k.lower() for k in slow.keys()} | {"content-length", "connection"}:
        assert fast.get(name) == slow.get(name)
        assert fast.get_all(name) == slow.get_all(name)


@pytest.mark.parametrize("raw", [
    b"Host: x\r\nContent-Length: 12\r\nAuthorization: Bearer abc\r\n\r\nbody",
    b"Host:x\r\nX-Empty:\r\nX-Tabs: \t v \t\r\n\r\n",
    b"a: 1\r\nA: 2\r\na: 3\r\n\r\n",                       # repeated, any case
    b"X-Folded: one\r\n two\r\n\r\n",                      # obsolete line folding
    b"Bad Header: x\r\nHost: y\r\n\r\n",                   # not a header: body starts
    b"From nobody\r\nHost: y\r\n\r\n",
    b"X: a\rb\r\n\r\n",                                    # a bare CR splits the line
    b"X: caf\xe9\r\n\r\n",                                 # latin-1 bytes
    b"Host: x\n\n",                                        # LF only
    b"Host: x\r\n",                                        # no blank line (EOF)
    b"\r\n",
])
def test_known_header_blocks(raw):
    same(raw)


header_bytes = st.binary(max_size=40).filter(lambda b: b"\n" not in b)
names = st.one_of(st.sampled_from([b"Host", b"content-length", b"X-Id", b"Connection"]),
                  st.binary(min_size=1, max_size=12).filter(lambda b: b"\n" not in b))


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(names, st.sampled_from([b":", b": ", b":\t", b" :"]), header_bytes,
                          st.sampled_from([b"\r\n", b"\n"])), max_size=8))
def test_generated_header_blocks(lines):
    same(b"".join(n + sep + v + end for n, sep, v, end in lines) + b"\r\n")


def test_limits_are_the_standard_ones():
    with pytest.raises(http.client.LineTooLong):
        headers.parse_headers(io.BytesIO(b"X: " + b"a" * 70000 + b"\r\n\r\n"))
    with pytest.raises(http.client.HTTPException, match="more than 100 headers"):
        headers.parse_headers(io.BytesIO(b"X: 1\r\n" * 101 + b"\r\n"))


def app_routes() -> list[str]:
    import importlib

    import app
    from chalicelib.api.blueprints import BLUEPRINTS
    for name in BLUEPRINTS:
        importlib.import_module(name)
    return list(app.app.routes)


def concrete(route: str, value: str) -> str:
    return "/".join(value if p.startswith("{") else p for p in route.split("/"))


def test_every_route_matches_as_chalice_local_matches_it():
    routes = app_routes()
    ours, theirs = IndexedRouteMatcher(routes), RouteMatcher(routes)
    for route in routes:
        for path in (concrete(route, "t1a2b3c4d5e6"), concrete(route, "3") + "/?limit=5&x="):
            mine, chalice = ours.match_route(path), theirs.match_route(path)
            assert (mine.route, mine.query_params) == (chalice.route, chalice.query_params)
            # chalice local also keeps captures of patterns it tried before; ours only the
            # matching pattern's (what API Gateway passes)
            assert mine.captured == {k: v for k, v in chalice.captured.items()
                                     if "{" + k + "}" in mine.route}
    for missing in ("/nope", "/v1/tournaments/x/y/z/w/v/u/t"):
        with pytest.raises(ValueError):
            ours.match_route(missing)


def test_the_gate_lets_requests_in_by_arrival():
    gate, order, started = FairGate(1), [], []
    gate.enter()                                     # the request being served

    def request(i):
        started.append(i)
        with gate:
            order.append(i)

    threads = []
    for i in range(6):
        t = threading.Thread(target=request, args=(i,))
        t.start()
        threads.append(t)
        while len(started) <= i or len(gate._waiting) <= i:   # noqa: SLF001 - queued
            time.sleep(0.001)
    gate.leave()
    for t in threads:
        t.join(5)
    assert order == list(range(6))


def test_a_gate_never_admits_more_than_its_places():
    gate, inside, most, lock = FairGate(2), [0], [0], threading.Lock()

    def request():
        for _ in range(50):
            with gate:
                with lock:
                    inside[0] += 1
                    most[0] = max(most[0], inside[0])
                time.sleep(0.0002)
                with lock:
                    inside[0] -= 1

    threads = [threading.Thread(target=request) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert most[0] == 2 and inside[0] == 0
