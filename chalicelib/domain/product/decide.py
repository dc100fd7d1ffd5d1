"""The gate between entering physical product and handing it out (stream
``product-<tid>``). Entries live in one stream per player (:mod:`.player_product`), so
hundreds of entries never contend with each other; each entry reads this gate (its
version is checked when the entry commits) and is refused while it is ``locked`` or,
for the players it lists, once ``handed_out``.

Handing out is two steps: ``LockEntries`` (commits alone: any entry still in flight
then fails its check, is retried and refused), then the consumer (draft, sealed...)
reads every player's entry, now final, and records ``HandOut`` with its own start. A
consumer that fails records ``UnlockEntries`` so the staff can correct and retry.

Events: ``EnteredProductLocked`` {consumer, at, by}; ``EnteredProductUnlocked``
{consumer, at, by}; ``EnteredProductHandedOut`` {consumer, players, at, by}."""
from __future__ import annotations

from typing import Any

from .. import streams
from ..decider import unknown_command
from ..errors import Conflict
from ..events import Event
from .commands import HandOut, LockEntries, UnlockEntries
from .events import EnteredProductHandedOut, EnteredProductLocked, EnteredProductUnlocked
from .state import LOCKED, OPEN, HandOutState

gate_stream = streams.product_gate


def decide(command: Any, state: HandOutState) -> list[Event]:
    if isinstance(command, LockEntries):
        if state.status != OPEN:    # already locked, or handed out: the consumer decides
            return []
        return [EnteredProductLocked(consumer=command.consumer, at=command.now,
                                     by=command.by)]
    if isinstance(command, UnlockEntries):
        if state.status != LOCKED:
            return []
        return [EnteredProductUnlocked(consumer=state.consumer, at=command.now,
                                       by=command.by)]
    if isinstance(command, HandOut):
        if state.status != LOCKED:
            raise Conflict("the entered product is not locked for hand-out (another start "
                           "failed meanwhile); retry", {"status": state.status},
                           code="product_not_locked")
        return [EnteredProductHandedOut(consumer=command.consumer,
                                        players=sorted(command.players), at=command.now,
                                        by=command.by)]
    unknown_command("product gate", command)
