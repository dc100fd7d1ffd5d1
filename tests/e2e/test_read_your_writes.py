"""The demo's read-your-writes transport: a read waits for the projection only after a
write that changed something; inline servers need no waiting at all."""
from __future__ import annotations

import pytest

from demo.consistency import ProjectionLag, ReadYourWrites, projection_waiter
from demo.transport import Response


class Scripted:
    def __init__(self, replies: dict[tuple[str, str], Response] | None = None):
        self.replies = replies or {}
        self.log: list[tuple[str, str]] = []

    def request(self, method, path, body=None, token=None, headers=None):
        self.log.append((method, path))
        return self.replies.get((method, path.split("?")[0]), Response(200, {}))


def test_reads_wait_only_after_a_successful_write():
    waits = []
    inner = Scripted({("POST", "/v1/refused"): Response(409, {"error": "conflict"})})
    rw = ReadYourWrites(inner, lambda: waits.append(len(inner.log)))
    rw.request("GET", "/v1/a")
    rw.request("POST", "/v1/refused")               # changed nothing: no wait
    rw.request("GET", "/v1/b")
    assert waits == []
    rw.request("POST", "/v1/x")
    rw.request("POST", "/v1/y")                     # writes never wait
    rw.request("GET", "/v1/c")                      # waits once, before this read
    rw.request("GET", "/v1/d")
    assert waits == [5] and rw.waits == 1
    rw.request("DELETE", "/v1/z")
    rw.settle()
    rw.settle()
    assert waits == [5, 8] and rw.waits == 2


@pytest.mark.parametrize("projection", ["inline", {"mode": "inline", "lag_seconds": 0}])
def test_an_inline_server_needs_no_waiting(projection):
    health = {("GET", "/v1/health"): Response(200, {"status": "ok", "projection": projection})}
    assert projection_waiter(Scripted(health)) is None


def test_a_stream_server_is_waited_for_through_its_hook():
    inner = Scripted({("GET", "/v1/health"): Response(200, {"projection": "stream"}),
                      ("GET", "/_devserver/projection"): Response(200, {"caught_up": True})})
    wait = projection_waiter(inner, timeout=7)
    wait()
    assert inner.log[-1] == ("GET", "/_devserver/projection?wait=7")
    behind = Scripted({("GET", "/v1/health"): Response(200, {"projection": "stream"}),
                       ("GET", "/_devserver/projection"): Response(200, {"caught_up": False})})
    with pytest.raises(ProjectionLag):
        projection_waiter(behind)()
    unknown = Scripted({("GET", "/v1/health"): Response(200, {"projection": "stream"}),
                        ("GET", "/_devserver/projection"): Response(404, {"error": "x"})})
    with pytest.raises(ProjectionLag):
        projection_waiter(unknown)
