"""Web Push (RFC 8030, 8291, 8292): a player's browser or app subscriptions (stream
``push-<tid>-<pid>``: one per player, so players subscribing at once never contend) and
the outcomes of delivering their feed's entries (``pushlog-<tid>``: one event per worker
batch). A subscription the push service answers 404 or 410 is dropped."""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from ..decider import unknown_command
from ..errors import Conflict, Invalid, NotFound
from ..events import Event, event

MAX_SUBSCRIPTIONS = 10            # per player: phones, tablets, browsers
MAX_RESULTS = 1000                # per batch event
B64URL = re.compile(r"^[A-Za-z0-9_-]+={0,2}$")


@event
class PushSubscribed(Event):
    subscription_id: str
    endpoint: str
    p256dh: str
    auth: str
    at: str


@event
class PushUnsubscribed(Event):
    subscription_id: str
    reason: str                    # "player", or "gone" (the push service said 404/410)
    at: str


@event
class PushBatchAttempted(Event):
    """Each result: {delivery_id, subscription_id, player_id, attempt, ok, status,
    outcome (delivered, retrying, failed, gone, expired), next_attempt_at}."""

    results: list[dict[str, Any]]
    at: str


@dataclass(frozen=True)
class Subscribe:
    subscription_id: str
    endpoint: str
    p256dh: str
    auth: str
    now: str


@dataclass(frozen=True)
class Unsubscribe:
    subscription_id: str
    reason: str
    now: str


@dataclass(frozen=True)
class RecordBatch:
    results: tuple[dict[str, Any], ...]
    now: str


@dataclass(frozen=True)
class Subscriptions:
    active: dict[str, dict[str, Any]] = field(default_factory=dict)   # id -> subscription


def _decide_player(command: Any, state: Subscriptions) -> list[Event]:
    if isinstance(command, Subscribe):
        for sub in state.active.values():
            if sub["endpoint"] == command.endpoint:
                return []          # the same subscription again: nothing changes
        if len(state.active) >= MAX_SUBSCRIPTIONS:
            raise Conflict(f"a player has at most {MAX_SUBSCRIPTIONS} push subscriptions",
                           code="too_many_subscriptions")
        problems = [{"field": name, "msg": "base64url"} for name, value in
                    (("keys.p256dh", command.p256dh), ("keys.auth", command.auth))
                    if not B64URL.match(value)]
        if problems:
            raise Invalid("the subscription's keys are not base64url", problems,
                          code="invalid_subscription")
        return [PushSubscribed(subscription_id=command.subscription_id,
                               endpoint=command.endpoint, p256dh=command.p256dh,
                               auth=command.auth, at=command.now)]
    if isinstance(command, Unsubscribe):
        if command.subscription_id not in state.active:
            if command.reason == "gone":
                return []
            raise NotFound("no such push subscription", code="subscription_not_found")
        return [PushUnsubscribed(subscription_id=command.subscription_id,
                                 reason=command.reason, at=command.now)]
    unknown_command("push", command)


def _evolve_player(state: Subscriptions, e: Event) -> Subscriptions:
    if isinstance(e, PushSubscribed):
        return replace(state, active={**state.active, e.subscription_id: {
            "endpoint": e.endpoint, "p256dh": e.p256dh, "auth": e.auth, "at": e.at}})
    if isinstance(e, PushUnsubscribed):
        return replace(state, active={k: v for k, v in state.active.items()
                                      if k != e.subscription_id})
    return state


def _decide_log(command: Any, state: int) -> list[Event]:
    if not isinstance(command, RecordBatch):
        unknown_command("push log", command)
    if not 1 <= len(command.results) <= MAX_RESULTS:
        raise Invalid("a batch records 1 to 1000 results")
    return [PushBatchAttempted(results=list(command.results), at=command.now)]

from .aggregate import PUSH_LOG as PUSH_LOG  # noqa: E402, F401  (declared once, in aggregate.py)
from .aggregate import PUSH_SUBSCRIPTIONS as PUSH_SUBSCRIPTIONS  # noqa: E402
