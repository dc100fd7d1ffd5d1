"""Deciding DropPlayer: a player leaving the event. Played rounds still count; a drop
after the round was paired concedes the player's match in it (MTR: the opponent wins
by the games a match needs, the points of a win), so standings and tiebreakers see an
ordinary recorded loss. In a Swiss round that loss goes to the match's own stream
(``match_result.loss_by_drop``, recorded by the application with the drop); in the top
cut it is recorded here."""
from __future__ import annotations

from ..errors import Conflict, NotFound
from ..events import Event
from . import match_result as mr
from .commands import DropPlayer, ReinstatePlayer
from .decide_results import after_final, facts_of, record_of
from .events import SwissPlayerDropped, SwissPlayerReinstated
from .results import Score
from .state import Match, SwissState


def open_round_match(state: SwissState, player: str) -> Match | None:
    """The player's match in the current Swiss round while it is open (its result may
    be final already in the match's own stream)."""
    rnd = state.current
    if state.cut is not None or rnd is None or rnd.closed:
        return None
    return next((m for m in rnd.matches if player in (m.a, m.b)), None)


def _open_cut_match(state: SwissState, player: str) -> Match | None:
    cut = state.cut
    if cut is None or cut.champion is not None:
        return None
    for matches in cut.rounds:
        for m in matches:
            if player in (m.a, m.b) and m.a and m.b and m.id not in cut.results:
                return m
    return None


def decide_drop(cmd: DropPlayer, state: SwissState) -> list[Event]:
    if cmd.player not in state.joined:
        raise NotFound(f"player {cmd.player} has not played in this Swiss event")
    if cmd.player in state.dropped:
        raise Conflict(f"player {cmd.player} has already dropped")
    events: list[Event] = [SwissPlayerDropped(player=cmd.player,
                                              after_round=len(state.rounds), by=cmd.by)]
    match = _open_cut_match(state, cmd.player)
    if match is None:     # between rounds, a Swiss round (its match's stream), or final
        return events
    cut = state.cut
    assert cut is not None                        # the match is one of the cut's
    loss = mr.loss_by_drop(facts_of(state, match, cut), record_of(cut, match.id),
                           cmd.player, cmd.by, cmd.now)
    return events + loss + after_final(state, match, cut, Score.from_dict(loss[0].score))


def decide_reinstate(cmd: ReinstatePlayer, state: SwissState) -> list[Event]:
    if cmd.player not in state.dropped:
        return []             # never paired, or not dropped: the next pairing has them
    return [SwissPlayerReinstated(player=cmd.player, by=cmd.by)]
