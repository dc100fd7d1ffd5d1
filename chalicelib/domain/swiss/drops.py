"""Deciding DropPlayer: a player leaving the event. Played rounds still count; a drop
after the round was paired concedes the player's match in it (MTR: the opponent wins
2-0, the points of a win), so standings and tiebreakers see an ordinary recorded loss."""
from __future__ import annotations

from ..errors import Conflict, NotFound
from ..events import Event
from .commands import DropPlayer
from .decide_results import Holder, after_final, best_of_for
from .results import Score
from .state import Match, SwissState


def open_match_of(state: SwissState, player: str) -> tuple[Match, Holder] | None:
    """The player's match in the current Swiss round or top-cut round that is ready to
    play and has no final result yet (a pending report included), if any."""
    if state.cut is not None:
        cut = state.cut
        if cut.champion is not None:
            return None
        for matches in cut.rounds:
            for m in matches:
                if player in (m.a, m.b) and m.a and m.b and m.id not in cut.results:
                    return m, cut
        return None
    rnd = state.current
    if rnd is None or rnd.closed:
        return None
    for m in rnd.matches:
        if player in (m.a, m.b) and m.id not in rnd.results:
            return m, rnd
    return None


def decide_drop(cmd: DropPlayer, state: SwissState) -> list[Event]:
    if cmd.player not in state.joined:
        raise NotFound(f"player {cmd.player} has not played in this Swiss event")
    if cmd.player in state.dropped:
        raise Conflict(f"player {cmd.player} has already dropped")
    events = [Event("PlayerDropped", {"player": cmd.player, "after_round": len(state.rounds),
                                      "by": cmd.by})]
    found = open_match_of(state, cmd.player)
    if found is None:     # between rounds, a bye, or a result already final
        return events
    match, holder = found
    best_of, _ = best_of_for(state, match, holder)
    need = best_of // 2 + 1
    score = Score(0, need) if match.a == cmd.player else Score(need, 0)
    events.append(Event("ResultEntered", {"match": match.id, "by": cmd.by,
                                          "score": score.as_dict(), "at": cmd.now,
                                          "loss_by_drop": cmd.player}))
    return events + after_final(state, match, holder, score)
