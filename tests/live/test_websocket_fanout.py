"""The WebSocket fan-out in batches (moto): one bucket of subscribers per batch, claimed
with one conditional write, sent by threads or through the SQS queue and its sender
Lambda; a batch sent twice sends once; a token revoked, replaced or expired stops its
private feed (an error, the connection closed, its subscriptions forgotten)."""
from __future__ import annotations

import json

from chalicelib.application import feed_batches, feed_fanout, feed_sockets
from chalicelib.push import sockets as hook
from tests.live import sockets_support as ss


def _texts(w, connection):
    return [e["data"]["text"] for e in w.gw.entries(connection)]


def _batches(w, tid):
    """The fan-out's batches for the tournament, as the projector would hand them."""
    sent = []
    sockets = w.rt.feed_sockets(advance=True)
    original = sockets.dispatch
    sockets.dispatch = lambda s, batches: sent.extend(batches) or 0
    try:
        feed_fanout.fanout(sockets, [tid], None)
    finally:
        sockets.dispatch = original
    return sockets, sent


def test_a_batch_handed_to_two_senders_is_sent_once(ws, monkeypatch):
    monkeypatch.setattr(hook, "_fanout", None)           # the batches are the test's
    org, tid, _ = ss.event(ws)
    for c in ("a", "b", "c"):
        ws.ws.message(c, {"action": "subscribe", "tournament_id": tid})
    ss.announce(ws, tid, org, "once")
    ws.rt.projector.apply(ws.rt.events.read(f"announcements-{tid}"))   # views only
    sockets, (batch,) = _batches(ws, tid)
    assert len(batch.listed.members) == 3 and [e["data"]["text"] for e in batch.entries] \
        == ["once"]
    again = feed_batches.Batch.from_json(batch.to_json())           # a retried message
    assert again.listed is None and again.entries == batch.entries
    assert feed_batches.send_batch(sockets, batch) == 3
    assert feed_batches.send_batch(sockets, again) == 0             # claimed already
    assert feed_batches.send_batch(sockets, batch) == 0             # a stale listing too
    for c in ("a", "b", "c"):
        assert _texts(ws, c) == ["once"]


def test_a_member_that_joined_behind_the_read_is_served_alone(ws, monkeypatch):
    org, tid, _ = ss.event(ws)
    ws.ws.message("early", {"action": "subscribe", "tournament_id": tid})
    start = ws.gw.sent["early"][-1]["position"]
    ss.announce(ws, tid, org, "one")
    ws.poller.poll()
    monkeypatch.setattr(hook, "_fanout", None)           # the batches are the test's
    ss.announce(ws, tid, org, "two")
    ws.rt.projector.apply(ws.rt.events.read(f"announcements-{tid}"))
    sockets, (batch,) = _batches(ws, tid)
    # a client resumes from before "one" while the batch (read after "one") is in flight
    sockets.connections.subscribe(feed_sockets.Subscription("late", tid, None, start))
    assert feed_batches.send_batch(sockets, batch) == 1
    assert _texts(ws, "early") == ["one", "two"]
    assert _texts(ws, "late") == ["one", "two"]


def test_batches_go_through_the_queue_to_the_sender_lambda(ws, aws, monkeypatch):
    import boto3

    import app
    sqs = boto3.client("sqs")
    url = sqs.create_queue(QueueName="podium-feed-batches")["QueueUrl"]
    monkeypatch.setenv("PODIUM_FANOUT_QUEUE_URL", url)
    ws.rt.__dict__.pop("_feed_sockets", None)          # built again, with the queue
    org, tid, _ = ss.event(ws)
    for i in range(3):
        ws.ws.message(f"q{i}", {"action": "subscribe", "tournament_id": tid})
    ss.announce(ws, tid, org, "queued")
    ws.poller.poll()                                   # the projector queues, sends none
    assert all(_texts(ws, f"q{i}") == [] for i in range(3))
    got = sqs.receive_message(QueueUrl=url, MaxNumberOfMessages=10)["Messages"]
    assert len(got) == 1 and json.loads(got[0]["Body"])["tournament_id"] == tid
    records = {"Records": [{"messageId": m["MessageId"], "receiptHandle": m["ReceiptHandle"],
                            "body": m["Body"], "attributes": {}, "messageAttributes": {},
                            "eventSource": "aws:sqs", "eventSourceARN":
                            "arn:aws:sqs:us-east-1:123456789012:podium-feed-batches"}
                           for m in got]}
    app.send_feed_batches(records, None)
    app.send_feed_batches(records, None)               # delivered again: nothing twice
    assert all(_texts(ws, f"q{i}") == ["queued"] for i in range(3))


def test_a_replaced_token_stops_its_private_feed(ws):
    org, tid, (alice, _) = ss.event(ws)
    me = {"action": "subscribe", "tournament_id": tid, "player_id": alice["player_id"]}
    ws.ws.message("alice", {**me, "token": alice["token"]})
    ws.ws.message("staff", {**me, "token": org})
    ws.ws.message("public", {"action": "subscribe", "tournament_id": tid})
    new = ws.api.post(f"/v1/tournaments/{tid}/players/{alice['player_id']}/token",
                      token=org)
    assert new.status == 201, new.body                 # the old token no longer reads
    r = ws.api.post(f"/v1/tournaments/{tid}/checkin/players/{alice['player_id']}",
                    token=org)
    assert r.status == 201, r.body
    ss.announce(ws, tid, org, "everyone")
    ws.poller.poll()
    assert [e["type"] for e in ws.gw.entries("staff")][-1] == "checkin"
    assert "checkin" not in [e["type"] for e in ws.gw.entries("alice")]
    last = ws.gw.sent["alice"][-1]
    assert last["type"] == "error" and last["error"] == "credential_revoked"
    assert ws.gw.closed == ["alice"]
    assert _texts(ws, "public") == ["everyone"]
    left = {s.connection_id for s in ws.rt.feed_sockets().connections.of_tournament(tid)}
    assert left == {"staff", "public"}
    # subscribing again with the old token is refused; the new one reads
    ws.ws.message("alice2", {**me, "token": alice["token"]})
    assert ws.gw.sent["alice2"][-1]["error"] == "unauthorized"
    ws.ws.message("alice3", {**me, "token": new.body["token"]})
    assert "checkin" in [e["type"] for e in ws.gw.entries("alice3")]


def _both_subscribed_then_bobs_token_replaced(ws) -> str:
    """Alice and Bob subscribe to their private feeds; the organizer replaces Bob's token."""
    org, tid, (alice, bob) = ss.event(ws)
    for name, who in (("alice", alice), ("bob", bob)):
        ws.ws.message(name, {"action": "subscribe", "tournament_id": tid,
                             "player_id": who["player_id"], "token": who["token"]})
    new = ws.api.post(f"/v1/tournaments/{tid}/players/{bob['player_id']}/token", token=org)
    assert new.status == 201, new.body
    return tid


def test_a_replaced_token_ends_its_idle_subscription_at_once(ws):
    _both_subscribed_then_bobs_token_replaced(ws)
    assert ws.gw.closed == []
    ws.poller.poll()                # the replacement projected: its reaction ends bob's
    assert ws.gw.closed == ["bob"] and ws.gw.sent["bob"][-1]["error"] == "credential_revoked"


def test_the_sweep_ends_an_idle_subscription_whose_token_was_replaced(ws, monkeypatch):
    monkeypatch.setattr(hook, "_close", None)        # the reaction did not run
    tid = _both_subscribed_then_bobs_token_replaced(ws)
    ws.poller.poll()                                 # nothing new on bob's feed: still open
    assert ws.gw.closed == []
    assert feed_fanout.sweep(ws.rt.feed_sockets(advance=True)) == 0
    assert ws.gw.closed == ["bob"] and ws.gw.sent["bob"][-1]["error"] == "credential_revoked"
    left = {s.connection_id for s in ws.rt.feed_sockets().connections.of_tournament(tid)}
    assert left == {"alice"}
