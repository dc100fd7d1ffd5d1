"""The matches a ``RoundPaired`` event records. Since Swiss events of thousands of players,
a round is recorded as ``pairs`` (``[a, b]`` per table, in table order: match ``R<n>-<t>``
is the t-th pair) without repeating ids, tables or the players joining (the players of
its pairs and bye not seen in an earlier round); rounds recorded before carry
``matches`` (``{id, table, a, b}``) and ``joined``. Both read the same here."""
from __future__ import annotations

from typing import Any


def matches_of(data: dict[str, Any]) -> list[dict[str, Any]]:
    """``[{id, table, a, b}]`` in table order, whichever shape the event has."""
    if "pairs" in data:
        number = data["round"]
        return [{"id": f"R{number}-{t}", "table": t, "a": a, "b": b}
                for t, (a, b) in enumerate(data["pairs"], start=1)]
    return data["matches"]


def players_of(data: dict[str, Any]) -> list[str]:
    """Everyone the round paired or gave the bye, in table order (the bye last)."""
    found = [p for m in matches_of(data) for p in (m["a"], m["b"])]
    return found + ([data["bye"]] if data.get("bye") else [])


def joined_of(data: dict[str, Any], known) -> list[str]:
    """The players who play their first round here (``known``: those seen before)."""
    if "joined" in data:
        return data["joined"]
    return [p for p in players_of(data) if p not in known]
