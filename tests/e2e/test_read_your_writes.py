"""The demo's transport reads its own writes as the generated clients do: it keeps the
``X-Podium-Position`` the last reply gave and sends it with every request (no polling,
no retries)."""
from __future__ import annotations

from demo.consistency import HEADER, Session
from demo.transport import Response


class Scripted:
    def __init__(self, replies: dict[tuple[str, str], Response] | None = None):
        self.replies = replies or {}
        self.log: list[tuple[str, str, dict[str, str]]] = []

    def request(self, method, path, body=None, token=None, headers=None):
        self.log.append((method, path, dict(headers or {})))
        return self.replies.get((method, path), Response(200, {}))


def test_the_last_position_given_is_sent_with_every_request():
    inner = Scripted({
        ("POST", "/v1/a"): Response(201, {}, {"x-podium-position": "tournament-t1:1"}),
        ("POST", "/v1/refused"): Response(409, {"error": "conflict"}),
        ("POST", "/v1/b"): Response(200, {}, {HEADER: "tournament-t1:2,swiss-t1:1"})})
    session = Session(inner)
    session.request("GET", "/v1/x")
    session.request("POST", "/v1/a")
    session.request("GET", "/v1/x")
    session.request("POST", "/v1/refused")            # no position: the last one stays
    session.request("POST", "/v1/b")
    session.request("GET", "/v1/x", headers={HEADER: "mine:1"})   # the caller's own wins
    session.request("GET", "/v1/x")
    sent = [headers.get(HEADER) for _, _, headers in inner.log]
    assert sent == [None, None, "tournament-t1:1", "tournament-t1:1", "tournament-t1:1",
                    "mine:1", "tournament-t1:2,swiss-t1:1"]
    assert session.carried == 4 and session.position == "tournament-t1:2,swiss-t1:1"
