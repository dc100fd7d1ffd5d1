"""The seating criteria R1-R9 and their violation report.

A round is a list of tables; a table lists player ids by seat (position 1 first, then
clockwise: each player's prey is the next one). Violations are counted over all the
rounds given, cumulatively, in strict priority order:

R1 predator-prey      a player has the same prey twice (an exact predator-prey pair repeated)
R2 opponent always    two players met in every round both of them played (from round 2 on)
R3 available VPs      a player's total table sizes is more than 1 VP from the average
                      (average = all available VPs / all games played, times own games)
R4 opponent twice     two players met more than once
R5 fifth seat         a player sat in position 5 more than once
R6 same position      two players met twice in the same relative position (prey,
                      grand-prey, grand-predator, predator, cross-table)
R7 same seat          a player sat in the same position more than once (one per seat)
R8 starting transfers a player's total starting transfers (1, 2, 3, 4, 4 by position) is
                      more than 2 from the average
R9 position group     two players met twice as neighbours, or twice as non-neighbours
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

RULES: tuple[tuple[str, str], ...] = (
    ("R1", "predator-prey pair repeated"),
    ("R2", "opponent met in every round"),
    ("R3", "uneven available VPs"),
    ("R4", "opponent met twice"),
    ("R5", "fifth seat twice"),
    ("R6", "same relative position twice"),
    ("R7", "same seat twice"),
    ("R8", "uneven starting transfers"),
    ("R9", "same position group twice"),
)
CODES = tuple(code for code, _ in RULES)

# Relationship kinds, from one player's point of view towards another at the same table.
PREY, GRAND_PREY, GRAND_PREDATOR, PREDATOR, CROSS = range(5)
KIND_NAMES = ("prey", "grand-prey", "grand-predator", "predator", "cross-table")
FLIP = (PREDATOR, GRAND_PREDATOR, GRAND_PREY, PREY, CROSS)
# KIND[n][d]: kind of the player d seats clockwise (after) at a table of n (d > 0; the
# player themself, d = 0, has no kind: None, never looked up).
_SELF: Any = None
KIND: dict[int, tuple[int, ...]] = {
    4: (_SELF, PREY, CROSS, PREDATOR),
    5: (_SELF, PREY, GRAND_PREY, GRAND_PREDATOR, PREDATOR),
}
NEIGHBOURS = (PREY, PREDATOR)
# V:EKN: the first player gets 1 transfer on the first turn, the second 2, ...; fifth 4.
TRANSFERS = (0, 1, 2, 3, 4, 4)


def relation(size: int, seat_a: int, seat_b: int) -> int:
    """Kind of b seen from a, seats 0-based at a table of ``size``."""
    return KIND[size][(seat_b - seat_a) % size]


@dataclass
class PairStats:
    met: int = 0
    kinds: list[int] = field(default_factory=lambda: [0, 0, 0, 0, 0])  # from the lower id
    together: int = 0  # rounds both played


@dataclass
class PlayerStats:
    rounds: int = 0
    vps: int = 0
    transfers: int = 0
    seats: list[int] = field(default_factory=lambda: [0, 0, 0, 0, 0, 0])  # index 1..5
    mask: int = 0  # bit r set when seated in round r


def pair_violations(met: int, kinds: Sequence[int], together: int) -> tuple[int, ...]:
    """(R1, R2, R4, R6, R9) counts for one pair's totals."""
    r1 = (kinds[PREY] > 1) + (kinds[PREDATOR] > 1)
    r2 = int(met >= 2 and met >= together)
    r4 = int(met > 1)
    r6 = sum(1 for k in kinds if k > 1)
    r9 = (kinds[PREY] + kinds[PREDATOR] > 1) + (
        kinds[GRAND_PREY] + kinds[GRAND_PREDATOR] + kinds[CROSS] > 1)
    return r1, r2, r4, r6, r9


def player_violations(rounds: int, vps: int, transfers: int, seats: Sequence[int],
                      total_vps: int, total_transfers: int, total_games: int
                      ) -> tuple[int, ...]:
    """(R3, R5, R7, R8) counts for one player's totals, with integer arithmetic:
    |vps/rounds - V/G| > 1/rounds  <=>  |vps*G - V*rounds| > G."""
    if rounds == 0:
        return 0, 0, 0, 0
    g = total_games
    r3 = int(abs(vps * g - total_vps * rounds) > g)
    r5 = int(seats[5] > 1)
    r7 = sum(1 for s in range(1, 6) if seats[s] > 1)
    r8 = int(abs(transfers * g - total_transfers * rounds) > 2 * g)
    return r3, r5, r7, r8


# Beyond the counts, R3 and R8 ask for available VPs and starting transfers "equitably
# distributed": the seating also minimises, as tie-breaks after every rule (no rule is
# ever given for them), the sum over players of the square of their per-round mean
# (times SPREAD_SCALE, kept an integer). For a fixed total that is the variance, the
# standard deviation other scorers report for R3 and R8.
SPREAD_SCALE = 60   # divisible by 1..6: exact for players who played up to six rounds
TIERS = (*CODES, "R3 spread", "R8 spread")


def spread_terms(rounds: int, vps: int, transfers: int) -> tuple[int, int]:
    """One player's (VP, transfer) spread terms after ``rounds`` rounds."""
    if rounds == 0:
        return 0, 0
    return (vps * SPREAD_SCALE // rounds) ** 2, (transfers * SPREAD_SCALE // rounds) ** 2


class Tally:
    """Cumulative statistics of a list of rounds."""

    def __init__(self, rounds: Iterable[Sequence[Sequence[str]]] = ()):
        self.players: dict[str, PlayerStats] = {}
        self.pairs: dict[tuple[str, str], PairStats] = {}
        self.rounds = 0
        for round_ in rounds:
            self.add(round_)

    def add(self, round_: Sequence[Sequence[str]]) -> None:
        bit = 1 << self.rounds
        self.rounds += 1
        for table in round_:
            size = len(table)
            for seat, pid in enumerate(table):
                st = self.players.setdefault(pid, PlayerStats())
                st.rounds += 1
                st.vps += size
                st.transfers += TRANSFERS[seat + 1]
                st.seats[seat + 1] += 1
                st.mask |= bit
                for other_seat in range(seat + 1, size):
                    other = table[other_seat]
                    lo, hi = (pid, other) if pid < other else (other, pid)
                    kind = relation(size, seat, other_seat)
                    if lo != pid:
                        kind = FLIP[kind]
                    ps = self.pairs.setdefault((lo, hi), PairStats())
                    ps.met += 1
                    ps.kinds[kind] += 1

    def together(self, a: str, b: str) -> int:
        return (self.players[a].mask & self.players[b].mask).bit_count()

    def totals(self) -> tuple[int, int, int]:
        vps = sum(p.vps for p in self.players.values())
        trs = sum(p.transfers for p in self.players.values())
        games = sum(p.rounds for p in self.players.values())
        return vps, trs, games


def violations(rounds: Sequence[Sequence[Sequence[str]]]) -> dict[str, list[list[Any]]]:
    """Every violation of each rule over ``rounds``: players or pairs concerned."""
    tally = Tally(rounds)
    found: dict[str, list[list[Any]]] = {code: [] for code in CODES}
    total_vps, total_trs, games = tally.totals()
    for pid in sorted(tally.players):
        st = tally.players[pid]
        r3, r5, _, r8 = player_violations(st.rounds, st.vps, st.transfers, st.seats,
                                          total_vps, total_trs, games)
        if r3:
            found["R3"].append([pid])
        if r5:
            found["R5"].append([pid])
        for seat in range(1, 6):
            if st.seats[seat] > 1:
                found["R7"].append([pid, seat])
        if r8:
            found["R8"].append([pid])
    for (lo, hi) in sorted(tally.pairs):
        ps = tally.pairs[(lo, hi)]
        if ps.met < 2:
            continue
        k = ps.kinds
        if k[PREY] > 1:
            found["R1"].append([lo, hi])  # lo preyed on hi again
        if k[PREDATOR] > 1:
            found["R1"].append([hi, lo])
        if ps.met >= tally.together(lo, hi):
            found["R2"].append([lo, hi])
        found["R4"].append([lo, hi])
        for kind in range(5):
            if k[kind] > 1:
                found["R6"].append([lo, hi, KIND_NAMES[kind]])
        if k[PREY] + k[PREDATOR] > 1:
            found["R9"].append([lo, hi, "neighbours"])
        if k[GRAND_PREY] + k[GRAND_PREDATOR] + k[CROSS] > 1:
            found["R9"].append([lo, hi, "non-neighbours"])
    return found


def counts(rounds: Sequence[Sequence[Sequence[str]]]) -> list[int]:
    """Violation counts R1..R9 over ``rounds``."""
    found = violations(rounds)
    return [len(found[code]) for code in CODES]


def report(rounds: Sequence[Sequence[Sequence[str]]]) -> list[dict[str, Any]]:
    """JSON report: one entry per rule with its label, count and the items."""
    found = violations(rounds)
    return [{"rule": code, "label": label, "count": len(found[code]),
             "items": found[code]} for code, label in RULES]


def tiers(rounds: Sequence[Sequence[Sequence[str]]]) -> list[int]:
    """The seating's cost vector over ``rounds`` (``TIERS``): the R1..R9 counts, then
    the two spread terms."""
    r = counts(rounds)
    vps = trs = 0
    for st in Tally(rounds).players.values():
        v, t = spread_terms(st.rounds, st.vps, st.transfers)
        vps, trs = vps + v, trs + t
    return [*r, vps, trs]
