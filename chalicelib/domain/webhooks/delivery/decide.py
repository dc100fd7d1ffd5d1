"""One delivery's attempts (stream ``webhook-<delivery id>``).

Events: ``WebhookAttempted`` {delivery_id, endpoint_id, organizer_id, attempt, at, ok,
status_code, error, outcome (delivered | retrying | failed), next_attempt_at, signed_with
(the versions of the endpoint's secrets that signed the request, newest first; empty when
no request was built)}."""
from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from ...decider import unknown_command
from ...errors import Conflict
from ...events import Event
from ..backoff import next_attempt_delay
from ..events import WebhookAttempted
from .commands import RecordAttempt
from .state import DeliveryState


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
