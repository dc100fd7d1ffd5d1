"""What pairing a large MTR field needs of the records, kept round by round as int64
arrays: points, matches played (byes included), byes, game wins, losses and draws, the
opponents met (one edge per side of each scored match, repeats kept, as ``records``
lists them) and each player's opponents, each once, as a ``Candidate`` holds them:
a tuple while there are at most ``SHORT`` (extending a tuple costs a tenth of building
a ``frozenset``; pairing, which asks who met whom about a million times a round, took
the same time on tuples of up to 7 ids as on sets, rounds 2-8 at 16,384 players:
0.649 s against 0.626 s and 0.782 s against 0.783 s, within the noise of a shared
machine), a ``frozenset`` from then on, so that no question scans more ids than
measured, however many rounds an event has.

The same numbers as ``records.records``: ``tests/domain/swiss/test_swiss_array_records.py``
compares every field after every round of random events. Such records are never changed
once built: folding a round copies the arrays it adds to (a few hundred kilobytes,
where copying 16,384 ``Record`` objects cost 0.055 s) and marks them read-only, so a
state's records are safe to share between requests. They are kept, like
``running.py``'s records, for the rounds they folded, recognised by identity (rounds
are immutable; a corrected round is a new object and is folded again)."""
from __future__ import annotations

import threading
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from .state import Round
from .tiebreakers import coin

KEEP = 6          # folds kept: a few events paired at once in one process
_lock = threading.Lock()
_kept: list[tuple[tuple[Any, ...], tuple[Round, ...], ArrayRecords]] = []
COLUMNS = ("points", "played", "byes", "game_wins", "game_losses", "game_draws")
_NONE: tuple[str, ...] = ()
SHORT = 7


def _frozen(array: Any) -> Any:
    array.flags.writeable = False
    return array


@dataclass(frozen=True, eq=False)
class ArrayRecords:
    players: tuple[str, ...]
    index: dict[str, int]              # player -> row (read-only by convention)
    points: Any                        # int64 arrays, one row per player, read-only
    played: Any
    byes: Any
    game_wins: Any
    game_losses: Any
    game_draws: Any
    src: Any                           # opponent edges: row src[k] met row dst[k]
    dst: Any
    met: tuple[Collection[str], ...]   # each row's opponents (see above)
    # seed key -> each row's coin: a cache shared by the records of the same rows (a
    # fold that adds rows starts its own copy)
    _coins: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def coins(self, seed_key: str) -> Any:
        """Each row's seeded coin (``tiebreakers.coin``), computed once per fold."""
        import numpy as np
        size = len(self.players)
        got = self._coins.get(seed_key)
        if got is None or len(got) < size:
            have = 0 if got is None else len(got)
            more = np.fromiter((coin(seed_key, p) for p in self.players[have:]),
                               dtype=np.int64, count=size - have)
            got = _frozen(more if got is None else np.concatenate((got, more)))
            self._coins[seed_key] = got
        return got[:size]

    def including(self, players: Iterable[str]) -> ArrayRecords:
        """These records with a zero row for each of ``players`` it does not hold yet."""
        index = self.index
        new = [p for p in dict.fromkeys(players) if p not in index]
        if not new:
            return self
        return _grown(self, new)


def _built(players: tuple[str, ...], index: dict[str, int], columns: list[Any], src: Any,
           dst: Any, met: tuple[Collection[str], ...], coins: dict[str, Any]
           ) -> ArrayRecords:
    points, played, byes, game_wins, game_losses, game_draws = columns   # COLUMNS' order
    return ArrayRecords(players, index, points, played, byes, game_wins, game_losses,
                        game_draws, src, dst, met, coins)


@cache
def empty() -> ArrayRecords:
    """The records of no round (numpy is imported on first use, as the solver does)."""
    import numpy as np
    none = _frozen(np.zeros(0, dtype=np.int64))
    return _built((), {}, [none] * len(COLUMNS), none, none, (), {})


def _grown(led: ArrayRecords, new: list[str]) -> ArrayRecords:
    import numpy as np
    start = len(led.players)
    index = dict(led.index)
    index.update((p, start + i) for i, p in enumerate(new))
    pad = np.zeros(len(new), dtype=np.int64)
    columns = [_frozen(np.concatenate((getattr(led, c), pad))) for c in COLUMNS]
    return _built(led.players + tuple(new), index, columns, led.src, led.dst,
                  led.met + (_NONE,) * len(new), dict(led._coins))


def _with(met: Collection[str], opponent: str) -> Collection[str]:
    if isinstance(met, tuple) and len(met) < SHORT:
        return (*met, opponent)
    return frozenset(met).union((opponent,))   # frozenset(a frozenset) is itself


def _matches(led: ArrayRecords, rnd: Round
             ) -> tuple[list[int], list[int], list[int], list[Collection[str]]]:
    """The rows of each scored match's sides, its games (a's, b's, drawn, flat) and
    every row's opponents with this round's added; KeyError for a player with no row."""
    results = dict(rnd.results.items()).get
    index = led.index
    rows_a: list[int] = []
    rows_b: list[int] = []
    games: list[int] = []
    met = list(led.met)
    for m in rnd.matches:
        a: str = m.a  # type: ignore[assignment]   # a Swiss match has both players
        b: str = m.b  # type: ignore[assignment]
        ia, ib = index[a], index[b]       # every side has a row, even with no result
        score = results(m.id)
        if score is None:
            continue
        rows_a.append(ia)
        rows_b.append(ib)
        games += (score.a, score.b, score.draws)
        had = met[ia]
        if b not in had:                  # a rematch adds no one
            met[ia] = _with(had, b)
            met[ib] = _with(met[ib], a)
    if rnd.bye is not None and rnd.bye not in index:
        raise KeyError(rnd.bye)
    return rows_a, rows_b, games, met


def fold(led: ArrayRecords, rnd: Round, scoring: tuple[int, int, int, int, int]
         ) -> ArrayRecords:
    """``led`` with ``rnd`` added, as ``records.records`` adds a round."""
    import numpy as np
    best_of, points_bye, win, loss, draw = scoring
    try:
        rows_a, rows_b, games, met = _matches(led, rnd)
    except KeyError:                      # players this ledger has no row for yet
        seen = [rnd.bye] if rnd.bye is not None else []
        for m in rnd.matches:
            seen += (m.a, m.b)  # type: ignore[arg-type]
        led = led.including(seen)
        rows_a, rows_b, games, met = _matches(led, rnd)
    index = led.index
    columns = {c: getattr(led, c).copy() for c in COLUMNS}
    if rnd.bye is not None:
        row = index[rnd.bye]
        columns["points"][row] += points_bye
        columns["played"][row] += 1
        columns["byes"][row] += 1
        columns["game_wins"][row] += best_of // 2 + 1    # MTR: a bye is a 2-0 win in games
    a = np.array(rows_a, dtype=np.int64)
    b = np.array(rows_b, dtype=np.int64)
    ga, gb, gd = np.array(games, dtype=np.int64).reshape(-1, 3).T if games else (a, a, a)
    won, lost = ga > gb, gb > ga
    for rows, mine, theirs, up, down in ((a, ga, gb, won, lost), (b, gb, ga, lost, won)):
        np.add.at(columns["points"], rows, np.where(up, win, np.where(down, loss, draw)))
        np.add.at(columns["played"], rows, 1)
        np.add.at(columns["game_wins"], rows, mine)
        np.add.at(columns["game_losses"], rows, theirs)
        np.add.at(columns["game_draws"], rows, gd)
    return _built(led.players, index, [_frozen(columns[c]) for c in COLUMNS],
                  _frozen(np.concatenate((led.src, a, b))),
                  _frozen(np.concatenate((led.dst, b, a))), tuple(met), led._coins)


def _scoring(settings: dict[str, Any]) -> tuple[int, int, int, int, int]:
    return (settings["best_of"], settings["points_bye"], settings["points_win"],
            settings["points_loss"], settings["points_draw"])


def _prefix(folded: tuple[Round, ...], rounds: tuple[Round, ...]) -> bool:
    """``folded`` are the first rounds of ``rounds``: the same objects."""
    return all(x is y for x, y in zip(folded, rounds[:len(folded)], strict=True))


def _longest(scoring: tuple[Any, ...], rounds: tuple[Round, ...]) -> tuple[int, ArrayRecords]:
    best, found = 0, empty()
    with _lock:
        for key, folded, led in _kept:
            n = len(folded)
            if key == scoring and best < n <= len(rounds) and _prefix(folded, rounds):
                best, found = n, led
    return best, found


def forget() -> None:
    """Drop every kept fold (tests, benches, a process that wants the memory back)."""
    with _lock:
        _kept.clear()


def array_records(rounds: Sequence[Round], settings: dict[str, Any]) -> ArrayRecords:
    """The records of ``rounds``: the longest kept prefix, with only the rest folded."""
    rounds = tuple(rounds)
    scoring = _scoring(settings)
    done, led = _longest(scoring, rounds)
    if done == len(rounds):
        return led
    for rnd in rounds[done:]:
        led = fold(led, rnd, scoring)
    with _lock:
        _kept[:] = [k for k in _kept if not (k[0] == scoring and len(k[1]) == len(rounds)
                                             and _prefix(k[1], rounds))]
        _kept.append((scoring, rounds, led))
        del _kept[:-KEEP]
    return led
