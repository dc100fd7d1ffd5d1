"""The HTTP side of handing out product entered per player (the lock, rehearsal and
unlock are ``application/handout.py``'s): a consumer's start route ends with
:func:`start_with_entries`."""
from __future__ import annotations

from typing import Any

from chalice import Response

from ..application import handout
from ..auth import Principal
from .common import reads
from .http import idempotency_from, respond


def start_with_entries(request, principal: Principal, tid: str, consumer: str, bulk: Any,
                       work: handout.Start) -> Response:
    """Run a consumer's start ``work(uow, entered)`` (``entered``: the product entered
    per player when there is no ``bulk`` product in the body, else None) with the
    request's Idempotency-Key."""
    return respond(handout.run_start(reads(), principal, tid, consumer, bulk, work,
                                     idempotency_from(request, principal.id)))
