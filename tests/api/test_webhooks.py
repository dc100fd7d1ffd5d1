"""Webhooks through HTTP: signed deliveries to a loopback receiver, retries with backoff,
bounded attempts, the delivery log, and refusals."""
from __future__ import annotations

import itertools
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from chalicelib.domain.webhooks import MAX_ATTEMPTS, next_attempt_delay, verify
from chalicelib.webhooks import worker


class Receiver:
    """An HTTP endpoint on 127.0.0.1 answering with the scripted statuses, then 200."""

    def __init__(self, statuses=()):
        self.statuses = list(statuses)
        self.received: list[tuple[dict[str, str], bytes]] = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.received.append(({k.lower(): v for k, v in self.headers.items()},
                                          body))
                status = receiver.statuses.pop(0) if receiver.statuses else 200
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def local_hooks(monkeypatch):
    monkeypatch.setenv("PODIUM_WEBHOOK_ALLOW_LOOPBACK", "1")
    monkeypatch.setenv("PODIUM_WEBHOOK_BACKOFF_SECONDS", "0.05")
    receivers = []

    def make(statuses=()):
        receivers.append(Receiver(statuses))
        return receivers[-1]
    yield make
    for r in receivers:
        r.close()


def wait_for(condition, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError("timed out waiting")


def register(api, org, url, topics):
    r = api.post("/v1/webhooks", {"url": url, "topics": topics}, token=org)
    assert r.status == 201, r.body
    return r.body


def vtes_round(api, org, players=4):
    t = api.tournament(org, "vtes", "sealed")
    tid = t["tournament_id"]
    for i in range(players):
        api.register(tid, f"P{i}", token=org)
    assert api.post(f"/v1/tournaments/{tid}/start", token=org).status == 200
    api.hand_out({"tid": tid, "organizer": org})
    seating = api.post(f"/v1/tournaments/{tid}/tables/rounds", token=org).body
    return tid, seating


def report(api, org, tid, seating):
    table = seating["tables"][0]
    vp = {p: 0 for p in table}
    vp[table[0]] = 4
    r = api.post(f"/v1/tournaments/{tid}/tables/rounds/1/tables/1/result", {"vp": vp},
                 token=org)
    assert r.status == 200, r.body


def test_signed_deliveries_of_each_topic(api, local_hooks):
    receiver = local_hooks()
    org = api.organizer()
    hook = register(api, org, receiver.url,
                    ["round.paired", "result.reported", "tournament.finished"])
    secret = hook["secret"]
    assert "secret" not in api.get("/v1/webhooks", token=org).body["endpoints"][0]
    tid, seating = vtes_round(api, org)
    report(api, org, tid, seating)
    assert api.post(f"/v1/tournaments/{tid}/finish", {"incomplete": True, "reason": "one round"},
                    token=org).status == 200
    wait_for(lambda: len(receiver.received) >= 3)
    topics = []
    for headers, body in receiver.received:
        assert verify(secret, body, headers["x-podium-signature"])
        assert not verify("another secret", body, headers["x-podium-signature"])
        assert headers["content-type"] == "application/json"
        assert abs(int(headers["x-podium-timestamp"]) - time.time()) < 60
        payload = json.loads(body)
        assert payload["id"] == headers["x-podium-delivery"]
        assert payload["tournament_id"] == tid and headers["x-podium-attempt"] == "1"
        topics.append(payload["topic"])
    assert sorted(topics) == ["result.reported", "round.paired", "tournament.finished"]
    result = next(json.loads(b) for _, b in receiver.received
                  if json.loads(b)["topic"] == "result.reported")
    assert result["data"]["round"] == 1 and result["data"]["table"] == 1
    def all_delivered():
        body = api.get(f"/v1/webhooks/{hook['endpoint_id']}/deliveries", token=org).body
        done = len(body["items"]) == 3 and all(i["status"] == "delivered" for i in body["items"])
        return body if done else None
    log = wait_for(all_delivered)
    assert all(len(i["attempts"]) == 1 and i["attempts"][0]["status_code"] == 200
               for i in log["items"])
    time.sleep(0.2)
    assert len(receiver.received) == 3           # delivered once each


def test_receiver_failing_twice_gets_the_same_signed_body_on_retry(api, local_hooks):
    receiver = local_hooks([503, 500])
    org = api.organizer()
    hook = register(api, org, receiver.url, ["result.reported"])
    tid, seating = vtes_round(api, org)
    report(api, org, tid, seating)
    wait_for(lambda: len(receiver.received) >= 3)
    bodies = {body for _, body in receiver.received}
    assert len(bodies) == 1                       # byte-identical across attempts
    assert [h["x-podium-attempt"] for h, _ in receiver.received] == ["1", "2", "3"]
    assert len({h["x-podium-delivery"] for h, _ in receiver.received}) == 1
    assert all(verify(hook["secret"], b, h["x-podium-signature"]) for h, b in receiver.received)
    path = f"/v1/webhooks/{hook['endpoint_id']}/deliveries"
    def delivered():
        items = api.get(path, token=org).body["items"]
        return items[0] if items and items[0]["status"] == "delivered" else None
    item = wait_for(delivered)
    assert [a["status_code"] for a in item["attempts"]] == [503, 500, 200]
    assert [a["ok"] for a in item["attempts"]] == [False, False, True]
    gaps = [b["at"] > a["at"] for a, b in itertools.pairwise(item["attempts"])]
    assert all(gaps) and item["next_attempt_at"] is None


def test_attempts_are_bounded_and_back_off(api, rt, local_hooks, monkeypatch):
    monkeypatch.setenv("PODIUM_WEBHOOK_INLINE", "0")        # drive the worker by hand
    monkeypatch.setenv("PODIUM_WEBHOOK_BACKOFF_SECONDS", "0")
    org = api.organizer()
    hook = register(api, org, "https://hooks.example/podium", ["round.paired"])
    calls = []

    def refuse(url, body, headers):
        calls.append(headers["X-Podium-Attempt"])
        return 502, None
    vtes_round(api, org)
    for _ in range(MAX_ATTEMPTS + 3):
        worker.deliver_due(rt, send=refuse)
    assert calls == [str(n) for n in range(1, MAX_ATTEMPTS + 1)]
    item = api.get(f"/v1/webhooks/{hook['endpoint_id']}/deliveries", token=org).body["items"][0]
    assert item["status"] == "failed" and len(item["attempts"]) == MAX_ATTEMPTS
    assert worker.run_scheduled(rt) == {}        # nothing left due
    assert [next_attempt_delay(n, 30) for n in range(1, 5)] == [30, 60, 120, 240]
    assert next_attempt_delay(MAX_ATTEMPTS, 30) is None
    assert next_attempt_delay(MAX_ATTEMPTS - 1, 10_000) == 3600


def test_removed_endpoint_gives_up_and_gets_nothing_new(api, rt, monkeypatch):
    monkeypatch.setenv("PODIUM_WEBHOOK_INLINE", "0")
    org = api.organizer()
    hook = register(api, org, "https://hooks.example/a", ["round.paired", "result.reported"])
    tid, seating = vtes_round(api, org)
    assert api.delete(f"/v1/webhooks/{hook['endpoint_id']}", token=org).status == 200
    report(api, org, tid, seating)
    sent = []
    assert worker.deliver_due(rt, send=lambda *a: sent.append(a) or (200, None)) == ["failed"]
    assert sent == []
    log = api.get(f"/v1/webhooks/{hook['endpoint_id']}/deliveries", token=org).body
    assert [i["topic"] for i in log["items"]] == ["round.paired"]
    assert log["items"][0]["attempts"][0]["error"] == "the endpoint was removed"
    assert api.delete(f"/v1/webhooks/{hook['endpoint_id']}", token=org).status == 404


def test_refusals_change_nothing(api, monkeypatch):
    monkeypatch.delenv("PODIUM_WEBHOOK_ALLOW_LOOPBACK", raising=False)
    org = api.organizer()
    cases = [
        {"url": "http://hooks.example/x", "topics": ["round.paired"]},
        {"url": "http://127.0.0.1:9/x", "topics": ["round.paired"]},
        {"url": "https://10.1.2.3/x", "topics": ["round.paired"]},
        {"url": "https://user:pw@hooks.example/x", "topics": ["round.paired"]},
        {"url": "https://hooks.example/x", "topics": ["pairing.done"]},
    ]
    for body in cases:
        r = api.post("/v1/webhooks", body, token=org)
        assert r.status == 422, (body, r.body)
    assert api.post("/v1/webhooks", {"url": "https://hooks.example/x", "topics": []},
                    token=org).status == 422
    assert api.post("/v1/webhooks", {"url": "https://hooks.example/x", "topics": ["round.paired"],
                                     "extra": 1}, token=org).status == 422
    assert api.get("/v1/webhooks", token=org).body["endpoints"] == []
    ok = {"url": "https://hooks.example/x", "topics": ["round.paired"]}
    assert api.post("/v1/webhooks", ok).status == 401
    assert api.post("/v1/webhooks", ok, token=api.admin_key).status == 403
    player = api.register(api.tournament(org)["tournament_id"], "P")
    assert api.post("/v1/webhooks", ok, token=player["token"]).status == 403
    hook = register(api, org, ok["url"], ok["topics"])
    assert api.post("/v1/webhooks", ok, token=org).status == 409          # duplicate URL
    other = api.organizer("Other")
    assert api.get(f"/v1/webhooks/{hook['endpoint_id']}/deliveries", token=other).status == 404
    assert api.delete(f"/v1/webhooks/{hook['endpoint_id']}", token=other).status == 404
    key = {"Idempotency-Key": "register-hook-0001"}
    first = api.post("/v1/webhooks", {**ok, "url": "https://hooks.example/y"}, token=org,
                     headers=key)
    again = api.post("/v1/webhooks", {**ok, "url": "https://hooks.example/y"}, token=org,
                     headers=key)
    assert first.status == again.status == 201 and first.body == again.body
    assert len(api.get("/v1/webhooks", token=org).body["endpoints"]) == 2


def test_a_rebuild_resends_nothing_and_keeps_the_log(api, rt, monkeypatch):
    monkeypatch.setenv("PODIUM_WEBHOOK_INLINE", "0")
    monkeypatch.setenv("PODIUM_WEBHOOK_BACKOFF_SECONDS", "0")
    org = api.organizer()
    hook = register(api, org, "https://hooks.example/r", ["round.paired", "result.reported"])
    tid, seating = vtes_round(api, org)
    report(api, org, tid, seating)
    answers = iter([(500, None), (200, None), (200, None)])
    sent = []

    def send(url, body, headers):
        sent.append(headers["X-Podium-Delivery"])
        return next(answers)
    worker.deliver_due(rt, send=send)         # one delivered, one retrying
    worker.deliver_due(rt, send=send)         # the retry delivered
    assert len(sent) == 3
    path = f"/v1/webhooks/{hook['endpoint_id']}/deliveries"
    before = api.get(path, token=org).body
    assert [i["status"] for i in before["items"]] == ["delivered", "delivered"]
    rt.projector.rebuild()
    assert worker.deliver_due(rt, send=send) == [] and len(sent) == 3
    assert api.get(path, token=org).body == before
    # An endpoint registered after an event never hears about it, even after a rebuild
    # that projects the endpoints' stream first (DynamoDB rebuilds go stream by stream).
    late = register(api, org, "https://hooks.example/late", ["round.paired"])
    streams = list(dict.fromkeys(e.stream_id for e in rt.events.all_events()))
    rt.views.clear()
    for stream in sorted(streams, key=lambda s: not s.startswith("webhooks-")):
        rt.projector.catch_up(stream)
    assert api.get(path, token=org).body == before
    assert api.get(f"/v1/webhooks/{late['endpoint_id']}/deliveries", token=org).body[
        "items"] == []


def test_outbox_and_retries_on_dynamodb(dynamo_api, monkeypatch):
    monkeypatch.setenv("PODIUM_WEBHOOK_INLINE", "0")
    monkeypatch.setenv("PODIUM_WEBHOOK_BACKOFF_SECONDS", "0")
    api, rt = dynamo_api
    org = api.organizer()
    hook = register(api, org, "https://hooks.example/d", ["round.paired"])
    vtes_round(api, org)
    answers = iter([(503, None), (None, "URLError: timed out"), (204, None)])
    sent = []

    def send(url, body, headers):
        sent.append(verify(hook["secret"], body, headers["X-Podium-Signature"]))
        return next(answers)
    assert worker.deliver_due(rt, send=send) == ["retrying"]
    assert worker.deliver_due(rt, send=send) == ["retrying"]
    assert worker.deliver_due(rt, send=send) == ["delivered"]
    assert worker.deliver_due(rt, send=send) == [] and sent == [True] * 3
    (item,) = api.get(f"/v1/webhooks/{hook['endpoint_id']}/deliveries", token=org).body["items"]
    assert [(a["status_code"], a["error"]) for a in item["attempts"]] == [
        (503, "HTTP 503"), (None, "URLError: timed out"), (204, None)]


def _payloads(receiver, topic):
    return [json.loads(b) for _, b in list(receiver.received) if json.loads(b)["topic"] == topic]


def test_swiss_top_cut_pairings_are_round_paired(api, local_hooks):
    from chalicelib.domain.webhooks.catalog import topic_of
    assert topic_of("TopCutStarted") == topic_of("CutAdvanced") == "round.paired"
    receiver = local_hooks()
    event = api.ready("munchkin", "booster-draft", players=4)
    tid, org = event["tid"], event["organizer"]
    hook = register(api, org, receiver.url, ["round.paired"])
    rounds = 0
    while (paired := api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org)).status == 201:
        rounds += 1
        for m in paired.body["matches"]:
            assert api.post(f"/v1/tournaments/{tid}/swiss/matches/{m['match_id']}/result",
                            {"a": 1, "b": 0}, token=org).status == 200
    assert rounds >= 1
    cut = api.post(f"/v1/tournaments/{tid}/swiss/top-cut", {"size": 4}, token=org)
    assert cut.status == 201, cut.body
    semis = cut.body["rounds"][0]["matches"]
    for m in semis:
        assert api.post(f"/v1/tournaments/{tid}/swiss/matches/{m['match_id']}/result",
                        {"a": 1, "b": 0}, token=org).status == 200
    wait_for(lambda: len(_payloads(receiver, "round.paired")) >= rounds + 1 + len(semis))
    time.sleep(0.2)
    got = _payloads(receiver, "round.paired")
    events = [p["event"] for p in got]
    assert events.count("RoundPaired") == rounds
    assert events.count("TopCutStarted") == 1 and events.count("CutAdvanced") == len(semis)
    started = next(p for p in got if p["event"] == "TopCutStarted")
    assert started["data"]["seeds"] == cut.body["seeds"] and started["tournament_id"] == tid
    advanced = {p["data"]["winner"] for p in got if p["event"] == "CutAdvanced"}
    assert advanced == {m["a"] for m in semis}
    for headers, body in receiver.received:
        assert verify(hook["secret"], body, headers["x-podium-signature"])
    assert len({p["id"] for p in got}) == len(got)            # each delivered once


def test_draft_finished_is_delivered(api, rt, local_hooks):
    from datetime import UTC, datetime, timedelta

    from tests.api.test_draft import Clock
    clock = Clock()
    # in the past, so that the outbox (due at the event's time) is due by the real clock
    clock.now = datetime.now(UTC) - timedelta(days=10)
    rt.service.clock = clock
    receiver = local_hooks()
    setup = api.started("mtg", "booster-draft", players=8,
                        settings={"draft": {"pick_seconds": 60}})
    tid, org = setup["tid"], setup["organizer"]
    hook = register(api, org, receiver.url, ["draft.finished"])
    assert api.post(f"/v1/tournaments/{tid}/draft", token=org).status == 201
    for _ in range(8):
        if api.get(f"/v1/tournaments/{tid}/draft").body["status"] == "finished":
            break
        clock.advance(3600)
        assert api.post(f"/v1/tournaments/{tid}/draft/sweep", token=org).status == 200
    assert api.get(f"/v1/tournaments/{tid}/draft").body["status"] == "finished"
    wait_for(lambda: _payloads(receiver, "draft.finished"))
    time.sleep(0.2)
    (payload,) = _payloads(receiver, "draft.finished")
    assert payload["event"] == "DraftFinished" and payload["tournament_id"] == tid
    assert payload["data"]["pod"] == 1 and payload["source"]["stream"] == f"pod-{tid}-1"
    (headers, body), = receiver.received
    assert verify(hook["secret"], body, headers["x-podium-signature"])
