"""Mixed (Elder) draft over HTTP (V:EKN 7.8), under /tournaments/{tid}/mixed-draft: a
table draft of the crypt, then library piles picked in turn. Its timers are swept with
the table drafts' (``table_draft.sweep_limited_drafts``)."""
from __future__ import annotations

from chalice import Blueprint
from pydantic import Field

from ..application.product_phase import require_play_not_started
from ..auth import authenticate, require_tournament_staff
from ..domain import mixed, tabledraft
from ..domain.errors import Forbidden
from ..domain.mixed.replacement import replaceable
from ..domain.mixed.setup import mixed_draft_commands
from ..domain.mixed.visibility import redact as mixed_redact
from ..domain.tabledraft import clock
from ..domain.tabledraft.roster import ROSTER
from ..runtime import runtime
from ..service import Reply
from .bodies import Body
from .common import path_number, plain, require_running
from .entered_product import entered_packs, start_with_entries
from .http import json_route, parse_body
from .limited_common import (
    CardId,
    DraftStartBody,
    PickForBody,
    ReplacementBody,
    TablePickBody,
    auto_picks,
    draft_late_arrival,
    first_seats,
    own_pick,
    pick_seconds,
    player_of,
    pod_command,
    pod_expire,
    pod_feed,
    pod_log,
    replacement,
    roster_reply,
    staff_pod_command,
    started,
    summary,
    table_due,
    touched,
)
from .links import link
from .product import product_sets
from .tournaments import checked_tid, load_tournament

bp = Blueprint(__name__)


class MixedStartBody(DraftStartBody):
    pile_size: int = Field(ge=1, le=60)
    library_pick_seconds: int | None = Field(default=None, ge=5, le=900)


class LibraryPickBody(Body):
    card: str = CardId
    pack: str | None = Field(default=None, pattern=r"^R\d{1,3}S\d{1,3}$")


def _pod(source, tid: str, n: int):
    return started(source, mixed.MIXED_DRAFT, mixed.stream_id(tid, n),
                   f"no mixed draft pod {n}", tid)


def _due(state, now) -> bool:
    if state.status == "crypt":
        return table_due(state.crypt, now)
    return state.status == "library" and any(
        q and clock.reached(now, d) for q, d in zip(state.queues, state.deadlines, strict=True))


def _seed(uow, tid: str) -> str:
    return load_tournament(uow, tid, guard=False).seed


def _expire_command(uow, tid: str, state):
    """Every expiry due, each at its deadline: in the crypt phase the oldest card on the
    table (7.7), in the library phase a random card of the late player's pile (7.5.3)."""
    return mixed.ExpireLibraryPicks(seed=_seed(uow, tid), now=uow.now)


def touched_mixed(rt, tid: str, n: int):
    return touched(rt, tid, n, _pod, _due, mixed.MIXED_DRAFT, mixed.stream_id, _expire_command)


@json_route(bp, "/tournaments/{tid}/mixed-draft", methods=["POST"])
def start_mixed_draft(tid):
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    body = parse_body(bp.current_request, MixedStartBody)

    def work(uow, entered):
        tournament = load_tournament(uow, tid)
        require_tournament_staff(principal, tournament)
        require_running(tournament, formats=("mixed-draft",))
        require_play_not_started(uow, tournament, "starting the mixed draft")
        settings = plain(tournament.settings)
        product, draft = settings["product"], settings["draft"]
        seconds = pick_seconds(body.pick_seconds, draft)
        form, starts = mixed_draft_commands(
            seed=tournament.seed, players=[p.id for p in tournament.active_players()],
            product=product, draft=draft, sets=product_sets(uow, product), now=uow.now,
            pile_size=body.pile_size, pick_seconds=seconds,
            review_seconds=20 if body.review_seconds is None else body.review_seconds,
            library_pick_seconds=body.library_pick_seconds or seconds,
            explicit_pods=body.pods, first_seats=first_seats(body.first_seats),
            entered=body.packs if entered is None else entered_packs(entered, uow, tournament))
        roster, _ = uow.decide(ROSTER, f"mixed-{tid}", form)
        for start in starts:
            uow.decide(mixed.MIXED_DRAFT, mixed.stream_id(tid, start.pod), start)
        return Reply(201, roster_reply(tid, roster),
                     {"Location": link(f"/tournaments/{tid}/mixed-draft")})
    return start_with_entries(bp.current_request, principal, tid, "mixed-draft", body.packs, work)


@json_route(bp, "/tournaments/{tid}/mixed-draft", methods=["GET"])
def get_mixed_draft(tid):
    return summary(runtime(), tid, "mixed-draft")


@json_route(bp, "/tournaments/{tid}/mixed-draft/late-arrivals", methods=["POST"])
def mixed_late_arrival(tid):
    return draft_late_arrival(bp.current_request, checked_tid(tid), f"mixed-{tid}")


@json_route(bp, "/tournaments/{tid}/mixed-draft/pods/{n}", methods=["GET"])
def get_mixed_pod(tid, n):
    return mixed.view(touched_mixed(runtime(), checked_tid(tid), path_number(n, "pod")))


@json_route(bp, "/tournaments/{tid}/mixed-draft/pods/{n}/me", methods=["GET"])
def get_my_mixed_seat(tid, n):
    rt = runtime()
    player = player_of(authenticate(bp.current_request, rt), checked_tid(tid))
    state = touched_mixed(rt, tid, path_number(n, "pod"))
    if player not in state.players:
        raise Forbidden("you are not seated in this pod", code="not_in_pod")
    return mixed.view(state, player=player)


def _pick(tid: str, n: str, command_of):
    request = bp.current_request
    return pod_command(
        request, authenticate(request, runtime()), tid, n, _pod, mixed.MIXED_DRAFT,
        mixed.stream_id, command_of,
        lambda state, events, player: {"picked": own_pick(events),
                                       "auto_picks": auto_picks(events),
                                       "me": mixed.view(state, player=player)},
        with_uow=True)


@json_route(bp, "/tournaments/{tid}/mixed-draft/pods/{n}/crypt-picks", methods=["POST"])
def mixed_crypt_pick(tid, n):
    body = parse_body(bp.current_request, TablePickBody)
    return _pick(tid, n, lambda uow, player: tabledraft.Pick(
        player=player, card=body.card, pick=body.pick, now=uow.now))


@json_route(bp, "/tournaments/{tid}/mixed-draft/pods/{n}/library-picks", methods=["POST"])
def mixed_library_pick(tid, n):
    body = parse_body(bp.current_request, LibraryPickBody)
    return _pick(tid, n, lambda uow, player: mixed.LibraryPick(
        player=player, card=body.card, pack=body.pack, seed=_seed(uow, tid), now=uow.now))


@json_route(bp, "/tournaments/{tid}/mixed-draft/pods/{n}/expire", methods=["POST"])
def mixed_expire(tid, n):
    """Expired timers: in the crypt phase the oldest card on the table (7.7), in the
    library phase a random card of each late player's pile (7.5.3)."""
    return pod_expire(bp.current_request, tid, n, _pod, mixed.MIXED_DRAFT, mixed.stream_id,
                      _expire_command,
                      lambda state, events: {"auto_picks": [
                          e.data for e in events
                          if e.type in ("TableCardPicked", "MixedLibraryCardPicked")],
                          "pod": mixed.view(state)})


class MixedPickForBody(PickForBody):
    pack: str | None = Field(default=None, pattern=r"^R\d{1,3}S\d{1,3}$")


class ProductReplacementBody(ReplacementBody):
    item: int = Field(ge=1, le=40)


@json_route(bp, "/tournaments/{tid}/mixed-draft/pods/{n}/players/{pid}/pick-for",
            methods=["POST"])
def mixed_pick_for(tid, n, pid):
    """Staff take an absent player's turn as an expired timer would: in the crypt phase
    the oldest card on the table (7.7), in the library phase a card of their pile drawn
    from the seed (7.5.3). The pick records who took it."""
    body = parse_body(bp.current_request, MixedPickForBody, allow_empty=True)

    def reply(number, state, events):
        picked = next(e for e in events
                      if e.type in ("TableCardPicked", "MixedLibraryCardPicked")
                      and "by" in e.data)
        return {"pod": number, "player_id": pid,
                "phase": "crypt" if picked.type == "TableCardPicked" else "library",
                "picked": picked.data, "by": picked.data["by"], "pod_view": mixed.view(state)}
    return staff_pod_command(
        bp.current_request, tid, n, _pod, mixed.MIXED_DRAFT, mixed.stream_id,
        lambda uow, tournament, state, number, by: mixed.TakePickFor(
            player=pid, by=by, seed=tournament.seed, pick=body.pick, pack=body.pack,
            now=uow.now),
        reply)


@json_route(bp, "/tournaments/{tid}/mixed-draft/pods/{n}/replacements", methods=["POST"])
def mixed_replace_product(tid, n):
    """V:EKN 7.2.5, 7.8: a judge replaces an opened pack or starter with a wrong card
    count until the crypt draft's first card is taken."""
    body = parse_body(bp.current_request, ProductReplacementBody)

    def command(uow, tournament, state, number, by):
        replaceable(state, body.seat, body.item)      # 422 / 409 before any collation
        seat, item = body.seat - 1, body.item - 1
        meta = (state.product_meta[seat][item] if seat < len(state.product_meta)
                and item < len(state.product_meta[seat]) else {})
        cards, kinds, expected = replacement(
            uow, tournament, body.cards, meta, "mixed-draft", number, body.seat, body.item,
            len(state.replacements))
        return mixed.ReplaceProduct(seat=body.seat, item=body.item, cards=cards, kinds=kinds,
                                    expected=expected, reason=body.reason, by=by,
                                    seed=tournament.seed, now=uow.now)
    return staff_pod_command(
        bp.current_request, tid, n, _pod, mixed.MIXED_DRAFT, mixed.stream_id, command,
        lambda number, state, events: {
            "pod": number, "seat": body.seat, "item": body.item,
            **_replaced(events),
            "replacements": [dict(r) for r in state.replacements],
            "pod_view": mixed.view(state)})


def _replaced(events) -> dict:
    d = next(e.data for e in events if e.type == "MixedProductReplaced")
    return {"player": d["player"], "cards": d["count"]}


@json_route(bp, "/tournaments/{tid}/mixed-draft/pods/{n}/events", methods=["GET"])
def mixed_events(tid, n):
    return pod_feed(bp.current_request, tid, n, _pod, mixed.stream_id, mixed_redact)


@json_route(bp, "/tournaments/{tid}/mixed-draft/pods/{n}/log", methods=["GET"])
def mixed_log(tid, n):
    return pod_log(bp.current_request, tid, n, _pod, mixed.view, mixed.stream_id)
