"""Webhook secrets are never stored: events record a nonce, the secret is derived from it
with the server secret. Nothing but the one-time reply shows a secret; deliveries verify
with the secret shown; events from before nonces (raw ``secret``) still sign; retries
return the same secret."""
from __future__ import annotations

import json
from dataclasses import replace

from standardwebhooks import Webhook

from chalicelib.domain.webhooks import sign, standard_secret, verify
from chalicelib.runtime import build_runtime, set_runtime
from chalicelib.service import IdempotencyRequest
from chalicelib.store import codec
from chalicelib.webhooks import worker
from chalicelib.webhooks.derivation import derive_secret
from tests.api.test_webhooks import register, vtes_round
from tests.api.test_webhooks_rotation import capture, rotate
from tests.conftest import make_config

REGISTER_KEY = "register-hook-secret-0001"
ROTATE_KEY = "rotate-hook-secret-00001"


def org_id(api, org):
    return api.get("/v1/me", token=org).body["id"]


def stored_reply(rt, api, org, key):
    """The body the idempotency record keeps for ``key`` (as the service scopes it)."""
    scoped = IdempotencyRequest.of(org_id(api, org), key, "POST", "/", b"").key
    return rt.events.idempotency(scoped).body


def everything(rt) -> str:
    return json.dumps([(e.stream_id, e.type, e.data, e.meta)
                       for e in rt.events.all_events()]) + json.dumps(rt.views.dump())


def test_no_event_view_or_stored_reply_holds_a_secret(api, rt, monkeypatch):
    monkeypatch.setenv("PODIUM_WEBHOOK_INLINE", "0")
    org = api.organizer()
    r = api.post("/v1/webhooks", {"url": "https://hooks.example/s", "topics": ["round.paired"]},
                 token=org, headers={"Idempotency-Key": REGISTER_KEY})
    assert r.status == 201
    hook = r.body
    wid = hook["endpoint_id"]
    first = rotate(api, org, wid, {"overlap_seconds": 3600},
                   headers={"Idempotency-Key": ROTATE_KEY}).body
    second = rotate(api, org, wid, {"overlap_seconds": 0}).body
    shown = [hook["secret"], first["secret"], second["secret"]]
    assert all(s.startswith("whsec_") for s in shown) and len(set(shown)) == 3
    stream = f"webhooks-{org_id(api, org)}"
    events = rt.events.read(stream)
    assert [e.type for e in events] == ["WebhookEndpointRegistered", "WebhookSecretRotated",
                                        "WebhookSecretRotated"]
    for event in events:
        assert "secret" not in event.data and event.data["secret_nonce"]
        for secret in shown:
            assert secret not in json.dumps([event.data, event.meta])
            assert secret.removeprefix("whsec_") not in json.dumps([event.data, event.meta])
    # the secret is the HMAC of the server secret over the recorded nonce
    assert [derive_secret(rt.token_secret, e.data["secret_nonce"]) for e in events] == shown
    shown += [r["standard_webhooks_secret"] for r in (hook, first, second)]
    assert shown[3:] == [standard_secret(secret) for secret in shown[:3]]
    dump = everything(rt)
    dump += json.dumps([stored_reply(rt, api, org, REGISTER_KEY),
                        stored_reply(rt, api, org, ROTATE_KEY)])
    dump += json.dumps([api.get("/v1/webhooks", token=org).body,
                        api.get(f"/v1/webhooks/{wid}/deliveries", token=org).body])
    for secret in shown:
        assert secret not in dump
    assert api.delete(f"/v1/webhooks/{wid}", token=org).body.get("secret") is None


def test_retries_return_the_same_secret_without_storing_it(api, rt):
    org = api.organizer()
    body = {"url": "https://hooks.example/i", "topics": ["round.paired"]}
    key = {"Idempotency-Key": REGISTER_KEY}
    first = api.post("/v1/webhooks", body, token=org, headers=key)
    again = api.post("/v1/webhooks", body, token=org, headers=key)
    assert again.status == 201 and again.headers.get("Idempotent-Replayed") == "true"
    assert again.body == first.body
    wid = first.body["endpoint_id"]
    rkey = {"Idempotency-Key": ROTATE_KEY}
    rotated = rotate(api, org, wid, {"overlap_seconds": 60}, headers=rkey)
    rotate(api, org, wid, {"overlap_seconds": 0})              # a later rotation
    replayed = rotate(api, org, wid, {"overlap_seconds": 60}, headers=rkey)
    assert replayed.headers.get("Idempotent-Replayed") == "true"
    assert replayed.body == rotated.body and replayed.body["secret"] != first.body["secret"]
    assert api.post("/v1/webhooks", body, token=org, headers=key).body == first.body
    assert len(rt.events.read(f"webhooks-{org_id(api, org)}")) == 3


def test_deliveries_verify_with_the_secrets_shown_across_rotations(api, rt, monkeypatch):
    monkeypatch.setenv("PODIUM_WEBHOOK_INLINE", "0")
    org = api.organizer()
    hook = register(api, org, "https://hooks.example/v", ["round.paired"])
    wid = hook["endpoint_id"]

    def one_delivery():
        vtes_round(api, org)
        sent = []
        assert worker.deliver_due(rt, send=capture(sent)) == ["delivered"]
        ((headers, body),) = sent
        return headers["X-Podium-Signature"], body
    header, body = one_delivery()
    assert header == sign(hook["secret"], body)
    new = rotate(api, org, wid, {"overlap_seconds": 3600}).body["secret"]
    header, body = one_delivery()                   # the overlap: both verify
    assert header == sign(new, body) + "," + sign(hook["secret"], body)
    assert verify(new, body, header) and verify(hook["secret"], body, header)
    newest = rotate(api, org, wid, {"overlap_seconds": 0}).body["secret"]
    header, body = one_delivery()                   # overlap 0: only the newest
    assert header == sign(newest, body)
    assert not verify(new, body, header) and not verify(hook["secret"], body, header)


def _as_legacy(rt, stream: str, raw: str) -> None:
    """Rewrite the stream's registration as the code before nonces recorded it (with no
    version in its meta: version 1)."""
    with rt.events.db.write() as conn:
        (position, data, meta), = conn.execute(
            "SELECT position, data, meta FROM events WHERE stream_id = ? AND type = ?",
            (stream, "WebhookEndpointRegistered")).fetchall()
        data = codec.loads(data)
        del data["secret_nonce"], data["legacy_secret"]
        meta = {k: v for k, v in codec.loads(meta).items() if k != "v"}
        conn.execute("UPDATE events SET data = ?, meta = ? WHERE position = ?",
                     (codec.dumps({**data, "secret": raw}), codec.dumps(meta), position))


def test_a_legacy_event_with_a_raw_secret_still_signs_and_replays(api, rt, restart,
                                                                   monkeypatch):
    monkeypatch.setenv("PODIUM_WEBHOOK_INLINE", "0")
    org = api.organizer()
    body = {"url": "https://hooks.example/l", "topics": ["round.paired"]}
    key = {"Idempotency-Key": REGISTER_KEY}
    hook = api.post("/v1/webhooks", body, token=org, headers=key).body
    raw = "whsec_recorded-raw-before-nonces"
    _as_legacy(rt, f"webhooks-{org_id(api, org)}", raw)
    rt = restart()                                  # no cached state of the new form
    # a retry of the old request returns the secret its event recorded
    assert api.post("/v1/webhooks", body, token=org, headers=key).body == {
        **hook, "secret": raw, "standard_webhooks_secret": standard_secret(raw)}
    vtes_round(api, org)
    sent = []
    assert worker.deliver_due(rt, send=capture(sent)) == ["delivered"]
    ((headers, payload),) = sent
    assert headers["X-Podium-Signature"] == sign(raw, payload)
    Webhook(standard_secret(raw)).verify(payload, headers)        # Standard Webhooks too
    # rotating away from it: the raw secret signs beside the new one for the overlap
    new = rotate(api, org, hook["endpoint_id"], {"overlap_seconds": 3600}).body["secret"]
    vtes_round(api, org)
    sent = []
    assert worker.deliver_due(rt, send=capture(sent)) == ["delivered"]
    ((headers, payload),) = sent
    assert headers["X-Podium-Signature"] == sign(new, payload) + "," + sign(raw, payload)
    assert raw not in json.dumps(api.get("/v1/webhooks", token=org).body)


def test_changing_the_server_secret_changes_every_webhook_secret(api, rt, tmp_path,
                                                                monkeypatch):
    monkeypatch.setenv("PODIUM_WEBHOOK_INLINE", "0")
    org = api.organizer()
    hook = register(api, org, "https://hooks.example/t", ["round.paired"])
    vtes_round(api, org)
    other = build_runtime(replace(make_config(tmp_path / "data"),
                                  token_secret="another-secret-" + "1" * 49))
    set_runtime(other)
    sent = []
    assert worker.deliver_due(other, send=capture(sent)) == ["delivered"]
    ((headers, payload),) = sent
    assert not verify(hook["secret"], payload, headers["X-Podium-Signature"])
