"""Handing out product entered per player (``POST .../product/players/{pid}``) to the step
that consumes it: a booster, table or mixed draft's start, sealed's hand-out, and late
arrivals (V:EKN 7.2.6).

Entries live in one stream per player, so the consumer cannot check all their versions
when it commits. It fences them instead (see :mod:`chalicelib.domain.product.handout`):
first it locks the gate ``product-<tid>`` in a commit of its own (entries read the gate
and commit only if it is unchanged, so none can land afterwards), then it reads every
entry, final now, and records the hand-out with its own start. If the start is refused,
the gate is unlocked again and the staff can correct entries and retry."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from chalice import Response

from ..auth import Principal, require_tournament_staff
from ..domain.errors import DomainError, Invalid
from ..domain.product.handout import (
    PRODUCT_GATE,
    HandOut,
    LockEntries,
    UnlockEntries,
    gate_stream,
)
from ..domain.product.player_product import (
    PLAYER_PRODUCT,
    HandOutAlone,
    handout_problems,
    player_stream,
)
from ..runtime import runtime
from ..service import Reply
from .common import plain, read_state, run_command
from .http import idempotency_from
from .product import entry_sets, named_sets
from .tournaments import load_tournament


class EnteredProduct:
    """Inside a consumer's unit of work: every active player's entered product."""

    def __init__(self, tid: str, consumer: str, by: str, rehearsal: bool = False):
        self.tid, self.consumer, self.by = tid, consumer, by
        self.rehearsal = rehearsal      # lock inside the (never committed) unit of work

    def allocations(self, uow, tournament) -> dict[str, dict[str, Any]]:
        """``{player: allocation}`` for the active players; records the hand-out on the
        gate (422 listing every player without a valid entry)."""
        players = [p.id for p in tournament.active_players()]
        uow.load(PRODUCT_GATE, gate_stream(self.tid))            # guarded: must stay locked
        if self.rehearsal:
            uow.decide(PRODUCT_GATE, gate_stream(self.tid),
                       LockEntries(self.consumer, uow.now.isoformat(), self.by))
        entries = {p: read_state(uow, PLAYER_PRODUCT, player_stream(self.tid, p))
                   for p in players}
        product = plain(tournament.settings)["product"]
        problems = handout_problems(product, entry_sets(uow, product, named_sets(entries)), entries)
        if problems:
            raise Invalid("the entered product cannot be handed out", problems,
                          code="invalid_entered_product")
        uow.decide(PRODUCT_GATE, gate_stream(self.tid), HandOut(
            self.consumer, players, uow.now.isoformat(), self.by))
        return {p: entries[p].allocation() for p in players}


def uses_entries(tournament, bulk: Any) -> bool:
    """Product entered per player: source ``entered`` or ``own`` and no bulk body."""
    source = plain(tournament.settings).get("product", {}).get("source", "collated")
    return bulk is None and source != "collated"


def start_with_entries(request, principal: Principal, tid: str, consumer: str, bulk: Any,
                       work: Callable[[Any, EnteredProduct | None], Any]) -> Response:
    """Run a consumer's start ``work(uow, entered)``; ``entered`` is an
    :class:`EnteredProduct` when the product is entered per player, else ``None``."""
    rt = runtime()
    tournament = load_tournament(rt, tid)
    if not uses_entries(tournament, bulk):
        return run_command(request, lambda uow: work(uow, None), principal)
    require_tournament_staff(principal, tournament)     # before anything is locked
    # A refusal (missing entries, a bad body, the wrong phase) must record nothing, not a
    # lock and its unlock: rehearse the whole start first on a unit of work never
    # committed. Only a change landing between rehearsal and start unlocks again.
    rt.service.rehearse(
        lambda uow: work(uow, EnteredProduct(tid, consumer, principal.id, rehearsal=True)),
        idempotency=idempotency_from(request, principal.id),
        meta={"actor": principal.ref()})
    now = rt.service.clock().isoformat()
    rt.service.run(lambda uow: _gate(uow, tid, LockEntries(consumer, now, principal.id)))
    entered = EnteredProduct(tid, consumer, principal.id)
    try:
        return run_command(request, lambda uow: work(uow, entered), principal)
    except DomainError:
        rt.service.run(lambda uow: _gate(uow, tid, UnlockEntries(now, principal.id)))
        raise


def _gate(uow, tid: str, command: Any) -> Reply:
    uow.decide(PRODUCT_GATE, gate_stream(tid), command)
    return Reply(200, None)


def late_allocation(uow, tournament, player_id: str, consumer: str,
                    by: str) -> dict[str, Any] | None:
    """A late arrival's entered product (7.2.6), handed out on its own; ``None`` when the
    product is collated from the seed."""
    product = plain(tournament.settings)["product"]
    if product.get("source", "collated") == "collated":
        return None
    stream = player_stream(tournament.id, player_id)
    entry = uow.load(PLAYER_PRODUCT, stream)
    if entry.entered:
        sets = entry_sets(uow, product, named_sets({player_id: entry}))
        problems = handout_problems(product, sets, {player_id: entry})
        if problems:
            raise Invalid("the late arrival's entered product cannot be handed out",
                          problems,
                          code="invalid_entered_product")
    uow.decide(PLAYER_PRODUCT, stream, HandOutAlone(player_id, consumer,
                                                    uow.now.isoformat(), by))
    return entry.allocation()


def entered_packs(entered: EnteredProduct, uow, tournament) -> dict[str, list[list[str]]]:
    """The packs' cards per player, in pack order (what the drafts' ``entered`` takes)."""
    return {p: [pack["cards"] for pack in a["packs"]]
            for p, a in entered.allocations(uow, tournament).items()}
