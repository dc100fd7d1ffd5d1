"""An HTTP client for tests: drives the Chalice app in-process and checks every response
against openapi.yaml, so a spec that lies fails the test that exercised it."""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Any

from chalice.test import Client

from .spec import check_response

# tools/record_examples sets it: every 2xx JSON reply of the run is appended there (JSON
# lines, one file per process), so the spec's examples are real replies.
RECORD_TO = os.environ.get("PODIUM_RECORD_REPLIES")


def record_reply(method: str, path: str, status: int, body: Any) -> None:
    if not isinstance(body, (dict, list)):
        return
    from .spec import template_for
    with open(os.path.join(RECORD_TO, f"replies-{os.getpid()}.jsonl"), "a") as out:
        out.write(json.dumps({"operation": f"{method.upper()} {template_for(path)}",
                              "status": str(status), "body": body}) + "\n")


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
        body = raw if raw is not None else \
            (b"" if json_body is None else json.dumps(json_body).encode())
        response = self._client.http.request(method, path, headers=all_headers, body=body)
        text = response.body.decode() if response.body else ""
        try:
            parsed = json.loads(text) if text else None
        except ValueError:
            parsed = text
        if check:
            check_response(method, path, response.status_code, parsed)
        if RECORD_TO and 200 <= response.status_code < 300:
            record_reply(method, path, response.status_code, parsed)
        return Result(response.status_code, parsed, dict(response.headers))

    def get(self, path, **kw) -> Result:
        return self.request("GET", path, **kw)

    def post(self, path, json=None, **kw) -> Result:
        return self.request("POST", path, json_body=json, **kw)

    def delete(self, path, **kw) -> Result:
        return self.request("DELETE", path, **kw)

    # -- scenario helpers shared by capability tests ------------------------
    def event_log(self, tid: str, token: str) -> list[dict[str, Any]]:
        """Every event of the tournament, page after page of its log."""
        events, after = [], None
        while True:
            page = self.get(f"/v1/tournaments/{tid}/events?limit=5000"
                            + (f"&after={after}" if after else ""), token=token).body
            events += page["events"]
            after = page["next"]
            if after is None:
                return events

    def rebuild_views(self) -> dict[str, Any]:
        """Rebuild every view (a job run outside the request) and wait for it to end."""
        job = self.post("/v1/admin/projections/rebuild", token=self.admin_key)
        assert job.status == 202, job.body
        for _ in range(30):
            job = self.get("/v1/admin/projections/rebuild?wait=20", token=self.admin_key)
            if job.body["state"] != "running":
                break
        assert job.body["state"] == "succeeded", job.body
        return job.body

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

    # -- the product phase, which play waits for (V:EKN 7.3.1, 7.5.4) ---------
    def ready(self, game: str = "vtes", format: str = "sealed", players: int = 8,
              **extra: Any) -> dict[str, Any]:
        """:meth:`started`, then the format's product phase run to its end (see
        :meth:`hand_out` and :meth:`draft`), so the first round can be paired or seated."""
        event = self.started(game, format, players, **extra)
        if format == "booster-draft":
            self.draft(event)
        elif format in ("sealed", "sealed-swap"):
            self.hand_out(event)
        else:
            raise ValueError(f"no quick product phase for {format}")
        return event

    def hand_out(self, event: dict[str, Any]) -> dict[str, Any]:
        """A sealed event's product handed out and opened; a swap registered and dealt."""
        base, org = f"/v1/tournaments/{event['tid']}/sealed", event["organizer"]
        r = self.post(base, token=org)
        assert r.status == 201, r.body
        r = self.post(f"{base}/open", token=org)
        assert r.status == 200, r.body
        if r.body.get("swap"):
            for p in event["players"]:
                reg = self.post(f"{base}/registrations", token=p["token"])
                assert reg.status == 201, reg.body
            r = self.post(f"{base}/swap", token=org)
            assert r.status == 200, r.body
        return r.body

    def draft(self, event: dict[str, Any], pods: list[list[str]] | None = None
              ) -> dict[str, Any]:
        """A booster draft run quickly to its end: every player's packs are entered as
        one ordinary card each, and a judge takes each pick (``pick-for``)."""
        from chalicelib.data.sets import sample_sets

        tid, org = event["tid"], event["organizer"]
        settings = self.get(f"/v1/tournaments/{tid}").body["settings"]
        plan = [b["set"] for b in settings["product"]["boosters"] for _ in range(b["count"])]
        rounds = settings["draft"].get("packs") or len(plan)
        sets = sample_sets()
        card = [next(c.id for c in sets[s].cards if not c.draft_action) for s in plan]
        body: dict[str, Any] = {"packs": {p["player_id"]: [[card[r]] for r in range(rounds)]
                                          for p in event["players"]}}
        if pods is not None:
            body["pods"] = pods
        start = self.post(f"/v1/tournaments/{tid}/draft", body, token=org)
        assert start.status == 201, start.body
        for pod in start.body["pods"]:
            for _ in range(rounds):
                for seat in pod["seats"]:
                    r = self.post(f"/v1/tournaments/{tid}/draft/pods/{pod['pod']}/players/"
                                  f"{seat['player_id']}/pick-for", token=org)
                    assert r.status == 201, r.body
        return start.body
