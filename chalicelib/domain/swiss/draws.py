"""The generator type pairing code draws from: a ``random.Random`` made by
``chalicelib.domain.rng.derive`` (typed structurally so nothing here imports random)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

T = TypeVar("T")


class Rng(Protocol):
    # positional-only, as random.Random names them otherwise
    def shuffle(self, x: list[Any], /) -> None: ...

    def randrange(self, stop: int, /) -> int: ...

    def choice(self, seq: Sequence[T], /) -> T: ...

    def sample(self, population: Sequence[T], k: int, /) -> list[T]: ...
