"""An HTTP client for tests: drives the Chalice app in-process and checks every response
against openapi.yaml, so a spec that lies fails the test that exercised it."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from chalice.test import Client

from .spec import check_response


@dataclass
class Result:
    status: int
    body: Any
    headers: dict[str, str]

    @property
    def json(self) -> Any:
        return self.body


class ApiClient:
    def __init__(self, app, admin_key: str):
        self._client = Client(app)
        self.admin_key = admin_key

    def request(self, method: str, path: str, json_body: Any = None, token: str | None = None,
                headers: dict[str, str] | None = None, raw: bytes | None = None,
                check: bool = True) -> Result:
        all_headers = {"Content-Type": "application/json", **(headers or {})}
        if token:
            all_headers["Authorization"] = f"Bearer {token}"
        body = raw if raw is not None else (b"" if json_body is None else json.dumps(json_body).encode())
        response = self._client.http.request(method, path, headers=all_headers, body=body)
        text = response.body.decode() if response.body else ""
        try:
            parsed = json.loads(text) if text else None
        except ValueError:
            parsed = text
        if check:
            check_response(method, path, response.status_code, parsed)
        return Result(response.status_code, parsed, dict(response.headers))

    def get(self, path, **kw) -> Result:
        return self.request("GET", path, **kw)

    def post(self, path, json=None, **kw) -> Result:
        return self.request("POST", path, json_body=json, **kw)

    def delete(self, path, **kw) -> Result:
        return self.request("DELETE", path, **kw)

    # -- scenario helpers shared by capability tests ------------------------
    def organizer(self, name: str = "Store") -> str:
        r = self.post("/v1/accounts", {"role": "organizer", "name": name}, token=self.admin_key)
        assert r.status == 201, r.body
        return r.body["api_key"]

    def tournament(self, token: str, game: str = "vtes", format: str = "booster-draft",
                   **extra: Any) -> dict[str, Any]:
        r = self.post("/v1/tournaments", {"name": f"{game} {format}", "game": game,
                                          "format": format, **extra}, token=token)
        assert r.status == 201, r.body
        return r.body

    def register(self, tid: str, name: str, token: str | None = None,
                 member_id: str | None = None) -> dict[str, Any]:
        body: dict[str, Any] = {"name": name}
        if member_id is not None:
            body["member_id"] = member_id
        r = self.post(f"/v1/tournaments/{tid}/players", body, token=token)
        assert r.status == 201, r.body
        return {"player_id": r.body["player"]["player_id"], "token": r.body["token"], "name": name}

    def started(self, game: str = "vtes", format: str = "booster-draft", players: int = 8,
                **extra: Any) -> dict[str, Any]:
        """Organizer, tournament with ``players`` registered and started."""
        org = self.organizer()
        t = self.tournament(org, game, format, **extra)
        roster = [self.register(t["tournament_id"], f"Player {i + 1}") for i in range(players)]
        r = self.post(f"/v1/tournaments/{t['tournament_id']}/start", token=org)
        assert r.status == 200, r.body
        return {"organizer": org, "tournament": r.body, "tid": t["tournament_id"],
                "players": roster}
