"""The cost model of one round's seating (V:EKN 3.1.2): a seating's cost is the tier
vector of ``criteria.TIERS`` (R1..R9 with the two spreads) over all rounds so far,
compared in strict priority (one integer with a wide base per tier). Only pairs that
met before can add pair violations, so a swap is evaluated from the few earlier
opponents of the two players moved: evaluation is incremental and exact."""
from __future__ import annotations

import math
from collections.abc import Sequence

from .criteria import (
    FLIP,
    KIND,
    TIERS,
    TRANSFERS,
    Tally,
    pair_violations,
    player_violations,
    spread_terms,
)

BASE = 1 << 24          # more than any count of one rule
SPREAD_BASE = 1 << 44   # more than any spread total (see ``criteria.spread_terms``)
_RANGES = tuple(SPREAD_BASE if "spread" in t else BASE for t in TIERS)
# Weight of one unit of each tier of ``criteria.TIERS`` (strict priority).
STRICT = tuple(math.prod(_RANGES[k + 1:]) for k in range(len(TIERS)))
R1, R2, R3, R4, R5, R6, R7, R8, R9, R3S, R8S = range(len(TIERS))
NONE = 5  # index of "not at the same table" in a pair's cost row
# (size, seat) -> column in a player's cost row
SLOT = {(4, s): s for s in range(4)} | {(5, s): 4 + s for s in range(5)}


class Problem:
    """Costs of one round's seating given the earlier rounds."""

    def __init__(self, players: Sequence[str], sizes: Sequence[int],
                 history: Sequence[Sequence[Sequence[str]]],
                 weights: Sequence[int] = STRICT):
        self.players = list(players)
        self.sizes = list(sizes)
        self.history = history
        n = len(self.players)
        assert sum(self.sizes) == n, "table sizes must seat every player"
        index = {pid: i for i, pid in enumerate(self.players)}
        tally = Tally(history)
        bit = 1 << tally.rounds
        vps, trs, games = tally.totals()
        vps += sum(s * s for s in self.sizes)
        trs += sum(sum(TRANSFERS[1:s + 1]) for s in self.sizes)
        games += n
        w = weights
        # A player's cost for each (size, seat): R3, R5, R7, R8 and the spreads; the
        # rules alone decide who is still in an avoidable violation (``rule_floor``).
        self.player_cost: list[list[int]] = []
        rule_cost: list[list[int]] = []
        # the same in the order of the tiers, packed small enough for a matching solver
        self.seat_cost: list[list[int]] = []
        for pid in self.players:
            st = tally.players.get(pid)
            rounds0 = st.rounds if st else 0
            vps0 = st.vps if st else 0
            trs0 = st.transfers if st else 0
            seats0 = st.seats if st else [0] * 6
            row, rules, packed = [0] * 9, [0] * 9, [0] * 9
            for (size, seat), col in SLOT.items():
                seats = list(seats0)
                seats[seat + 1] += 1
                new_vps, new_trs = vps0 + size, trs0 + TRANSFERS[seat + 1]
                r3, r5, r7, r8 = player_violations(rounds0 + 1, new_vps, new_trs, seats,
                                                   vps, trs, games)
                s3, s8 = spread_terms(rounds0 + 1, new_vps, new_trs)
                rules[col] = w[R3] * r3 + w[R5] * r5 + w[R7] * r7 + w[R8] * r8
                row[col] = rules[col] + w[R3S] * s3 + w[R8S] * s8
                packed[col] = (r3 << 56) + (r5 << 52) + (r7 << 48) + (r8 << 44) + (s3 << 20) + s8
            self.player_cost.append(row)
            rule_cost.append(rules)
            self.seat_cost.append(packed)
        # A pair's cost for each relation (from the first player's view) and NONE.
        self.pair_cost: list[dict[int, list[int]]] = [dict() for _ in range(n)]
        for (lo, hi), ps in tally.pairs.items():
            i, j = index.get(lo), index.get(hi)
            if i is None or j is None:
                continue
            mask_i = tally.players[lo].mask | bit
            mask_j = tally.players[hi].mask | bit
            together = (mask_i & mask_j).bit_count()
            row = [0] * 6
            for kind in range(6):
                kinds = list(ps.kinds)
                met = ps.met
                if kind != NONE:
                    kinds[kind] += 1
                    met += 1
                r1, r2, r4, r6, r9 = pair_violations(met, kinds, together)
                row[kind] = w[R1] * r1 + w[R2] * r2 + w[R4] * r4 + w[R6] * r6 + w[R9] * r9
            if any(row[k] != row[NONE] for k in range(5)):
                self.pair_cost[i][j] = row
                self.pair_cost[j][i] = [row[FLIP[k]] for k in range(5)] + [row[NONE]]
        used = [c for (size, _), c in SLOT.items() if size in self.sizes]
        self.rule_cost = rule_cost
        self.rule_floor = [min(r[c] for c in used) for r in rule_cost]

    def reweighted(self, weights: Sequence[int]) -> Problem:
        return Problem(self.players, self.sizes, self.history, weights)


class Seating:
    """A mutable assignment of player indexes to (table, seat) with exact swap deltas."""

    def __init__(self, problem: Problem, order: Sequence[int]):
        self.p = problem
        self.place(order)

    def place(self, order: Sequence[int]) -> None:
        """Seat players in ``order``: table 1 seat 1, seat 2, ... then table 2."""
        problem = self.p
        self.tables: list[list[int]] = []
        self.where: list[tuple[int, int]] = [(0, 0)] * len(order)
        start = 0
        for t, size in enumerate(problem.sizes):
            table = list(order[start:start + size])
            start += size
            self.tables.append(table)
            for s, i in enumerate(table):
                self.where[i] = (t, s)
        self._leave: dict[int, int] = {}     # j -> its pairs' gain in leaving its table

    def excess(self, i: int) -> int:
        """What player i's placement costs in rule violations above the best they could
        have alone (the spreads are not violations)."""
        p = self.p
        t, s = self.where[i]
        table = self.tables[t]
        size = len(table)
        cost = p.rule_cost[i][SLOT[(size, s)]] - p.rule_floor[i]
        pc = p.pair_cost[i]
        if pc:
            kinds = KIND[size]
            for s2, x in enumerate(table):
                row = pc.get(x)
                if row is not None and x != i:
                    cost += row[kinds[(s2 - s) % size]] - row[NONE]
        return cost

    def delta(self, i: int, j: int) -> int:
        p = self.p
        ti, si = self.where[i]
        tj, sj = self.where[j]
        a, b = self.tables[ti], self.tables[tj]
        na, nb = len(a), len(b)
        pci, pcj = p.pair_cost[i], p.pair_cost[j]
        ci, cj = p.player_cost[i], p.player_cost[j]
        if ti != tj:
            d = (ci[SLOT[(nb, sj)]] - ci[SLOT[(na, si)]]
                 + cj[SLOT[(na, si)]] - cj[SLOT[(nb, sj)]])
            if pci or pcj:
                ka, kb = KIND[na], KIND[nb]
                for s, x in enumerate(a):
                    if x == i:
                        continue
                    k = ka[(s - si) % na]
                    row = pci.get(x)
                    if row is not None:
                        d += row[NONE] - row[k]
                    row = pcj.get(x)
                    if row is not None:
                        d += row[k] - row[NONE]
                for s, x in enumerate(b):
                    if x == j:
                        continue
                    k = kb[(s - sj) % nb]
                    row = pcj.get(x)
                    if row is not None:
                        d += row[NONE] - row[k]
                    row = pci.get(x)
                    if row is not None:
                        d += row[k] - row[NONE]
            return d
        n = na
        d = (ci[SLOT[(n, sj)]] - ci[SLOT[(n, si)]]
             + cj[SLOT[(n, si)]] - cj[SLOT[(n, sj)]])
        kinds = KIND[n]
        for s, x in enumerate(a):
            if x == i or x == j:
                continue
            row = pci.get(x)
            if row is not None:
                d += row[kinds[(s - sj) % n]] - row[kinds[(s - si) % n]]
            row = pcj.get(x)
            if row is not None:
                d += row[kinds[(s - si) % n]] - row[kinds[(s - sj) % n]]
        row = pci.get(j)
        if row is not None:
            d += row[kinds[(si - sj) % n]] - row[kinds[(sj - si) % n]]
        return d

    def deltas_from(self, i: int) -> list[int]:
        """``delta(i, j)`` for every j (0 for i itself), with what does not depend on j
        worked out once: i's pairs at its own table, what j gains beside i's tablemates
        (from the tablemates' own opponents), i's earlier opponents by the table they sit
        at (usually none at j's); what j's pairs gain in leaving its table is kept until
        its table changes."""
        p = self.p
        where, tables, cost, pairs = self.where, self.tables, p.player_cost, p.pair_cost
        ti, si = where[i]
        a = tables[ti]
        na = len(a)
        ka = KIND[na]
        pci, ci = pairs[i], cost[i]
        at_i = SLOT[(na, si)]
        here = ci[at_i]
        leave_i = 0
        beside: dict[int, int] = {}          # j -> its pairs' cost beside i's tablemates
        for s, x in enumerate(a):
            if x == i:
                continue
            k = ka[(s - si) % na]
            row = pci.get(x)
            if row is not None:
                leave_i += row[NONE] - row[k]
            seen_from_j = FLIP[k]            # pair_cost[j][x][k] is pair_cost[x][j][FLIP[k]]
            for j, row in pairs[x].items():
                beside[j] = beside.get(j, 0) + row[seen_from_j] - row[NONE]
        met_at: dict[int, list[tuple[int, int, list[int]]]] = {}
        for x, row in pci.items():
            tx, sx = where[x]
            met_at.setdefault(tx, []).append((x, sx, row))
        leave = self._leave
        out = [0] * len(where)
        for j, (tj, sj) in enumerate(where):
            if tj == ti:
                out[j] = 0 if j == i else self.delta(i, j)
                continue
            nb = len(tables[tj])
            at_j = SLOT[(nb, sj)]
            cj = cost[j]
            d = ci[at_j] - here + cj[at_i] - cj[at_j] + leave_i + beside.get(j, 0)
            gain = leave.get(j)
            d += self._leaving(j) if gain is None else gain
            met = met_at.get(tj)
            if met:                          # i takes j's seat beside earlier opponents
                kb = KIND[nb]
                for x, sx, row in met:
                    if x != j:
                        d += row[kb[(sx - sj) % nb]] - row[NONE]
            out[j] = d
        return out

    def _leaving(self, j: int) -> int:
        """What j's pairs gain when j leaves its table (kept in ``_leave``)."""
        tj, sj = self.where[j]
        b = self.tables[tj]
        nb = len(b)
        kb = KIND[nb]
        pcj = self.p.pair_cost[j]
        gain = 0
        if pcj:
            for s, x in enumerate(b):
                if x != j:
                    row = pcj.get(x)
                    if row is not None:
                        gain += row[NONE] - row[kb[(s - sj) % nb]]
        self._leave[j] = gain
        return gain

    def forget(self, t: int) -> None:
        """Table ``t``'s seats changed: what its players' pairs gain in leaving is stale."""
        for x in self.tables[t]:
            self._leave.pop(x, None)

    def swap(self, i: int, j: int) -> None:
        ti, si = self.where[i]
        tj, sj = self.where[j]
        self.tables[ti][si] = j
        self.tables[tj][sj] = i
        self.where[i] = (tj, sj)
        self.where[j] = (ti, si)
        self.forget(ti)
        self.forget(tj)

    def cost(self) -> int:
        """Variable part of the cost (player rows + pairs with history)."""
        p = self.p
        total = 0
        for i, (t, s) in enumerate(self.where):
            table = self.tables[t]
            size = len(table)
            total += p.player_cost[i][SLOT[(size, s)]]
            pc = p.pair_cost[i]
            for s2, x in enumerate(table):
                if x > i and x in pc:
                    total += pc[x][KIND[size][(s2 - s) % size]]
        for i in range(len(self.where)):
            for x, row in p.pair_cost[i].items():
                if x > i and self.where[x][0] != self.where[i][0]:
                    total += row[NONE]
        return total
