"""Booster draft over HTTP: start (pods + packs), each player's hidden view, picks,
pre-selection, conspiracy face-down, pack replacement, timer sweep, the organizer's
log, late arrivals and pools.

Pick timers expire whenever a pod is touched (every command carries the server's
``now``, and reading a pod applies due auto-picks first), on ``POST .../draft/sweep``
and every minute by the scheduled :func:`sweep_drafts` (deployed with the app)."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from chalice import Blueprint
from pydantic import Field

from ..application.product_phase import require_play_not_started
from ..auth import Principal, authenticate, require_player, require_tournament_staff
from ..auth.principal import is_staff
from ..domain.draft.decide import (
    POD,
    MakePick,
    PickFor,
    Preselect,
    ReplacePack,
    Sweep,
    TurnFaceDown,
    advance,
)
from ..domain.draft.setup import start_commands
from ..domain.draft.state import PodState
from ..domain.draft.tournament import DRAFT, DraftState, ProvideLateArrival
from ..domain.draft.views import can_see_own_picks, pick_log, player_view, public_view, staff_view
from ..domain.errors import Conflict, Forbidden, Invalid, NotFound
from ..domain.product.allocation import allocate_one, pool_of
from ..domain.product.cards import ID_PATTERN
from ..domain.product.collation import collate
from ..domain.rng import derive
from ..domain.tournament import state as tstate
from ..projections.draft import ACTIVE_KIND, draft_view
from ..runtime import runtime
from ..service import Reply
from .bodies import Body, LateArrivalBody
from .common import (
    active_player,
    each_view,
    path_number,
    plain,
    read_state,
    run_command,
)
from .entered_product import late_allocation, start_with_entries
from .http import json_route, parse_body
from .links import link
from .player_pool import limited_pool
from .product import product_sets
from .tournaments import checked_tid, load_tournament

bp = Blueprint(__name__)

CardId = Field(pattern=ID_PATTERN)


class StartDraftBody(Body):
    pods: list[list[str]] | None = Field(default=None, max_length=500)
    packs: dict[str, list[list[str]]] | None = Field(default=None, max_length=5000)


class PickBody(Body):
    card: str = CardId
    round: int | None = Field(default=None, ge=1, le=24)
    pick: int | None = Field(default=None, ge=1, le=100)
    note: str | None = Field(default=None, min_length=1, max_length=200)


class PreselectBody(Body):
    card: str | None = CardId


class FaceDownBody(Body):
    card: str = CardId


class ReplacePackBody(Body):
    seat: int = Field(ge=1, le=16)
    round: int = Field(ge=1, le=24)
    reason: str = Field(min_length=1, max_length=500)
    cards: list[str] | None = Field(default=None, min_length=1, max_length=100)


def draft_stream(tid: str) -> str:
    return f"draft-{tid}"


def pod_stream(tid: str, n: int) -> str:
    return f"pod-{tid}-{n}"


def ms(moment) -> int:
    return int(moment.timestamp() * 1000)


def _draft(source, tid: str) -> DraftState:
    state = read_state(source, DRAFT, draft_stream(tid))
    if not state.started:
        raise NotFound("the draft has not started", {"tournament_id": tid})
    return state


def _pod(source, tid: str, n: int) -> PodState:
    state = read_state(source, POD, pod_stream(tid, n))
    if not state.opened:
        raise NotFound(f"no pod {n}", {"tournament_id": tid})
    return state


def touched_pod(rt, tid: str, n: int) -> PodState:
    """The pod with every due auto-pick applied (recorded before it is shown)."""
    state = _pod(rt, tid, n)
    now = ms(rt.service.clock())
    if not advance(state, now)[1]:
        return state
    reply = rt.service.run(lambda uow: _sweep_work(uow, tid, n))
    return _pod(rt, tid, n) if reply.status == 200 else state


def _sweep_work(uow, tid: str, n: int) -> Reply:
    _pod(uow, tid, n)
    state, events = uow.decide(POD, pod_stream(tid, n), Sweep(now=ms(uow.now)))
    auto = sum(1 for e in events if e.type == "CardPicked")
    return Reply(200, {"pod": n, "auto_picks": auto, "status": public_view(state)["status"]})


def _viewer_may_see_pod(principal: Principal, tournament, draft: DraftState) -> None:
    if is_staff(principal, tournament):
        return
    if principal.role == "player" and principal.tournament_id == tournament.id:
        return
    raise Forbidden("only the tournament's players and staff may follow its draft")


def _player_in_pod(principal: Principal, pod: PodState) -> str:
    if principal.role != "player" or principal.tournament_id != pod.tournament:
        raise Forbidden("only a player seated in this pod may do this")
    if principal.player_id not in pod.seat_of:
        raise Forbidden("you are not seated in this pod", {"pod": pod.pod})
    return principal.player_id


def draft_summary(tid: str, draft: DraftState) -> dict[str, Any]:
    return {"tournament_id": tid, "rounds": draft.rounds, "started_at": draft.started_at,
            "pods": [{"pod": n, "seats": [{"seat": s, "player_id": p}
                                          for s, p in enumerate(pod, start=1)]}
                     for n, pod in enumerate(draft.pods, start=1)],
            "late_arrivals": sorted(draft.late)}


@json_route(bp, "/tournaments/{tid}/draft", methods=["POST"])
def start_draft(tid):
    rt = runtime()
    request = bp.current_request
    principal = authenticate(request, rt)
    body = parse_body(request, StartDraftBody, allow_empty=True)

    def work(uow, entered):
        tournament = load_tournament(uow, tid)
        require_tournament_staff(principal, tournament)
        if tournament.format != "booster-draft":
            raise Conflict("this tournament is not a booster draft",
                           {"format": tournament.format})
        if tournament.status != tstate.RUNNING:
            raise Conflict("start the tournament before the draft",
                           {"status": tournament.status})
        require_play_not_started(uow, tournament, "starting the draft")
        settings = plain(tournament.settings)
        product = settings["product"]
        packs, starters = body.packs, None
        if entered is not None:     # entered player by player (POST .../product/players/{pid})
            allocations = entered.allocations(uow, tournament)
            packs = {p: [pack["cards"] for pack in a["packs"]] for p, a in allocations.items()}
            starters = {p: a["starters"] for p, a in allocations.items()}
        start, opens = start_commands(
            tournament=tid, seed=tournament.seed,
            players=[p.id for p in tournament.active_players()], product=product,
            draft=settings["draft"], sets=product_sets(uow, product), now=ms(uow.now),
            by=principal.id, explicit_pods=body.pods, entered=packs)
        if starters is not None:
            start = replace(start, starters=starters)
        draft, _ = uow.decide(DRAFT, draft_stream(tid), start)
        for command in opens:
            uow.decide(POD, pod_stream(tid, command.pod), command)
        return Reply(201, draft_summary(tid, draft),
                     {"Location": link(f"/tournaments/{tid}/draft")})
    return start_with_entries(request, principal, tid, "draft", body.packs, work)


@json_route(bp, "/tournaments/{tid}/draft", methods=["GET"])
def get_draft(tid):
    view = draft_view(runtime().views, checked_tid(tid))
    if view is None:
        raise NotFound("the draft has not started", {"tournament_id": tid})
    return view


@json_route(bp, "/tournaments/{tid}/draft/pods/{n}", methods=["GET"])
def get_pod(tid, n):
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    tournament = load_tournament(rt, tid)
    draft = _draft(rt, tid)
    _viewer_may_see_pod(principal, tournament, draft)
    return public_view(touched_pod(rt, tid, path_number(n, "pod")))


@json_route(bp, "/tournaments/{tid}/draft/pods/{n}/me", methods=["GET"])
def get_my_seat(tid, n):
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    pod = _pod(rt, checked_tid(tid), path_number(n, "pod"))
    player = _player_in_pod(principal, pod)
    return player_view(touched_pod(rt, tid, pod.pod), player)


def _pod_command(tid: str, n: str, command_of, reply_of=None):
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    number = path_number(n, "pod")

    def work(uow):
        pod = _pod(uow, checked_tid(tid), number)
        player = _player_in_pod(principal, pod)
        state, events = uow.decide(POD, pod_stream(tid, number), command_of(player, ms(uow.now)))
        body = player_view(state, player)
        return Reply(200, reply_of(body, events, state, player) if reply_of else body)
    return run_command(bp.current_request, work, principal)


@json_route(bp, "/tournaments/{tid}/draft/pods/{n}/picks", methods=["POST"])
def make_pick(tid, n):
    body = parse_body(bp.current_request, PickBody)

    def reply(view, events, state, player):
        seat = state.seat_of[player]
        mine = [e.data for e in events if e.type == "CardPicked" and e.data["seat"] == seat
                and not e.data["auto"]]
        picked = mine[-1] if mine else None
        return {"picked": {"card": picked["card"], "round": picked["round"],
                           "pick": picked["pick"], "note": picked["note"]},
                "auto_picks": sum(1 for e in events if e.type == "CardPicked"
                                  and e.data["auto"]), "me": view}
    return _pod_command(tid, n, lambda player, now: MakePick(
        player=player, card=body.card, now=now, round=body.round, pick=body.pick,
        note=body.note), reply)


@json_route(bp, "/tournaments/{tid}/draft/pods/{n}/preselect", methods=["POST"])
def preselect(tid, n):
    body = parse_body(bp.current_request, PreselectBody)
    return _pod_command(tid, n, lambda player, now: Preselect(player=player, card=body.card,
                                                              now=now))


@json_route(bp, "/tournaments/{tid}/draft/pods/{n}/face-down", methods=["POST"])
def face_down(tid, n):
    body = parse_body(bp.current_request, FaceDownBody)
    return _pod_command(tid, n, lambda player, now: TurnFaceDown(player=player, card=body.card,
                                                                 now=now))


@json_route(bp, "/tournaments/{tid}/draft/pods/{n}/players/{pid}/pick-for", methods=["POST"])
def pick_for(tid, n, pid):
    """A judge takes an absent player's pick as an expired timer would (V:EKN 7.5.3), so
    an untimed draft never stalls; the pick records who took it."""
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    parse_body(bp.current_request, Body, allow_empty=True)
    number = path_number(n, "pod")

    def work(uow):
        tournament = load_tournament(uow, tid, guard=False)
        require_tournament_staff(principal, tournament)
        _pod(uow, tid, number)
        state, events = uow.decide(POD, pod_stream(tid, number),
                                   PickFor(player=pid, by=principal.id, now=ms(uow.now)))
        taken = [e.data for e in events if e.type == "CardPicked" and e.data.get("by")][-1]
        return Reply(201, {"pod": number, "player_id": pid, "round": taken["round"],
                           "pick": taken["pick"], "preselected": taken["preselected"],
                           "by": principal.id, "cards_left": state.cards_left})
    return run_command(bp.current_request, work, principal)


@json_route(bp, "/tournaments/{tid}/draft/pods/{n}/replacements", methods=["POST"])
def replace_pack(tid, n):
    """V:EKN 7.2.5: a judge replaces an abnormal pack before it is picked from; without
    ``cards`` a fresh pack of the same booster is collated from the seed."""
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    body = parse_body(bp.current_request, ReplacePackBody)
    number = path_number(n, "pod")

    def work(uow):
        tournament = load_tournament(uow, tid, guard=False)
        require_tournament_staff(principal, tournament)
        pod = _pod(uow, tid, number)
        cards = body.cards
        if cards is None:
            if body.round > pod.rounds or body.seat > pod.size:
                raise Invalid("no such pack", {"seat": body.seat, "round": body.round})
            meta = pod.pack_meta[body.round - 1][body.seat - 1]
            sets = product_sets(uow, {"boosters": [{"set": meta.get("set")}]})
            if meta.get("set") not in sets:
                raise Invalid("give the replacement's cards: its set is unknown", meta)
            k = len(pod.replacements)
            cards = collate(sets[meta["set"]], meta["booster"],
                            derive(tournament.seed, "replacement", number, body.round,
                                   body.seat, k))
        state, _ = uow.decide(POD, pod_stream(tid, number), ReplacePack(
            seat=body.seat, round=body.round, cards=list(cards), reason=body.reason,
            by=principal.id, now=ms(uow.now)))
        return Reply(201, {"pod": number, "seat": body.seat, "round": body.round,
                           "cards": len(cards), "replacements": list(state.replacements)})
    return run_command(bp.current_request, work, principal)


@json_route(bp, "/tournaments/{tid}/draft/pods/{n}/log", methods=["GET"])
def get_log(tid, n):
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    tournament = load_tournament(rt, tid)
    require_tournament_staff(principal, tournament)
    state = touched_pod(rt, tid, path_number(n, "pod"))
    return {**pick_log(state), "seat_detail": staff_view(state)["seat_detail"]}


def sweep_tournament(rt, tid: str) -> list[dict[str, Any]]:
    draft = _draft(rt, tid)
    results = []
    for number in range(1, len(draft.pods) + 1):
        reply = rt.service.run(lambda uow, number=number: _sweep_work(uow, tid, number))
        results.append(reply.body)
    return results


@json_route(bp, "/tournaments/{tid}/draft/sweep", methods=["POST"])
def sweep(tid):
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    tournament = load_tournament(rt, tid)
    require_tournament_staff(principal, tournament)
    return {"tournament_id": tid, "pods": sweep_tournament(rt, tid)}


def sweep_drafts(event):
    """Every minute: apply expired pick timers in every running draft."""
    rt = runtime()
    swept: set[str] = set()
    for view in each_view(rt.views, ACTIVE_KIND):       # one entry per running pod
        if view.doc["tournament_id"] not in swept:
            swept.add(view.doc["tournament_id"])
            sweep_tournament(rt, view.doc["tournament_id"])


@json_route(bp, "/tournaments/{tid}/draft/late-arrivals", methods=["POST"])
def late_arrival(tid):
    """V:EKN 7.2.6: a player added after the draft started receives sealed product."""
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    body = parse_body(bp.current_request, LateArrivalBody)

    def work(uow):
        tournament = load_tournament(uow, tid)
        require_tournament_staff(principal, tournament)
        active_player(tournament, body.player_id)
        product = plain(tournament.settings)["product"]
        _draft(uow, tid)
        allocation = late_allocation(uow, tournament, body.player_id, "draft", principal.id)
        if allocation is None:
            allocation = allocate_one(product, product_sets(uow, product), tournament.seed,
                                      body.player_id)
        uow.decide(DRAFT, draft_stream(tid), ProvideLateArrival(
            body.player_id, allocation, ms(uow.now), principal.id))
        return Reply(201, {"tournament_id": tid, "player_id": body.player_id,
                           "product": allocation, "pool": pool_of(allocation)})
    return run_command(bp.current_request, work, principal)


@json_route(bp, "/tournaments/{tid}/players/{pid}/pool", methods=["GET"])
def get_pool(tid, pid):
    """A player's cards: starters and drafted picks (or a late arrival's sealed product);
    in the other limited formats the table or mixed draft's, the sealed pool or what the
    restricted trade left (:mod:`.player_pool`). The player sees their picks when the
    profile allows; staff always."""
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    tournament = load_tournament(rt, tid)
    require_player(principal, tournament, pid)
    if tournament.format != "booster-draft":
        return limited_pool(rt, tournament, pid, is_staff(principal, tournament))
    draft = _draft(rt, tid)
    if pid in draft.late:
        product = draft.late[pid]
        return {"tournament_id": tid, "player_id": pid, "source": "late-sealed",
                "complete": True, "starters": product["starters"], "picks": [],
                "pool": pool_of(product)}
    n = draft.pod_of.get(pid)
    if n is None:
        raise NotFound("this player has no draft product", {"player_id": pid})
    pod = touched_pod(rt, tid, n)
    starters = draft.starters.get(pid, [])
    visible = is_staff(principal, tournament) or can_see_own_picks(pod, pod.seat_of[pid])
    picks = [p.card for p in pod.picks[pod.seat_of[pid]]] if visible else None
    pool = None
    if picks is not None:
        pool = [c for s in starters for c in s["cards"]] + picks
    return {"tournament_id": tid, "player_id": pid, "source": "draft", "pod": n,
            "complete": pod.finished, "starters": starters, "picks": picks, "pool": pool}
