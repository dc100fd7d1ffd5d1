"""The one shape of ``GET .../players/{pid}/pool`` in every limited format."""
from __future__ import annotations

from typing import Any


def document(tid: str, pid: str, source: str, complete: bool, starters: list[dict[str, Any]],
             picks: list[str] | None, pool: list[str] | None, **extra: Any) -> dict[str, Any]:
    """``source``: ``draft``, ``late-sealed``, ``sealed`` or ``trade``; ``complete``: the
    pool is final; ``picks`` / ``pool``: None while hidden from the caller."""
    return {"tournament_id": tid, "player_id": pid, "source": source, **extra,
            "complete": complete, "starters": starters, "picks": picks, "pool": pool}


def starters(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Starters kept as sealed product, as the pool shows them."""
    return [{"set": s.get("set"), "starter": s.get("starter"), "cards": list(s["cards"])}
            for s in items]


def with_starters(items: list[dict[str, Any]], picks: list[str] | None) -> list[str] | None:
    """The pool: the starters' cards and the picks (None while the picks are hidden)."""
    return None if picks is None else [c for s in items for c in s["cards"]] + picks
