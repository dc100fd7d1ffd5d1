"""Random pod assignment. A pod is the list of its players in seat order: seat 1 is
``pod[0]`` and seats are numbered clockwise, so "left" (clockwise) of seat ``i`` is
seat ``i + 1`` (wrapping)."""
from __future__ import annotations

from typing import Any

from ..errors import Invalid
from ..rng import derive


def _split(total: int, parts: int) -> list[int]:
    base, extra = divmod(total, parts)
    return [base + 1] * extra + [base] * (parts - extra)


def _shape(total: int, parts: int, factor: int) -> tuple[int, int, int]:
    """The smallest and largest size and the number of odd sizes of
    ``[factor * s for s in _split(total, parts)]``, without building it."""
    base, extra = divmod(total, parts)
    low, high = factor * base, factor * (base + 1 if extra else base)
    odd = extra * ((factor * (base + 1)) % 2) + (parts - extra) * ((factor * base) % 2)
    return low, high, odd


def pod_sizes(players: int, pod_min: int, pod_max: int, preferred: int,
              even: bool = False) -> list[int]:
    """Sizes of the pods for ``players`` players: within ``[pod_min, pod_max]``, as equal
    as possible, even-sized where possible when ``even`` (.hack), average closest to
    ``preferred``. A group smaller than ``pod_min`` drafts as one pod."""
    if players < 2:
        raise Invalid("a draft needs at least 2 players", {"players": players})
    best: tuple[Any, int, int] | None = None     # (score, pods, factor)
    for k in range(1, players // 2 + 1):
        # each candidate by its shape alone (:func:`_shape`), the list only for the best:
        # building every split made this quadratic (1 s for 20,000 players)
        shapes = [(_shape(players, k, 1), 1)]
        if even and players % 2 == 0:
            shapes.append((_shape(players // 2, k, 2), 2))
        for (low, high, odd_sizes), factor in shapes:
            if low < pod_min or high > pod_max:
                continue
            odd = odd_sizes if even else 0
            score = (odd, abs(players / k - preferred), high - low, k)
            if best is None or score < best[0]:
                best = (score, k, factor)
    if best is None:
        if players <= pod_max:
            return [players]
        raise Invalid("no pod sizes fit the bounds", {"players": players, "pod_min": pod_min,
                                                      "pod_max": pod_max})
    _, k, factor = best
    return sorted((factor * s for s in _split(players // factor, k)), reverse=True)


def assign_pods(players: list[str], sizes: list[int], seed: str,
                label: str = "pods") -> list[list[str]]:
    """Random pods of the given sizes from ``derive(seed, label)``."""
    if sum(sizes) != len(players):
        raise Invalid("pod sizes do not add up to the players", {"sizes": sizes,
                                                                  "players": len(players)})
    order = sorted(players)
    derive(seed, label).shuffle(order)
    pods, start = [], 0
    for size in sizes:
        pods.append(order[start:start + size])
        start += size
    return pods


def check_explicit(pods: list[list[str]], players: list[str]) -> list[list[str]]:
    """An organizer's explicit assignment: every player exactly once, pods of 2+."""
    problems = []
    seen: dict[str, int] = {}
    expected = set(players)
    for n, pod in enumerate(pods, start=1):
        if len(pod) < 2:
            problems.append({"pod": n, "msg": "a pod needs at least 2 players"})
        for player in pod:
            if player in seen:
                problems.append({"player": player, "msg": f"in pods {seen[player]} and {n}"})
            seen[player] = n
            if player not in expected:
                problems.append({"player": player, "msg": "not an active player"})
    missing = sorted(expected - set(seen))
    if missing:
        problems.append({"players": missing, "msg": "not assigned to a pod"})
    if problems:
        raise Invalid("invalid pod assignment", problems, code="invalid_pods")
    return [list(pod) for pod in pods]


def pod_number(pods: tuple[tuple[str, ...], ...] | list[list[str]], player: str) -> int | None:
    """The 1-based pod ``player`` sits in, or None."""
    for n, pod in enumerate(pods, start=1):
        if player in pod:
            return n
    return None
