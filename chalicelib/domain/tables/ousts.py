"""A V:EKN table's result from how its game ended rather than from VP: the ousts in the
order they happened, then the end. Each oust gives the ousted player's predator (the
nearest player still in the game before them in seat order) one VP (3.7.2); then

* ``played_out``: all but one player were ousted; the last one standing receives one
  more VP, as in the game rules (3.7.2);
* ``time_out``: the time limit was reached; each player not ousted receives half a VP
  (3.7.2);
* ``intentional_draw``: the players agreed to a draw, which scores as a time-out (3.6);
* ``concession``: all players but ``conceded_to`` conceded; the game is recorded as if
  that player had ousted them in sequence (3.5): each remaining prey ousted in turn, then
  one VP more as the last one standing.

Returns each seated player's VP in half points, for the table's usual result."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import Invalid

ENDINGS = ("played_out", "time_out", "intentional_draw", "concession")


def _oust(order: list[str], ousted: str, vp: dict[str, int]) -> None:
    at = order.index(ousted)
    predator = order[at - 1]        # seat order is turn order: the prey sits after
    vp[predator] += 2
    order.remove(ousted)


def vp_from_ousts(seats: Sequence[str], ousts: Sequence[str], end: str,
                  conceded_to: str | None = None) -> dict[str, int]:
    problems: list[dict[str, Any]] = []
    strangers = [p for p in ousts if p not in seats]
    if strangers:
        problems.append({"loc": "ousts", "msg": "players not seated at this table",
                         "players": strangers})
    if len(set(ousts)) != len(ousts):
        problems.append({"loc": "ousts", "msg": "a player is ousted once"})
    if end not in ENDINGS:
        problems.append({"loc": "end", "msg": f"one of {', '.join(ENDINGS)}"})
    remaining = [p for p in seats if p not in ousts]
    if end == "played_out" and len(remaining) != 1:
        problems.append({"loc": "ousts", "msg": "a game played out ends with one player "
                         "left: list every other player's oust", "left": remaining})
    if end in ("time_out", "intentional_draw", "concession") and len(remaining) < 2:
        problems.append({"loc": "ousts", "msg": f"a {end.replace('_', ' ')} needs two "
                         "players or more still in the game", "left": remaining})
    if (conceded_to is not None) != (end == "concession"):
        problems.append({"loc": "conceded_to", "msg": "name the player conceded to, for a "
                         "concession only"})
    elif end == "concession" and conceded_to not in remaining:
        problems.append({"loc": "conceded_to", "msg": "the player conceded to is one still "
                         "in the game", "value": conceded_to})
    if problems:
        raise Invalid("impossible table ending", problems, code="invalid_result")
    vp = {p: 0 for p in seats}
    order = list(seats)
    for ousted in ousts:
        _oust(order, ousted, vp)
    if end == "concession" and conceded_to is not None:    # checked above
        while len(order) > 1:       # V:EKN 3.5: ousted in sequence by the remaining player
            _oust(order, order[(order.index(conceded_to) + 1) % len(order)], vp)
    if len(order) == 1:
        vp[order[0]] += 2           # the last one standing (3.7.2)
    else:
        for player in order:
            vp[player] += 1         # half a VP each at the time limit (3.7.2, 3.6)
    return vp
