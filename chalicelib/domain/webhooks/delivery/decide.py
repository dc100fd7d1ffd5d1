"""One delivery's attempts (stream ``webhook-<delivery id>``).

Events: ``WebhookAttempted`` {delivery_id, endpoint_id, organizer_id, attempt, at, ok,
status_code, error, outcome (delivered | retrying | failed), next_attempt_at, signed_with
(the versions of the endpoint's secrets that signed the request, newest first; empty when
no request was built)}."""
from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from ...decider import unknown_command
from ...errors import Conflict
from ...events import Event
from ..backoff import next_attempt_delay
from ..events import WebhookAttempted


@dataclass(frozen=True)
class RecordAttempt:
    delivery_id: str
    endpoint_id: str
    organizer_id: str
    attempt: int
    ok: bool
    status_code: int | None
    error: str | None
    now: str
    backoff_base_seconds: float
    give_up: bool = False      # e.g. the endpoint was removed
    signed_with: tuple[int, ...] = ()


@dataclass(frozen=True)
class DeliveryState:
    attempts: int = 0
    outcome: str | None = None     # None until the first attempt
    next_attempt_at: str | None = None

    @property
    def final(self) -> bool:
        return self.outcome in ("delivered", "failed")


def decide(cmd: Any, state: DeliveryState) -> list[Event]:
    if not isinstance(cmd, RecordAttempt):
        unknown_command("webhook delivery", cmd)
    if state.final or cmd.attempt != state.attempts + 1:
        raise Conflict("this attempt was already recorded", code="attempt_recorded")
    next_at = None
    if cmd.ok:
        outcome = "delivered"
    else:
        delay = None if cmd.give_up else next_attempt_delay(cmd.attempt,
                                                            cmd.backoff_base_seconds)
        outcome = "failed" if delay is None else "retrying"
        if delay is not None:
            next_at = (datetime.fromisoformat(cmd.now)
                       + timedelta(seconds=delay)).isoformat(timespec="microseconds")
    return [WebhookAttempted(
        delivery_id=cmd.delivery_id, endpoint_id=cmd.endpoint_id,
        organizer_id=cmd.organizer_id, attempt=cmd.attempt, at=cmd.now, ok=cmd.ok,
        status_code=cmd.status_code, error=cmd.error, outcome=outcome,
        next_attempt_at=next_at, signed_with=list(cmd.signed_with))]


def evolve(state: DeliveryState, event: Event) -> DeliveryState:
    if isinstance(event, WebhookAttempted):
        return replace(state, attempts=event.attempt, outcome=event.outcome,
                       next_attempt_at=event.next_attempt_at)
    return state
