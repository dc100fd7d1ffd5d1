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
{consumer, at, by}; ``EnteredProductHandedOut`` {consumer, players, at, by}.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .. import streams
from ..decider import unknown_command
from ..errors import Conflict
from ..events import Event
from .events import EnteredProductHandedOut, EnteredProductLocked, EnteredProductUnlocked

OPEN, LOCKED, HANDED_OUT = "open", "locked", "handed_out"


gate_stream = streams.product_gate


@dataclass(frozen=True)
class HandOutState:
    status: str = OPEN
    consumer: str | None = None
    players: frozenset[str] = frozenset()
    at: str | None = None

    def refuses(self, player: str) -> Conflict | None:
        """Why an entry for ``player`` is refused now, if it is."""
        if self.status == LOCKED:
            return Conflict("the entered product is being handed out; retry in a moment",
                            {"consumer": self.consumer}, code="product_locked")
        if self.status == HANDED_OUT and player in self.players:
            return Conflict("this player's product was already handed out",
                            {"consumer": self.consumer, "player_id": player},
                            code="product_handed_out")
        return None


@dataclass(frozen=True)
class LockEntries:
    consumer: str
    now: str
    by: str


@dataclass(frozen=True)
class UnlockEntries:
    now: str
    by: str


@dataclass(frozen=True)
class HandOut:
    consumer: str
    players: list[str]
    now: str
    by: str


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


def evolve(state: HandOutState, event: Event) -> HandOutState:
    match event:
        case EnteredProductLocked():
            return replace(state, status=LOCKED, consumer=event.consumer, at=event.at)
        case EnteredProductUnlocked():
            return replace(state, status=OPEN, consumer=None, at=event.at)
        case EnteredProductHandedOut():
            return HandOutState(HANDED_OUT, event.consumer, frozenset(event.players),
                                event.at)
    return state
