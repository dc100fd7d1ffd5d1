"""Seating optimiser for preliminary rounds (V:EKN 3.1.2).

The cost of a seating is the violation vector R1..R9 of ``criteria`` over all rounds
so far, compared in strict priority (encoded as one integer with a wide base per rule).
Only pairs that met before can add pair violations, so a swap is evaluated from the
few earlier opponents of the two players moved: evaluation is incremental and exact.

The search is a min-conflicts local search: pick a player still involved in a
violation that the seating could avoid, try every swap with them, take the best
(a random one among equals, sideways moves allowed), with occasional random kicks;
it stops as soon as no avoidable violation is left, or after a fixed number of
evaluations (deterministic: same seed and history, same seating)."""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Protocol

from .criteria import FLIP, KIND, TRANSFERS, Tally, pair_violations, player_violations


class Draws(Protocol):
    """The seeded generator the search draws from (``chalicelib.domain.rng.derive``)."""

    def random(self) -> float: ...

    def randrange(self, stop: int) -> int: ...

    def randint(self, a: int, b: int) -> int: ...

    def choice(self, seq: Sequence[Any]) -> Any: ...

    def shuffle(self, x: list[Any]) -> None: ...


BASE = 1 << 24
# Weight of one violation of R1..R9 (strict priority).
STRICT = tuple(BASE ** (8 - k) for k in range(9))
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
        # A player's cost for each (size, seat): R3, R5, R7, R8.
        self.player_cost: list[list[int]] = []
        for pid in self.players:
            st = tally.players.get(pid)
            rounds0 = st.rounds if st else 0
            vps0 = st.vps if st else 0
            trs0 = st.transfers if st else 0
            seats0 = st.seats if st else [0] * 6
            row = [0] * 9
            for (size, seat), col in SLOT.items():
                seats = list(seats0)
                seats[seat + 1] += 1
                r3, r5, r7, r8 = player_violations(
                    rounds0 + 1, vps0 + size, trs0 + TRANSFERS[seat + 1], seats,
                    vps, trs, games)
                row[col] = w[2] * r3 + w[4] * r5 + w[6] * r7 + w[7] * r8
            self.player_cost.append(row)
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
                row[kind] = w[0] * r1 + w[1] * r2 + w[3] * r4 + w[5] * r6 + w[8] * r9
            if any(row[k] != row[NONE] for k in range(5)):
                self.pair_cost[i][j] = row
                self.pair_cost[j][i] = [row[FLIP[k]] for k in range(5)] + [row[NONE]]
        used = [c for (size, _), c in SLOT.items() if size in self.sizes]
        self.player_floor = [min(r[c] for c in used) for r in self.player_cost]

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

    def excess(self, i: int) -> int:
        """What player i's placement costs above the best they could have alone."""
        p = self.p
        t, s = self.where[i]
        table = self.tables[t]
        size = len(table)
        cost = p.player_cost[i][SLOT[(size, s)]] - p.player_floor[i]
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

    def swap(self, i: int, j: int) -> None:
        ti, si = self.where[i]
        tj, sj = self.where[j]
        self.tables[ti][si] = j
        self.tables[tj][sj] = i
        self.where[i] = (tj, sj)
        self.where[j] = (ti, si)

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


def default_budget(count: int) -> int:
    """Swap evaluations allowed for ``count`` players (under 2 s at 200 players)."""
    return 60_000 + 700 * count


# Graded weights for the annealing phase: each rule still outweighs the next, but by
# margins a temperature can work with.
GRADED = (10 ** 12, 10 ** 10, 10 ** 8, 10 ** 6, 10 ** 5, 10 ** 4, 10 ** 3, 10 ** 2, 10)


def optimise(problem: Problem, rng: Draws, budget: int | None = None
             ) -> list[list[str]]:
    """Min-conflicts search; if avoidable violations remain, simulated annealing on
    graded weights from the best seating, then iterated local search (kick + descent)
    on the strict cost; within ``budget`` swap evaluations."""
    n = len(problem.players)
    order = list(range(n))
    rng.shuffle(order)
    seating = Seating(problem, order)
    if n < 2:
        return _names(problem, seating.tables)
    budget = default_budget(n) if budget is None else budget
    search = _Search(seating, rng, budget)
    search.min_conflicts()
    search.restore_best()
    if search.left > 0 and search.conflicted():
        graded = problem.reweighted(GRADED)
        start = [i for table in search.best_tables for i in table]
        iterations = min(search.left // 2, 40_000 + 200 * n)
        search.left -= iterations
        tables = anneal(Seating(graded, start), rng, iterations)
        candidate = Seating(problem, [i for t in tables for i in t])
        if candidate.cost() < search.best:
            search.best = candidate.cost()
            search.best_tables = [list(t) for t in candidate.tables]
    search.iterated_descent()
    return _names(problem, search.best_tables)


def anneal(seating: Seating, rng: Draws, iterations: int,
           t_start: float = 1e6, t_end: float = 1.0) -> list[list[int]]:
    """Random swaps, Metropolis acceptance, geometric cooling; the best tables seen."""
    n = len(seating.where)
    current = seating.cost()
    best, best_tables = current, [list(t) for t in seating.tables]
    ratio = (t_end / t_start) ** (1.0 / max(1, iterations - 1))
    temperature = t_start
    for _ in range(iterations):
        i = rng.randrange(n)
        j = rng.randrange(n - 1)
        j += j >= i
        d = seating.delta(i, j)
        if d <= 0 or rng.random() < math.exp(-d / temperature):
            seating.swap(i, j)
            current += d
            if current < best:
                best, best_tables = current, [list(t) for t in seating.tables]
        temperature *= ratio
    return best_tables


class _Search:
    def __init__(self, seating: Seating, rng: Draws, budget: int):
        self.s = seating
        self.rng = rng
        self.left = budget
        self.n = len(seating.where)
        self.current = seating.cost()
        self.best = self.current
        self.best_tables = [list(t) for t in seating.tables]

    def _apply(self, i: int, j: int, d: int) -> None:
        self.s.swap(i, j)
        self.current += d
        if self.current < self.best:
            self.best = self.current
            self.best_tables = [list(t) for t in self.s.tables]

    def restore_best(self) -> None:
        self.s.place([i for table in self.best_tables for i in table])
        self.current = self.best

    def conflicted(self) -> list[int]:
        self.left -= self.n // 4 + 1
        return [i for i in range(self.n) if self.s.excess(i) > 0]

    def min_conflicts(self) -> None:
        """Move a player still in an avoidable violation to their best swap."""
        n, rng, s = self.n, self.rng, self.s
        stall, limit = 0, 2 * n + 50
        while self.left > 0 and stall < limit:
            conflicted = self.conflicted()
            if not conflicted:
                return
            i = rng.choice(conflicted)
            best_d, moves = None, []
            for j in range(n):
                if j == i:
                    continue
                d = s.delta(i, j)
                if best_d is None or d < best_d:
                    best_d, moves = d, [j]
                elif d == best_d:
                    moves.append(j)
            self.left -= n
            before = self.best
            if best_d < 0 or (best_d == 0 and rng.random() < 0.9):
                self._apply(i, rng.choice(moves), best_d)
            elif rng.random() < 0.1:
                j = rng.randrange(n - 1)
                j += j >= i
                self._apply(i, j, s.delta(i, j))
            stall = 0 if self.best < before else stall + 1

    def descend(self) -> None:
        """First-improvement descent over all swaps, in random order."""
        n, rng, s = self.n, self.rng, self.s
        improved = True
        while improved and self.left > 0:
            improved = False
            first = list(range(n))
            rng.shuffle(first)
            for i in first:
                for j in range(i + 1, n):
                    d = s.delta(i, j)
                    if d < 0:
                        self._apply(i, j, d)
                        improved = True
                self.left -= n - i
                if self.left <= 0:
                    return

    def iterated_descent(self) -> None:
        """Kick the best seating with a few random swaps, descend, keep if not worse."""
        n, rng, s = self.n, self.rng, self.s
        self.restore_best()
        self.descend()
        stale, patience = 0, 300 + 10 * n
        while self.left > 0 and stale < patience and self.conflicted():
            before = self.best
            if self.current > self.best:
                self.restore_best()
            for _ in range(rng.randint(1, 3)):
                i = rng.randrange(n)
                j = rng.randrange(n - 1)
                j += j >= i
                self._apply(i, j, s.delta(i, j))
            self.descend()
            stale = 0 if self.best < before else stale + 1
        if self.current > self.best:
            self.restore_best()


def _names(problem: Problem, tables: list[list[int]]) -> list[list[str]]:
    return [[problem.players[i] for i in table] for table in tables]


def seat_round(players: Sequence[str], sizes: Sequence[int],
               history: Sequence[Sequence[Sequence[str]]], rng: Draws,
               budget: int | None = None) -> list[list[str]]:
    """Seat ``players`` at tables of ``sizes`` minimising R1..R9 over ``history`` + this
    round. ``players`` order is irrelevant (sorted first, then drawn from ``rng``)."""
    problem = Problem(sorted(players), sizes, history)
    return optimise(problem, rng, budget)
