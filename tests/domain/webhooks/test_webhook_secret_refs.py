"""Events hold nonces, not secrets; events recorded before nonces (raw ``secret``) still
fold and sign; ``issued_by`` finds the event that issued a secret version."""
from __future__ import annotations

from chalicelib.domain.events import decode
from chalicelib.domain.webhooks import (
    WEBHOOKS,
    RegisterEndpoint,
    RotateSecret,
    SecretRef,
    issued_by,
)
from chalicelib.domain.webhooks.events import WebhookEndpointRemoved

T0 = "2026-12-04T18:00:00.000000+00:00"
T1 = "2026-12-04T18:01:00.000000+00:00"
T2 = "2026-12-04T18:02:00.000000+00:00"
LATER = "2026-12-06T18:00:00.000000+00:00"


def derive(nonce):
    return f"derived:{nonce}"


def fold(events):
    state = WEBHOOKS.initial()
    for event in events:
        state = WEBHOOKS.evolve(state, event)
    return state


def legacy_registration(secret="whsec_raw_legacy"):
    """As recorded before nonces (version 1)."""
    return decode("WebhookEndpointRegistered", {
        "endpoint_id": "w1", "url": "https://hooks.example/x", "topics": ["round.paired"],
        "secret": secret, "description": None, "at": T0}, 1)


def test_new_events_record_a_nonce_and_no_secret_field():
    (registered,) = WEBHOOKS.decide(RegisterEndpoint(
        "w1", "https://hooks.example/x", ("round.paired",), "n1", None, False, T0),
        WEBHOOKS.initial())
    assert registered.data["secret_nonce"] == "n1" and "secret" not in registered.data
    (rotated,) = WEBHOOKS.decide(RotateSecret("w1", "n2", 60, T1), fold([registered]))
    assert rotated.data["secret_nonce"] == "n2" and "secret" not in rotated.data


def test_a_legacy_event_with_a_raw_secret_still_signs():
    state = fold([legacy_registration()])
    endpoint = state.get("w1")
    assert endpoint.secret == SecretRef(legacy="whsec_raw_legacy")
    assert endpoint.signing_secrets(T1, derive) == [(1, "whsec_raw_legacy")]
    assert "whsec_raw_legacy" not in repr(state)          # state reprs never show it


def test_rotating_a_legacy_endpoint_keeps_the_raw_secret_for_the_overlap():
    state = fold([legacy_registration()])
    (rotated,) = WEBHOOKS.decide(RotateSecret("w1", "n2", 3600, T1), state)
    endpoint = WEBHOOKS.evolve(state, rotated).get("w1")
    assert endpoint.signing_secrets(T2, derive) == [(2, "derived:n2"),
                                                    (1, "whsec_raw_legacy")]
    assert endpoint.signing_secrets(LATER, derive) == [(2, "derived:n2")]


def test_a_legacy_rotation_event_still_folds():
    state = fold([legacy_registration(), decode("WebhookSecretRotated", {
        "endpoint_id": "w1", "version": 2, "secret": "whsec_raw_two", "overlap_seconds": 60,
        "previous_expires_at": T2, "at": T1}, 1)])
    assert state.get("w1").signing_secrets(T1, derive) == [
        (2, "whsec_raw_two"), (1, "whsec_raw_legacy")]
    (rotated,) = WEBHOOKS.decide(RotateSecret("w1", "n3", 0, T2), state)
    assert WEBHOOKS.evolve(state, rotated).get("w1").signing_secrets(T2, derive) == [
        (3, "derived:n3")]


def test_issued_by_finds_the_event_of_each_version():
    registered = legacy_registration()
    rotated = decode("WebhookSecretRotated", {
        "endpoint_id": "w1", "version": 2, "secret_nonce": "n2", "overlap_seconds": 0,
        "previous_expires_at": T1, "at": T1}, 1)
    assert issued_by(registered, "w1", 1) == SecretRef(legacy="whsec_raw_legacy")
    assert issued_by(registered, "w1", 2) is None
    assert issued_by(registered, "w2", 1) is None
    assert issued_by(rotated, "w1", 2) == SecretRef("n2")
    assert issued_by(rotated, "w1", 1) is None
    assert issued_by(WebhookEndpointRemoved(endpoint_id="w1", at=T1), "w1", 1) is None
