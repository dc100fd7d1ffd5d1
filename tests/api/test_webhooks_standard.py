"""Standard Webhooks signatures (``webhook-id``, ``webhook-timestamp``,
``webhook-signature``) verified by the ``standardwebhooks`` package as a receiver would:
a real delivery to a loopback receiver, a tampered body and a stale timestamp refused,
the same id on a retry, and both secrets during a rotation's overlap."""
from __future__ import annotations

import base64
import json
import time

import pytest
from standardwebhooks import Webhook
from standardwebhooks.webhooks import WebhookVerificationError

from chalicelib.domain.webhooks import signing, standard_headers, standard_secret, verify
from tests.api.test_webhooks import local_hooks, register, vtes_round, wait_for  # noqa: F401
from tests.api.test_webhooks_rotation import rotate


def _refused(secret: str, body: bytes, headers: dict[str, str]) -> str:
    with pytest.raises(WebhookVerificationError) as refused:
        Webhook(secret).verify(body, headers)
    return str(refused.value)


def test_a_delivery_verifies_with_the_standard_library(api, local_hooks):  # noqa: F811
    receiver = local_hooks()
    org = api.organizer()
    hook = register(api, org, receiver.url, ["round.paired"])
    whsec = hook["standard_webhooks_secret"]
    assert whsec == "whsec_" + base64.b64encode(hook["secret"].encode()).decode()
    vtes_round(api, org)
    wait_for(lambda: receiver.received)
    headers, body = receiver.received[0]
    payload = Webhook(whsec).verify(body, headers)
    assert payload == json.loads(body) and headers["webhook-id"] == payload["id"]
    assert headers["webhook-id"] == headers["x-podium-delivery"]
    assert headers["webhook-timestamp"] == headers["x-podium-timestamp"]
    assert abs(int(headers["webhook-timestamp"]) - time.time()) < 60
    assert verify(hook["secret"], body, headers["x-podium-signature"])   # the same key
    # a tampered body, another secret, a changed id: refused
    tampered = body.replace(b'"round":1', b'"round":2')
    assert tampered != body
    assert "No matching signature" in _refused(whsec, tampered, headers)
    assert "No matching signature" in _refused(standard_secret("whsec_other"), body, headers)
    assert "No matching signature" in _refused(whsec, body, {**headers, "webhook-id": "dX"})
    # a replay ten minutes later (the library's tolerance is five): refused as stale
    stale = standard_headers([hook["secret"]], headers["webhook-id"],
                             int(time.time()) - 600, body)
    assert "too old" in _refused(whsec, body, stale)
    # while the same signature with the original timestamp still verifies
    fresh = standard_headers([hook["secret"]], headers["webhook-id"],
                             int(headers["webhook-timestamp"]), body)
    assert fresh["webhook-signature"] == headers["webhook-signature"]


def test_a_retry_keeps_the_id_and_signs_its_own_time(api, local_hooks):  # noqa: F811
    receiver = local_hooks([503])
    org = api.organizer()
    hook = register(api, org, receiver.url, ["round.paired"])
    vtes_round(api, org)
    wait_for(lambda: len(receiver.received) >= 2)
    (first, body1), (second, body2) = receiver.received[:2]
    assert body1 == body2 and first["webhook-id"] == second["webhook-id"]
    for headers in (first, second):
        Webhook(hook["standard_webhooks_secret"]).verify(body2, headers)


def test_both_secrets_verify_during_a_rotation_overlap(api, local_hooks):  # noqa: F811
    receiver = local_hooks()
    org = api.organizer()
    hook = register(api, org, receiver.url, ["round.paired"])
    new = rotate(api, org, hook["endpoint_id"], {"overlap_seconds": 3600}).body
    assert new["standard_webhooks_secret"] == standard_secret(new["secret"])
    assert new["standard_webhooks_secret"] != hook["standard_webhooks_secret"]
    vtes_round(api, org)
    wait_for(lambda: receiver.received)
    headers, body = receiver.received[0]
    entries = headers["webhook-signature"].split(" ")
    assert len(entries) == 2 and all(e.startswith("v1,") for e in entries)
    assert entries[0] == signing.standard_sign(new["secret"], headers["webhook-id"],
                                               int(headers["webhook-timestamp"]), body)
    Webhook(new["standard_webhooks_secret"]).verify(body, headers)
    Webhook(hook["standard_webhooks_secret"]).verify(body, headers)
    # after a zero-overlap rotation only the newest secret signs
    last = rotate(api, org, hook["endpoint_id"], {"overlap_seconds": 0}).body
    vtes_round(api, org)                                         # another round.paired
    wait_for(lambda: len(receiver.received) >= 2)
    headers, body = receiver.received[-1]
    assert len(headers["webhook-signature"].split(" ")) == 1
    Webhook(last["standard_webhooks_secret"]).verify(body, headers)
    assert "No matching signature" in _refused(new["standard_webhooks_secret"], body, headers)
    assert "No matching signature" in _refused(hook["standard_webhooks_secret"], body,
                                               headers)
