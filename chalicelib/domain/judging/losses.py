"""A game or match loss as a Swiss match result: the score the staff enter (or correct
to) in the round the penalty was given. The API records match scores, not single games:
a match loss is the opponent's win by the games a match needs (2-0 in a best of 3); a
game loss adds one game won to the opponent's side of the result so far (1-0 when the
match has none yet; a best of 1 is then the match)."""
from __future__ import annotations

from ..swiss.results import Score


def swiss_loss(kind: str, side: str, best_of: int, current: Score | None) -> Score:
    """The match's score after ``kind`` against the player on ``side`` ("a" or "b")."""
    need = best_of // 2 + 1
    mine, theirs, draws = 0, 0, 0
    if current is not None:
        mine, theirs = (current.a, current.b) if side == "a" else (current.b, current.a)
        draws = current.draws
    if kind == "match_loss":
        mine, theirs, draws = 0, need, 0
    else:
        theirs = min(theirs + 1, need)
        if theirs == need:
            mine = min(mine, need - 1)
        while mine + theirs + draws > best_of:
            if draws:
                draws -= 1
            else:
                mine -= 1
    return Score(mine, theirs, draws) if side == "a" else Score(theirs, mine, draws)
