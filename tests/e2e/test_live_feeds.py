"""The change feeds as Server-Sent Events from the local server, over real HTTP on both
stores: a public
subscriber and a player's subscriber receive a V:EKN round's seating as it is recorded;
the player's client drops mid-round and resumes with ``Last-Event-ID``, missing nothing
and seeing nothing twice; a subscriber to another player's feed is refused."""
from __future__ import annotations

import queue
import threading
import time

import pytest

from demo.client import Api
from demo.server import LocalServer
from demo.sse import SseClient
from demo.transport import UrlTransport


@pytest.fixture(scope="module", params=["sqlite", "dynamodb"])
def server(request, tmp_path_factory):
    """Both shapes: the embedded store (inline projection) and the deployed one (moto's
    DynamoDB, views projected from the table's stream by the local poller)."""
    with LocalServer(data_dir=str(tmp_path_factory.mktemp("feeds")),
                     store=request.param) as live:
        yield live


def _event(api: Api, players: int = 8) -> tuple[str, str, list[dict[str, str]]]:
    org = api.organizer("Feeds Store")
    tid = api.tournament(org, "Feeds", "vtes", "sealed")
    roster = [api.register(tid, f"Player {i}") for i in range(players)]
    api.post(f"/v1/tournaments/{tid}/start", token=org)
    api.post(f"/v1/tournaments/{tid}/sealed", token=org)
    api.post(f"/v1/tournaments/{tid}/sealed/open", token=org)
    return org, tid, roster


def _follow(client: SseClient, out: queue.Queue, stop: threading.Event) -> threading.Thread:
    def run():
        response = client.open()
        out.put(("status", response.status))
        for event in client.events(response):
            out.put(("event", event))
            if stop.is_set():
                break
        client.close()
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def _until(out: queue.Queue, wanted: str, seconds: float = 5.0) -> list:
    seen, deadline = [], time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            kind, item = out.get(timeout=max(deadline - time.monotonic(), 0.01))
        except queue.Empty:
            break
        if kind == "event":
            seen.append(item)
            if item.event == wanted:
                return seen
    raise AssertionError(f"no {wanted!r} event within {seconds}s: {[e.event for e in seen]}")


def test_subscribers_follow_a_round_and_resume(server):
    api = Api(UrlTransport(server.url), server.admin_key)
    org, tid, roster = _event(api)
    me = roster[0]
    public_q, mine_q, stop = queue.Queue(), queue.Queue(), threading.Event()
    public = SseClient(server.url, f"/v1/tournaments/{tid}/feed/stream")
    mine = SseClient(server.url, f"/v1/tournaments/{tid}/players/{me['player_id']}/feed/stream",
                     token=me["token"])
    _follow(public, public_q, stop)
    _follow(mine, mine_q, stop)
    assert public_q.get(timeout=5) == ("status", 200)
    assert mine_q.get(timeout=5) == ("status", 200)
    _until(public_q, "position")
    _until(mine_q, "position")

    started = time.monotonic()
    api.post(f"/v1/tournaments/{tid}/tables/rounds", token=org)
    seated = _until(public_q, "round.seated")[-1]
    assert time.monotonic() - started < 3.0          # a loaded CI machine; bench: p99
    seat = _until(mine_q, "seat")[-1]
    assert seat.data["data"]["players"][seat.data["data"]["seat"] - 1] == me["player_id"]
    assert me["player_id"] in [p for t in seated.data["data"]["tables"] for p in t]

    # the player's phone drops; meanwhile a penalty and a deck check land; it resumes
    mine.close()
    resume_from = mine.last_id
    api.post(f"/v1/tournaments/{tid}/penalties", {"player_id": me["player_id"],
                                                  "kind": "warning", "reason": "slow"},
             token=org)
    api.post(f"/v1/tournaments/{tid}/penalties", {"player_id": me["player_id"],
                                                  "kind": "warning", "reason": "slower"},
             token=org)
    again = SseClient(server.url, mine.path, token=me["token"], last_id=resume_from)
    again_q = queue.Queue()
    _follow(again, again_q, stop)
    assert again_q.get(timeout=5) == ("status", 200)
    events = _until(again_q, "penalty")
    events += _until(again_q, "penalty")
    entries = [e for e in events if e.event not in ("position",)]
    assert [e.event for e in entries] == ["penalty", "penalty"]
    ids = [e.id for e in entries]
    assert len(set(ids)) == 2 and all(i > resume_from for i in ids)
    expected = api.get(f"/v1/tournaments/{tid}/players/{me['player_id']}/feed?after="
                       f"{resume_from}", token=me["token"])["entries"]
    assert [e["position"] for e in expected] == ids
    stop.set()


def test_another_players_stream_is_refused(server):
    api = Api(UrlTransport(server.url), server.admin_key)
    _, tid, roster = _event(api, players=4)
    client = SseClient(server.url, f"/v1/tournaments/{tid}/players/{roster[0]['player_id']}"
                                   "/feed/stream", token=roster[1]["token"])
    response = client.open()
    assert response.status == 403
    client.close()
    bad = SseClient(server.url, f"/v1/tournaments/{tid}/feed/stream", last_id="nope")
    assert bad.open().status == 400
    bad.close()


def test_a_replaced_token_ends_its_private_stream(server):
    """The staff re-issue a player's token while the player's phone follows its feed with
    the old one: the stream sends an ``error`` (401) and ends, and the penalty recorded
    after the re-issue never reaches it; the new token follows the feed."""
    api = Api(UrlTransport(server.url), server.admin_key)
    org, tid, roster = _event(api, players=4)
    me = roster[0]
    path = f"/v1/tournaments/{tid}/players/{me['player_id']}/feed/stream"
    old_q, stop = queue.Queue(), threading.Event()
    old = SseClient(server.url, path, token=me["token"])
    follower = _follow(old, old_q, stop)
    assert old_q.get(timeout=5) == ("status", 200)
    _until(old_q, "position")
    new = api.post(f"/v1/tournaments/{tid}/players/{me['player_id']}/token", token=org)
    api.post(f"/v1/tournaments/{tid}/penalties", {"player_id": me["player_id"],
                                                  "kind": "warning", "reason": "late"},
             token=org)
    seen = _until(old_q, "error", seconds=10.0)
    assert seen[-1].data["status"] == 401
    assert "penalty" not in [e.event for e in seen]
    follower.join(timeout=5)
    assert not follower.is_alive()                   # the server ended the stream
    fresh_q = queue.Queue()
    _follow(SseClient(server.url, path, token=new["token"]), fresh_q, stop)
    assert fresh_q.get(timeout=5) == ("status", 200)
    assert _until(fresh_q, "penalty")[-1].event == "penalty"
    stop.set()
