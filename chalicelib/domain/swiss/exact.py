"""Exact minimum-cost perfect pairing (Edmonds' blossom via networkx) for small pools
and for repair windows of the fast pairer: on the complete graph, or on a sparse
candidate graph that contains a perfect pairing (the caller then certifies the result
against a lower bound before trusting it)."""
from __future__ import annotations

from collections.abc import Iterable

from .cost import Candidate, Weights, pair_cost
from .draws import Rng


def _match(order: list[Candidate], edges: Iterable[tuple[int, int]],
           weights: Weights) -> list[tuple[Candidate, Candidate]]:
    costed = [(i, j, pair_cost(order[i], order[j], weights)) for i, j in edges]
    top = max((c for _, _, c in costed), default=0)
    import networkx as nx  # imported on first use: it costs ~250 ms of Lambda cold start
    graph = nx.Graph()
    graph.add_nodes_from(range(len(order)))
    for i, j, c in costed:
        graph.add_edge(i, j, weight=top + 1 - c)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) != len(order):
        raise ValueError("the candidate graph has no perfect pairing")
    return [(order[i], order[j]) for i, j in matching]


def exact_pairs(players: list[Candidate], weights: Weights,
                rng: Rng) -> list[tuple[Candidate, Candidate]]:
    """A perfect pairing of ``players`` (even count) of least total cost; ties between
    equally good pairings are decided by the node order drawn from ``rng``."""
    if len(players) % 2:
        raise ValueError("exact pairing needs an even number of players")
    order = list(players)
    rng.shuffle(order)
    n = len(order)
    return _match(order, ((i, j) for i in range(n) for j in range(i + 1, n)), weights)


def sparse_pairs(players: list[Candidate], edges: set[tuple[str, str]], weights: Weights,
                 rng: Rng) -> list[tuple[Candidate, Candidate]]:
    """The least-cost perfect pairing using only ``edges`` (pairs of ids, which must
    contain a perfect pairing). Optimal for the complete graph only when its cost
    reaches a lower bound: the caller checks."""
    order = list(players)
    rng.shuffle(order)
    index = {p.id: k for k, p in enumerate(order)}
    return _match(order, sorted((min(index[a], index[b]), max(index[a], index[b]))
                                for a, b in edges), weights)
