"""Tournament lifecycle and registration over HTTP: create, settings, players (register,
list, remove, drop), judges, start, finish and the staff's event log. The use cases are in
``application/tournaments.py`` and ``application/registration.py``."""
from __future__ import annotations

from typing import Literal

from chalice import Blueprint

from ..application import registration, tournaments
from ..auth import optional_principal, request_token
from ..runtime import runtime
from ..service import Reply
from .bodies import (
    CreateTournamentBody,
    DropBody,
    FinishBody,
    JudgeBody,
    RegisterPlayerBody,
    SettingsBody,
)
from .common import caller, command, execute, reads, run_command

# Re-exported for the blueprints that still import them from here (tables, reports); new
# code takes them from application/tournament.py.
from .common import checked_tid as checked_tid
from .common import load_tournament as load_tournament
from .http import (
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


@json_route(bp, "/tournaments", methods=["POST"])
def create_tournament():
    request, principal = bp.current_request, caller(bp.current_request)
    body = parse_body(request, CreateTournamentBody)

    def work(uow):
        doc = tournaments.create(uow, principal, body.name, body.game, body.format,
                                 body.structure, body.settings, body.starts_at, body.location)
        return Reply(201, doc, {"Location": link(f"/tournaments/{doc['tournament_id']}")})
    return run_command(request, work, principal)


@json_route(bp, "/tournaments", methods=["GET"])
def list_tournaments():
    request = bp.current_request
    items, following = tournaments.listing(
        reads(), query_param(request, "game", pattern=r"vtes|hack|munchkin|mtg"),
        query_param(request, "status", pattern=r"registration|running|finished"),
        cursor_param(request), query_int(request, "limit", 50, 1, 200))
    return {"items": items, "next": encode_cursor(following) if following else None}


@json_route(bp, "/tournaments/{tid}", methods=["GET"])
def get_tournament(tid):
    return tournaments.get(reads(), tid)


@json_route(bp, "/tournaments/{tid}/settings", methods=["POST"])
def change_settings(tid):
    request, principal = bp.current_request, caller(bp.current_request)
    body = parse_body(request, SettingsBody)
    return command(request, principal, 200, tournaments.change_settings, tid, body.settings)


@json_route(bp, "/tournaments/{tid}/players", methods=["GET"])
def list_players(tid):
    request = bp.current_request
    page, following = registration.players(reads(), tid, cursor_param(request),
                                           query_int(request, "limit", 500, 1, 1000))
    return {**page, "next": encode_cursor(following) if following else None}


@json_route(bp, "/tournaments/{tid}/players", methods=["POST"])
def register_player(tid):
    rt, request = runtime(), bp.current_request
    principal = optional_principal(request, rt)
    body = parse_body(request, RegisterPlayerBody)
    idem = idempotency_from(request, principal.id if principal else None)
    token = request_token(rt, idem, "player")
    reply = execute(lambda uow: Reply(201, registration.register(
        uow, principal, tid, body.name, body.member_id, token)), principal, idem)
    return respond(with_secret(reply, "token", token))


@json_route(bp, "/tournaments/{tid}/players/{pid}", methods=["DELETE"])
def remove_player(tid, pid):
    request = bp.current_request
    return command(request, caller(request), 200, registration.remove, tid, pid)


class DropPlayerBody(DropBody):
    after_seating: Literal["loss", "unseat"] | None = None


@json_route(bp, "/tournaments/{tid}/players/{pid}/drop", methods=["POST"])
def drop_player(tid, pid):
    request, principal = bp.current_request, caller(bp.current_request)
    body = parse_body(request, DropPlayerBody, allow_empty=True)
    return command(request, principal, 200, registration.drop, tid, pid, body.reason,
                   body.after_seating)


@json_route(bp, "/tournaments/{tid}/judges", methods=["POST"])
def add_judge(tid):
    rt, request = runtime(), bp.current_request
    principal = caller(request)
    body = parse_body(request, JudgeBody)
    idem = idempotency_from(request, principal.id)
    token = request_token(rt, idem, "judge")
    reply = execute(lambda uow: Reply(201, tournaments.add_judge(
        uow, principal, tid, body.name, token)), principal, idem)
    return respond(with_secret(reply, "token", token))


@json_route(bp, "/tournaments/{tid}/start", methods=["POST"])
def start_tournament(tid):
    request = bp.current_request
    return command(request, caller(request), 200, tournaments.start, tid)


@json_route(bp, "/tournaments/{tid}/finish", methods=["POST"])
def finish_tournament(tid):
    request, principal = bp.current_request, caller(bp.current_request)
    body = parse_body(request, FinishBody, allow_empty=True)
    return command(request, principal, 200, tournaments.finish, tid, body.incomplete,
                   body.reason)


@json_route(bp, "/tournaments/{tid}/events", methods=["GET"])
def event_log(tid):
    request = bp.current_request
    page, following = tournaments.event_log(
        reads(), caller(request), tid, cursor_param(request),
        query_int(request, "limit", 500, 1, 5000))
    return {**page, "next": encode_cursor(following) if following else None}
