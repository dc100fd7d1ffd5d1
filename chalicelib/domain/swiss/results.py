"""Match results: games won by each side (and drawn games), validated per best-of."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import Invalid


@dataclass(frozen=True)
class Score:
    a: int        # games won by player a
    b: int        # games won by player b
    draws: int = 0

    @property
    def winner_side(self) -> str | None:
        return "a" if self.a > self.b else "b" if self.b > self.a else None

    def as_dict(self) -> dict[str, int]:
        return {"a": self.a, "b": self.b, "draws": self.draws}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Score:
        return cls(int(data["a"]), int(data["b"]), int(data.get("draws", 0)))


def validate(score: Score, best_of: int, draws_allowed: bool, decisive: bool) -> Score:
    """Refuse impossible scores: in a best of 3, 2-0, 2-1, 1-0 (time), 1-1 and 0-0 (with
    draws) are possible, 2-2 or 3-0 are not. ``decisive`` matches (top cut) need a winner."""
    need = best_of // 2 + 1
    problems = []
    if min(score.a, score.b, score.draws) < 0:
        problems.append("game counts cannot be negative")
    if score.a > need or score.b > need:
        problems.append(f"a best of {best_of} ends when a player wins {need} games")
    if score.a == need and score.b == need:
        problems.append("both players cannot win the match")
    if score.a + score.b + score.draws > best_of:
        problems.append(f"at most {best_of} games are played in a best of {best_of}")
    if decisive and not problems and max(score.a, score.b) < need:
        problems.append(f"this match is played out: the winner needs {need} game wins")
    if score.a == score.b and not problems:
        if decisive:
            problems.append("this match needs a winner")
        elif not draws_allowed:
            problems.append("draws are not allowed in this game")
    if problems:
        raise Invalid("impossible match result", problems, code="invalid_result")
    return score
