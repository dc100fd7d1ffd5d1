"""Table (Rochester) draft over HTTP (V:EKN 7.7), under /tournaments/{tid}/table-draft:
start, the public table, each player's seat, picks, expired timers, staff picks for an
absent player, pack replacements (7.2.5), feeds and the staff log, late arrivals. Also
the scheduled sweep of the table and mixed drafts' timers."""
from __future__ import annotations

from chalice import Blueprint
from pydantic import Field

from ..application.product_phase import require_play_not_started
from ..auth import authenticate, require_tournament_staff
from ..domain import tabledraft
from ..domain.errors import Forbidden
from ..domain.tabledraft.decide import replaceable
from ..domain.tabledraft.roster import ROSTER
from ..domain.tabledraft.setup import table_draft_commands
from ..domain.tabledraft.visibility import redact as table_redact
from ..projections.limited import ACTIVE_KIND
from ..runtime import runtime
from ..service import Reply
from .common import each_view, path_number, plain, require_running
from .entered_product import entered_packs, start_with_entries
from .http import json_route, parse_body
from .limited_common import (
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
from .mixed_draft import touched_mixed
from .product import product_sets
from .tournaments import checked_tid, load_tournament

bp = Blueprint(__name__)


def _pod(source, tid: str, n: int):
    return started(source, tabledraft.TABLE_DRAFT, tabledraft.stream_id(tid, n),
                   f"no table draft pod {n}", tid)


@json_route(bp, "/tournaments/{tid}/table-draft", methods=["POST"])
def start_table_draft(tid):
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    body = parse_body(bp.current_request, DraftStartBody, allow_empty=True)

    def work(uow, entered):
        tournament = load_tournament(uow, tid)
        require_tournament_staff(principal, tournament)
        require_running(tournament, formats=("table-draft",))
        require_play_not_started(uow, tournament, "starting the table draft")
        settings = plain(tournament.settings)
        product, draft = settings["product"], settings["draft"]
        form, starts = table_draft_commands(
            seed=tournament.seed, players=[p.id for p in tournament.active_players()],
            product=product, draft=draft, sets=product_sets(uow, product), now=uow.now,
            pick_seconds=pick_seconds(body.pick_seconds, draft),
            review_seconds=20 if body.review_seconds is None else body.review_seconds,
            explicit_pods=body.pods, first_seats=first_seats(body.first_seats),
            entered=body.packs if entered is None else entered_packs(entered, uow, tournament))
        roster, _ = uow.decide(ROSTER, f"tdraft-{tid}", form)
        for start in starts:
            uow.decide(tabledraft.TABLE_DRAFT, tabledraft.stream_id(tid, start.pod), start)
        return Reply(201, roster_reply(tid, roster),
                     {"Location": link(f"/tournaments/{tid}/table-draft")})
    return start_with_entries(bp.current_request, principal, tid, "table-draft", body.packs, work)


@json_route(bp, "/tournaments/{tid}/table-draft", methods=["GET"])
def get_table_draft(tid):
    return summary(runtime(), tid, "table-draft")


def _expire_command(uow, tid: str, state):
    """The waiting player receives the oldest card on the table (7.7)."""
    return tabledraft.ExpirePick(now=uow.now)


def touched_table(rt, tid: str, n: int):
    return touched(rt, tid, n, _pod, table_due, tabledraft.TABLE_DRAFT, tabledraft.stream_id,
                   _expire_command)


def sweep_limited_drafts(event):
    """Every minute: apply expired pick timers in every running table and mixed draft."""
    rt = runtime()
    for view in each_view(rt.views, ACTIVE_KIND):
        doc = view.doc
        if doc["capability"] == "table-draft":
            touched_table(rt, doc["tournament_id"], doc["pod"])
        else:
            touched_mixed(rt, doc["tournament_id"], doc["pod"])


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}", methods=["GET"])
def get_table_pod(tid, n):
    """The table as everyone sees it (7.7): cards laid out, the pick order, each
    player's latest pick of the current set."""
    return tabledraft.view(touched_table(runtime(), checked_tid(tid), path_number(n, "pod")))


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}/me", methods=["GET"])
def get_my_table_seat(tid, n):
    rt = runtime()
    player = player_of(authenticate(bp.current_request, rt), checked_tid(tid))
    state = touched_table(rt, tid, path_number(n, "pod"))
    if player not in state.players:
        raise Forbidden("you are not seated in this pod", code="not_in_pod")
    return tabledraft.view(state, player=player)


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}/picks", methods=["POST"])
def table_pick(tid, n):
    principal = authenticate(bp.current_request, runtime())
    body = parse_body(bp.current_request, TablePickBody)
    return pod_command(
        bp.current_request, principal, tid, n, _pod, tabledraft.TABLE_DRAFT,
        tabledraft.stream_id,
        lambda player, now: tabledraft.Pick(player=player, card=body.card, pick=body.pick,
                                            now=now),
        lambda state, events, player: {"picked": own_pick(events),
                                       "auto_picks": auto_picks(events),
                                       "me": tabledraft.view(state, player=player)})


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}/expire", methods=["POST"])
def table_expire(tid, n):
    """The pick timer ran out: the waiting player receives the oldest card on the
    table (7.7). Staff or any player of the pod may call it; 409 before the deadline."""
    return pod_expire(bp.current_request, tid, n, _pod, tabledraft.TABLE_DRAFT,
                      tabledraft.stream_id, _expire_command,
                      lambda state, events: {"picked": events[0].data,
                                             "auto_picks": auto_picks(events),
                                             "table": tabledraft.view(state)})


def _by_staff(events) -> dict:
    """The staff pick among the events (expiries applied before it come first)."""
    return next(e.data for e in events if e.type == "TableCardPicked" and "by" in e.data)


class TableReplacementBody(ReplacementBody):
    pack: int = Field(ge=1, le=24)


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}/players/{pid}/pick-for",
            methods=["POST"])
def table_pick_for(tid, n, pid):
    """Staff take an absent player's pick as an expired timer would: the oldest card on
    the table (7.7), so an untimed draft never stalls; the pick records who took it."""
    body = parse_body(bp.current_request, PickForBody, allow_empty=True)
    return staff_pod_command(
        bp.current_request, tid, n, _pod, tabledraft.TABLE_DRAFT, tabledraft.stream_id,
        lambda uow, tournament, state, number, by: tabledraft.PickFor(
            player=pid, by=by, pick=body.pick, now=uow.now),
        lambda number, state, events: {"pod": number, "player_id": pid,
                                       "picked": _by_staff(events),
                                       "by": _by_staff(events)["by"],
                                       "table": tabledraft.view(state)})


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}/replacements", methods=["POST"])
def table_replace_pack(tid, n):
    """V:EKN 7.2.5: a judge replaces a pack with a wrong card count before any card of it
    is drafted (a pack whose first set is on the table is laid out again)."""
    body = parse_body(bp.current_request, TableReplacementBody)

    def command(uow, tournament, state, number, by):
        replaceable(state, body.seat, body.pack)      # 422 / 409 before any collation
        seat, pack = body.seat - 1, body.pack - 1
        meta = (state.pack_meta[seat][pack]
                if seat < len(state.pack_meta) and pack < len(state.pack_meta[seat]) else {})
        cards, kinds, expected = replacement(
            uow, tournament, body.cards, meta, "table-draft", number, body.pack, body.seat,
            len(state.replacements))
        return tabledraft.ReplacePack(seat=body.seat, pack=body.pack, cards=cards,
                                      kinds=kinds, expected=expected, reason=body.reason,
                                      by=by, now=uow.now)
    return staff_pod_command(
        bp.current_request, tid, n, _pod, tabledraft.TABLE_DRAFT, tabledraft.stream_id,
        command,
        lambda number, state, events: {
            "pod": number, "seat": body.seat, "pack": body.pack,
            **_replaced(events),
            "relaid": len(events) > 1, "replacements": [dict(r) for r in state.replacements],
            "table": tabledraft.view(state)})


def _replaced(events) -> dict:
    d = next(e.data for e in events if e.type == "TablePackReplaced")
    return {"player": d["player"], "cards": d["count"]}


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}/events", methods=["GET"])
def table_events(tid, n):
    return pod_feed(bp.current_request, tid, n, _pod, tabledraft.stream_id, table_redact)


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}/log", methods=["GET"])
def table_log(tid, n):
    return pod_log(bp.current_request, tid, n, _pod, tabledraft.view, tabledraft.stream_id)


@json_route(bp, "/tournaments/{tid}/table-draft/late-arrivals", methods=["POST"])
def table_late_arrival(tid):
    return draft_late_arrival(bp.current_request, checked_tid(tid), f"tdraft-{tid}")
