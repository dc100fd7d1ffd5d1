"""V:EKN 3.3 reads the round's check-in: a player not checked in for the round when it
begins is late; one checked in within 15 minutes of the start cannot receive the Loss;
one checked in later (or never) can."""
from __future__ import annotations

from tests.api.test_judging import _start, _vtes


def test_the_round_check_in_says_who_is_late(api, clock):
    event = _vtes(api, judges=0)
    tid, org = event["tid"], event["organizer"]
    tables = _start(api, event)
    token = {p["player_id"]: p["token"] for p in event["players"]}
    on_time, five_late, too_late, never = tables[0][:4]
    base = f"/v1/tournaments/{tid}/rounds/1"
    checkin = f"/v1/tournaments/{tid}/checkin"
    clock.at(-60)
    code = api.post(f"{checkin}/open", {"round": 1}, token=org).body["code"]
    assert api.post(checkin, {"code": code}, token=token[on_time]).status == 201
    clock.at(0)
    assert api.post(f"{base}/start", token=org).status == 200
    state = api.get(f"{base}/tardy", token=org).body
    late = {e["player_id"]: e["checked_in_at"] for e in state["late"]}
    assert on_time not in late and {five_late, too_late, never} <= set(late)
    assert late[never] is None

    clock.at(5 * 60)
    assert api.post(checkin, {"code": code}, token=token[five_late]).status == 201
    clock.at(20 * 60)
    assert api.post(checkin, {"code": code}, token=token[too_late]).status == 201
    state = api.get(f"{base}/tardy", token=org).body
    late = {e["player_id"]: e["checked_in_at"] for e in state["late"]}
    assert late[five_late] == "2026-11-22T18:05:00+00:00"
    assert late[too_late] == "2026-11-22T18:20:00+00:00" and late[never] is None
    assert on_time not in state["absent"] and five_late not in state["absent"]
    assert too_late in state["absent"] and never in state["absent"]

    refused = api.post(f"{base}/tardy", {"player_id": five_late}, token=org)
    assert refused.status == 409 and refused.body["error"] == "player_present"
    assert refused.body["details"]["checked_in_at"] == "2026-11-22T18:05:00+00:00"
    assert api.post(f"{base}/tardy", {"player_id": on_time}, token=org).status == 409
    for player in (too_late, never):
        loss = api.post(f"{base}/tardy", {"player_id": player}, token=org)
        assert loss.status == 201 and loss.body["infraction"] == "tardiness", loss.body
    state = api.get(f"{base}/tardy", token=org).body
    assert sorted(state["penalized"]) == sorted([too_late, never])
    still = {e["player_id"] for e in state["late"]}
    assert five_late in still and not still & {on_time, too_late, never}


def test_nobody_is_late_before_the_round_begins(api, clock):
    event = _vtes(api, players=5, judges=0)
    tid, org = event["tid"], event["organizer"]
    _start(api, event)
    clock.at(0)
    api.post(f"/v1/tournaments/{tid}/rounds/1/start",
             {"starts_at": "2026-11-22T18:30:00Z"}, token=org)
    state = api.get(f"/v1/tournaments/{tid}/rounds/1/tardy", token=org).body
    assert state["late"] == [] and state["offered"] is False
