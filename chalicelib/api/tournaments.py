"""Tournament lifecycle and registration over HTTP: create, settings, players (register,
list, remove, drop), judges, start, finish and the staff's event log. The use cases are in
``application/tournaments.py`` and ``application/registration.py``."""
from __future__ import annotations

from typing import Literal

from chalice import Blueprint

from ..application import admission, registration, staff_keys, tournaments
from ..application.admission import client_key
from ..auth import optional_principal, request_token
from ..runtime import runtime
from ..venue.keys import registration_key
from .bodies import (
    Body,
    CreateTournamentBody,
    DropBody,
    FinishBody,
    JudgeBody,
    KeyBody,
    RegisterPlayerBody,
    SettingsBody,
)
from .common import (
    caller,
    client_address,
    command,
    command_route,
    issuing,
    reads,
)
from .http import (
    cursor_param,
    idempotency_from,
    json_route,
    next_cursor,
    parse_body,
    query_int,
    query_param,
)

bp = Blueprint(__name__)


@json_route(bp, "/tournaments", methods=["POST"])
def create_tournament():
    request, principal = bp.current_request, caller(bp.current_request)
    body = parse_body(request, CreateTournamentBody)
    secret = runtime().token_secret

    settings, code = _generated_code(request, principal, body.settings)

    return command(request, principal, 201, tournaments.create, body.name, body.game,
                   body.format, body.structure, settings, body.starts_at, body.location,
                   secret, location="/tournaments/{tournament_id}",
                   reveal=lambda _: {"registration_code": code} if code else {})


def _generated_code(request, principal, settings: dict) -> tuple[dict, str | None]:
    """``registration.code: "generate"``: the server draws the code (admission.py), shown
    once in the reply (``registration_code``), never stored in a replayable reply."""
    if not admission.wants_generated(settings):
        return settings, None
    seed = request_token(runtime(), idempotency_from(request, principal.id),
                         "registration-code")
    code = admission.generated_code(seed)
    return admission.with_code(settings, code), code


@json_route(bp, "/tournaments/{tid}", methods=["GET"])
def get_tournament(tid):
    """The public summary (the projected view); with the staff's token, also the failed
    registration codes."""
    return tournaments.get(reads(), tid, optional_principal(bp.current_request, runtime()))


@json_route(bp, "/tournaments", methods=["GET"])
def list_tournaments():
    request = bp.current_request
    items, following = tournaments.listing(
        reads(), query_param(request, "game", pattern=r"vtes|hack|munchkin|mtg"),
        query_param(request, "status", pattern=r"registration|running|finished"),
        cursor_param(request), query_int(request, "limit", 50, 1, 200))
    return {"items": items, "next": next_cursor(following)}


@json_route(bp, "/tournaments/{tid}/settings", methods=["POST"])
def change_settings(tid):
    """The organizer's overrides before the start (``registration.code`` included)."""
    request, principal = bp.current_request, caller(bp.current_request)
    body = parse_body(request, SettingsBody)
    settings, code = _generated_code(request, principal, body.settings)
    rt = runtime()
    return command(request, principal, 200, tournaments.change_settings, tid, settings,
                   rt.token_secret, registration_key(rt, tid),
                   reveal=lambda _: {"registration_code": code} if code else {})


@json_route(bp, "/tournaments/{tid}/players", methods=["GET"])
def list_players(tid):
    """The public player list, a page at a time."""
    request = bp.current_request
    page, following = registration.players(reads(), tid, cursor_param(request),
                                           query_int(request, "limit", 500, 1, 1000))
    return {**page, "next": next_cursor(following)}


@json_route(bp, "/tournaments/{tid}/players", methods=["POST"])
def register_player(tid):
    rt, request = runtime(), bp.current_request
    principal = optional_principal(request, rt)
    body = parse_body(request, RegisterPlayerBody)
    address = client_address(request)
    return issuing(request, principal, 201, "player", "token", registration.register, tid,
                   body.name, body.member_id, code=body.registration_code,
                   client=client_key(rt.token_secret, address) if address else None,
                   secret=rt.token_secret, key=registration_key(rt, tid))


@json_route(bp, "/tournaments/{tid}/players/{pid}/token", methods=["POST"])
def replace_token(tid, pid):
    """The staff re-issues a player's token, or the player rotates their own (a dropped
    player too: their token still reads)."""
    request = bp.current_request
    principal = caller(request, dropped_ok=True)
    parse_body(request, Body, allow_empty=True)
    return issuing(request, principal, 201, "player-token", "token",
                   registration.replace_token, tid, pid)


@json_route(bp, "/tournaments/{tid}/players/{pid}", methods=["DELETE"])
def remove_player(tid, pid):
    """The staff removes a player before the start (their token dies with them)."""
    request = bp.current_request
    return command(request, caller(request), 200, registration.remove, tid, pid)


class DropPlayerBody(DropBody):
    after_seating: Literal["loss", "unseat"] | None = None


drop_player = command_route(
    bp, "/tournaments/{tid}/players/{pid}/drop", registration.drop, body=DropPlayerBody,
    fields=("reason", "after_seating"), allow_empty=True)


@json_route(bp, "/tournaments/{tid}/judges", methods=["POST"])
def add_judge(tid):
    request, principal = bp.current_request, caller(bp.current_request)
    body = parse_body(request, JudgeBody)
    return issuing(request, principal, 201, "judge", "token", tournaments.add_judge, tid,
                   body.name, body.expires_in_seconds)


@json_route(bp, "/tournaments/{tid}/judges/{jid}/tokens", methods=["GET"])
def judge_tokens(tid, jid):
    """A judge's tokens (the organizer, or the judge themself)."""
    return staff_keys.judge_tokens(reads(), caller(bp.current_request), tid, jid,
                                   runtime().service.clock().isoformat())


@json_route(bp, "/tournaments/{tid}/judges/{jid}/token", methods=["POST"])
def rotate_judge_token(tid, jid):
    """A new token for the judge, every active one of theirs revoked."""
    request, principal = bp.current_request, caller(bp.current_request)
    body = parse_body(request, KeyBody, allow_empty=True)
    return issuing(request, principal, 201, "judge-token", "token",
                   staff_keys.rotate_judge_token, tid, jid, body.expires_in_seconds)


@json_route(bp, "/tournaments/{tid}/judges/{jid}/tokens/{kid}", methods=["DELETE"])
def revoke_judge_token(tid, jid, kid):
    request = bp.current_request
    return command(request, caller(request), 200, staff_keys.revoke_judge_token, tid, jid,
                   kid)


@json_route(bp, "/tournaments/{tid}/start", methods=["POST"])
def start_tournament(tid):
    """The organizer closes registration and starts."""
    return command(bp.current_request, caller(bp.current_request), 200, tournaments.start, tid)


finish_tournament = command_route(
    bp, "/tournaments/{tid}/finish", tournaments.finish, body=FinishBody,
    fields=("incomplete", "reason"), allow_empty=True)


@json_route(bp, "/tournaments/{tid}/events", methods=["GET"])
def event_log(tid):
    request = bp.current_request
    page, following = tournaments.event_log(
        reads(), caller(request), tid, cursor_param(request),
        query_int(request, "limit", 500, 1, 5000))
    return {**page, "next": next_cursor(following)}
