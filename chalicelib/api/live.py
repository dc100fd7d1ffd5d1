"""Judge calls and announcements over HTTP: a player (or staff) calls a judge to a table,
judges see the queue and acknowledge and resolve calls; staff announce to every player.
Use cases: ``application/judge_calls.py`` and ``application/announcements.py``."""
from __future__ import annotations

from chalice import Blueprint
from pydantic import Field

from ..application import announcements, judge_calls
from ..domain.announcements import MAX_TEXT
from ..domain.calls.decide import MAX_NOTE, MAX_REASON
from .bodies import Body
from .common import caller, command_route, reads
from .http import json_route, query_param

bp = Blueprint(__name__)


class CallBody(Body):
    reason: str = Field(min_length=1, max_length=MAX_REASON)
    round: int | None = Field(default=None, ge=1, le=9999,
                              description="the round (absent: the one in play)")
    table: int | None = Field(default=None, ge=1, le=9999,
                              description="the table (absent: the caller's own)")


class ResolveBody(Body):
    note: str | None = Field(default=None, max_length=MAX_NOTE)


class AnnouncementBody(Body):
    text: str = Field(min_length=1, max_length=MAX_TEXT)


call_judge = command_route(bp, "/tournaments/{tid}/judge-calls", judge_calls.call_judge, 201,
                           CallBody, ("round", "table", "reason"))
acknowledge_call = command_route(
    bp, "/tournaments/{tid}/judge-calls/{cid}/acknowledge", judge_calls.acknowledge, 200)
resolve_call = command_route(bp, "/tournaments/{tid}/judge-calls/{cid}/resolve",
                             judge_calls.resolve, 200, ResolveBody, ("note",),
                             allow_empty=True)
announce = command_route(bp, "/tournaments/{tid}/announcements", announcements.announce, 201,
                         AnnouncementBody, ("text",))


@json_route(bp, "/tournaments/{tid}/judge-calls", methods=["GET"])
def judge_call_queue(tid):
    request = bp.current_request
    everything = query_param(request, "status", "open", pattern="open|all") == "all"
    return judge_calls.queue(reads(), caller(request), tid, everything)
