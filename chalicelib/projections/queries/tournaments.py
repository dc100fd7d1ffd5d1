"""The read side of ``projections/tournaments.py``: the ids of its view documents and
the readers the use cases call (the handlers writing them stay in that module)."""
from __future__ import annotations

from typing import Any


def summary_id(tid: str) -> str:
    return f"tournament:{tid}"


def player_id(tid: str, pid: str) -> str:
    return f"tournament:{tid}:player:{pid}"


def players_kind(tid: str) -> str:
    return f"players:{tid}"


def player_names(views, tid: str, ids) -> dict[str, str | None]:
    """Names of the given players (None for an unknown id)."""
    wanted = [p for p in dict.fromkeys(ids) if p]
    docs = views.get_many([player_id(tid, p) for p in wanted])
    return {p: (docs.get(player_id(tid, p)) or {}).get("name") for p in wanted}


def all_players(views, tid: str) -> list[dict[str, Any]]:
    """Every player of the tournament in registration order (reports, the widget)."""
    out, after = [], None
    while True:
        page = views.list(players_kind(tid), after=after, limit=1000)
        out += [v.doc for v in page]
        if len(page) < 1000:
            return out
        after = page[-1].sort


def streams_kind(tid: str) -> str:
    return f"tournament-streams:{tid}"


def stream_entry_id(tid: str, stream_id: str) -> str:
    return f"tournament:{tid}:stream:{stream_id}"
