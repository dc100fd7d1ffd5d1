"""The steps the largest-event scenarios share (:mod:`bench.largest`): an event
registered to its limit, V:EKN tables played to the final, and the end (finish, the
federation report, the public audit log), every call answered 2xx."""
from __future__ import annotations

from typing import Any

from bench.scale import ADMIN, Http, play_tables

__all__ = ["event", "open_sealed", "play_tables", "report_and_audit", "tables_to_the_end"]


def event(http: Http, game: str, fmt: str, players: int, structure: str | None = None,
          settings: dict[str, Any] | None = None) -> tuple[str, str, dict[str, str]]:
    """An organizer, a tournament of ``players`` self-registrations (one more is refused)
    started; returns the organizer's key, the tournament's path and each player's token."""
    org = http.call("POST", "/v1/accounts", {"role": "organizer", "name": "Largest"},
                    ADMIN)["api_key"]
    body = {"name": "Largest", "game": game, "format": fmt,
            "settings": {**(settings or {}), "registration": {"max_players": players}}}
    if structure:
        body["structure"] = structure
    tid = http.call("POST", "/v1/tournaments", body, org)["tournament_id"]
    base = f"/v1/tournaments/{tid}"
    tokens = {}
    for i in range(players):
        joined = http.call("POST", f"{base}/players", {"name": f"Player {i:05d}"})
        tokens[joined["player"]["player_id"]] = joined["token"]
    http.call("POST", f"{base}/players", {"name": "One too many"}, ok=(409,))
    http.call("POST", f"{base}/start", None, org)
    return org, base, tokens


def report_and_audit(http: Http, org: str, base: str) -> int:
    """Finish, the federation's report, and every page of the public audit log."""
    http.call("POST", f"{base}/finish", {}, org)
    fed = http.call("POST", "/v1/accounts", {"role": "federation", "name": "Fed"},
                    ADMIN)["api_key"]
    http.call("GET", f"{base}/report", token=fed)
    return len(http.every_page(f"{base}/audit?limit=400", "events"))


def open_sealed(http: Http, org: str, base: str, body: dict[str, Any] | None = None) -> None:
    """The sealed product handed out (``body``: its settings) and opened."""
    http.call("POST", f"{base}/sealed", body or {}, org)
    http.call("POST", f"{base}/sealed/open", None, org)


def tables_to_the_end(http: Http, org: str, base: str) -> int:
    """Three seated V:EKN rounds and the final played, the event finished and reported:
    the public audit log's events."""
    play_tables(http, org, base)
    return report_and_audit(http, org, base)
