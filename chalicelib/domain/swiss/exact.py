"""Exact minimum-cost perfect pairing (Edmonds' blossom algorithm) for small pools and
for repair windows of the fast pairer: on the complete graph, or on a sparse candidate
graph that contains a perfect pairing (the caller then certifies the result against a
lower bound before trusting it).

On the complete graph the costs are computed in bulk (numpy, which rustworkx depends on)
and the graph is built from the weight matrix in one call: building it edge by edge with
``multigraph=False`` checked every new edge against its node's edges (a complete 1,024
player graph took 1.3 s to build, longer than the solve).

The blossom solver is rustworkx's compiled port of the algorithm networkx implements in
Python (same results up to ties, about 40-50x faster); networkx stays available as the
reference (``solver="networkx"``) for the benchmark and the tests."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .cost import Candidate, Weights, pair_cost
from .draws import Rng


def _matched(graph: Any) -> list[tuple[int, int]]:
    import rustworkx as rx
    # the set comes back in an order that varies from call to call: sort it
    return sorted((min(a, b), max(a, b)) for a, b in
                  rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int))


def _blossom_rustworkx(n: int, edges: list[tuple[int, int, int]]) -> list[tuple[int, int]]:
    import rustworkx as rx  # imported on first use, like networkx below
    graph = rx.PyGraph(multigraph=True)     # the edges are distinct: no check per edge
    graph.add_nodes_from(range(n))
    graph.add_edges_from(edges)
    return _matched(graph)


def _blossom_networkx(n: int, edges: list[tuple[int, int, int]]) -> list[tuple[int, int]]:
    import networkx as nx  # imported on first use: it costs ~250 ms of Lambda cold start
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_weighted_edges_from(edges)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return sorted(tuple(sorted(pair)) for pair in matching)


SOLVERS = {"rustworkx": _blossom_rustworkx, "networkx": _blossom_networkx}


def max_saving(n: int, edges: list[tuple[int, int, int]]) -> int:
    """The largest total weight of a matching (not necessarily perfect) of nodes
    ``0..n-1`` over the weighted ``edges`` (positive integer weights)."""
    if not edges:
        return 0
    import rustworkx as rx
    graph = rx.PyGraph(multigraph=True)     # the edges are distinct: no check per edge
    graph.add_nodes_from(range(n))
    graph.add_edges_from(edges)
    weight = {(i, j): w for i, j, w in edges}
    return sum(weight.get((i, j), weight.get((j, i), 0))
               for i, j in rx.max_weight_matching(graph, weight_fn=int))


def _match(order: list[Candidate], edges: Iterable[tuple[int, int]], weights: Weights,
           solver: str) -> list[tuple[Candidate, Candidate]]:
    costed = [(i, j, pair_cost(order[i], order[j], weights)) for i, j in edges]
    top = max((c for _, _, c in costed), default=0)
    # maximum weight among maximum-cardinality matchings = least cost among perfect ones
    matching = SOLVERS[solver](len(order), [(i, j, top + 1 - c) for i, j, c in costed])
    if 2 * len(matching) != len(order):
        raise ValueError("the candidate graph has no perfect pairing")
    return [(order[i], order[j]) for i, j in matching]


def cost_matrix(order: list[Candidate], weights: Weights) -> Any:   # a numpy array
    """``pair_cost(order[i], order[j], weights)`` for every i < j, as the upper triangle
    of an n x n float matrix (exact: every cost is an integer far below 2**53)."""
    import numpy as np
    n = len(order)
    scores = np.fromiter((p.score for p in order), dtype=np.float64, count=n)
    costs = (scores[:, None] - scores[None, :]) ** 2
    index = {p.id: k for k, p in enumerate(order)}
    rows: list[int] = []
    cols: list[int] = []
    for i, p in enumerate(order):
        for opponent in p.opponents:
            j = index.get(opponent)
            if j is not None:
                rows += (i, j)
                cols += (j, i)
    if rows:
        rematch = np.zeros((n, n), dtype=bool)
        rematch[rows, cols] = True
        costs += rematch * float(weights.rematch)
    if any(p.pod is not None for p in order):
        has = np.fromiter((p.pod is not None for p in order), dtype=bool, count=n)
        pods = [p.pod for p in order if p.pod is not None]
        none = min(pods) - 1                   # a pod no player is in
        pod = np.fromiter((none if p.pod is None else p.pod for p in order),
                          dtype=np.int64, count=n)
        # pair_cost(a, b): a (the first, i < j) carries a pod that b is not in
        costs += (has[:, None] & (pod[:, None] != pod[None, :])) * float(weights.cross_pod)
    return np.triu(costs, 1)


def _complete(order: list[Candidate], weights: Weights) -> list[tuple[int, int]]:
    import numpy as np
    import rustworkx as rx
    costs = cost_matrix(order, weights)
    upper = np.triu(np.ones(costs.shape, dtype=bool), 1)
    top = float(costs[upper].max()) if len(order) > 1 else 0.0
    # maximum weight among maximum-cardinality matchings = least cost among perfect
    # ones; every weight is at least 1, so 0 (the diagonal, the lower triangle) is no edge
    graph = rx.PyGraph.from_adjacency_matrix(np.where(upper, top + 1 - costs, 0.0),
                                             null_value=0.0)
    return _matched(graph)


def exact_pairs(players: list[Candidate], weights: Weights, rng: Rng,
                solver: str = "rustworkx") -> list[tuple[Candidate, Candidate]]:
    """A perfect pairing of ``players`` (even count) of least total cost; ties between
    equally good pairings are decided by the node order drawn from ``rng``."""
    if len(players) % 2:
        raise ValueError("exact pairing needs an even number of players")
    order = list(players)
    rng.shuffle(order)
    n = len(order)
    if solver != "rustworkx":
        return _match(order, ((i, j) for i in range(n) for j in range(i + 1, n)), weights,
                      solver)
    matching = _complete(order, weights)
    if 2 * len(matching) != n:
        raise ValueError("the candidate graph has no perfect pairing")
    return [(order[i], order[j]) for i, j in matching]


def sparse_pairs(players: list[Candidate], edges: set[tuple[str, str]], weights: Weights,
                 rng: Rng, solver: str = "rustworkx") -> list[tuple[Candidate, Candidate]]:
    """The least-cost perfect pairing using only ``edges`` (pairs of ids, which must
    contain a perfect pairing). Optimal for the complete graph only when its cost
    reaches a lower bound: the caller checks."""
    order = list(players)
    rng.shuffle(order)
    index = {p.id: k for k, p in enumerate(order)}
    return _match(order, sorted({(min(index[a], index[b]), max(index[a], index[b]))
                                 for a, b in edges}), weights, solver)
