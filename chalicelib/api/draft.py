"""Booster draft over HTTP: start (pods + packs), each player's hidden view, picks,
pre-selection, conspiracy face-down, pack replacement, staff picks, timer sweep, the
organizer's log, late arrivals and every limited format's pools. The use cases are in
``application/draft.py``; its pick timers are swept every minute by ``entrypoints/schedules.py``."""
from __future__ import annotations

from chalice import Blueprint
from pydantic import Field

from ..application import draft, player_pool
from ..domain.product.card_ids import ID_PATTERN
from .bodies import Body, LateArrivalBody
from .common import caller, command, command_route, path_number, reads, start_with_entries
from .http import json_route, parse_body

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


class PickForBody(Body):
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


@json_route(bp, "/tournaments/{tid}/draft", methods=["POST"])
def start_draft(tid):
    request, principal = bp.current_request, caller(bp.current_request)
    body = parse_body(request, StartDraftBody, allow_empty=True)
    return start_with_entries(
        request, principal, tid, "draft", body.packs,
        lambda uow, entered: draft.start(uow, principal, tid, body.pods, body.packs, entered),
        location="/tournaments/{tid}/draft")


@json_route(bp, "/tournaments/{tid}/draft", methods=["GET"])
def get_draft(tid):
    return draft.summary(reads(), tid)


@json_route(bp, "/tournaments/{tid}/draft/pods/{n}", methods=["GET"])
def get_pod(tid, n):
    return draft.pod(reads(), caller(bp.current_request), tid, path_number(n, "pod"))


@json_route(bp, "/tournaments/{tid}/draft/pods/{n}/me", methods=["GET"])
def get_my_seat(tid, n):
    return draft.seat(reads(), caller(bp.current_request), tid, path_number(n, "pod"))


make_pick = command_route(
    bp, "/tournaments/{tid}/draft/pods/{n}/picks", draft.pick, body=PickBody,
    fields=("card", "round", "pick", "note"), numbers={"n": "pod"})


@json_route(bp, "/tournaments/{tid}/draft/pods/{n}/preselect", methods=["POST"])
def preselect(tid, n):
    request, principal = bp.current_request, caller(bp.current_request)
    card = parse_body(request, PreselectBody).card
    return command(request, principal, 200, draft.preselect, tid, path_number(n, "pod"), card)


@json_route(bp, "/tournaments/{tid}/draft/pods/{n}/face-down", methods=["POST"])
def face_down(tid, n):
    request, principal = bp.current_request, caller(bp.current_request)
    card = parse_body(request, FaceDownBody).card
    return command(request, principal, 200, draft.face_down, tid, path_number(n, "pod"), card)


@json_route(bp, "/tournaments/{tid}/draft/pods/{n}/players/{pid}/pick-for", methods=["POST"])
def pick_for(tid, n, pid):
    request, principal = bp.current_request, caller(bp.current_request)
    note = parse_body(request, PickForBody, allow_empty=True).note
    return command(request, principal, 201, draft.pick_for, tid, path_number(n, "pod"), pid,
                   note)


replace_pack = command_route(
    bp, "/tournaments/{tid}/draft/pods/{n}/replacements", draft.replace_pack, 201,
    body=ReplacePackBody, fields=("seat", "round", "reason", "cards"), numbers={"n": "pod"})


@json_route(bp, "/tournaments/{tid}/draft/pods/{n}/log", methods=["GET"])
def get_log(tid, n):
    return draft.log(reads(), caller(bp.current_request), tid, path_number(n, "pod"))


@json_route(bp, "/tournaments/{tid}/draft/sweep", methods=["POST"])
def sweep(tid):
    return draft.sweep(reads(), caller(bp.current_request), tid)



@json_route(bp, "/tournaments/{tid}/draft/late-arrivals", methods=["POST"])
def late_arrival(tid):
    request, principal = bp.current_request, caller(bp.current_request)
    player = parse_body(request, LateArrivalBody).player_id
    return command(request, principal, 201, draft.late_arrival, tid, player)


@json_route(bp, "/tournaments/{tid}/players/{pid}/pool", methods=["GET"])
def get_pool(tid, pid):
    return player_pool.pool(reads(), caller(bp.current_request), tid, pid)
