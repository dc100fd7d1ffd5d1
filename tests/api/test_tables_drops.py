"""Drops on multiplayer tables through HTTP (V:EKN 3.1.4, 3.3.2, 7.2.6): before the
seating the player is simply not seated; after it they receive a Loss at their table (or,
at the judge's choice, leave a table of five); the federation report carries the Loss."""
from __future__ import annotations


def _seat(api, t):
    r = api.post(f"/v1/tournaments/{t['tid']}/tables/rounds", token=t["organizer"])
    assert r.status == 201, r.body
    return r.body


def _report(api, t, rnd, k, vp):
    return api.post(f"/v1/tournaments/{t['tid']}/tables/rounds/{rnd}/tables/{k}/result",
                    {"vp": vp}, token=t["organizer"])


def _report_all(api, t, seating, skip=()):
    for k, table in enumerate(seating["tables"], start=1):
        if k in skip:
            continue
        vp = {p: 0 for p in table}
        vp[table[0]], vp[table[1]] = 2, 1
        assert _report(api, t, seating["round"], k, vp).status == 200


def _drop(api, t, pid, token, **body):
    return api.post(f"/v1/tournaments/{t['tid']}/players/{pid}/drop", body or None,
                    token=token)


def _count(rt, tid):
    return sum(len(rt.events.read(f"{s}-{tid}")) for s in ("tournament", "tables"))


def test_drop_during_round_one_is_a_loss_and_the_player_is_not_seated_again(api, rt):
    t = api.ready("vtes", players=9)
    tid, org = t["tid"], t["organizer"]
    tokens = {p["player_id"]: p["token"] for p in t["players"]}
    first = _seat(api, t)
    five = next(k for k, tb in enumerate(first["tables"], start=1) if len(tb) == 5)
    table = first["tables"][five - 1]
    leaver = table[3]
    # 7.2.6: in round 1 of a limited event the judge cannot waive the Loss; players
    # cannot choose; the option is for tables only. Nothing is recorded.
    before = _count(rt, tid)
    refused = _drop(api, t, leaver, org, after_seating="unseat")
    assert refused.status == 409 and refused.body["error"] == "loss_required", refused.body
    assert _drop(api, t, leaver, tokens[leaver], after_seating="unseat").status == 403
    assert _drop(api, t, leaver, org, after_seating="forfeit").status in (400, 422)
    assert _count(rt, tid) == before
    assert api.get(f"/v1/tournaments/{tid}").body["players"]["dropped"] == 0

    dropped = _drop(api, t, leaver, tokens[leaver], reason="train to catch")
    assert dropped.status == 200, dropped.body
    assert dropped.body["player"]["status"] == "dropped"
    assert dropped.body["round_result"] == {"round": 1, "table": five, "match_id": None,
                                            "result": "loss"}
    view = api.get(f"/v1/tournaments/{tid}/tables/rounds/1").body
    seats = view["tables"][five - 1]["seats"]
    assert [s["player_id"] for s in seats] == table         # the seat stays
    assert [s["dropped"] for s in seats] == [p == leaver for p in table]

    # The leaver cannot score, may be left out of the report, and is ranked last.
    vp = {p: 0 for p in table}
    vp[table[0]], vp[table[1]], vp[leaver] = 2, 1, 1
    bad = _report(api, t, 1, five, vp)
    assert bad.status == 422 and any(d["loc"] == f"vp.{leaver}" for d in bad.body["details"])
    del vp[leaver]
    scored = _report(api, t, 1, five, vp)
    assert scored.status == 200, scored.body
    rows = {r["player_id"]: r for r in scored.body["result"]}
    assert rows[leaver] == {"player_id": leaver, "vp_halves": 0, "gw": 0, "tp": 12,
                            "place": 5, "dropped": True}
    assert rows[table[0]]["tp"] == 60 and rows[table[1]]["tp"] == 48
    others = [p for p in table if p not in (table[0], table[1], leaver)]
    assert [rows[p]["tp"] for p in others] == [30, 30]       # 3rd and 4th shared, not 5th
    _report_all(api, t, first, skip=(five,))
    view = api.get(f"/v1/tournaments/{tid}/tables/rounds/1").body
    assert view["tables"][five - 1]["result"] == scored.body["result"]

    standings = api.get(f"/v1/tournaments/{tid}/tables/standings").body["standings"]
    row = next(r for r in standings if r["player"] == leaver)
    assert (row["eligible"], row["games"], row["tp"], row["gw"]) == (False, 1, 12, 0)
    assert standings[-1]["player"] == leaver

    second = _seat(api, t)
    assert leaver not in {p for tb in second["tables"] for p in tb} | set(second["sitting_out"])
    assert sum(len(tb) for tb in second["tables"]) == 8
    # Dropping twice is refused.
    assert _drop(api, t, leaver, org).status == 409

    log = api.get(f"/v1/tournaments/{tid}/events", token=org).body["events"]
    assert [e["data"] for e in log if e["type"] == "TablesPlayerDropped"] == [
        {"round": 1, "table": five, "player": leaver, "loss": True}]


def test_drop_before_the_seating_only_leaves_the_player_out(api):
    t = api.ready("vtes", players=10)
    tid, org = t["tid"], t["organizer"]
    gone = t["players"][4]
    # Before round 1 is seated.
    r = _drop(api, t, gone["player_id"], gone["token"])
    assert r.status == 200 and r.body["round_result"] is None
    first = _seat(api, t)
    assert gone["player_id"] not in {p for tb in first["tables"] for p in tb}
    assert first["sitting_out"] == [] and sum(map(len, first["tables"])) == 9
    # Between rounds (round 1 fully reported, round 2 not seated).
    _report_all(api, t, first)
    other = first["tables"][0][0]
    token = next(p["token"] for p in t["players"] if p["player_id"] == other)
    r = _drop(api, t, other, token)
    assert r.status == 200 and r.body["round_result"] is None
    second = _seat(api, t)
    assert other not in {p for tb in second["tables"] for p in tb}
    assert sum(map(len, second["tables"])) == 8
    # After the own table was scored, a drop in a round still open has no consequence.
    _report(api, t, 2, 1, {p: 0 for p in second["tables"][0]})
    done = second["tables"][0][0]
    r = _drop(api, t, done, org)
    assert r.status == 200 and r.body["round_result"] is None
    view = api.get(f"/v1/tournaments/{tid}/tables/rounds/2").body
    assert not any(s["dropped"] for tb in view["tables"] for s in tb["seats"])


def test_judge_may_take_a_leaver_off_a_table_of_five_after_round_one(api, rt):
    t = api.ready("vtes", players=9)
    tid, org = t["tid"], t["organizer"]
    _report_all(api, t, _seat(api, t))
    second = _seat(api, t)
    five = next(k for k, tb in enumerate(second["tables"], start=1) if len(tb) == 5)
    four = 3 - five
    before = _count(rt, tid)
    refused = _drop(api, t, second["tables"][four - 1][0], org, after_seating="unseat")
    assert refused.status == 409 and refused.body["error"] == "loss_required"
    assert _count(rt, tid) == before
    leaver = second["tables"][five - 1][2]
    r = _drop(api, t, leaver, org, after_seating="unseat")
    assert r.status == 200, r.body
    assert r.body["round_result"] == {"round": 2, "table": five, "match_id": None,
                                      "result": "unseated"}
    view = api.get(f"/v1/tournaments/{tid}/tables/rounds/2").body
    table = [s["player_id"] for s in view["tables"][five - 1]["seats"]]
    assert view["tables"][five - 1]["size"] == 4 and leaver not in table
    assert table == [p for p in second["tables"][five - 1] if p != leaver]
    assert _report(api, t, 2, five, {p: 0 for p in table}).status == 200
    assert _report(api, t, 2, five, {p: 0 for p in second["tables"][five - 1]}).status == 422


def test_after_seating_is_refused_outside_multiplayer_tables(api):
    t = api.ready("munchkin", players=4)
    p = t["players"][0]
    r = _drop(api, t, p["player_id"], t["organizer"], after_seating="loss")
    assert r.status == 422 and "multiplayer tables" in r.body["message"]
    assert api.get(f"/v1/tournaments/{t['tid']}").body["players"]["dropped"] == 0


def test_the_federation_report_carries_the_loss(api):
    org = api.organizer()
    tid = api.tournament(org, "vtes", "sealed")["tournament_id"]
    players = [api.register(tid, f"P{i}", token=org, member_id=f"100000{i}") for i in range(8)]
    assert api.post(f"/v1/tournaments/{tid}/start", token=org).status == 200
    t = {"tid": tid, "organizer": org}
    api.hand_out(t)
    seating = _seat(api, t)
    leaver = seating["tables"][1][0]
    token = next(p["token"] for p in players if p["player_id"] == leaver)
    assert _drop(api, t, leaver, token).status == 200
    vp = {p: 0 for p in seating["tables"][1] if p != leaver}
    assert _report(api, t, 1, 2, vp).status == 200
    _report_all(api, t, seating, skip=(2,))
    assert api.post(f"/v1/tournaments/{tid}/finish", {"incomplete": True,
                    "reason": "one round is enough here"}, token=org).status == 200
    fed = api.post("/v1/accounts", {"role": "federation", "name": "V:EKN"},
                   token=api.admin_key).body["api_key"]
    report = api.get(f"/v1/tournaments/{tid}/report", token=fed).body
    seat = next(s for tb in report["rounds"][0]["tables"] for s in tb["seats"]
                if s["player_id"] == leaver)
    assert (seat["gw"], seat["vp"], seat["tp"]) == (0, 0, 12)
    assert next(p for p in report["players"] if p["player_id"] == leaver)["status"] == "dropped"
    row = next(r for r in report["standings"]["rows"] if r["player_id"] == leaver)
    assert row["tp"] == 12 and row is report["standings"]["rows"][-1]
