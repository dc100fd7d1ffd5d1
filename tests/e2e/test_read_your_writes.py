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


class Lagging(Scripted):
    """Health reports the given lags one after the other (the last one from then on)."""

    def __init__(self, lags):
        super().__init__()
        self.lags = list(lags)

    def request(self, method, path, body=None, token=None, headers=None):
        self.log.append((method, path))
        lag = self.lags.pop(0) if len(self.lags) > 1 else self.lags[0]
        return Response(200, {"projection": {"mode": "stream", "lag_seconds": lag,
                                             "complete": lag is not None}})


def test_a_stream_server_is_waited_for_until_nothing_lags():
    server = Lagging([0, 1.5, None, 0.2, 0])      # the first answer is the probe
    wait = projection_waiter(server, interval=0)
    wait()
    assert len(server.log) == 5                   # the probe, then until lag 0
    with pytest.raises(ProjectionLag):
        projection_waiter(Lagging([0, 3.0]), timeout=0.05, interval=0.01)()


def test_a_server_that_reports_no_lag_cannot_be_waited_for():
    old = Scripted({("GET", "/v1/health"): Response(200, {"projection": "stream"})})
    with pytest.raises(ProjectionLag):
        projection_waiter(old)
