"""Pod sizes computed from each split's shape (not by building every split) are the sizes
every split built and compared gave, for every field up to 160 players and some large
ones (the built way is quadratic)."""
from __future__ import annotations

from typing import Any

import pytest

from chalicelib.domain.errors import Invalid
from chalicelib.domain.pods.assignment import pod_sizes


def _split(total: int, parts: int) -> list[int]:
    base, extra = divmod(total, parts)
    return [base + 1] * extra + [base] * (parts - extra)


def built(players: int, pod_min: int, pod_max: int, preferred: int,
          even: bool = False) -> list[int] | None:
    """Every split built and scored (the former way); None: no split fits."""
    best: tuple[Any, list[int]] | None = None
    for k in range(1, players // 2 + 1):
        candidates = [_split(players, k)]
        if even and players % 2 == 0:
            candidates.append([2 * s for s in _split(players // 2, k)])
        for sizes in candidates:
            if min(sizes) < pod_min or max(sizes) > pod_max:
                continue
            odd = sum(s % 2 for s in sizes) if even else 0
            score = (odd, abs(players / k - preferred), max(sizes) - min(sizes), k)
            if best is None or score < best[0]:
                best = (score, sizes)
    return None if best is None else sorted(best[1], reverse=True)


BOUNDS = [(4, 8, 8, False), (2, 2, 2, False), (3, 6, 5, True), (4, 8, 6, True),
          (5, 7, 6, False), (2, 16, 9, True), (6, 6, 6, False)]


@pytest.mark.parametrize("bounds", BOUNDS)
def test_the_sizes_are_the_ones_every_split_built_gave(bounds):
    large = [999, 2_050] + ([6_001] if bounds == BOUNDS[0] else [])
    for players in [*range(2, 161), *large]:
        expected = built(players, *bounds)
        if expected is None:
            if players > bounds[1]:
                with pytest.raises(Invalid):
                    pod_sizes(players, *bounds)
            else:
                assert pod_sizes(players, *bounds) == [players]
            continue
        assert pod_sizes(players, *bounds) == expected, (players, bounds)
