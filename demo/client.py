"""What every scenario uses: calls that must succeed (``ok``), calls that must be refused
(``refused``), and the common set-up steps (accounts, tournaments, registration, start)."""
from __future__ import annotations

from typing import Any

from .transport import Response, Transport


class ScenarioError(AssertionError):
    """The API answered something a scenario did not expect."""


class Api:
    def __init__(self, transport: Transport, admin_key: str):
        self.transport = transport
        self.admin_key = admin_key
        self.calls = 0

    def call(self, method: str, path: str, body: Any = None, token: str | None = None,
             headers: dict[str, str] | None = None) -> Response:
        self.calls += 1
        return self.transport.request(method, path, body, token, headers)

    def ok(self, method: str, path: str, body: Any = None, token: str | None = None,
           status: tuple[int, ...] = (200, 201, 202), headers: dict[str, str] | None = None
           ) -> Any:
        r = self.call(method, path, body, token, headers)
        if r.status not in status:
            raise ScenarioError(f"{method} {path} -> {r.status} (wanted {status}): {r.body}")
        return r.body

    def get(self, path: str, token: str | None = None) -> Any:
        return self.ok("GET", path, token=token, status=(200,))

    def post(self, path: str, body: Any = None, token: str | None = None) -> Any:
        return self.ok("POST", path, body, token)

    def refused(self, method: str, path: str, body: Any, token: str | None,
                status: int) -> dict[str, Any]:
        r = self.call(method, path, body, token)
        if r.status != status or not isinstance(r.body, dict) or "error" not in r.body:
            raise ScenarioError(f"{method} {path}: wanted refusal {status}, got {r.status} "
                                f"{r.body}")
        return r.body

    # -- set-up steps shared by the scenarios ---------------------------------------
    def organizer(self, name: str) -> str:
        return self.post("/v1/accounts", {"role": "organizer", "name": name},
                         token=self.admin_key)["api_key"]

    def tournament(self, org: str, name: str, game: str, fmt: str,
                   **extra: Any) -> str:
        body = self.post("/v1/tournaments", {"name": name, "game": game, "format": fmt,
                                             **extra}, token=org)
        return body["tournament_id"]

    def register(self, tid: str, name: str, token: str | None = None,
                 member_id: str | None = None) -> dict[str, str]:
        data = {"name": name, **({"member_id": member_id} if member_id else {})}
        body = self.post(f"/v1/tournaments/{tid}/players", data, token=token)
        return {"player_id": body["player"]["player_id"], "token": body["token"],
                "name": name}

    def let_time_pass(self, seconds: float) -> bool:
        """Move the server's clock ``seconds`` on when the transport can (the in-process
        tests: a pick timer runs out at once); False against a live server, whose clock
        only the wall moves (a scenario then has a judge take the pick the timer would)."""
        advance = getattr(self.transport, "advance", None)
        if advance is None:
            return False
        advance(seconds)
        return True

    def event_log(self, tid: str, org: str) -> list[dict[str, Any]]:
        """Every event of the tournament, page after page of its log."""
        events: list[dict[str, Any]] = []
        after = None
        while True:
            page = self.get(f"/v1/tournaments/{tid}/events?limit=5000"
                            + (f"&after={after}" if after else ""), token=org)
            events += page["events"]
            after = page["next"]
            if after is None:
                return events

    def every_event(self, path: str, token: str | None = None) -> list[dict[str, Any]]:
        """Every event of a limited format's feed or staff log (``path``: a pod's or the
        sealed product's ``.../events`` or ``.../log``), page after page."""
        events: list[dict[str, Any]] = []
        after = None
        while True:
            page = self.get(path + (f"?after={after}" if after else ""), token=token)
            events += page["events"]
            after = page["next"]
            if after is None:
                return events

    def event_count(self, tid: str, org: str) -> int:
        return len(self.event_log(tid, org))


class Event:
    """A started tournament as the scenarios see it."""

    def __init__(self, api: Api, org: str, tid: str, players: list[dict[str, str]]):
        self.api, self.org, self.tid, self.players = api, org, tid, players
        self.token = {p["player_id"]: p["token"] for p in players}
        self.name = {p["player_id"]: p["name"] for p in players}

    @property
    def base(self) -> str:
        return f"/v1/tournaments/{self.tid}"

    def late_arrival(self, name: str) -> str:
        """V:EKN 7.2.6: the organizer registers a player who arrives after the product was
        handed out; they play from here on (returns the player id)."""
        body = self.api.post(f"{self.base}/players", {"name": name}, token=self.org)
        player = {"player_id": body["player"]["player_id"], "token": body["token"],
                  "name": name}
        self.players.append(player)
        self.token[player["player_id"]] = player["token"]
        self.name[player["player_id"]] = name
        return player["player_id"]


def start_event(api: Api, store: str, game: str, fmt: str, players: int,
                names: list[str] | None = None, org: str | None = None,
                member_ids: list[str] | None = None, **extra: Any) -> Event:
    """Organizer account (unless given), tournament, ``players`` self-registrations, start."""
    org = org or api.organizer(store)
    tid = api.tournament(org, f"{store} {game} {fmt}", game, fmt, **extra)
    names = names or [f"{game.title()} player {i + 1:02d}" for i in range(players)]
    roster = [api.register(tid, names[i], member_id=member_ids[i] if member_ids else None)
              for i in range(players)]
    api.post(f"/v1/tournaments/{tid}/start", token=org)
    return Event(api, org, tid, roster)
