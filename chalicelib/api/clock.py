"""Time extensions over HTTP: staff add minutes to a Swiss or top-cut match, a table of
the current multiplayer round or the V:EKN final table (V:EKN 2.8 lengthy rulings,
3.3.3 in-game breaks). Use cases: ``application/clock.py``; the round views, the live
view and the report show them."""
from __future__ import annotations

from chalice import Blueprint
from pydantic import Field

from ..application import clock, round_clock
from ..domain.clock.decide import MAX_MINUTES, MAX_REASON
from .bodies import Body
from .common import command_route

bp = Blueprint(__name__)
EXTENSION = ("minutes", "reason")


class ExtensionBody(Body):
    minutes: int = Field(ge=1, le=MAX_MINUTES)
    reason: str = Field(min_length=1, max_length=MAX_REASON)


extend_match = command_route(
    bp, "/tournaments/{tid}/swiss/matches/{mid}/extensions", clock.extend_match, 201,
    ExtensionBody, EXTENSION)
extend_table = command_route(
    bp, "/tournaments/{tid}/tables/rounds/{n}/tables/{k}/extensions", clock.extend_table, 201,
    ExtensionBody, EXTENSION, numbers={"n": "round", "k": "table"})
extend_final = command_route(
    bp, "/tournaments/{tid}/tables/final/extensions", clock.extend_final, 201,
    ExtensionBody, EXTENSION)
extend_tables_round = command_route(
    bp, "/tournaments/{tid}/tables/rounds/{n}/extensions", round_clock.extend_tables_round,
    201, ExtensionBody, EXTENSION, numbers={"n": "round"})
extend_swiss_round = command_route(
    bp, "/tournaments/{tid}/swiss/rounds/{n}/extensions", round_clock.extend_swiss_round,
    201, ExtensionBody, EXTENSION, numbers={"n": "round"})
