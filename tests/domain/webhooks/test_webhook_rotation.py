"""Secret rotation: the new secret signs at once, the replaced one beside it until the
overlap ends; bounds, refusals and replays."""
from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from chalicelib.domain.errors import Conflict, Invalid, NotFound
from chalicelib.domain.webhooks import (
    DEFAULT_OVERLAP_SECONDS,
    MAX_OVERLAP_SECONDS,
    WEBHOOKS,
    RegisterEndpoint,
    RemoveEndpoint,
    RotateSecret,
    SecretRef,
)

T0 = "2026-12-04T18:00:00.000000+00:00"


def at(seconds: float) -> str:
    return (datetime.fromisoformat(T0) + timedelta(seconds=seconds)).isoformat(
        timespec="microseconds")


def run(commands):
    """Decide and evolve each command in turn; returns (state, every event)."""
    state, log = WEBHOOKS.initial(), []
    for cmd in commands:
        for event in WEBHOOKS.decide(cmd, state):
            log.append(event)
            state = WEBHOOKS.evolve(state, event)
    return state, log


def derive(nonce):
    """Stands in for the HMAC under the server secret (outside the domain)."""
    return f"whsec_{nonce}"


def register(now=T0, nonce="one"):
    return RegisterEndpoint("w1", "https://hooks.example/x", ("round.paired",), nonce, None,
                            False, now)


def test_the_replaced_secret_signs_beside_the_new_one_until_the_overlap_ends():
    state, events = run([register(), RotateSecret("w1", "two", 3600, at(60))])
    assert events[-1].type == "WebhookSecretRotated"
    assert events[-1].data == {"endpoint_id": "w1", "version": 2, "secret_nonce": "two",
                               "legacy_secret": None, "overlap_seconds": 3600,
                               "previous_expires_at": at(3660),
                               "at": at(60)}
    endpoint = state.get("w1")
    assert endpoint.secret == SecretRef("two") and endpoint.secret_version == 2
    assert endpoint.signing_secrets(at(61), derive) == [(2, "whsec_two"), (1, "whsec_one")]
    assert endpoint.signing_secrets(at(3659), derive) == [(2, "whsec_two"), (1, "whsec_one")]
    assert endpoint.signing_secrets(at(3660), derive) == [(2, "whsec_two")]
    assert endpoint.public(at(100))["secrets"] == [
        {"version": 2, "created_at": at(60), "expires_at": None},
        {"version": 1, "created_at": T0, "expires_at": at(3660)}]
    assert endpoint.public(at(4000))["secrets"] == [
        {"version": 2, "created_at": at(60), "expires_at": None}]
    assert "whsec" not in repr(endpoint.public(at(100)))


def test_before_any_rotation_one_secret_signs():
    state, _ = run([register()])
    assert state.get("w1").signing_secrets(at(10**6), derive) == [(1, "whsec_one")]
    assert state.get("w1").public(T0)["secrets"] == [
        {"version": 1, "created_at": T0, "expires_at": None}]


def test_a_zero_overlap_retires_every_earlier_secret_at_once():
    state, _ = run([register(), RotateSecret("w1", "two", 7200, at(10)),
                    RotateSecret("w1", "three", 7200, at(20)),
                    RotateSecret("w1", "four", 0, at(30))])
    endpoint = state.get("w1")
    assert endpoint.secret_version == 4 and endpoint.previous == ()
    assert endpoint.signing_secrets(at(30), derive) == [(4, "whsec_four")]


def test_a_later_rotation_shortens_an_older_overlap_never_lengthens_it():
    state, _ = run([register(), RotateSecret("w1", "two", DEFAULT_OVERLAP_SECONDS, T0),
                    RotateSecret("w1", "three", 600, at(3600))])
    endpoint = state.get("w1")
    assert [(p.version, p.expires_at) for p in endpoint.previous] == [
        (2, at(4200)), (1, at(4200))]
    assert endpoint.signing_secrets(at(4000), derive) == [
        (3, "whsec_three"), (2, "whsec_two"), (1, "whsec_one")]
    assert endpoint.signing_secrets(at(4200), derive) == [(3, "whsec_three")]
    state, _ = run([register(), RotateSecret("w1", "two", 600, T0),
                    RotateSecret("w1", "three", 3600, at(60))])
    assert [(p.version, p.expires_at) for p in state.get("w1").previous] == [
        (2, at(3660)), (1, at(600))]


def test_expired_secrets_are_dropped_from_the_state():
    state, _ = run([register(), RotateSecret("w1", "two", 60, T0),
                    RotateSecret("w1", "three", 60, at(120))])
    assert [p.version for p in state.get("w1").previous] == [2]


def test_at_most_two_earlier_secrets_sign_beside_the_current_one():
    base = [register(), RotateSecret("w1", "two", 3600, at(1)),
            RotateSecret("w1", "three", 3600, at(2))]
    state, _ = run(base)
    with pytest.raises(Conflict) as refused:
        WEBHOOKS.decide(RotateSecret("w1", "four", 60, at(3)), state)
    assert refused.value.code == "rotation_in_progress"
    assert [d["version"] for d in refused.value.details] == [2, 1]
    assert WEBHOOKS.decide(RotateSecret("w1", "four", 0, at(3)), state)
    # once the oldest has expired, an overlap is possible again
    assert WEBHOOKS.decide(RotateSecret("w1", "four", 60, at(3601)), state)


@pytest.mark.parametrize("overlap", [-1, MAX_OVERLAP_SECONDS + 1, True, 1.5, "60"])
def test_the_overlap_is_bounded(overlap):
    state, _ = run([register()])
    with pytest.raises(Invalid) as refused:
        WEBHOOKS.decide(RotateSecret("w1", "two", overlap, at(1)), state)
    assert refused.value.code == "invalid_rotation"
    assert refused.value.details[0]["field"] == "overlap_seconds"


def test_bounds_themselves_are_accepted():
    state, _ = run([register()])
    for overlap in (0, MAX_OVERLAP_SECONDS):
        (event,) = WEBHOOKS.decide(RotateSecret("w1", "two", overlap, at(1)), state)
        assert event.data["overlap_seconds"] == overlap


def test_refusals():
    state, _ = run([register()])
    with pytest.raises(NotFound):
        WEBHOOKS.decide(RotateSecret("w2", "two", 60, at(1)), state)
    with pytest.raises(Invalid):
        WEBHOOKS.decide(RotateSecret("w1", "one", 60, at(1)), state)   # same nonce
    removed, _ = run([register(), RemoveEndpoint("w1", at(1))])
    with pytest.raises(NotFound):
        WEBHOOKS.decide(RotateSecret("w1", "two", 60, at(2)), removed)


def test_replaying_the_events_rebuilds_the_same_state():
    state, events = run([register(), RotateSecret("w1", "two", 3600, at(5)),
                         RotateSecret("w1", "three", 60, at(10))])
    replayed = WEBHOOKS.initial()
    for event in events:
        replayed = WEBHOOKS.evolve(replayed, event)
    assert replayed == state
    assert replayed.get("w1").signing_secrets(at(20), derive) == [
        (3, "whsec_three"), (2, "whsec_two"), (1, "whsec_one")]
