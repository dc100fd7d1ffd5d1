"""V:EKN 2.9 (Multi-Judge System): a judge seated as a player at a table or match (the
head judge included) does not rule there: a penalty (a disqualification too) or a time
extension at that table or match goes to the next judge of the panel, in order, who is
not seated there. The refusal (403 ``judge_seated``) names that judge."""
from __future__ import annotations

from collections.abc import Collection
from typing import Any

from ..auth import Principal
from ..domain import judging as j
from ..domain.errors import Forbidden
from ..domain.swiss import SWISS
from ..domain.tables.aggregate import TABLES
from ..domain.tournament import TournamentState


def refuse_if_seated(uow: Any, actor: Principal, t: TournamentState,
                     seats: Collection[str | None]) -> None:
    """403 ``judge_seated`` when ``actor`` plays at the table or match seating
    ``seats`` (their seat in the tournament's panel)."""
    if actor.role == "admin":
        return
    state = uow.load(j.JUDGING, t.id, guard=False)
    seat = next((o.get("player_id") for o in state.panel
                 if o["judge_id"] == actor.id and o.get("player_id")), None)
    if seat is None or seat not in seats:
        return
    players = tuple(s for s in seats if s is not None)
    ruling = j.ruling_judge(state.head_judge or t.organizer_id, state.panel, players)
    raise Forbidden(
        "V:EKN 2.9: a judge seated as a player at this table or match does not rule there; "
        + (f"judge {ruling} does (the next judge in order not seated there)" if ruling
           else "every judge of the panel is seated there"),
        {"ruling_judge": ruling, "seated_as": seat, "seats": list(players)},
        code="judge_seated")


def seats_of(uow: Any, t: TournamentState, number: int | None, player: str) -> tuple[str, ...]:
    """Who plays with ``player`` in round ``number`` (None: the latest round): the match's
    two players or the table's seats; the player alone when not seated in it."""
    if t.structure == "swiss":
        swiss = uow.load(SWISS, t.id, guard=False)
        rounds = swiss.rounds
        if rounds and (number is None or 1 <= number <= len(rounds)):
            for match in rounds[(number or len(rounds)) - 1].matches:
                if player in (match.a, match.b):
                    return tuple(p for p in (match.a, match.b) if p is not None)
    elif t.structure == "multiplayer-tables":
        tables = uow.load(TABLES, t.id, guard=False)
        if number is None and player in tables.final_seating:
            return tuple(tables.final_seating)
        rounds = tables.rounds
        if rounds and (number is None or 1 <= number <= len(rounds)):
            rnd = rounds[(number or len(rounds)) - 1]
            table = rnd.table_of(player)
            if table is not None:
                return tuple(rnd.tables[table - 1])
    return (player,)
