"""A tournament's product: its configuration checked against the known sets, and each
player's physical (or own) product entered one player at a time, with the progress of
entering it (handing it out: :mod:`.handout`)."""
from __future__ import annotations

from typing import Any

from ..auth import Principal, require_tournament_staff
from ..domain.errors import Conflict, NotFound
from ..domain.product.aggregate import PLAYER_PRODUCT, PRODUCT_GATE
from ..domain.product.allocation import booster_plan, check_product, pool_of
from ..domain.product.player_product.commands import EnterProduct
from ..domain.product.player_product.state import PlayerProduct
from ..domain.profiles.product import ProductSettings
from ..domain.tournament import state as tstate
from ..projections.queries.product import ENTRY_KIND
from ..service import UnitOfWork
from . import tournament
from .card_facts import lists_cards, with_card_facts
from .product_capacity import require_entry_room
from .reads import Reads
from .sets import entry_sets, product_sets


def configuration(reads: Reads, tid: str) -> dict[str, Any]:
    """The product every player receives, checked against the known sets (changed with
    the tournament's settings, section ``product``)."""
    t = tournament.load(reads, tid)
    product = t.section("product")
    sets = product_sets(reads, product)
    settings = ProductSettings.model_validate(product)
    boosters = []
    for n, item in enumerate(booster_plan(settings), start=1):
        card_set = sets.get(item["set"])
        size = None
        if card_set is not None and item["booster"] in {b.id for b in card_set.boosters}:
            size = card_set.booster(item["booster"]).size
        boosters.append({"pack": n, "set": item["set"], "booster": item["booster"],
                         "size": size})
    problems = check_product(settings, sets)
    return {"tournament_id": tid, "settings": product, "boosters": boosters,
            "problems": problems, "ready": not problems and bool(boosters), "sets": sorted(sets)}


def entry_document(tid: str, pid: str, entry: PlayerProduct) -> dict[str, Any]:
    allocation = entry.allocation()
    return {"tournament_id": tid, "player_id": pid, "entered": entry.entered,
            "source": entry.source, "revision": entry.revision, **allocation,
            "cards": len(pool_of(allocation)), "entered_at": entry.at, "entered_by": entry.by,
            "handed_out": entry.handed_out}


def enter(uow: UnitOfWork, actor: Principal, tid: str, pid: str, packs: list[dict[str, Any]],
          starters: list[dict[str, Any]], reason: str | None) -> tuple[bool, dict[str, Any]]:
    """Enter (or correct, until it is handed out) one player's physical packs and starters
    (source ``entered``) or the product they brought (source ``own``). Returns whether
    this made the first revision, and the entry."""
    t = tournament.load(uow, tid, guard=False)
    require_tournament_staff(actor, t)
    tournament.registered(t, pid)
    if tournament.registered(t, pid).status != "active":
        raise Conflict("this player has dropped", {"player_id": pid}, code="player_dropped")
    if t.status == tstate.FINISHED:
        raise Conflict("the tournament is finished", code="not_running")
    product = t.section("product")
    named = [item["set"] for item in packs + starters if item["set"]]
    gate = uow.load(PRODUCT_GATE, tid)   # guarded: a hand-out fences
    entry, events = uow.decide(PLAYER_PRODUCT, (tid, pid), EnterProduct(
        tournament=tid, player=pid, settings=product, sets=entry_sets(uow, product, named),
        packs=packs, starters=starters, gate=gate, now=uow.now.isoformat(), by=actor.id,
        reason=reason))
    if events:
        require_entry_room(t.format, product, t.section("registration"), entry.allocation())
    return bool(events) and entry.revision == 1, with_card_facts(
        uow, tid, entry_document(tid, pid, entry))


@lists_cards
def entry(reads: Reads, actor: Principal, tid: str, pid: str) -> dict[str, Any]:
    """The product entered for one player (staff)."""
    t = tournament.load(reads, tid)
    require_tournament_staff(actor, t)
    tournament.registered(t, pid)
    found = reads.state(PLAYER_PRODUCT, (tid, pid))
    if not found.entered:
        raise NotFound("no product entered for this player", {"player_id": pid},
                       code="product_not_entered")
    return entry_document(tid, pid, found)


def _entry_views(reads: Reads, tid: str) -> dict[str, dict[str, Any]]:
    """Every projected entry of the tournament, by player."""
    prefix, after = f"{tid}|", f"{tid}|"
    found: dict[str, dict[str, Any]] = {}
    while True:
        batch = reads.views.list(ENTRY_KIND, after=after, limit=500)
        for view in batch:
            if not view.sort.startswith(prefix):
                return found
            found[view.doc["player_id"]] = view.doc
            after = view.sort
        if len(batch) < 500:
            return found


def progress(reads: Reads, actor: Principal, tid: str) -> dict[str, Any]:
    """Progress of entering product player by player: who still lacks it (staff)."""
    t = tournament.load(reads, tid)
    require_tournament_staff(actor, t)
    product = t.section("product")
    gate = reads.state(PRODUCT_GATE, tid)
    views = _entry_views(reads, tid)
    players = []
    for p in sorted(t.active_players(), key=lambda p: p.id):
        doc = views.get(p.id)
        players.append({"player_id": p.id, "name": p.name, "entered": doc is not None,
                        "revision": doc["revision"] if doc else 0,
                        "packs": doc["packs"] if doc else 0,
                        "starters": doc["starters"] if doc else 0,
                        "entered_at": doc["entered_at"] if doc else None})
    missing = [p["player_id"] for p in players if not p["entered"]]
    return {"tournament_id": tid, "source": product.get("source", "collated"),
            "status": gate.status, "handed_out_to": gate.consumer,
            "active": len(players), "entered": len(players) - len(missing),
            "missing": missing, "players": players}
