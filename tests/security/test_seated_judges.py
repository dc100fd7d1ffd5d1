"""V:EKN 2.9 (issue 26, finding 3): a judge seated as a player at a table (the head judge
included) does not rule there: penalties, disqualifications and time extensions at that
table are refused (403 ``judge_seated``) naming the next judge in order not seated
there, who may rule; a judge not seated there rules as before."""
from __future__ import annotations

from tests.api.test_judging import _pid, _start, _vtes


def panel_event(api):
    """Ten players (two tables of five); the head judge plays as player 0, the organizer
    (second judge) as player 1, four judges do not play."""
    event = _vtes(api)
    tid, org, js = event["tid"], event["organizer"], event["judges"]
    panel = [{"judge_id": js[0]["judge_id"], "player_id": _pid(event, 0)},
             {"judge_id": event["organizer_id"], "player_id": _pid(event, 1)},
             *[{"judge_id": j["judge_id"]} for j in js[1:]]]
    named = api.post(f"/v1/tournaments/{tid}/judging/officials",
                     {"head_judge": js[0]["judge_id"], "multi_judge": panel}, token=org)
    assert named.status == 200, named.body
    tables = _start(api, event)
    return event, tables, panel


def table_of(tables, player):
    return next(k for k, seats in enumerate(tables, start=1) if player in seats)


def expected_ruler(panel, seats):
    return next(o["judge_id"] for o in panel if o.get("player_id") not in seats)


def test_a_playing_head_judge_does_not_rule_at_their_own_table(api):
    event, tables, panel = panel_event(api)
    tid, js = event["tid"], event["judges"]
    head = js[0]["token"]
    own = table_of(tables, _pid(event, 0))
    seats = tables[own - 1]
    opponent = next(p for p in seats if p != _pid(event, 0))
    ruler = expected_ruler(panel, seats)
    for body in ({"player_id": opponent, "kind": "disqualification", "infraction": "cheating",
                  "reason": "marked cards", "round": 1},
                 {"player_id": opponent, "kind": "warning", "infraction": "procedural",
                  "reason": "slow play"},
                 {"player_id": _pid(event, 0), "kind": "warning", "infraction": "procedural",
                  "reason": "own warning"}):
        r = api.post(f"/v1/tournaments/{tid}/penalties", body, token=head)
        assert r.status == 403 and r.body["error"] == "judge_seated", r.body
        assert r.body["details"]["ruling_judge"] == ruler and ruler in r.body["message"]
    extend = f"/v1/tournaments/{tid}/tables/rounds/1/tables/{own}/extensions"
    r = api.post(extend, {"minutes": 5, "reason": "my own ruling"}, token=head)
    assert r.status == 403 and r.body["details"]["ruling_judge"] == ruler
    # nothing was recorded; the named judge rules there
    assert api.get(f"/v1/tournaments/{tid}/penalties", token=event["organizer"]).body[
        "penalties"] == []
    token = {j["judge_id"]: j["token"] for j in js}.get(ruler, event["organizer"])
    assert api.post(extend, {"minutes": 5, "reason": "ruling"}, token=token).status == 201
    ok = api.post(f"/v1/tournaments/{tid}/penalties",
                  {"player_id": opponent, "kind": "warning", "infraction": "procedural",
                   "reason": "slow play"}, token=token)
    assert ok.status == 201, ok.body


def test_a_playing_judge_rules_at_the_other_tables(api):
    event, tables, panel = panel_event(api)
    tid, head = event["tid"], event["judges"][0]["token"]
    other = next(k for k, seats in enumerate(tables, start=1)
                 if _pid(event, 0) not in seats)
    player = tables[other - 1][0]
    r = api.post(f"/v1/tournaments/{tid}/penalties",
                 {"player_id": player, "kind": "warning", "infraction": "procedural",
                  "reason": "slow play", "round": 1}, token=head)
    assert r.status == 201, r.body
    extend = f"/v1/tournaments/{tid}/tables/rounds/1/tables/{other}/extensions"
    assert api.post(extend, {"minutes": 3, "reason": "ruling"}, token=head).status == 201


def test_the_organizer_seated_as_second_judge_is_refused_too(api):
    event, tables, panel = panel_event(api)
    tid, org = event["tid"], event["organizer"]
    own = table_of(tables, _pid(event, 1))
    r = api.post(f"/v1/tournaments/{tid}/tables/rounds/1/tables/{own}/extensions",
                 {"minutes": 2, "reason": "own table"}, token=org)
    assert r.status == 403 and r.body["error"] == "judge_seated"
    assert r.body["details"]["ruling_judge"] == expected_ruler(panel, tables[own - 1])
