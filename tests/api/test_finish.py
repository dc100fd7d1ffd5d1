"""Finishing a tournament: refused while play is unfinished (409 ``play_unfinished``,
listing what is open, recording nothing), or ended early on purpose with a reason, which
the summary and the federation report (JSON, CSV, archon header) then carry."""
from __future__ import annotations

import csv
import io

EARLY = {"incomplete": True, "reason": "the venue closed"}


def _event_count(api, tid, org):
    return len(api.event_log(tid, org))


def _finish(api, tid, org, body=None):
    return api.post(f"/v1/tournaments/{tid}/finish", body, token=org)


def _kinds(refusal):
    assert refusal.status == 409 and refusal.body["error"] == "play_unfinished", refusal.body
    return {item["kind"]: item for item in refusal.body["details"]["open"]}


def _vtes(api, players=10):
    org = api.organizer()
    tid = api.tournament(org, "vtes", "sealed")["tournament_id"]
    roster = [api.register(tid, f"P{i}", token=org, member_id=f"{2000001 + i}")
              for i in range(players)]
    assert api.post(f"/v1/tournaments/{tid}/start", token=org).status == 200
    api.hand_out({"tid": tid, "organizer": org})
    return tid, org, roster


def _seat(api, tid, org):
    r = api.post(f"/v1/tournaments/{tid}/tables/rounds", token=org)
    assert r.status == 201, r.body
    return r.body


def _result(api, tid, org, seating, k):
    table = seating["tables"][k - 1]
    vp = {p: 0 for p in table}
    vp[table[0]] = 3
    r = api.post(f"/v1/tournaments/{tid}/tables/rounds/{seating['round']}/tables/{k}/result",
                 {"vp": vp}, token=org)
    assert r.status == 200, r.body


def test_tables_round_seated_without_results_is_refused_then_ended_early(api):
    tid, org, roster = _vtes(api)
    fed = api.post("/v1/accounts", {"role": "federation", "name": "V:EKN"},
                   token=api.admin_key).body["api_key"]
    # Round 1 played; nothing else yet: two planned rounds and the final are open.
    seating = _seat(api, tid, org)
    for k in (1, 2):
        _result(api, tid, org, seating, k)
    open_ = _kinds(_finish(api, tid, org))
    assert open_["rounds_not_played"]["rounds"] == [2, 3]
    assert "final_not_played" in open_ and "round_open" not in open_
    second = _seat(api, tid, org)
    for k in (1, 2):
        _result(api, tid, org, second, k)
    # Round 3 seated, one table reported: refused, naming the other table.
    third = _seat(api, tid, org)
    _result(api, tid, org, third, 1)
    before = _event_count(api, tid, org)
    open_ = _kinds(_finish(api, tid, org))
    assert open_["round_open"]["round"] == 3 and open_["round_open"]["tables"] == [2]
    assert "final_not_played" in open_ and "rounds_not_played" not in open_
    assert _event_count(api, tid, org) == before                   # nothing recorded
    assert api.get(f"/v1/tournaments/{tid}").body["status"] == "running"
    # A reason goes with incomplete, and only with it.
    assert _finish(api, tid, org, {"incomplete": True}).status == 422
    assert _finish(api, tid, org, {"reason": "late"}).status == 422
    assert _finish(api, tid, org, {"incomplete": True, "reason": "x", "y": 1}).status == 422
    assert _event_count(api, tid, org) == before
    done = _finish(api, tid, org, EARLY)
    assert done.status == 200, done.body
    assert done.body["status"] == "finished" and done.body["seed"]
    assert done.body["incomplete"]["reason"] == "the venue closed"
    assert [i["kind"] for i in done.body["incomplete"]["open"]] == ["round_open",
                                                                   "final_not_played"]
    assert api.get(f"/v1/tournaments/{tid}").body == done.body
    report = api.get(f"/v1/tournaments/{tid}/report", token=fed).body
    assert report["incomplete"] == done.body["incomplete"]
    assert report["member_ids"]["placeholders"] == []
    assert report["member_ids"]["ratings_eligible"] is False      # ended incomplete
    csv_reply = api.get(f"/v1/tournaments/{tid}/report/csv", token=fed)
    rows = list(csv.DictReader(io.StringIO(csv_reply.body)))
    assert len(rows) == 10
    assert {(r["incomplete"], r["incomplete_reason"]) for r in rows} == {
        ("yes", "the venue closed")}
    headers = {k.lower(): v for k, v in csv_reply.headers.items()}
    assert headers["x-podium-incomplete"] == "yes"
    archon = api.get(f"/v1/tournaments/{tid}/report/archon", token=fed)
    assert {k.lower(): v for k, v in archon.headers.items()}["x-podium-incomplete"] == "yes"
    assert list(csv.reader(io.StringIO(archon.body)))[0][:7] == [
        "rank", "name", "vekn", "gw", "vp", "tp", "finalist"]            # layout unchanged


def test_tables_final_must_have_its_result(api):
    tid, org, roster = _vtes(api)
    tokens = {p["player_id"]: p["token"] for p in roster}
    for _ in range(3):
        seating = _seat(api, tid, org)
        for k in range(1, len(seating["tables"]) + 1):
            _result(api, tid, org, seating, k)
    assert [i["kind"] for i in _finish(api, tid, org).body["details"]["open"]] == [
        "final_not_played"]
    final = api.post(f"/v1/tournaments/{tid}/tables/final", token=org).body
    assert _kinds(_finish(api, tid, org))["final_open"]["stage"] == "seat_choice"
    for pid in reversed(final["qualifiers"]):
        placed = api.post(f"/v1/tournaments/{tid}/tables/final/cards", {"position": 0},
                          token=tokens[pid]).body
    assert _kinds(_finish(api, tid, org))["final_open"]["stage"] == "result"
    vp = dict(zip(placed["seating"], (3, 1, 1, 0, 0), strict=True))
    assert api.post(f"/v1/tournaments/{tid}/tables/final/result", {"vp": vp},
                    token=org).status == 200
    # Play is done: ending it "incomplete" is refused, a plain finish is not.
    assert _finish(api, tid, org, EARLY).body["error"] == "play_complete"
    done = _finish(api, tid, org)
    assert done.status == 200 and done.body["incomplete"] is None


def _enter_all(api, tid, org, matches):
    for m in matches:
        if m.get("a") and m.get("b") and m.get("status") != "final":
            r = api.post(f"/v1/tournaments/{tid}/swiss/matches/{m['match_id']}/result",
                         {"a": m.get("best_of", 1) // 2 + 1, "b": 0}, token=org)
            assert r.status == 200, r.body


def test_swiss_round_open_and_rounds_not_played_are_refused(api):
    event = api.ready("munchkin", "booster-draft", players=8)       # 3 rounds, no cut
    tid, org = event["tid"], event["organizer"]
    open_ = _kinds(_finish(api, tid, org))                  # before round 1: the plan
    assert open_["rounds_not_played"]["rounds"] == [1, 2, 3]
    first = api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org).body
    _enter_all(api, tid, org, first["matches"])
    second = api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org).body
    _enter_all(api, tid, org, second["matches"][1:])
    before = _event_count(api, tid, org)
    open_ = _kinds(_finish(api, tid, org))
    assert open_["round_open"]["round"] == 2
    assert open_["round_open"]["matches"] == [second["matches"][0]["match_id"]]
    assert open_["rounds_not_played"] == {**open_["rounds_not_played"], "rounds": [3],
                                          "planned": 3}
    assert "top_cut_not_played" not in open_
    assert _event_count(api, tid, org) == before
    _enter_all(api, tid, org, second["matches"][:1])
    third = api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org).body
    _enter_all(api, tid, org, third["matches"])
    done = _finish(api, tid, org)
    assert done.status == 200, done.body
    report = api.get(f"/v1/tournaments/{tid}/report", token=org).body
    assert report["incomplete"] is None and len(report["rounds"]) == 3


def test_swiss_top_cut_planned_and_unfinished(api):
    event = api.ready("munchkin", "booster-draft", players=10)      # 4 rounds, top 4
    tid, org = event["tid"], event["organizer"]
    for _ in range(4):
        paired = api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org).body
        _enter_all(api, tid, org, paired["matches"])
    assert _kinds(_finish(api, tid, org))["top_cut_not_played"]["size"] == 4
    assert api.post(f"/v1/tournaments/{tid}/swiss/top-cut", token=org).status == 201
    bracket = api.get(f"/v1/tournaments/{tid}/swiss/bracket").body
    semis = bracket["rounds"][0]["matches"]
    _enter_all(api, tid, org, semis)
    open_ = _kinds(_finish(api, tid, org))
    assert open_["top_cut_open"]["matches"] == [bracket["rounds"][1]["matches"][0]["match_id"]]
    done = _finish(api, tid, org, {"incomplete": True, "reason": "finalists split the prize"})
    assert done.status == 200 and done.body["incomplete"]["open"][0]["kind"] == "top_cut_open"
    report = api.get(f"/v1/tournaments/{tid}/report", token=org).body
    assert report["incomplete"]["reason"] == "finalists split the prize"
    assert report["final"]["champion"] is None


def test_free_for_all_players_without_a_pod_result(api):
    event = api.ready("mtg", "sealed", players=6)                    # pod-ffa, no draft
    tid, org = event["tid"], event["organizer"]
    ids = [p["player_id"] for p in event["players"]]
    url = f"/v1/tournaments/{tid}/ffa/pods/{{}}/result"
    assert api.post(url.format(1), {"winner": ids[0], "eliminated": [ids[2], ids[1]]},
                    token=org).status == 200
    open_ = _kinds(_finish(api, tid, org))
    assert open_["players_without_result"]["players"] == ids[3:]
    assert api.post(url.format(2), {"winner": ids[3], "eliminated": [ids[5], ids[4]]},
                    token=org).status == 200
    assert _finish(api, tid, org).status == 200
