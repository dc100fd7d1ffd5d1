"""Seating optimiser for preliminary rounds (V:EKN 3.1.2), over the cost model of
``costs`` (R1..R9 with the VP and transfer spreads, strict priority, exact swap deltas).

The search is a min-conflicts local search: pick a player still involved in a
violation that the seating could avoid, try every swap with them, take the best
(a random one among equals, sideways moves allowed), with occasional random kicks;
it stops as soon as no avoidable violation is left, or after a fixed number of
evaluations. Then the spreads are polished without giving back any rule: players
move between tables of four and five where that evens the VPs, and every table takes
its best seat order (deterministic: same seed and history, same seating)."""
from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any, Protocol

from .costs import NONE, SLOT, STRICT, Problem, Seating
from .criteria import KIND

__all__ = ["STRICT", "Problem", "Seating", "anneal", "optimise", "seat_round"]


class Draws(Protocol):
    """The seeded generator the search draws from (``chalicelib.domain.rng.derive``)."""

    # positional-only, as random.Random names them otherwise
    def random(self) -> float: ...

    def randrange(self, stop: int, /) -> int: ...

    def randint(self, a: int, b: int, /) -> int: ...

    def choice(self, seq: Sequence[Any], /) -> Any: ...

    def shuffle(self, x: list[Any], /) -> None: ...

    def sample(self, population: Sequence[Any], k: int, /) -> list[Any]: ...


def default_budget(count: int) -> int:
    """Swap evaluations allowed for ``count`` players (under 2 s at 200 players)."""
    return 60_000 + 700 * count


# Graded weights for the annealing phase: each rule still outweighs the next, but by
# margins a temperature can work with (the spreads are left to the polish).
GRADED = (10 ** 12, 10 ** 10, 10 ** 8, 10 ** 6, 10 ** 5, 10 ** 4, 10 ** 3, 10 ** 2, 10, 0, 0)


# Up to this many players (where the spreads have most local optima) the search starts
# from the best assignment of players to seats (their own costs: seat rules, then
# spreads), solved exactly as a matching.
ASSIGN_UP_TO = 80


def optimise(problem: Problem, rng: Draws, budget: int | None = None
             ) -> list[list[str]]:
    """The seating ``_search`` finds within ``budget`` swap evaluations."""
    return _names(problem, _search(problem, rng, budget).tables)


def _search(problem: Problem, rng: Draws, budget: int | None) -> Seating:
    """Min-conflicts search; if avoidable violations remain, simulated annealing on
    graded weights from the best seating, then iterated local search (kick + descent)
    on the strict cost; within ``budget`` swap evaluations. Then the spreads' polish."""
    n = len(problem.players)
    order = list(range(n))
    rng.shuffle(order)
    if 2 <= n <= ASSIGN_UP_TO:
        order = _assigned(problem, order, rng)
    seating = Seating(problem, order)
    if n < 2:
        return seating
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
            search.restore_best()
    if search.conflicted():
        search.iterated_descent()
    search.restore_best()
    polish(search.s, rng)
    return search.s


def _assigned(problem: Problem, order: list[int], rng: Draws) -> list[int]:
    """Seat positions (tables in turn) given to players so that the sum of their own
    seat costs is least (a minimum-cost perfect matching of players to positions);
    players given the same kind of seat are then spread over its tables at random.
    ``order``: the players in a random order (it decides between equal matchings)."""
    import rustworkx as rx  # imported on first use

    slots = [SLOT[(size, seat)] for size in problem.sizes for seat in range(size)]
    n = len(order)
    cost = problem.seat_cost
    top = max(cost[i][c] for i in order for c in set(slots)) + 1
    graph = rx.PyGraph(multigraph=False)
    graph.add_nodes_from(range(2 * n))
    graph.add_edges_from([(a, n + k, top - cost[i][c]) for a, i in enumerate(order)
                          for k, c in enumerate(slots)])
    matched = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    by_slot: dict[int, list[int]] = {c: [] for c in slots}
    for a, b in sorted((min(a, b), max(a, b)) for a, b in matched):  # a set: any order
        by_slot[slots[b - n]].append(order[a])
    for members in by_slot.values():
        rng.shuffle(members)
    return [by_slot[c].pop() for c in slots]


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
    """The search's state: the seating, the best seen, the evaluations left, and each
    player's excess (kept up to date for the two tables a swap touches)."""

    def __init__(self, seating: Seating, rng: Draws, budget: int):
        self.s = seating
        self.rng = rng
        self.left = budget
        self.n = len(seating.where)
        self.current = seating.cost()
        self.best = self.current
        self.best_tables = [list(t) for t in seating.tables]
        self.excess = [seating.excess(i) for i in range(self.n)]

    def _apply(self, i: int, j: int, d: int) -> None:
        s = self.s
        s.swap(i, j)
        self.current += d
        for t in {s.where[i][0], s.where[j][0]}:
            for x in s.tables[t]:
                self.excess[x] = s.excess(x)
        if self.current < self.best:
            self.best = self.current
            self.best_tables = [list(t) for t in s.tables]

    def restore_best(self) -> None:
        self.s.place([i for table in self.best_tables for i in table])
        self.current = self.best
        self.excess = [self.s.excess(i) for i in range(self.n)]

    def conflicted(self) -> list[int]:
        self.left -= 1
        return [i for i, e in enumerate(self.excess) if e > 0]

    def min_conflicts(self) -> None:
        """Move a player still in an avoidable violation to their best swap."""
        n, rng, s = self.n, self.rng, self.s
        stall, limit = 0, 2 * n + 50
        while self.left > 0 and stall < limit:
            conflicted = self.conflicted()
            if not conflicted:
                return
            i = rng.choice(conflicted)
            best_d: int | None = None
            moves: list[int] = []
            deltas = s.deltas_from(i)
            for j in range(n):
                if j == i:
                    continue
                d = deltas[j]
                if best_d is None or d < best_d:
                    best_d, moves = d, [j]
                elif d == best_d:
                    moves.append(j)
            self.left -= n
            before = self.best
            if best_d is None:                # a table of one: nothing to swap with
                return
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


def polish(seating: Seating, rng: Draws, passes: int = 8,
           budget: int | None = None) -> None:
    """Lower the spreads without raising any rule (every step lowers the strict cost):
    swaps between a table of four and a table of five of players whose VPs differ,
    players moved to the seats that even their transfers, then each table in its best
    seat order; a few passes within ``budget`` swap evaluations."""
    p = seating.p
    left = [40 * len(seating.where) + 20_000 if budget is None else budget]
    for _ in range(passes):
        improved = _even_vps(seating) if len(set(p.sizes)) > 1 else False
        improved |= _even_seats(seating, rng, left)
        for t in range(len(seating.tables)):
            improved |= _best_order(seating, t)
        if not improved:
            return


def _even_seats(seating: Seating, rng: Draws, left: list[int]) -> bool:
    """Each player whose seat costs more than their best one (the transfer spread, once
    the rules are met) tries swaps with players sitting where they would rather be,
    worst off first; the best swap that lowers the cost is made."""
    p = seating.p
    used = sorted({SLOT[(len(t), s)] for t in seating.tables for s in range(len(t))})
    at: dict[int, list[int]] = {c: [] for c in used}
    for t in seating.tables:
        for s, x in enumerate(t):
            at[SLOT[(len(t), s)]].append(x)

    def excess(i: int) -> int:
        t, s = seating.where[i]
        row = p.player_cost[i]
        return row[SLOT[(len(seating.tables[t]), s)]] - min(row[c] for c in used)

    worse = sorted((i for i in range(len(seating.where)) if excess(i) > 0),
                   key=lambda i: -excess(i))
    improved = False
    for i in worse:
        if left[0] <= 0:
            break
        row = p.player_cost[i]
        ti, si = seating.where[i]
        now = row[SLOT[(len(seating.tables[ti]), si)]]
        targets = [j for c in used if row[c] < now for j in at[c]]
        if len(targets) > 48:
            targets = rng.sample(targets, 48)
        left[0] -= len(targets)
        best_d, best_j = 0, None
        for j in targets:
            d = seating.delta(i, j)
            if d < best_d:
                best_d, best_j = d, j
        if best_j is not None:
            seating.swap(i, best_j)
            improved = True
    return improved


def _even_vps(seating: Seating) -> bool:
    """Swap players of tables of four with players of tables of five where it lowers
    the cost, the most VP-rich of the fours against the poorest of the fives first."""
    p = seating.p
    fours = [i for t in seating.tables if len(t) == 4 for i in t]
    fives = [i for t in seating.tables if len(t) == 5 for i in t]
    # the player's cost at a five's first seat minus at a four's: low = wants a five
    want_five = {i: p.player_cost[i][SLOT[(5, 0)]] - p.player_cost[i][SLOT[(4, 0)]]
                 for i in fours + fives}
    fours.sort(key=lambda i: want_five[i])
    fives.sort(key=lambda i: -want_five[i])
    improved = False
    for i in fours:
        for j in fives[:64]:
            if seating.where[i][0] == seating.where[j][0] or len(
                    seating.tables[seating.where[i][0]]) != 4:
                continue
            d = seating.delta(i, j)
            if d < 0:
                seating.swap(i, j)
                improved = True
                break
    return improved


def _best_order(seating: Seating, t: int) -> bool:
    """Seat table ``t``'s players in the order that costs least (first found on ties)."""
    p = seating.p
    table = seating.tables[t]
    size = len(table)
    kinds = KIND[size]
    pairs = [(a, b, p.pair_cost[table[a]][table[b]]) for a in range(size)
             for b in range(size) if a < b and table[b] in p.pair_cost[table[a]]]

    def cost(order: tuple[int, ...]) -> int:
        total = sum(p.player_cost[table[k]][SLOT[(size, seat)]]
                    for seat, k in enumerate(order))
        if pairs:
            seat_of = {k: seat for seat, k in enumerate(order)}
            for a, b, row in pairs:
                total += row[kinds[(seat_of[b] - seat_of[a]) % size]] - row[NONE]
        return total

    identity = tuple(range(size))
    now = cost(identity)
    best, best_cost = identity, now
    for order in itertools.permutations(range(size)):
        c = cost(order)
        if c < best_cost:
            best, best_cost = order, c
    if best == identity:
        return False
    players = [table[k] for k in best]
    for seat, x in enumerate(players):
        table[seat] = x
        seating.where[x] = (t, seat)
    seating.forget(t)
    return True


def _names(problem: Problem, tables: list[list[int]]) -> list[list[str]]:
    return [[problem.players[i] for i in table] for table in tables]


def seat_round(players: Sequence[str], sizes: Sequence[int],
               history: Sequence[Sequence[Sequence[str]]], rng: Draws,
               budget: int | None = None) -> list[list[str]]:
    """Seat ``players`` at tables of ``sizes`` minimising R1..R9 and the spreads over
    ``history`` + this round. ``players`` order is irrelevant (sorted first, then drawn
    from ``rng``)."""
    problem = Problem(sorted(players), sizes, history)
    return optimise(problem, rng, budget)
