"""The passing queue of a booster draft (V:EKN 7.6), also used by the library piles of a
mixed draft (7.8), which are drafted as boosters.

Each seat has a queue of packs waiting in front of it, the first being the one it picks
from; a seat's clock (when its pick started, or when it times out) runs while its queue
is not empty. A pick takes the front pack off the picker's queue and, when cards remain,
appends it to the neighbour's queue in the round's direction: a slower neighbour
accumulates packs, and nobody ever picks from a pack twice in a row."""
from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TypeVar

Item = TypeVar("Item", bound=Hashable)
Clock = TypeVar("Clock")


def direction(round_no: int) -> int:
    """+1 = pass left (clockwise) in odd rounds, -1 = pass right in even rounds (7.6)."""
    return 1 if round_no % 2 == 1 else -1


def pass_on(queues: tuple[tuple[Item, ...], ...], clocks: tuple[Clock | None, ...],
            seat: int, to: int, rest: Item | None, started: Clock | None
            ) -> tuple[tuple[tuple[Item, ...], ...], tuple[Clock | None, ...]]:
    """The queues and clocks after ``seat`` picks from its front pack: ``rest`` (the pack
    with the card taken, None when it is empty) joins the end of ``to``'s queue. The
    picker's clock restarts at ``started`` on its next pack (or stops); ``to``'s starts
    at ``started`` only if it was waiting for nothing."""
    queues_, clocks_ = list(queues), list(clocks)
    queues_[seat] = queues_[seat][1:]
    clocks_[seat] = started if queues_[seat] else None
    if rest is not None:
        if not queues_[to]:
            clocks_[to] = started
        queues_[to] = queues_[to] + (rest,)
    return tuple(queues_), tuple(clocks_)


def round_done(waiting: Sequence[Sequence[int]], seat: int, step: int) -> bool:
    """Whether ``seat`` has made every pick of the current round, given ``waiting[holder]``:
    the card counts of the packs in ``holder``'s queue, passed ``step`` (+1 left, -1
    right). A pack ``d`` seats before ``seat`` in the passing direction still reaches it
    while it holds more than ``d`` cards (each seat on the way takes one)."""
    n = len(waiting)
    return not any(left and ((seat - holder) * step) % n < left
                   for holder, sizes in enumerate(waiting) for left in sizes)
