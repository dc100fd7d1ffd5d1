"""The change feeds over the deployed WebSocket API (moto, the app's own handlers and
the projector as Lambda runs them): subscribe with a token and a last position, the
catch-up, then each new entry pushed by the post-feed-entries reaction once the stream
is projected; no gap, no duplicate; hidden information stays hidden; a gone connection
is dropped; a client that disconnects and resumes misses nothing."""
from __future__ import annotations

from chalicelib.application import feed_fanout, feed_sockets
from chalicelib.push.sockets import Poster
from tests.live import sockets_support as ss

_event, _announce = ss.event, ss.announce


def _subscribed(w, connection):
    (done,) = [m for m in w.gw.sent[connection] if m["type"] == "subscribed"]
    return done


def test_a_subscriber_follows_the_public_feed(ws):
    org, tid, _ = _event(ws)
    assert ws.ws.connect("c1") == {"statusCode": 200}
    ws.ws.message("c1", {"action": "subscribe", "tournament_id": tid})
    first = _subscribed(ws, "c1")
    assert ws.endpoints[-1] == ss.ENDPOINT         # the management API of the caller's stage
    _announce(ws, tid, org, "Doors open")
    assert ws.gw.entries("c1") == []                # recorded, not projected yet
    ws.poller.poll()                                # the projector: views, then fan-out
    pushed = [m for m in ws.gw.sent["c1"] if m["type"] == "entries"][-1]
    assert pushed["after"] == first["position"]
    assert [e["data"]["text"] for e in pushed["entries"]] == ["Doors open"]
    before = len(ws.gw.sent["c1"])
    ws.poller.poll()
    feed_fanout.fanout(ws.rt.feed_sockets(advance=True), [tid], None)
    feed_fanout.sweep(ws.rt.feed_sockets(advance=True))
    assert len(ws.gw.sent["c1"]) == before          # nothing twice
    _announce(ws, tid, org, "Round 1 soon")
    ws.poller.poll()
    last = ws.gw.sent["c1"][-1]
    assert last["after"] == pushed["position"] and last["entries"][0]["data"]["text"] == \
        "Round 1 soon"


def test_a_private_feed_is_its_players_and_the_staffs(ws):
    org, tid, (alice, bob) = _event(ws)
    me = {"action": "subscribe", "tournament_id": tid, "player_id": alice["player_id"]}
    ws.ws.message("anon", me)
    ws.ws.message("bob", {**me, "token": bob["token"]})
    ws.ws.message("bad", {**me, "token": "pdm_not_a_token"})
    assert ws.gw.sent["anon"][-1]["error"] == "unauthorized"
    assert ws.gw.sent["bob"][-1]["error"] == "forbidden"
    assert ws.gw.sent["bad"][-1]["error"] == "unauthorized"
    ws.ws.message("alice", {**me, "token": alice["token"]})
    ws.ws.message("staff", {**me, "token": org})
    ws.ws.message("public", {"action": "subscribe", "tournament_id": tid})
    r = ws.api.post(f"/v1/tournaments/{tid}/checkin/players/{alice['player_id']}",
                    token=org)
    assert r.status == 201, r.body
    ws.poller.poll()
    for connection in ("alice", "staff"):
        assert [e["type"] for e in ws.gw.entries(connection)][-1] == "checkin"
    assert "checkin" not in [e["type"] for e in ws.gw.entries("public")]
    for connection in ("anon", "bob", "bad"):
        assert ws.gw.entries(connection) == []
    ws.ws.message("x", "not json")
    ws.ws.message("y", {"action": "subscribe", "tournament_id": tid, "after": "nope"})
    ws.ws.message("z", {"action": "subscribe"})
    assert {ws.gw.sent[c][-1]["error"] for c in "xyz"} == {"invalid_message"}


def test_a_client_that_leaves_resumes_with_nothing_lost(ws):
    org, tid, _ = _event(ws)
    ws.ws.message("c1", {"action": "subscribe", "tournament_id": tid})
    _announce(ws, tid, org, "one")
    ws.poller.poll()
    seen = ws.gw.entries("c1")
    last = ws.gw.sent["c1"][-1]["position"]
    ws.ws.disconnect("c1")
    assert ws.rt.feed_sockets().connections.of_tournament(tid) == []
    for text in ("two", "three"):
        _announce(ws, tid, org, text)
    ws.poller.poll()
    assert ws.gw.entries("c1") == seen               # gone: nothing sent to it
    ws.ws.message("c2", {"action": "subscribe", "tournament_id": tid, "after": last})
    assert [e["data"]["text"] for e in ws.gw.entries("c2")] == ["two", "three"]
    assert ws.gw.sent["c2"][0]["after"] == last
    _announce(ws, tid, org, "four")
    ws.poller.poll()
    assert [e["data"]["text"] for e in ws.gw.entries("c2")] == ["two", "three", "four"]
    positions = [e["position"] for e in seen + ws.gw.entries("c2")]
    assert positions == sorted(set(positions))       # in order, none twice


def test_one_fanout_per_projector_batch(ws, monkeypatch):
    org, tid, _ = _event(ws)
    other = ws.api.post("/v1/tournaments", {"name": "Other", "game": "vtes",
                                            "format": "sealed"},
                        token=org).body["tournament_id"]
    ws.poller.poll()
    for t in (tid, other):
        ws.ws.message(f"on-{t}", {"action": "subscribe", "tournament_id": t})
    calls = []
    real = feed_fanout.fanout
    monkeypatch.setattr(feed_fanout, "fanout",
                        lambda s, tids, newest: calls.append(set(tids)) or real(s, tids, newest))
    for t in (tid, other):
        _announce(ws, t, org, f"to {t}")
        _announce(ws, t, org, f"again to {t}")
    ws.poller.poll()                                 # four events, two streams, one batch
    assert calls == [{tid, other}]
    for t in (tid, other):
        assert [e["data"]["text"] for e in ws.gw.entries(f"on-{t}")][-2:] == \
            [f"to {t}", f"again to {t}"]


def test_a_gone_connection_is_dropped(ws):
    org, tid, _ = _event(ws)
    for c in ("stays", "left"):
        ws.ws.message(c, {"action": "subscribe", "tournament_id": tid})
    ws.gw.gone.add("left")                           # closed without a $disconnect
    _announce(ws, tid, org, "hello")
    ws.poller.poll()
    subs = ws.rt.feed_sockets().connections.of_tournament(tid)
    assert [s.connection_id for s in subs] == ["stays"]
    assert ws.gw.entries("stays")[-1]["data"]["text"] == "hello"
    ws.ws.message("stays", {"action": "unsubscribe"})
    assert ws.gw.sent["stays"][-1] == {"type": "unsubscribed"}
    assert ws.rt.feed_sockets().connections.of_tournament(tid) == []


def test_two_senders_never_send_an_entry_twice(ws):
    org, tid, _ = _event(ws)
    ws.ws.message("c1", {"action": "subscribe", "tournament_id": tid})
    sockets = ws.rt.feed_sockets(advance=True)
    (sub,) = sockets.connections.of_tournament(tid)
    _announce(ws, tid, org, "once")
    ws.rt.projector.apply(ws.rt.events.read(f"announcements-{tid}"))   # views only
    stale = sub                                      # both senders read this position
    feed_sockets.post_pending(sockets, sub)
    feed_sockets.post_pending(sockets, stale)
    assert [e["data"]["text"] for e in ws.gw.entries("c1")] == ["once"]


def test_the_real_client_posts_to_the_management_api(aws, monkeypatch):
    """The boto3 path against moto's apigatewaymanagementapi (which records the bytes)."""
    from moto.apigatewaymanagementapi.models import apigatewaymanagementapi_backends
    poster = Poster.connect(ss.ENDPOINT)
    assert poster.send("Lx1ZvcKCoAMCJ_Q", {"type": "entries", "entries": []})
    posted = [connection.data for account in apigatewaymanagementapi_backends.values()
              for backend in account.values() for cid, connection in
              backend.connections.items() if cid == "Lx1ZvcKCoAMCJ_Q"]
    assert posted == [b'{"type":"entries","entries":[]}']


def test_claims_are_made_a_bucket_at_a_time(ws):
    """150 subscribers fill two buckets; a claim moves every member of a bucket still at
    the position it was read at, in one conditional write per bucket."""
    from chalicelib.store.dynamo_connections import BUCKET_SIZE, Subscription
    org, tid, _ = _event(ws)
    connections = ws.rt.feed_sockets().connections
    subs = [Subscription(f"k{i:03d}", tid, None, "0000000000000001-~") for i in range(150)]
    for sub in subs:
        connections.subscribe(sub)
    assert sorted(len(b.members) for b in connections.buckets(tid)) == [50, BUCKET_SIZE]
    assert connections.claim(subs[7], "0000000000000002-~")       # another sender moved it
    calls = []
    real = connections.client.update_item
    connections.client.update_item = lambda **kw: calls.append(kw) or real(**kw)
    won = connections.claim_many([(sub, "0000000000000003-~") for sub in subs])
    assert won == [i != 7 for i in range(150)]
    assert len(calls) == 2                                        # one write per bucket
    positions = {s.connection_id: s.position for s in connections.of_tournament(tid)}
    assert positions["k007"] == "0000000000000002-~"
    assert {p for c, p in positions.items() if c != "k007"} == {"0000000000000003-~"}
    assert connections.claim_many([(subs[1], "0000000000000004-~")]) == [False]   # stale


def test_entries_held_back_by_another_batch_are_sent_when_it_lands(ws):
    """An older event of another tournament not projected yet (another shard's batch)
    holds the horizon back: the fan-out looks again shortly and sends once it lands."""
    import dataclasses
    org, tid, _ = _event(ws)
    other = ws.api.post("/v1/tournaments", {"name": "Other", "game": "vtes",
                                            "format": "sealed"},
                        token=org).body["tournament_id"]
    ws.poller.poll()
    ws.ws.message("c1", {"action": "subscribe", "tournament_id": tid})
    _announce(ws, other, org, "first, elsewhere")      # recorded first, projected last
    _announce(ws, tid, org, "mine")
    ws.rt.projector.apply(ws.rt.events.read(f"announcements-{tid}"))
    landed, now = [], [1000.0]        # the fan-out's own clock: only its sleeps move it

    def other_batch_lands(seconds):
        landed.append(seconds)
        now[0] += seconds
        ws.rt.projector.apply(ws.rt.events.read(f"announcements-{other}"))
    sockets = dataclasses.replace(ws.rt.feed_sockets(advance=True), sleep=other_batch_lands,
                                  clock=lambda: now[0])
    assert feed_fanout.fanout(sockets, [tid], None) == 1
    assert landed == [feed_fanout.RETRY_SECONDS]
    assert [e["data"]["text"] for e in ws.gw.entries("c1")] == ["mine"]


def test_the_scheduled_sweep_sends_what_no_fanout_did(ws, monkeypatch):
    from chalicelib.push import sockets as hook
    org, tid, _ = _event(ws)
    ws.ws.message("c1", {"action": "subscribe", "tournament_id": tid})
    monkeypatch.setattr(hook, "_fanout", None)       # the batch's fan-out did not happen
    _announce(ws, tid, org, "late")
    ws.poller.poll()
    assert ws.gw.entries("c1") == []
    assert feed_fanout.sweep(ws.rt.feed_sockets(advance=True)) == 1
    assert [e["data"]["text"] for e in ws.gw.entries("c1")] == ["late"]
    assert feed_fanout.sweep(ws.rt.feed_sockets(advance=True)) == 0
