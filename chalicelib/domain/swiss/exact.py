"""Exact minimum-cost perfect pairing (Edmonds' blossom via networkx) for small pools
and for repair windows of the fast pairer."""
from __future__ import annotations

from .cost import Candidate, Weights, pair_cost
from .draws import Rng


def exact_pairs(players: list[Candidate], weights: Weights,
                rng: Rng) -> list[tuple[Candidate, Candidate]]:
    """A perfect pairing of ``players`` (even count) of least total cost; ties between
    equally good pairings are decided by the node order drawn from ``rng``."""
    if len(players) % 2:
        raise ValueError("exact pairing needs an even number of players")
    order = list(players)
    rng.shuffle(order)
    costs = [[0] * len(order) for _ in order]
    top = 0
    for i, a in enumerate(order):
        for j in range(i + 1, len(order)):
            c = pair_cost(a, order[j], weights)
            costs[i][j] = c
            top = max(top, c)
    import networkx as nx  # imported on first use: it costs ~250 ms of Lambda cold start
    graph = nx.Graph()
    graph.add_nodes_from(range(len(order)))
    for i in range(len(order)):
        row = costs[i]
        for j in range(i + 1, len(order)):
            graph.add_edge(i, j, weight=top + 1 - row[j])
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return [(order[i], order[j]) for i, j in matching]
