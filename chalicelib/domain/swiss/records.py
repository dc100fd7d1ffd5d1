"""Each player's record (points, match and game counts, who they beat and lost to)
from the final results of the Swiss rounds, byes included."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .results import Score
from .state import Round


class Record:
    """Mutable while ``records`` builds it; read-only afterwards."""

    __slots__ = (
        "byes",
        "defeated",
        "defeated_by",
        "draws",
        "first_defeat",
        "game_draws",
        "game_losses",
        "game_wins",
        "losses",
        "opponents",
        "player",
        "points",
        "wins",
    )

    def __init__(self, player: str):
        self.player = player
        self.points = self.wins = self.losses = self.draws = self.byes = 0
        self.game_wins = self.game_losses = self.game_draws = 0
        self.opponents: list[str] = []
        self.defeated: list[str] = []
        self.defeated_by: list[str] = []
        self.first_defeat: int | None = None

    @property
    def rounds_played(self) -> int:
        return self.wins + self.losses + self.draws + self.byes

    def __repr__(self) -> str:
        return f"Record({self.player!r}, points={self.points})"


def _score(rec: Record, opp: str, mine: int, theirs: int, drawn: int, rnd: int,
           points: tuple[int, int, int]) -> None:
    rec.opponents.append(opp)
    rec.game_wins += mine
    rec.game_losses += theirs
    rec.game_draws += drawn
    if mine > theirs:
        rec.wins += 1
        rec.points += points[0]
        rec.defeated.append(opp)
    elif theirs > mine:
        rec.losses += 1
        rec.points += points[1]
        rec.defeated_by.append(opp)
        if rec.first_defeat is None:
            rec.first_defeat = rnd
    else:
        rec.draws += 1
        rec.points += points[2]


def _decided(winner: Record, loser: Record, won: int, lost: int, drawn: int, rnd: int,
             win: int, loss: int) -> None:
    """``_score`` of a match that has a winner, both sides at once (most matches)."""
    winner.opponents.append(loser.player)
    loser.opponents.append(winner.player)
    winner.game_wins += won
    winner.game_losses += lost
    winner.game_draws += drawn
    loser.game_wins += lost
    loser.game_losses += won
    loser.game_draws += drawn
    winner.wins += 1
    winner.points += win
    winner.defeated.append(loser.player)
    loser.losses += 1
    loser.points += loss
    loser.defeated_by.append(winner.player)
    if loser.first_defeat is None:
        loser.first_defeat = rnd


def records(rounds: Iterable[Round], settings: dict[str, Any],
            players: Iterable[str] = (),
            into: dict[str, Record] | None = None) -> dict[str, Record]:
    """Records of ``players`` plus everyone who appears in ``rounds``; with ``into``
    (records of the earlier rounds, mutated: ``running.py`` passes copies), ``rounds``
    are folded onto those."""
    recs: dict[str, Record] = {p: Record(p) for p in players} if into is None else into
    bye_games = settings["best_of"] // 2 + 1   # MTR: a bye is a 2-0 win in games
    bye_points = settings["points_bye"]
    points = (settings["points_win"], settings["points_loss"], settings["points_draw"])
    win, loss = points[0], points[1]
    get = recs.get
    for rnd in rounds:
        if rnd.bye is not None:
            rec = get(rnd.bye) or recs.setdefault(rnd.bye, Record(rnd.bye))
            rec.byes += 1
            rec.points += bye_points
            rec.game_wins += bye_games
        results: dict[str, Score] = dict(rnd.results.items())
        number = rnd.number
        for match in rnd.matches:
            a, b = match.a, match.b
            ra = get(a) or recs.setdefault(a, Record(a))  # type: ignore[arg-type]
            rb = get(b) or recs.setdefault(b, Record(b))  # type: ignore[arg-type]
            score = results.get(match.id)
            if score is None:
                continue
            ga, gb = score.a, score.b
            if ga > gb:
                _decided(ra, rb, ga, gb, score.draws, number, win, loss)
            elif gb > ga:
                _decided(rb, ra, gb, ga, score.draws, number, win, loss)
            else:
                _score(ra, b, ga, gb, score.draws, number, points)  # type: ignore[arg-type]
                _score(rb, a, gb, ga, score.draws, number, points)  # type: ignore[arg-type]
    return recs
