"""Judges' records through HTTP (V:EKN 2.5-2.9, 3.3, 3.5, 3.6, 5): officials and the
Multi-Judge System, penalties and who sees them, their consequence in play, appeals,
tardiness, concession and intentional draw, and the report and webhooks carrying them.
Every response is checked against openapi.yaml by the ``api`` client."""
from __future__ import annotations

import csv
import io

from tests.api.test_webhooks import register as register_hook


def _vtes(api, players=10, judges=5):
    """A V:EKN sealed event in registration: organizer, players, judges (with tokens)."""
    org = api.organizer()
    tid = api.tournament(org, "vtes", "sealed")["tournament_id"]
    roster = [api.register(tid, f"Player {i + 1}") for i in range(players)]
    staff = []
    for i in range(judges):
        r = api.post(f"/v1/tournaments/{tid}/judges", {"name": f"Judge {i + 1}"}, token=org)
        assert r.status == 201, r.body
        staff.append({"judge_id": r.body["judge_id"], "token": r.body["token"]})
    return {"organizer": org, "tid": tid, "players": roster, "judges": staff,
            "organizer_id": api.get(f"/v1/tournaments/{tid}").body["organizer_id"]}


def _start(api, event):
    assert api.post(f"/v1/tournaments/{event['tid']}/start",
                    token=event["organizer"]).status == 200
    api.hand_out(event)
    seated = api.post(f"/v1/tournaments/{event['tid']}/tables/rounds", token=event["organizer"])
    assert seated.status == 201, seated.body
    return seated.body["tables"]


def _pid(event, i):
    return event["players"][i]["player_id"]


def test_multi_judge_system_names_the_ruling_judge_of_each_table(api):
    event = _vtes(api)
    tid, org, js = event["tid"], event["organizer"], event["judges"]
    url = f"/v1/tournaments/{tid}/judging/officials"
    assert api.get(url).body == {"tournament_id": tid, "head_judge": event["organizer_id"],
                                 "named": False, "multi_judge": None}
    # V:EKN 2.9: six judges, the head judge first; judges and the organizer may play.
    panel = [{"judge_id": js[0]["judge_id"], "player_id": _pid(event, 0)},
             {"judge_id": event["organizer_id"], "player_id": _pid(event, 1)},
             *[{"judge_id": j["judge_id"]} for j in js[1:]]]
    bad = [
        ({"head_judge": js[0]["judge_id"], "multi_judge": panel[:5]}, org, 422),
        ({"head_judge": js[1]["judge_id"], "multi_judge": panel}, org, 422),
        ({"head_judge": "j0000000000", "multi_judge": []}, org, 422),
        ({"head_judge": js[0]["judge_id"], "multi_judge": panel}, js[0]["token"], 403),
        ({"head_judge": js[0]["judge_id"], "multi_judge": panel}, None, 401),
    ]
    for body, token, status in bad:
        r = api.post(url, body, token=token)
        assert r.status == status, (body, r.body)
    assert api.get(url).body["named"] is False                     # refusals change nothing
    named = api.post(url, {"head_judge": js[0]["judge_id"], "multi_judge": panel}, token=org)
    assert named.status == 200 and named.body["head_judge"] == js[0]["judge_id"]
    assert [o["player_id"] for o in named.body["multi_judge"]][:3] == [
        _pid(event, 0), _pid(event, 1), None]

    tables = _start(api, event)
    # Announced before the start, locked after it.
    late = api.post(url, {"head_judge": js[1]["judge_id"]}, token=org)
    assert late.status == 409 and late.body["error"] == "officials_locked"
    judges = api.get(f"/v1/tournaments/{tid}/rounds/1/judges").body
    assert judges["multi_judge"] is True
    for row in judges["tables"]:
        seats = tables[row["table"] - 1]
        expected = next(o["judge_id"] for o in panel if o.get("player_id") not in seats)
        assert row["judge_id"] == expected
    rulers = {row["judge_id"] for row in judges["tables"]}
    both = [t for t in tables if _pid(event, 0) in t and _pid(event, 1) in t]
    assert (js[1]["judge_id"] in rulers) == bool(both) or js[0]["judge_id"] in rulers
    assert api.get(f"/v1/tournaments/{tid}/rounds/2/judges").status == 404


def test_penalties_are_seen_by_the_player_and_the_staff_only(api):
    event = _vtes(api, judges=1)
    tid, org, judge = event["tid"], event["organizer"], event["judges"][0]["token"]
    ann, bob = event["players"][0], event["players"][1]
    url = f"/v1/tournaments/{tid}/penalties"
    warning = {"player_id": ann["player_id"], "kind": "warning", "infraction": "procedural",
               "reason": "did not present the deck to the predator (V:EKN 3.2)"}
    # Warnings may be given before the start; losses need a running tournament.
    given = api.post(url, warning, token=judge)
    assert given.status == 201, given.body
    assert given.headers["Location"].endswith(f"/penalties/{given.body['penalty_id']}")
    assert given.body["judge"] == {"role": "judge", "id": event["judges"][0]["judge_id"]}
    assert given.body["status"] == "standing" and given.body["applied"] is None
    early = api.post(url, {**warning, "kind": "game_loss", "round": 1}, token=judge)
    assert early.status == 409 and early.body["error"] == "not_running"
    for body, token, status in [
        (warning, ann["token"], 403),                          # players record nothing
        (warning, None, 401),
        ({**warning, "player_id": "p0000000000"}, judge, 404),
        ({**warning, "reason": ""}, judge, 422),
        ({**warning, "kind": "caution"}, judge, 422),
        ({**warning, "kind": "disqualification"}, org, 409),     # not before the start
    ]:
        r = api.post(url, body, token=token)
        assert r.status == status, (body, r.body)
        assert r.body.keys() >= {"error", "message", "details"}

    pid = given.body["penalty_id"]
    mine = api.get(f"{url}/me", token=ann["token"]).body
    assert [p["penalty_id"] for p in mine["penalties"]] == [pid]
    assert api.get(f"{url}/me", token=bob["token"]).body["penalties"] == []
    assert api.get(f"{url}/{pid}", token=ann["token"]).status == 200
    assert api.get(f"{url}/{pid}", token=bob["token"]).status == 403
    assert api.get(f"{url}/{pid}").status == 401
    assert api.get(f"{url}/me", token=org).status == 403
    assert api.get(url, token=bob["token"]).status == 403
    assert api.get(f"{url}?player_id={ann['player_id']}", token=bob["token"]).status == 403
    assert api.get(f"{url}?player_id={bob['player_id']}", token=bob["token"]).body[
        "penalties"] == []
    assert [p["penalty_id"] for p in api.get(url, token=judge).body["penalties"]] == [pid]
    assert api.get(f"{url}/pen000000000000", token=judge).status == 404
    assert api.get(f"{url}/nope", token=judge).status == 404
    # The public never sees warnings: not in the tournament's public documents.
    assert pid not in str(api.get(f"/v1/tournaments/{tid}").body)

    # Pages: ``next`` continues the list.
    for i in range(2):
        assert api.post(url, {**warning, "reason": f"slow play {i}", "infraction": "slow_play"},
                        token=org).status == 201
    first = api.get(f"{url}?limit=2", token=org).body
    rest = api.get(f"{url}?limit=2&after={first['next']}", token=org).body
    assert len(first["penalties"]) == 2 and len(rest["penalties"]) == 1
    assert rest["next"] is None


def test_game_loss_zeroes_the_table_and_disqualification_drops_the_player(api):
    event = _vtes(api, judges=1)
    tid, org = event["tid"], event["organizer"]
    judge = event["judges"][0]["token"]
    tables = _start(api, event)
    url = f"/v1/tournaments/{tid}/penalties"
    one, two = tables[0], tables[1]
    # A game loss at an unreported table: 0 VP there whatever is reported.
    loss = api.post(url, {"player_id": one[0], "kind": "game_loss", "round": 1,
                          "reason": "drew extra cards"}, token=judge)
    assert loss.status == 201, loss.body
    assert loss.body["table"] == 1 and loss.body["applied"] == {
        "table": {"round": 1, "table": 1, "vp": 0, "when": "reported"}}
    vp = {p: 0 for p in one}
    vp[one[0]], vp[one[1]] = 2, 1.5
    reported = api.post(f"/v1/tournaments/{tid}/tables/rounds/1/tables/1/result",
                        {"vp": vp}, token=org).body
    rows = {r["player_id"]: r for r in reported["result"]}
    assert rows[one[0]]["vp_halves"] == 0 and rows[one[0]]["gw"] == 0
    assert rows[one[1]]["vp_halves"] == 3 and rows[one[1]]["place"] == 1

    # A match loss at a reported table corrects it.
    loss = api.post(url, {"player_id": one[1], "kind": "match_loss", "round": 1,
                          "reason": "collusion"}, token=judge)
    assert loss.body["applied"]["table"]["when"] == "corrected"
    round1 = api.get(f"/v1/tournaments/{tid}/tables/rounds/1").body
    result = {r["player_id"]: r for r in round1["tables"][0]["result"]}
    assert result[one[1]]["vp_halves"] == 0

    # Not playing: a player of table 2 has no seat at table 1 - the loss goes to their own.
    assert api.post(url, {"player_id": one[2], "kind": "game_loss", "reason": "x"},
                    token=judge).body["error"] == "round_required"
    assert api.post(url, {"player_id": one[2], "kind": "game_loss", "round": 3,
                          "reason": "x"}, token=judge).status == 404

    # Disqualification by the head judge (the organizer until one is named): the drop,
    # with a Loss at the player's table of the round already seated (3.1.4).
    body = {"player_id": two[0], "kind": "disqualification", "infraction": "cheating",
            "reason": "marked cards"}
    assert api.post(url, body, token=judge).status == 403   # the head judge only (5.1)
    dq = api.post(url, body, token=org)
    assert dq.status == 201, dq.body
    assert dq.body["applied"]["drop"]["dropped"] is True
    assert dq.body["applied"]["drop"]["round_result"]["result"] == "loss"
    players = api.get(f"/v1/tournaments/{tid}/players", token=org).body["players"]
    assert {p["player_id"]: p["status"] for p in players}[two[0]] == "dropped"
    again = api.post(url, {"player_id": two[0], "kind": "warning", "reason": "x"}, token=org)
    assert again.status == 409 and again.body["error"] == "disqualified"


def test_appeals_go_to_the_head_judge_whose_decision_is_final(api):
    event = _vtes(api, judges=2)
    tid, org, (head, floor) = event["tid"], event["organizer"], event["judges"]
    assert api.post(f"/v1/tournaments/{tid}/judging/officials",
                    {"head_judge": head["judge_id"]}, token=org).status == 200
    _start(api, event)
    ann, bob = event["players"][0], event["players"][1]
    url = f"/v1/tournaments/{tid}/penalties"
    given = api.post(url, {"player_id": ann["player_id"], "kind": "warning",
                           "reason": "slow play"}, token=floor["token"]).body
    appeal = f"{url}/{given['penalty_id']}/appeal"
    decision = f"{appeal}/decision"
    assert api.post(decision, {"decision": "upheld", "note": "n"},
                    token=head["token"]).body["error"] == "no_appeal"
    assert api.post(appeal, {"statement": "not me"}, token=bob["token"]).status == 403
    assert api.post(appeal, {"statement": "not me"}, token=floor["token"]).status == 403
    filed = api.post(appeal, {"statement": "I was waiting for a judge"}, token=ann["token"])
    assert filed.status == 201 and filed.body["appeal"]["decision"] is None
    assert api.post(appeal, {"statement": "again"}, token=ann["token"]).body[
        "error"] == "appeal_exists"
    # Only the head judge decides: not the floor judge, not the organizer once one is named.
    for token in (floor["token"], org, ann["token"]):
        assert api.post(decision, {"decision": "overturned", "note": "n"},
                        token=token).status == 403
    decided = api.post(decision, {"decision": "overturned",
                                  "note": "the judge had been called"}, token=head["token"])
    assert decided.status == 200, decided.body
    assert decided.body["status"] == "overturned"
    assert decided.body["appeal"]["decided_by"] == {"role": "judge", "id": head["judge_id"]}
    final = api.post(decision, {"decision": "upheld", "note": "changed my mind"},
                     token=head["token"])
    assert final.status == 409 and final.body["error"] == "appeal_decided"
    # A penalty the head judge gives cannot be appealed (2.7: their decision is final).
    own = api.post(url, {"player_id": ann["player_id"], "kind": "warning", "reason": "x"},
                   token=head["token"]).body
    r = api.post(f"{url}/{own['penalty_id']}/appeal", {"statement": "no"}, token=ann["token"])
    assert r.status == 409 and r.body["error"] == "final_decision"


def test_tardiness_is_offered_fifteen_minutes_after_the_start(api, clock):
    event = _vtes(api, judges=1)
    tid, org = event["tid"], event["organizer"]
    tables = _start(api, event)
    base = f"/v1/tournaments/{tid}/rounds/1"
    late, early = tables[0][0], tables[0][1]
    token = {p["player_id"]: p["token"] for p in event["players"]}
    state = api.get(f"{base}/tardy", token=org).body
    assert state["starts_at"] is None and state["offered"] is False
    assert api.post(f"{base}/tardy", {"player_id": late}, token=org).body[
        "error"] == "round_not_started"
    clock.at(0)
    started = api.post(f"{base}/start", token=org).body
    assert started["starts_at"] == "2026-11-22T18:00:00+00:00"
    assert started["late_from"] == "2026-11-22T18:15:00+00:00"
    assert api.post(f"{base}/present", token=token[early]).status == 200
    assert api.post(f"{base}/present", token=org).status == 422     # staff name the player
    assert api.post(f"{base}/present", {"player_id": late}, token=token[early]).status == 403
    clock.at(14 * 60)
    state = api.get(f"{base}/tardy", token=org).body
    assert state["offered"] is False and late in state["absent"] and early not in state["absent"]
    r = api.post(f"{base}/tardy", {"player_id": late}, token=org)
    assert r.status == 409 and r.body["error"] == "not_late_yet"
    clock.at(15 * 60)
    assert api.get(f"{base}/tardy", token=org).body["offered"] is True
    assert api.post(f"{base}/tardy", {"player_id": early}, token=org).body[
        "error"] == "player_present"
    loss = api.post(f"{base}/tardy", {"player_id": late}, token=org)
    assert loss.status == 201, loss.body
    assert (loss.body["kind"], loss.body["infraction"]) == ("game_loss", "tardiness")
    state = api.get(f"{base}/tardy", token=org).body
    assert late not in state["absent"] and state["penalized"] == [late]
    assert api.post(f"{base}/present", token=token[late]).body["error"] == "tardy"
    moved = api.post(f"{base}/start", {"starts_at": "2026-11-22T18:05:00Z"}, token=org)
    assert moved.status == 409 and moved.body["error"] == "tardiness_recorded"
    assert api.get(f"{base}/tardy", token=token[early]).status == 403


def test_concession_and_intentional_draw_are_table_results(api):
    event = _vtes(api, judges=0)
    tid, org = event["tid"], event["organizer"]
    one, two = _start(api, event)
    url = f"/v1/tournaments/{tid}/tables/rounds/1/tables"
    # V:EKN 3.5: one oust, then the rest concede to the player in seat 4.
    conceded = api.post(f"{url}/1/result", {"ousts": [one[1]], "end": "concession",
                                            "conceded_to": one[3]}, token=org)
    assert conceded.status == 200, conceded.body
    assert conceded.body["end"] == "concession"
    vp = {r["player_id"]: r["vp_halves"] for r in conceded.body["result"]}
    # seat 1 ousted seat 2 (1 VP); seat 4 ousts seats 5, 1, 3 in turn and is left (4 VP)
    assert vp == {one[0]: 2, one[1]: 0, one[2]: 0, one[3]: 8, one[4]: 0}
    # V:EKN 3.6: an intentional draw scores as the time limit: half a VP to each left.
    for body in ({"ousts": [], "end": "concession"}, {"vp": {two[0]: 1}, "end": "time_out"},
                 {"ousts": [one[0]], "end": "time_out"}, {"ousts": two[:4], "end": "time_out"}):
        assert api.post(f"{url}/2/result", body, token=org).status == 422, body
    drawn = api.post(f"{url}/2/result", {"ousts": [two[2]], "end": "intentional_draw"},
                     token=org).body
    vp = {r["player_id"]: r["vp_halves"] for r in drawn["result"]}
    assert vp == {two[0]: 1, two[1]: 3, two[2]: 0, two[3]: 1, two[4]: 1}


def test_the_report_and_the_webhooks_carry_every_warning(api, monkeypatch):
    monkeypatch.setenv("PODIUM_WEBHOOK_INLINE", "0")
    event = _vtes(api, judges=1)
    tid, org = event["tid"], event["organizer"]
    hook = register_hook(api, org, "https://hooks.example/judging", ["penalty.recorded"])
    tables = _start(api, event)
    url = f"/v1/tournaments/{tid}/penalties"
    warned, gone = tables[0][0], tables[1][0]
    warning = api.post(url, {"player_id": warned, "kind": "warning", "reason": "slow play",
                             "infraction": "slow_play"}, token=event["judges"][0]["token"]).body
    api.post(url, {"player_id": gone, "kind": "disqualification", "infraction": "cheating",
                   "reason": "drew extra cards"}, token=org)
    log = api.get(f"/v1/webhooks/{hook['endpoint_id']}/deliveries", token=org).body["items"]
    assert [i["payload"]["event"] for i in log] == ["PenaltyGiven", "PenaltyGiven"]
    assert log[0]["payload"]["data"]["penalty_id"] == warning["penalty_id"]

    for k in range(1, len(tables) + 1):
        api.post(f"/v1/tournaments/{tid}/tables/rounds/1/tables/{k}/result",
                 {"ousts": [], "end": "time_out"}, token=org)
    assert api.post(f"/v1/tournaments/{tid}/finish",
                    {"incomplete": True, "reason": "venue closed"}, token=org).status == 200
    report = api.get(f"/v1/tournaments/{tid}/report", token=org).body
    assert [(p["kind"], p["player_id"], p["status"]) for p in report["penalties"]] == [
        ("warning", warned, "standing"), ("disqualification", gone, "standing")]
    status = {p["player_id"]: p["status"] for p in report["players"]}
    assert status[gone] == "disqualified" and status[warned] == "active"
    rows = {r["player_id"]: r for r in report["standings"]["rows"]}
    assert rows[warned]["warnings"] == 1 and rows[gone]["disqualified"] is True
    table = {r["player_id"]: r for r in csv.DictReader(io.StringIO(
        api.get(f"/v1/tournaments/{tid}/report/csv", token=org).body))}
    assert table[warned]["warnings"] == "1" and table[gone]["disqualified"] == "yes"
    archon = list(csv.DictReader(io.StringIO(
        api.get(f"/v1/tournaments/{tid}/report/archon", token=org).body)))
    by_name = {r["name"]: r for r in archon}
    names = {p["player_id"]: p["name"] for p in event["players"]}
    assert by_name[names[warned]]["warnings"] == "1"
    assert by_name[names[gone]]["disqualified"] == "1"
    # Finished: nothing more is recorded.
    assert api.post(url, {"player_id": warned, "kind": "warning", "reason": "x"},
                    token=org).body["error"] == "not_running"
