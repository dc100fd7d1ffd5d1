"""A player dropping out after the seating of a round (V:EKN 3.1.4, 3.3.2, 7.2.6).

Before the seating nothing happens here: the next round seats the tournament's active
players only. After it, a player seated at a table without a result either receives a
Loss in that round (they stay on the seating, and the table's result scores them last)
or, at the judge's choice, leaves a table of five, which then plays as a table of four."""
from __future__ import annotations

from dataclasses import replace

from ..errors import Conflict
from ..events import Event
from .commands import DropPlayer
from .events import TablesPlayerDropped
from .state import Round, TablesState


def decide_drop(cmd: DropPlayer, state: TablesState) -> list[Event]:
    rnd = state.current
    if rnd is None or state.final_started:
        return []
    table = rnd.table_of(cmd.player)
    if table is None or table in rnd.results:   # sitting out, or their game is scored
        return []
    if cmd.player in rnd.drop_losses:
        raise Conflict(f"player {cmd.player} has already dropped", code="already_dropped")
    return dropped(cmd.player, cmd.loss, cmd.limited, rnd.number, table,
                   len(rnd.tables[table - 1]))


def dropped(player: str, loss: bool, limited: bool, number: int, table: int,
            size: int) -> list[Event]:
    """The drop of a player seated at ``table`` (``size`` seats) in round ``number``: the
    Loss, or the seat given up where neither 3.1.2 nor 7.2.6 requires the Loss."""
    if not loss:
        if limited and number == 1:
            raise Conflict("in a limited event a player who received product and leaves "
                           "before the end of round 1 receives a Loss (V:EKN 7.2.6)",
                           {"round": 1, "table": table}, code="loss_required")
        if size - 1 < 4:
            raise Conflict(f"table {table} would be left with {size - 1} players: a table "
                           "needs four (V:EKN 3.1.2), so the drop is a Loss (3.1.4)",
                           {"round": number, "table": table, "size": size},
                           code="loss_required")
    return [TablesPlayerDropped(round=number, table=table, player=player, loss=loss)]


def evolve_drop(state: TablesState, event: TablesPlayerDropped) -> TablesState:
    rnd = state.rounds[event.round - 1]
    if event.loss:
        changed = replace(rnd, drop_losses=rnd.drop_losses + (event.player,))
    else:
        changed = replace(rnd, tables=without(rnd.tables, event.player))
    rounds = list(state.rounds)
    rounds[event.round - 1] = changed
    return replace(state, rounds=tuple(rounds))


def without(tables: tuple[tuple[str, ...], ...], player: str) -> tuple[tuple[str, ...], ...]:
    """The seating with the player's seat removed (the others keep their order)."""
    return tuple(tuple(p for p in t if p != player) for t in tables)


def dropped_at(rnd: Round, table: int) -> tuple[str, ...]:
    """Players at this table who dropped after the seating (a Loss)."""
    seated = rnd.tables[table - 1]
    return tuple(p for p in rnd.drop_losses if p in seated)
