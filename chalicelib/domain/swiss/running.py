"""Records kept round by round: ``running_records`` equals ``records.records`` but
folds only the rounds it has not seen, onto a copy of the records after the longest
prefix of those rounds it has already folded.

Rounds are immutable and a new state shares the untouched ones with the state it came
from (``evolve``), so a prefix is recognised by identity: the same ``Round`` objects
in the same places. A round changed afterwards (a judge's correction) is a new object,
and everything from it on is folded again. The few kept folds are never mutated (a
later fold copies the records it extends), so the records returned are read-only, as
``records`` documents; on a miss (a fresh process, another event) this is one full
``records`` call, no more."""
from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from typing import Any

from .records import Record, records
from .state import Round

KEEP = 6     # folds kept: a few events paired or ranked at once in one process
COPY_PAYS = 3   # rounds kept before extending a copy beats folding every round again
_lock = threading.Lock()
# (settings that score a round, the rounds folded, their records), most recent last
_kept: list[tuple[tuple[Any, ...], tuple[Round, ...], dict[str, Record]]] = []


def _scoring(settings: dict[str, Any]) -> tuple[Any, ...]:
    return (settings["best_of"], settings["points_bye"], settings["points_win"],
            settings["points_loss"], settings["points_draw"])


def _copy(rec: Record) -> Record:
    new = Record.__new__(Record)
    new.player, new.points, new.wins = rec.player, rec.points, rec.wins
    new.losses, new.draws, new.byes = rec.losses, rec.draws, rec.byes
    new.game_wins, new.game_losses, new.game_draws = (rec.game_wins, rec.game_losses,
                                                      rec.game_draws)
    new.opponents, new.defeated = rec.opponents.copy(), rec.defeated.copy()
    new.defeated_by, new.first_defeat = rec.defeated_by.copy(), rec.first_defeat
    return new


def _same(a: Round, b: Round) -> bool:
    return a is b


def _longest(scoring: tuple[Any, ...], rounds: Sequence[Round]
             ) -> tuple[int, dict[str, Record] | None]:
    best, found = 0, None
    with _lock:
        for key, folded, recs in _kept:
            n = len(folded)
            if key != scoring or n > len(rounds) or n < best or (n == best and found):
                continue
            if all(map(_same, folded, rounds)):
                best, found = n, recs
    return best, found


def _keep(scoring: tuple[Any, ...], rounds: tuple[Round, ...],
          recs: dict[str, Record]) -> None:
    with _lock:
        _kept[:] = [k for k in _kept if not (k[0] == scoring and len(k[1]) == len(rounds)
                                             and all(map(_same, k[1], rounds)))]
        _kept.append((scoring, rounds, recs))
        del _kept[:-KEEP]


def forget() -> None:
    """Drop every kept fold (tests, and a process that wants the memory back)."""
    with _lock:
        _kept.clear()


def running_records(rounds: Sequence[Round], settings: dict[str, Any],
                    players: Iterable[str] = ()) -> dict[str, Record]:
    """``records(rounds, settings, players)``, the same records in the same order."""
    rounds = tuple(rounds)
    scoring = _scoring(settings)
    done, base = _longest(scoring, rounds)
    if base is None or done < len(rounds):
        if done < COPY_PAYS:       # copying every record costs what folding ~3 rounds does
            done, base = 0, None
        start = {p: _copy(r) for p, r in base.items()} if base else {}
        base = records(rounds[done:], settings, (), into=start)
        if rounds:
            _keep(scoring, rounds, base)
    out: dict[str, Record] = {}
    get = base.get
    for p in players:
        out[p] = get(p) or Record(p)
    for p, rec in base.items():
        if p not in out:
            out[p] = rec
    return out
