"""Card sets (upload, list, read), a tournament's product configuration, and each
player's physical (or own) product entered one player at a time, with the progress of
entering it (handing it out: :mod:`.entered_product`)."""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Annotated, Any

from chalice import Blueprint
from pydantic import Field

from ..auth import authenticate, require_role, require_tournament_staff
from ..data.sets import sample_sets
from ..domain.errors import Conflict, NotFound
from ..domain.product.allocation import booster_plan, check_product, pool_of
from ..domain.product.cards import ID_PATTERN, CardSet
from ..domain.product.catalog import CARDSET, UploadSet, set_stream, set_summary
from ..domain.product.handout import PRODUCT_GATE, gate_stream
from ..domain.product.player_product import (
    PLAYER_PRODUCT,
    EnterProduct,
    PlayerProduct,
    player_stream,
)
from ..domain.profiles.product import ProductSettings
from ..domain.tournament import state as tstate
from ..projections.draft import SET_KIND
from ..projections.product import ENTRY_KIND
from ..runtime import runtime
from ..service import Reply
from .bodies import Body
from .common import plain, read_state, run_command
from .http import ApiError, json_route, load_json, parse_body, query_int, query_param, raw_body
from .links import link
from .tournaments import load_tournament

bp = Blueprint(__name__)


def find_set(source: Any, set_id: str) -> CardSet | None:
    """A shipped sample set or an uploaded one (from a unit of work or the runtime)."""
    sample = sample_sets().get(set_id)
    if sample is not None:
        return sample
    entry = read_state(source, CARDSET, set_stream(set_id))
    return entry.card_set if entry.exists else None


def load_sets(source: Any, set_ids: Iterable[str]) -> dict[str, CardSet]:
    """The known sets among ``set_ids`` (unknown ids are simply absent)."""
    found = {}
    for set_id in sorted(set(set_ids)):
        card_set = find_set(source, set_id)
        if card_set is not None:
            found[set_id] = card_set
    return found


def product_sets(source: Any, product: dict[str, Any]) -> dict[str, CardSet]:
    ids = [b["set"] for b in product.get("boosters", [])]
    ids += [s["set"] for s in product.get("starters", [])]
    return load_sets(source, ids)


def entry_sets(source: Any, product: Mapping[str, Any],
               named: Iterable[str] = ()) -> dict[str, CardSet]:
    """The card sets entered product is checked against: the configuration's, or for
    own product the allowed sets (those ``named`` by the entries when any is allowed)."""
    s = ProductSettings.model_validate(dict(product))
    if s.source == "own":
        return load_sets(source, list(s.own.sets) or list(named))
    return load_sets(source, [b.set for b in s.boosters] + [st.set for st in s.starters])


def named_sets(entries: Mapping[str, PlayerProduct]) -> list[str]:
    """The sets named by the packs and starters of ``entries``."""
    return sorted({item["set"] for e in entries.values()
                   for item in (*e.packs, *e.starters) if item.get("set")})


@json_route(bp, "/sets", methods=["POST"])
def upload_set():
    rt = runtime()
    request = bp.current_request
    principal = require_role(authenticate(request, rt), "organizer")
    data = load_json(raw_body(request) or b"null")
    if not isinstance(data, dict):
        raise ApiError(400, "invalid_json", "the body must be a JSON object")
    set_id = data.get("id")
    if not isinstance(set_id, str) or not re.match(ID_PATTERN, set_id):
        raise ApiError(422, "invalid_set", "the set needs an id matching " + ID_PATTERN)
    if set_id in sample_sets():
        raise ApiError(409, "conflict", f"{set_id!r} is a shipped sample set")

    def work(uow):
        entry, _ = uow.decide(CARDSET, set_stream(set_id),
                              UploadSet(data, principal.ref(), uow.now.isoformat()))
        return Reply(201, set_summary(entry.card_set, "uploaded"),
                     {"Location": link(f"/sets/{set_id}")})
    return run_command(request, work, principal)


@json_route(bp, "/sets", methods=["GET"])
def list_sets():
    request = bp.current_request
    game = query_param(request, "game", pattern=r"vtes|hack|munchkin|mtg")
    limit = query_int(request, "limit", 100, 1, 500)
    after = query_param(request, "after", pattern=ID_PATTERN[1:-1])
    items = [set_summary(s, "sample") for s in sample_sets().values()]
    items += [view.doc for view in runtime().views.list(SET_KIND, limit=2000)]
    items = [i for i in sorted(items, key=lambda i: i["set_id"])
             if (game is None or i["game"] == game) and (after is None or i["set_id"] > after)]
    page = items[:limit]
    return {"items": page, "next": page[-1]["set_id"] if len(items) > limit else None}


@json_route(bp, "/sets/{set_id}", methods=["GET"])
def get_set(set_id):
    rt = runtime()
    card_set = find_set(rt, set_id)
    if card_set is None:
        raise NotFound(f"no set {set_id!r}")
    source = "sample" if set_id in sample_sets() else "uploaded"
    return {**set_summary(card_set, source), "definition": card_set.model_dump(mode="json")}


@json_route(bp, "/tournaments/{tid}/product", methods=["GET"])
def tournament_product(tid):
    """The product every player receives, checked against the known sets (change it with
    the tournament's settings, section ``product``)."""
    rt = runtime()
    state = load_tournament(rt, tid)
    product = plain(state.settings.get("product", {}))
    sets = product_sets(rt, product)
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


# ---- physical or own product, one player at a time (V:EKN 7.2.4, 7.2.5) ----------------
CardId = Annotated[str, Field(pattern=ID_PATTERN)]
PLAYER_ID = r"^p[0-9a-f]{10}$"


class PackEntry(Body):
    set: str | None = Field(default=None, pattern=ID_PATTERN)
    booster: str | None = Field(default=None, pattern=ID_PATTERN)
    cards: list[CardId] = Field(min_length=1, max_length=100)


class StarterEntry(Body):
    set: str | None = Field(default=None, pattern=ID_PATTERN)
    starter: str = Field(pattern=ID_PATTERN)


class ProductEntryBody(Body):
    packs: list[PackEntry] = Field(default_factory=list, max_length=24)
    starters: list[StarterEntry] = Field(default_factory=list, max_length=16)
    reason: str | None = Field(default=None, min_length=1, max_length=500)


def entry_out(tid: str, pid: str, entry: PlayerProduct) -> dict[str, Any]:
    allocation = entry.allocation()
    return {"tournament_id": tid, "player_id": pid, "entered": entry.entered,
            "source": entry.source, "revision": entry.revision, **allocation,
            "cards": len(pool_of(allocation)), "entered_at": entry.at, "entered_by": entry.by,
            "handed_out": entry.handed_out}


def _entry_player(tournament, pid: str):
    if not re.fullmatch(PLAYER_ID, pid) or tournament.player(pid) is None:
        raise NotFound(f"no player {pid!r} in this tournament", code="player_not_found")
    player = tournament.player(pid)
    if player.status != "active":
        raise Conflict("this player has dropped", {"player_id": pid}, code="player_dropped")
    return player


@json_route(bp, "/tournaments/{tid}/product/players/{pid}", methods=["POST"])
def enter_player_product(tid, pid):
    """Enter (or correct, until it is handed out) one player's physical packs and starters
    (source ``entered``) or the product they brought (source ``own``)."""
    rt = runtime()
    request = bp.current_request
    principal = authenticate(request, rt)
    body = parse_body(request, ProductEntryBody)

    def work(uow):
        tournament = load_tournament(uow, tid, guard=False)
        require_tournament_staff(principal, tournament)
        _entry_player(tournament, pid)
        if tournament.status == tstate.FINISHED:
            raise Conflict("the tournament is finished", code="not_running")
        product = plain(tournament.settings)["product"]
        packs = [p.model_dump() for p in body.packs]
        starters = [s.model_dump() for s in body.starters]
        named = [item["set"] for item in packs + starters if item["set"]]
        gate = uow.load(PRODUCT_GATE, gate_stream(tid))   # guarded: a hand-out fences entries
        entry, events = uow.decide(PLAYER_PRODUCT, player_stream(tid, pid), EnterProduct(
            tournament=tid, player=pid, settings=product,
            sets=entry_sets(uow, product, named), packs=packs, starters=starters, gate=gate,
            now=uow.now.isoformat(), by=principal.id, reason=body.reason))
        status = 201 if events and entry.revision == 1 else 200
        return Reply(status, entry_out(tid, pid, entry),
                     {"Location": link(f"/tournaments/{tid}/product/players/{pid}")})
    return run_command(request, work, principal)


@json_route(bp, "/tournaments/{tid}/product/players/{pid}", methods=["GET"])
def get_player_product(tid, pid):
    """The product entered for one player (staff)."""
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    tournament = load_tournament(rt, tid)
    require_tournament_staff(principal, tournament)
    if not re.fullmatch(PLAYER_ID, pid) or tournament.player(pid) is None:
        raise NotFound(f"no player {pid!r} in this tournament", code="player_not_found")
    entry, _ = rt.service.read(PLAYER_PRODUCT, player_stream(tid, pid))
    if not entry.entered:
        raise NotFound("no product entered for this player", {"player_id": pid},
                       code="product_not_entered")
    return entry_out(tid, pid, entry)


def entry_views(rt, tid: str) -> dict[str, dict[str, Any]]:
    """Every projected entry of the tournament, by player."""
    prefix, after, found = f"{tid}|", f"{tid}|", {}
    while True:
        batch = rt.views.list(ENTRY_KIND, after=after, limit=500)
        for view in batch:
            if not view.sort.startswith(prefix):
                return found
            found[view.doc["player_id"]] = view.doc
            after = view.sort
        if len(batch) < 500:
            return found


@json_route(bp, "/tournaments/{tid}/product/entries", methods=["GET"])
def product_entries(tid):
    """Progress of entering product player by player: who still lacks it (staff)."""
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    tournament = load_tournament(rt, tid)
    require_tournament_staff(principal, tournament)
    product = plain(tournament.settings).get("product", {})
    gate, _ = rt.service.read(PRODUCT_GATE, gate_stream(tid))
    views = entry_views(rt, tid)
    players = []
    for p in sorted(tournament.active_players(), key=lambda p: p.id):
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
