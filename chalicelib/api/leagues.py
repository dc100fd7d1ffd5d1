"""Store leagues over HTTP: an organizer opens a season; anyone reads its standings and
invitation list. Use cases: ``application/leagues.py``."""
from __future__ import annotations

from datetime import date
from typing import Literal

from chalice import Blueprint
from pydantic import Field

from ..application import leagues
from .bodies import Body
from .common import caller, command, reads
from .http import json_route, parse_body

bp = Blueprint(__name__)


class LeagueBody(Body):
    name: str = Field(min_length=1, max_length=120)
    game: Literal["vtes", "hack", "munchkin", "mtg"]
    starts: date = Field(description="the season's first day (a real calendar date)")
    ends: date = Field(description="the season's last day")
    points: dict[str, int] = Field(max_length=64, description="points by final rank")
    attendance: int = Field(default=0, ge=0, le=1000)
    best_of: int | None = Field(default=None, ge=1, le=100)
    invitations: int = Field(default=8, ge=1, le=1000)


@json_route(bp, "/leagues", methods=["POST"])
def create_league():
    request = bp.current_request
    principal = caller(request)
    body = parse_body(request, LeagueBody)
    return command(request, principal, 201, leagues.create, body.model_dump(mode="json"))


@json_route(bp, "/leagues/{lid}", methods=["GET"])
def get_league(lid):
    return leagues.season(reads(), lid)
