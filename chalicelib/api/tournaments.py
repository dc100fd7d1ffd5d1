"""Tournament lifecycle and registration routes."""
from __future__ import annotations

import secrets
import uuid
from typing import Any, Literal

from chalice import Blueprint

from ..application import swiss_results, swiss_rounds, tournament
from ..application import tables as tables_play
from ..application.reads import Reads
from ..application.tournament import checked_tid
from ..auth import (
    Principal,
    authenticate,
    issue_token,
    optional_principal,
    request_token,
    require_player,
    require_role,
    require_tournament_staff,
)
from ..auth.principal import is_staff
from ..domain import streams
from ..domain import tournament as t
from ..domain.errors import Forbidden, Invalid
from ..domain.profiles import DEFAULT_STRUCTURE
from ..projections.tournaments import players_kind, streams_kind, summary_id
from ..runtime import runtime
from ..service import Reply, UnitOfWork
from .bodies import (
    CreateTournamentBody,
    DropBody,
    FinishBody,
    JudgeBody,
    RegisterPlayerBody,
    SettingsBody,
)
from .common import execute, plain, run_command, view_or_404
from .http import (
    ApiError,
    cursor_param,
    encode_cursor,
    idempotency_from,
    json_route,
    parse_body,
    query_int,
    query_param,
    respond,
    with_secret,
)
from .links import link

bp = Blueprint(__name__)
def stream(tid: str) -> str:
    return streams.tournament(tid)


def load_tournament(uow_or_rt: Any, tid: str, guard: bool = True) -> t.TournamentState:
    """The tournament's state, from a unit of work (guarded) or the runtime; 404 if none."""
    if isinstance(uow_or_rt, UnitOfWork):
        return tournament.load(uow_or_rt, tid, guard=guard)
    return tournament.load(Reads(uow_or_rt.service, uow_or_rt.views), tid)


def summary(state: t.TournamentState) -> dict[str, Any]:
    """The public summary, same shape as the projected view."""
    players = list(state.players.values())
    return {
        "tournament_id": state.id, "name": state.name, "game": state.game,
        "format": state.format, "structure": state.structure,
        "organizer_id": state.organizer_id, "status": state.status,
        "seed_sha256": state.seed_sha256,
        "seed": state.seed if state.status == t.state.FINISHED else None,
        "settings": plain(state.settings), "starts_at": state.starts_at,
        "location": state.location, "created_at": state.created_at,
        "started_at": state.started_at, "finished_at": state.finished_at,
        "incomplete": plain(state.incomplete),
        "players": {"registered": len(players),
                    "active": sum(1 for p in players if p.status == "active"),
                    "dropped": sum(1 for p in players if p.status == "dropped")},
        "judges": [{"judge_id": jid, "name": name} for jid, name in state.judges.items()],
    }


def _staff_command(tid: str, principal: Principal, command_of, organizer_only=True,
                   respond_with=None):
    """Run a tournament command that only its staff may issue; reply with the summary."""
    def work(uow):
        state = load_tournament(uow, tid)
        require_tournament_staff(principal, state, organizer_only=organizer_only)
        new_state, _ = uow.decide(t.TOURNAMENT, stream(tid), command_of(uow.now.isoformat()))
        return Reply(200, respond_with(new_state) if respond_with else summary(new_state))
    return work


@json_route(bp, "/tournaments", methods=["POST"])
def create_tournament():
    rt = runtime()
    request = bp.current_request
    principal = require_role(authenticate(request, rt), "organizer")
    body = parse_body(request, CreateTournamentBody)
    tid = "t" + uuid.uuid4().hex[:12]
    seed = secrets.token_hex(32)
    command = dict(tournament_id=tid, organizer_id=principal.id, name=body.name,
                   game=body.game, format=body.format,
                   structure=body.structure or DEFAULT_STRUCTURE[body.game], seed=seed,
                   settings=body.settings, starts_at=body.starts_at, location=body.location)

    def work(uow):
        state, _ = uow.decide(t.TOURNAMENT, stream(tid),
                              t.CreateTournament(now=uow.now.isoformat(), **command))
        return Reply(201, summary(state), {"Location": link(f"/tournaments/{tid}")})
    return run_command(bp.current_request, work, principal)


@json_route(bp, "/tournaments", methods=["GET"])
def list_tournaments():
    request = bp.current_request
    game = query_param(request, "game", pattern=r"vtes|hack|munchkin|mtg")
    status = query_param(request, "status", pattern=r"registration|running|finished")
    after = cursor_param(request)
    limit = query_int(request, "limit", 50, 1, 200)
    items, cursor = [], after
    views = runtime().views
    while len(items) < limit:
        page = views.list("tournament", after=cursor, limit=200)
        for view in page:
            cursor = view.sort
            if (game is None or view.doc["game"] == game) and \
                    (status is None or view.doc["status"] == status):
                items.append(view.doc)
                if len(items) == limit:
                    break
        if len(page) < 200:
            break
    more = len(items) == limit and bool(views.list("tournament", after=cursor, limit=1))
    return {"items": items, "next": encode_cursor(cursor) if more else None}


@json_route(bp, "/tournaments/{tid}", methods=["GET"])
def get_tournament(tid):
    return view_or_404(summary_id(checked_tid(tid)), f"no tournament {tid!r}")


@json_route(bp, "/tournaments/{tid}/settings", methods=["POST"])
def change_settings(tid):
    principal = authenticate(bp.current_request, runtime())
    body = parse_body(bp.current_request, SettingsBody)
    return run_command(bp.current_request, _staff_command(
        tid, principal, lambda now: t.ChangeSettings(body.settings, now)), principal)


@json_route(bp, "/tournaments/{tid}/players", methods=["GET"])
def list_players(tid):
    """Players in registration order, a page at a time."""
    request = bp.current_request
    views = runtime().views
    summary_doc = view_or_404(summary_id(checked_tid(tid)), f"no tournament {tid!r}")
    after = cursor_param(request)
    limit = query_int(request, "limit", 500, 1, 1000)
    page = views.list(players_kind(tid), after=after, limit=limit + 1)
    more = len(page) > limit
    page = page[:limit]
    return {"tournament_id": tid, "total": summary_doc["players"]["registered"],
            "players": [v.doc for v in page],
            "next": encode_cursor(page[-1].sort) if more else None}


@json_route(bp, "/tournaments/{tid}/players", methods=["POST"])
def register_player(tid):
    rt = runtime()
    request = bp.current_request
    principal = optional_principal(request, rt)
    body = parse_body(request, RegisterPlayerBody)
    idem = idempotency_from(request, principal.id if principal else None)
    pid = "p" + uuid.uuid4().hex[:10]
    token = request_token(rt, idem, "player")

    def work(uow):
        state = load_tournament(uow, tid)
        staff = is_staff(principal, state)
        if principal is not None and not staff and principal.role != "admin":
            require_tournament_staff(principal, state)   # another tournament's staff: 403
        new_state, _ = uow.decide(t.TOURNAMENT, stream(tid), t.RegisterPlayer(
            pid, body.name, body.member_id, staff, uow.now.isoformat()))
        if new_state.structure == "multiplayer-tables" and new_state.status == t.state.RUNNING:
            tables_play.check_admission(uow, tid, new_state.active_count)
        issue_token(uow, token, {"role": "player", "id": pid, "name": body.name,
                                 "tournament_id": tid, "player_id": pid})
        return Reply(201, {"tournament_id": tid, "player": new_state.players[pid].public()})

    return respond(with_secret(execute(work, principal, idem), "token", token))


@json_route(bp, "/tournaments/{tid}/players/{pid}", methods=["DELETE"])
def remove_player(tid, pid):
    principal = authenticate(bp.current_request, runtime())
    return run_command(bp.current_request, _staff_command(
        tid, principal, lambda now: t.RemovePlayer(pid, now), organizer_only=False,
        respond_with=lambda s: {"tournament_id": tid, "player_id": pid, "removed": True}),
        principal)


class DropPlayerBody(DropBody):
    after_seating: Literal["loss", "unseat"] | None = None


@json_route(bp, "/tournaments/{tid}/players/{pid}/drop", methods=["POST"])
def drop_player(tid, pid):
    """Record the drop and, in the same unit of work, its consequence in the round already
    paired or seated (a loss), so the next pairing or seating leaves the player out."""
    principal = authenticate(bp.current_request, runtime())
    body = parse_body(bp.current_request, DropPlayerBody, allow_empty=True)

    def work(uow):
        state = load_tournament(uow, tid)
        require_player(principal, state, pid)
        if body.after_seating is not None:
            if state.structure != "multiplayer-tables":
                raise Invalid("after_seating applies to multiplayer tables only",
                              {"structure": state.structure})
            if body.after_seating == "unseat" and not is_staff(principal, state):
                raise Forbidden("the judge decides how a drop after the seating is treated "
                                "(V:EKN 3.3.2)")
        new_state, _ = uow.decide(t.TOURNAMENT, stream(tid),
                                  t.DropPlayer(pid, body.reason, uow.now.isoformat()))
        result = None
        if state.structure == "swiss":
            result = swiss_results.record_drop(uow, tid, pid, principal.id)
        elif state.structure == "multiplayer-tables":
            result = tables_play.record_drop(uow, new_state, pid, body.after_seating != "unseat")
        return Reply(200, {"tournament_id": tid, "player": new_state.players[pid].public(),
                           "round_result": result})
    return run_command(bp.current_request, work, principal)


@json_route(bp, "/tournaments/{tid}/judges", methods=["POST"])
def add_judge(tid):
    rt = runtime()
    request = bp.current_request
    principal = authenticate(request, rt)
    body = parse_body(request, JudgeBody)
    idem = idempotency_from(request, principal.id)
    jid = "j" + uuid.uuid4().hex[:10]
    token = request_token(rt, idem, "judge")

    def work(uow):
        state = load_tournament(uow, tid)
        require_tournament_staff(principal, state, organizer_only=True)
        uow.decide(t.TOURNAMENT, stream(tid), t.AddJudge(jid, body.name, uow.now.isoformat()))
        issue_token(uow, token, {"role": "judge", "id": jid, "name": body.name,
                                 "tournament_id": tid})
        return Reply(201, {"tournament_id": tid, "judge_id": jid, "name": body.name})

    return respond(with_secret(execute(work, principal, idem), "token", token))


@json_route(bp, "/tournaments/{tid}/start", methods=["POST"])
def start_tournament(tid):
    principal = authenticate(bp.current_request, runtime())
    return run_command(bp.current_request, _staff_command(tid, principal, t.StartTournament),
                       principal)


def open_play(uow, state: t.TournamentState) -> list[dict[str, Any]]:
    """What is left to play, read in the finish's unit of work from the aggregate that
    runs the tournament's play (guarded: a result or seating committed meanwhile re-runs
    the finish on the new state)."""
    if state.structure == "swiss":
        return swiss_rounds.open_play(uow, state)
    if state.structure == "multiplayer-tables":
        return tables_play.open_play(uow, state)
    # Imported here: the tables blueprint imports this module.
    from . import tables
    if state.structure in ("multiplayer-tables", "pod-ffa"):
        return tables.open_play(uow, state)
    return []


@json_route(bp, "/tournaments/{tid}/finish", methods=["POST"])
def finish_tournament(tid):
    """Finish the tournament. Refused (409 ``play_unfinished``, listing what is open) while
    play is not done, unless the organizer ends it early on purpose (``incomplete``)."""
    principal = authenticate(bp.current_request, runtime())
    body = parse_body(bp.current_request, FinishBody, allow_empty=True)

    def work(uow):
        state = load_tournament(uow, tid)
        require_tournament_staff(principal, state, organizer_only=True)
        open_items = open_play(uow, state) if state.status == t.state.RUNNING else []
        new_state, _ = uow.decide(t.TOURNAMENT, stream(tid), t.FinishTournament(
            uow.now.isoformat(), tuple(open_items), body.incomplete, body.reason))
        return Reply(200, summary(new_state))
    return run_command(bp.current_request, work, principal)


@json_route(bp, "/tournaments/{tid}/events", methods=["GET"])
def event_log(tid):
    """Every event of every stream of the tournament (staff only), a page at a time:
    stream by stream in the order the streams began, each stream's events in order
    (``recorded_at`` orders them across streams). The seed stays hidden until the
    tournament finishes."""
    rt = runtime()
    request = bp.current_request
    principal = authenticate(request, rt)
    state = load_tournament(rt, tid)
    require_tournament_staff(principal, state)
    limit = query_int(request, "limit", 500, 1, 5000)
    at = _log_cursor(cursor_param(request))
    hide_seed = state.status != t.state.FINISHED
    events, following, upcoming = [], None, []
    position, last_sort = at, at[1] if at else None
    while len(events) < limit:
        if position is None:
            if not upcoming:
                upcoming = rt.views.list(streams_kind(tid), after=last_sort, limit=100)
                if not upcoming:
                    break
            nxt = upcoming.pop(0)
            position = (nxt.doc["stream_id"], nxt.sort, 0)
        stream_id, sort, after = position
        room = limit - len(events)
        batch = rt.events.read(stream_id, after, limit=room + 1)   # one more: is there more?
        events += batch[:room]
        if len(batch) > room:
            following = (stream_id, sort, batch[room - 1].version)
        elif len(events) == limit:
            following = (stream_id, sort, batch[-1].version) if batch else position
        position, last_sort = None, sort
    return {"tournament_id": tid, "events": [
        {"stream_id": e.stream_id, "version": e.version, "type": e.type,
         "data": {**e.data, "seed": None} if hide_seed and "seed" in e.data else e.data,
         "actor": e.meta.get("actor"), "recorded_at": e.recorded_at} for e in events],
        "next": encode_cursor("|".join(map(str, following))) if following else None}


def _log_cursor(raw: str | None) -> tuple[str, str, int] | None:
    """(stream id, its sort key in the stream index, the version read up to)."""
    if raw is None:
        return None
    parts = raw.rsplit("|", 3)
    if len(parts) != 4 or not parts[3].isdigit():
        raise ApiError(400, "invalid_query", "query parameter 'after' is not a cursor")
    stream_id, sort_time, sort_stream, version = parts
    return stream_id, f"{sort_time}|{sort_stream}", int(version)
