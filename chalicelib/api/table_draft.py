"""Table (Rochester) draft over HTTP (V:EKN 7.7), under /tournaments/{tid}/table-draft:
start, the public table, each player's seat, picks, expired timers, feeds and the staff
log, late arrivals. Also the scheduled sweep of the table and mixed drafts' timers."""
from __future__ import annotations

from chalice import Blueprint, Rate

from ..auth import authenticate, require_tournament_staff
from ..domain import tabledraft
from ..domain.errors import Forbidden
from ..domain.tabledraft.roster import ROSTER
from ..domain.tabledraft.setup import table_draft_commands
from ..domain.tabledraft.visibility import redact as table_redact
from ..projections.limited import ACTIVE_KIND
from ..runtime import runtime
from ..service import Reply
from .common import each_view, path_number, plain, require_running, run_command
from .http import json_route, parse_body
from .limited_common import (
    DraftStartBody,
    TablePickBody,
    draft_late_arrival,
    first_seats,
    pick_seconds,
    player_of,
    pod_command,
    pod_expire,
    pod_feed,
    pod_log,
    roster_reply,
    started,
    summary,
    table_due,
    touched,
)
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

    def work(uow):
        tournament = load_tournament(uow, tid)
        require_tournament_staff(principal, tournament)
        require_running(tournament, formats=("table-draft",))
        settings = plain(tournament.settings)
        product, draft = settings["product"], settings["draft"]
        form, starts = table_draft_commands(
            seed=tournament.seed, players=[p.id for p in tournament.active_players()],
            product=product, draft=draft, sets=product_sets(uow, product), now=uow.now,
            pick_seconds=pick_seconds(body.pick_seconds, draft),
            review_seconds=20 if body.review_seconds is None else body.review_seconds,
            explicit_pods=body.pods, first_seats=first_seats(body.first_seats),
            entered=body.packs)
        roster, _ = uow.decide(ROSTER, f"tdraft-{tid}", form)
        for start in starts:
            uow.decide(tabledraft.TABLE_DRAFT, tabledraft.stream_id(tid, start.pod), start)
        return Reply(201, roster_reply(tid, roster),
                     {"Location": f"/v1/tournaments/{tid}/table-draft"})
    return run_command(bp.current_request, work, principal)


@json_route(bp, "/tournaments/{tid}/table-draft", methods=["GET"])
def get_table_draft(tid):
    return summary(runtime(), tid, "table-draft")


def _expire_command(uow, tid: str, state):
    """The waiting player receives the oldest card on the table (7.7)."""
    return tabledraft.ExpirePick(now=uow.now)


def touched_table(rt, tid: str, n: int):
    return touched(rt, tid, n, _pod, table_due, tabledraft.TABLE_DRAFT, tabledraft.stream_id,
                   _expire_command)


@bp.schedule(Rate(1, unit=Rate.MINUTES))
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
        lambda state, events, player: {"picked": events[0].data,
                                       "me": tabledraft.view(state, player=player)})


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}/expire", methods=["POST"])
def table_expire(tid, n):
    """The pick timer ran out: the waiting player receives the oldest card on the
    table (7.7). Staff or any player of the pod may call it; 409 before the deadline."""
    return pod_expire(bp.current_request, tid, n, _pod, tabledraft.TABLE_DRAFT,
                      tabledraft.stream_id, _expire_command,
                      lambda state, events: {"picked": events[0].data,
                                             "table": tabledraft.view(state)})


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}/events", methods=["GET"])
def table_events(tid, n):
    return pod_feed(bp.current_request, tid, n, _pod, tabledraft.stream_id, table_redact)


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}/log", methods=["GET"])
def table_log(tid, n):
    return pod_log(bp.current_request, tid, n, _pod, tabledraft.view, tabledraft.stream_id)


@json_route(bp, "/tournaments/{tid}/table-draft/late-arrivals", methods=["POST"])
def table_late_arrival(tid):
    return draft_late_arrival(bp.current_request, checked_tid(tid), f"tdraft-{tid}")
