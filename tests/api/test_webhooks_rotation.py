"""Rotating a webhook secret through HTTP: both secrets sign during the overlap, only the
new one after it; the delivery log shows which signed; refusals; replays and restarts."""
from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

from chalicelib.domain.webhooks import sign, verify
from chalicelib.webhooks import worker
from tests.api import test_webhooks as hooks
from tests.api.test_webhooks import register, vtes_round, wait_for

local_hooks = hooks.local_hooks         # fixture: loopback receivers, loopback allowed


def rotate(api, org, wid, body=None, **kw):
    return api.post(f"/v1/webhooks/{wid}/rotate-secret", body, token=org, **kw)


def log_of(api, org, wid):
    return api.get(f"/v1/webhooks/{wid}/deliveries", token=org).body


def capture(sent, answer=(200, None)):
    def send(url, body, headers):
        sent.append((headers, body))
        return answer
    return send


def test_deliveries_carry_both_signatures_during_the_overlap(api, local_hooks):
    receiver = local_hooks()
    org = api.organizer()
    hook = register(api, org, receiver.url, ["round.paired"])
    before = datetime.now(UTC)
    r = rotate(api, org, hook["endpoint_id"])                    # default overlap: 24 h
    assert r.status == 200, r.body
    new, old = r.body["secret"], hook["secret"]
    assert new.startswith("whsec_") and new != old
    current, previous = r.body["secrets"]
    assert current["version"] == 2 and current["expires_at"] is None
    assert previous["version"] == 1
    expires = datetime.fromisoformat(previous["expires_at"])
    assert before + timedelta(hours=24) <= expires <= datetime.now(UTC) + timedelta(hours=24)
    listed = api.get("/v1/webhooks", token=org).body["endpoints"][0]
    assert "secret" not in listed and listed["secrets"] == r.body["secrets"]
    assert new not in json.dumps(api.get("/v1/webhooks", token=org).body)

    vtes_round(api, org)
    wait_for(lambda: receiver.received)
    headers, body = receiver.received[0]
    assert headers["x-podium-signature"] == sign(new, body) + "," + sign(old, body)
    assert verify(new, body, headers["x-podium-signature"])
    assert verify(old, body, headers["x-podium-signature"])
    item = wait_for(lambda: [i for i in log_of(api, org, hook["endpoint_id"])["items"]
                             if i["status"] == "delivered"])[0]
    assert item["attempts"][0]["signed_with"] == [2, 1]


def test_after_a_zero_overlap_only_the_new_secret_signs(api, rt, monkeypatch):
    monkeypatch.setenv("PODIUM_WEBHOOK_INLINE", "0")
    org = api.organizer()
    hook = register(api, org, "https://hooks.example/z", ["round.paired"])
    first = rotate(api, org, hook["endpoint_id"], {"overlap_seconds": 3600}).body
    second = rotate(api, org, hook["endpoint_id"], {"overlap_seconds": 0}).body
    assert [s["version"] for s in second["secrets"]] == [3]
    vtes_round(api, org)
    sent = []
    assert worker.deliver_due(rt, send=capture(sent)) == ["delivered"]
    ((headers, body),) = sent
    assert headers["X-Podium-Signature"] == sign(second["secret"], body)
    assert not verify(first["secret"], body, headers["X-Podium-Signature"])
    assert not verify(hook["secret"], body, headers["X-Podium-Signature"])
    (item,) = log_of(api, org, hook["endpoint_id"])["items"]
    assert item["attempts"][0]["signed_with"] == [3]


def test_an_expired_overlap_stops_the_old_signature(api, rt, monkeypatch):
    monkeypatch.setenv("PODIUM_WEBHOOK_INLINE", "0")
    org = api.organizer()
    hook = register(api, org, "https://hooks.example/e", ["round.paired"])
    new = rotate(api, org, hook["endpoint_id"], {"overlap_seconds": 1}).body
    expires = datetime.fromisoformat(new["secrets"][1]["expires_at"])
    vtes_round(api, org)
    wait_for(lambda: datetime.now(UTC) >= expires, timeout=5)
    sent = []
    assert worker.deliver_due(rt, send=capture(sent)) == ["delivered"]
    ((headers, body),) = sent
    assert headers["X-Podium-Signature"] == sign(new["secret"], body)
    assert api.get("/v1/webhooks", token=org).body["endpoints"][0]["secrets"] == [
        new["secrets"][0]]


def test_rotation_refusals_change_nothing(api):
    org = api.organizer()
    hook = register(api, org, "https://hooks.example/r", ["round.paired"])
    wid = hook["endpoint_id"]
    for body in ({"overlap_seconds": -1}, {"overlap_seconds": 604801},
                 {"overlap_seconds": "60"}, {"overlap_seconds": 1.5},
                 {"overlap_seconds": True}, {"overlap": 60}):
        r = rotate(api, org, wid, body)
        assert r.status == 422, (body, r.body)
    assert api.post(f"/v1/webhooks/{wid}/rotate-secret").status == 401
    assert rotate(api, api.admin_key, wid).status == 403
    assert rotate(api, api.organizer("Other"), wid).status == 404
    assert rotate(api, org, "wnope").status == 404
    assert [s["version"] for s in api.get("/v1/webhooks", token=org).body["endpoints"][0][
        "secrets"]] == [1]
    assert rotate(api, org, wid, {"overlap_seconds": 600}).status == 200
    assert rotate(api, org, wid, {"overlap_seconds": 600}).status == 200
    crowded = rotate(api, org, wid, {"overlap_seconds": 600})
    assert crowded.status == 409 and crowded.body["error"] == "rotation_in_progress"
    assert [s["version"] for s in api.get("/v1/webhooks", token=org).body["endpoints"][0][
        "secrets"]] == [3, 2, 1]
    assert api.delete(f"/v1/webhooks/{wid}", token=org).status == 200
    assert rotate(api, org, wid).status == 404


def test_a_retried_rotation_returns_the_same_secret_and_rotates_once(api):
    org = api.organizer()
    hook = register(api, org, "https://hooks.example/i", ["round.paired"])
    key = {"Idempotency-Key": "rotate-hook-000001"}
    first = rotate(api, org, hook["endpoint_id"], {"overlap_seconds": 60}, headers=key)
    again = rotate(api, org, hook["endpoint_id"], {"overlap_seconds": 60}, headers=key)
    assert first.status == again.status == 200 and first.body == again.body
    assert first.body["secret"] != hook["secret"]
    assert [s["version"] for s in api.get("/v1/webhooks", token=org).body["endpoints"][0][
        "secrets"]] == [2, 1]
    other = rotate(api, org, hook["endpoint_id"], {"overlap_seconds": 60},
                   headers={"Idempotency-Key": "rotate-hook-000002"})
    assert other.body["secret"] != first.body["secret"]


def test_rotation_survives_a_restart_and_a_rebuild(api, rt, restart, monkeypatch):
    monkeypatch.setenv("PODIUM_WEBHOOK_INLINE", "0")
    org = api.organizer()
    hook = register(api, org, "https://hooks.example/p", ["round.paired", "result.reported"])
    new = rotate(api, org, hook["endpoint_id"], {"overlap_seconds": 3600}).body["secret"]
    vtes_round(api, org)
    events = [e.type for e in rt.events.all_events()]
    assert "WebhookSecretRotated" in events
    rt2 = restart()                            # a new process folds the stream again
    sent = []
    assert worker.deliver_due(rt2, send=capture(sent)) == ["delivered"]
    ((headers, body),) = sent
    assert headers["X-Podium-Signature"] == sign(new, body) + "," + sign(hook["secret"], body)
    path = f"/v1/webhooks/{hook['endpoint_id']}/deliveries"
    before = api.get(path, token=org).body
    assert before["items"][0]["attempts"][0]["signed_with"] == [2, 1]
    rt2.projector.rebuild()
    assert api.get(path, token=org).body == before
