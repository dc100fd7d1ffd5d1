"""Round-wide extensions (V:EKN 3.1.1 round time limits, 2.8 recorded extra time): every
table or match of the round gets the time, and every deadline the live view, the round
views and the report show includes every extension."""
from __future__ import annotations

from tests.api.test_clock import _tables_event, minutes_between


def test_a_round_wide_extension_moves_every_tables_deadline(api):
    event, seating = _tables_event(api, round_minutes=120)
    tid, org = event["tid"], event["organizer"]
    live = api.get(f"/v1/tournaments/{tid}/live").body["round"]
    base = live["ends_at"]
    r = api.post(f"/v1/tournaments/{tid}/tables/rounds/1/tables/2/extensions",
                 {"minutes": 7, "reason": "ruling"}, token=org)
    assert r.status == 201
    r = api.post(f"/v1/tournaments/{tid}/tables/rounds/1/extensions",
                 {"minutes": 10, "reason": "the venue's power went out"}, token=org)
    assert r.status == 201, r.body
    assert (r.body["target"], r.body["total_minutes"]) == ("T1", 10)
    live = api.get(f"/v1/tournaments/{tid}/live").body["round"]
    assert minutes_between(base, live["ends_at"]) == 10
    by_table = {t["table"]: t["ends_at"] for t in live["tables"]}
    assert minutes_between(base, by_table[1]) == 10                 # the round's time
    assert minutes_between(base, by_table[2]) == 17                 # and its own
    ends = {e["target"]: e["ends_at"] for e in live["extensions"]}
    assert ends == {"T1-2": by_table[2], "T1": live["ends_at"]}
    view = api.get(f"/v1/tournaments/{tid}/tables/rounds/1").body
    assert view["ends_at"] == live["ends_at"] and view["extensions"] == live["extensions"]
    body = {"minutes": 5, "reason": "x"}
    assert api.post(f"/v1/tournaments/{tid}/tables/rounds/2/extensions", body,
                    token=org).body["error"] == "round_not_found"
    assert api.post(f"/v1/tournaments/{tid}/tables/rounds/1/extensions", body,
                    token=event["players"][0]["token"]).status == 403
    for k, table in enumerate(seating["tables"], start=1):
        vp = {p: 0 for p in table}
        vp[table[0]] = len(table) - 1
        assert api.post(f"/v1/tournaments/{tid}/tables/rounds/1/tables/{k}/result",
                        {"vp": vp}, token=org).status == 200
    late = api.post(f"/v1/tournaments/{tid}/tables/rounds/1/extensions", body, token=org)
    assert (late.status, late.body["error"]) == (409, "result_recorded")
    assert api.post(f"/v1/tournaments/{tid}/finish", {"incomplete": True, "reason": "one"},
                    token=org).status == 200
    report = api.get(f"/v1/tournaments/{tid}/report", token=org).body
    assert sorted((e["target"], e["minutes"]) for e in report["time_extensions"]) == [
        ("T1", 10), ("T1-2", 7)]


def test_a_swiss_round_wide_extension(api):
    event = api.ready("munchkin", "booster-draft", players=4,
                      settings={"swiss": {"rounds": 2}})
    tid, org = event["tid"], event["organizer"]
    paired = api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org).body
    before = api.get(f"/v1/tournaments/{tid}/swiss/rounds/1").body["ends_at"]
    first = paired["matches"][0]["match_id"]
    assert api.post(f"/v1/tournaments/{tid}/swiss/matches/{first}/extensions",
                    {"minutes": 4, "reason": "deck check"}, token=org).status == 201
    r = api.post(f"/v1/tournaments/{tid}/swiss/rounds/1/extensions",
                 {"minutes": 10, "reason": "fire alarm"}, token=org)
    assert r.status == 201 and r.body["target"] == "R1", r.body
    view = api.get(f"/v1/tournaments/{tid}/swiss/rounds/1").body
    assert minutes_between(before, view["ends_at"]) == 10
    live = api.get(f"/v1/tournaments/{tid}/live").body["round"]
    assert live["ends_at"] == view["ends_at"]
    assert [minutes_between(before, m["ends_at"]) for m in live["matches"]] == [14, 10]
    for m in paired["matches"]:
        assert api.post(f"/v1/tournaments/{tid}/swiss/matches/{m['match_id']}/result",
                        {"a": 1, "b": 0}, token=org).status == 200
    late = api.post(f"/v1/tournaments/{tid}/swiss/rounds/1/extensions",
                    {"minutes": 1, "reason": "x"}, token=org)
    assert (late.status, late.body["error"]) == (409, "result_recorded")
    assert api.post(f"/v1/tournaments/{tid}/swiss/rounds/9/extensions",
                    {"minutes": 1, "reason": "x"}, token=org).body["error"] == "round_not_found"
