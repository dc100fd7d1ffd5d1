"""Handing out product entered per player (``POST .../product/players/{pid}``) to the step
that consumes it: a booster, table or mixed draft's start, sealed's hand-out, and late
arrivals (V:EKN 7.2.6).

Entries live in one stream per player, so the consumer cannot check all their versions
when it commits. It fences them instead (see :mod:`chalicelib.domain.product.decide`):
first it locks the gate ``product-<tid>`` in a commit of its own (entries read the gate
and commit only if it is unchanged, so none can land afterwards), then it reads every
entry, final now, and records the hand-out with its own start. If the start is refused,
the gate is unlocked again and the staff can correct entries and retry."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..auth import Principal, require_tournament_staff
from ..auth.credentials import check_current
from ..domain.errors import Conflict, DomainError, Invalid
from ..domain.product.aggregate import PLAYER_PRODUCT, PRODUCT_GATE
from ..domain.product.allocation import allocate_one, pool_of
from ..domain.product.commands import HandOut, LockEntries, UnlockEntries
from ..domain.product.player_product.commands import HandOutAlone
from ..domain.product.player_product.decide import handout_problems
from ..domain.tournament import TournamentState
from ..service import IdempotencyRequest, Reply, UnitOfWork
from . import sources, tournament
from .reads import Reads
from .sets import entry_sets, named_sets, product_sets


class EnteredProduct:
    """Inside a consumer's unit of work: every active player's entered product."""

    def __init__(self, tid: str, consumer: str, by: str, rehearsal: bool = False):
        self.tid, self.consumer, self.by = tid, consumer, by
        self.rehearsal = rehearsal      # lock inside the (never committed) unit of work

    def allocations(self, uow: UnitOfWork, t: TournamentState) -> dict[str, dict[str, Any]]:
        """``{player: allocation}`` for the active players; records the hand-out on the
        gate (422 listing every player without a valid entry)."""
        players = [p.id for p in t.active_players()]
        uow.load(PRODUCT_GATE, self.tid)                # guarded: must stay locked
        if self.rehearsal:
            uow.decide(PRODUCT_GATE, self.tid,
                       LockEntries(self.consumer, uow.now.isoformat(), self.by))
        entries = {p: sources.state(uow, PLAYER_PRODUCT, (self.tid, p))
                   for p in players}
        product = t.section("product")
        problems = handout_problems(product, entry_sets(uow, product, named_sets(entries)),
                                    entries)
        if problems:
            raise Invalid("the entered product cannot be handed out", problems,
                          code="invalid_entered_product")
        uow.decide(PRODUCT_GATE, self.tid,
                   HandOut(self.consumer, players, uow.now.isoformat(), self.by))
        return {p: entries[p].allocation() for p in players}

    def packs(self, uow: UnitOfWork, t: TournamentState) -> dict[str, list[list[str]]]:
        """The packs' cards per player, in pack order (what the drafts' ``entered`` takes)."""
        return {p: [pack["cards"] for pack in a["packs"]]
                for p, a in self.allocations(uow, t).items()}


Start = Callable[[UnitOfWork, EnteredProduct | None], Reply]


def uses_entries(t: TournamentState, bulk: Any) -> bool:
    """Product entered per player: source ``entered`` or ``own`` and no bulk body."""
    return bulk is None and t.section("product").get("source", "collated") != "collated"


def run_start(reads: Reads, actor: Principal, tid: str, consumer: str, bulk: Any,
              start: Start, idempotency: IdempotencyRequest | None) -> Reply:
    """Run a consumer's start ``start(uow, entered)`` (``entered``: an
    :class:`EnteredProduct` when the product is entered per player and ``bulk``, the
    body's own product, is None; else None) with the lock, rehearsal and unlock the
    entered product needs."""
    meta = {"actor": actor.ref()}
    service = reads.service
    t = tournament.load(reads, tid)
    start = _checked(start, actor)
    if not uses_entries(t, bulk):
        return service.run(lambda uow: start(uow, None), idempotency=idempotency, meta=meta)
    require_tournament_staff(actor, t)     # before anything is locked
    # A refusal (missing entries, a bad body, the wrong phase) must record nothing, not a
    # lock and its unlock: rehearse the whole start first on a unit of work never
    # committed. Only a change landing between rehearsal and start unlocks again.
    service.rehearse(lambda uow: start(uow, EnteredProduct(tid, consumer, actor.id,
                                                           rehearsal=True)),
                     idempotency=idempotency, meta=meta)
    now = service.clock().isoformat()
    service.run(lambda uow: _gate(uow, tid, LockEntries(consumer, now, actor.id)))
    entered = EnteredProduct(tid, consumer, actor.id)
    try:
        return service.run(lambda uow: start(uow, entered), idempotency=idempotency, meta=meta)
    except DomainError:
        service.run(lambda uow: _gate(uow, tid, UnlockEntries(now, actor.id)))
        raise


def _checked(start: Start, actor: Principal) -> Start:
    """``start`` with the caller's credential checked again inside its unit of work."""
    def checked(uow: UnitOfWork, entered: EnteredProduct | None) -> Reply:
        check_current(uow, actor)
        return start(uow, entered)
    return checked


def _gate(uow: UnitOfWork, tid: str, command: Any) -> Reply:
    uow.decide(PRODUCT_GATE, tid, command)
    return Reply(200, None)


def late_allocation(uow: UnitOfWork, t: TournamentState, player_id: str, consumer: str,
                    by: str) -> dict[str, Any] | None:
    """A late arrival's entered product (7.2.6), handed out on its own; ``None`` when the
    product is collated from the seed."""
    product = t.section("product")
    if product.get("source", "collated") == "collated":
        return None
    entry = uow.load(PLAYER_PRODUCT, (t.id, player_id))
    if entry.entered:
        sets = entry_sets(uow, product, named_sets({player_id: entry}))
        problems = handout_problems(product, sets, {player_id: entry})
        if problems:
            raise Invalid("the late arrival's entered product cannot be handed out",
                          problems, code="invalid_entered_product")
    uow.decide(PLAYER_PRODUCT, (t.id, player_id), HandOutAlone(player_id, consumer,
                                                    uow.now.isoformat(), by))
    return entry.allocation()


def late_product(uow: UnitOfWork, t: TournamentState, player_id: str, consumer: str,
                 by: str) -> dict[str, Any]:
    """7.2.6: a late arrival's own product: the product entered for them (handed out
    alone), else collated from the seed for them."""
    allocation = late_allocation(uow, t, player_id, consumer, by)
    if allocation is None:
        product = t.section("product")
        allocation = allocate_one(product, product_sets(uow, product), t.seed, player_id)
    return allocation


def late_arrival(uow: UnitOfWork, actor: Principal, tid: str, player_id: str, consumer: str,
                 started: Callable[[UnitOfWork], bool],
                 record: Callable[[UnitOfWork, dict[str, Any]], Any]) -> dict[str, Any]:
    """V:EKN 7.2.6: an active player added after a draft ``started`` receives sealed
    product instead: the product entered for them, else collated from the seed for them
    alone; ``record(uow, allocation)`` records it with the draft (409 ``not_started``
    before the draft starts, 409 ``already_has_product`` for a player who has some)."""
    t = tournament.load(uow, tid)
    require_tournament_staff(actor, t)
    tournament.active_player(t, player_id)
    if not started(uow):
        raise Conflict("the draft has not started: the player drafts with everyone",
                       {"tournament_id": tid}, code="not_started")
    allocation = late_product(uow, t, player_id, consumer, actor.id)
    record(uow, allocation)
    return {"tournament_id": tid, "player_id": player_id, "product": allocation,
            "pool": pool_of(allocation)}
