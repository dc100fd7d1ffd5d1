"""Web Push (RFC 8030, 8291, 8292): a player's browser or app subscriptions (stream
``push-<tid>-<pid>``: one per player, so players subscribing at once never contend) and
the outcomes of delivering their feed's entries (``pushlog-<tid>``: one event per worker
batch). A subscription the push service answers 404 or 410 is dropped."""
from __future__ import annotations

import re
from typing import Any

from ..decider import unknown_command
from ..errors import Conflict, Invalid, NotFound
from ..events import Event
from .commands import Subscribe, Unsubscribe
from .events import PushSubscribed, PushUnsubscribed
from .state import Subscriptions

MAX_SUBSCRIPTIONS = 10            # per player: phones, tablets, browsers
B64URL = re.compile(r"^[A-Za-z0-9_-]+={0,2}$")


def decide(command: Any, state: Subscriptions) -> list[Event]:
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
