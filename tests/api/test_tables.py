"""Multiplayer tables (V:EKN 3.1-3.7) and free-for-all pods (MTG 905.3) through HTTP."""
from __future__ import annotations

from collections import Counter

import pytest

from chalicelib.domain.tables import criteria


def seat(api, t, token=None):
    r = api.post(f"/v1/tournaments/{t['tid']}/tables/rounds", token=token or t["organizer"])
    assert r.status == 201, r.body
    return r.body


def report(api, t, rnd, table, vp, token=None):
    return api.post(f"/v1/tournaments/{t['tid']}/tables/rounds/{rnd}/tables/{table}/result",
                    {"vp": vp}, token=token or t["organizer"])


def report_all(api, t, seating):
    for k, table in enumerate(seating["tables"], start=1):
        vp = {p: 0 for p in table}
        vp[table[0]], vp[table[1]] = 2, 1
        assert report(api, t, seating["round"], k, vp).status == 200


def events(api, t):
    return len(api.event_log(t["tid"], t["organizer"]))


def _maximal_fives(n):
    """Most tables of five: the fives are as many as any split into 4s and 5s allows."""
    return max(f for f in range(n // 5 + 1) if (n - 5 * f) % 4 == 0)


def test_group_sizes_for_every_count_from_4_to_200(api):
    for n in range(4, 201):
        body = api.get(f"/v1/tables/plan?players={n}&rounds=3").body
        if n in (6, 7, 11):
            assert body["seatable"] is False and body["table_sizes"] is None
            assert all(set(r["tables"]) <= {4, 5} for r in body["plan"]), n
            continue
        sizes = body["table_sizes"]
        assert body["seatable"] is True and set(sizes) <= {4, 5}, n
        assert sum(sizes) == n and sizes.count(5) == _maximal_fives(n), n
        assert sizes == sorted(sizes, reverse=True), n             # fives first
        assert body["games_per_player"] == 3 and body["equal_games"] is True
        assert [r["tables"] for r in body["plan"]] == [sizes] * 3
    assert api.get("/v1/tables/plan?players=3").status == 400


@pytest.mark.parametrize("n", [4, 5, 6, 7, 8, 9, 11, 13, 17, 23, 50])
def test_round_one_seats_the_planned_tables(api, n):
    plan = api.get(f"/v1/tables/plan?players={n}&rounds=3").body
    t = api.ready("vtes", players=n)
    s = seat(api, t)
    assert sorted((len(x) for x in s["tables"]), reverse=True) == plan["plan"][0]["tables"]
    assert len(s["sitting_out"]) == plan["plan"][0]["sitting_out"]
    seated = [p for x in s["tables"] for p in x] + s["sitting_out"]
    assert sorted(seated) == sorted(p["player_id"] for p in t["players"])
    if plan["seatable"]:
        assert [len(x) for x in s["tables"]] == plan["table_sizes"]


def test_plan_tells_whether_equal_games_are_possible(api):
    body = api.get("/v1/tables/plan?players=7&rounds=4").body
    assert body["equal_games"] is False and body["games_per_player"] is None
    assert 4 not in body["equal_games_rounds"] and 3 in body["equal_games_rounds"]
    assert api.get("/v1/tables/plan?players=7&rounds=3").body["equal_games"] is True
    assert api.get("/v1/tables/plan?players=9&rounds=4").body["equal_games_rounds"] == \
        list(range(1, 13))


def test_seven_players_with_an_extra_round_are_refused(api):
    org = api.organizer()
    t = api.tournament(org, "vtes", "sealed", settings={"tables": {"final": "extra-round"}})
    tid = t["tournament_id"]
    for i in range(7):
        api.register(tid, f"P{i}")
    assert api.post(f"/v1/tournaments/{tid}/start", token=org).status == 200
    api.hand_out({"tid": tid, "organizer": org})
    before = events(api, {"tid": tid, "organizer": org})
    r = api.post(f"/v1/tournaments/{tid}/tables/rounds", token=org)
    assert r.status == 422 and r.body["error"] == "invalid_settings"
    (problem,) = [d for d in r.body["details"] if d["rule"] == "V:EKN 3.1"]
    assert problem["rounds"] == 4 and 4 not in problem["possible_rounds"]
    assert events(api, {"tid": tid, "organizer": org}) == before


def test_no_final_needs_three_preliminary_rounds(api):
    org = api.organizer()
    r = api.post("/v1/tournaments", {"name": "short", "game": "vtes", "format": "sealed",
                                     "settings": {"tables": {"final": "none", "rounds": 2}}},
                 token=org)
    assert r.status == 422, r.body
    assert "three rounds" in str(r.body)


@pytest.mark.parametrize("n,plan", [(6, [4, 4, 4]), (7, [5, 5, 4]), (11, [9, 8, 5])])
def test_sit_out_arrangements_6_7_11(api, n, plan):
    body = api.get(f"/v1/tables/plan?players={n}&rounds=3").body
    assert [r["playing"] for r in body["plan"]] == plan and body["games_per_player"] == 2
    t = api.ready("vtes", players=n)
    games = Counter()
    for r in range(3):
        s = seat(api, t)
        assert sum(len(x) for x in s["tables"]) == plan[r]
        assert len(s["sitting_out"]) == n - plan[r]
        games.update(p for x in s["tables"] for p in x)
        report_all(api, t, s)
    assert set(games.values()) == {2} and len(games) == n


def test_vekn_3_7_4_examples_through_http(api):
    t = api.ready("vtes", players=9)
    s = seat(api, t)
    five, four = s["tables"]
    assert (len(five), len(four)) == (5, 4)
    a, b, c, d, e = five
    r = report(api, t, 1, 1, {a: 1.5, b: 0, c: 1.5, d: 0, e: 0.5})
    assert r.status == 200, r.body
    got = {x["player_id"]: (x["tp"], x["gw"], x["vp_halves"]) for x in r.body["result"]}
    assert got == {a: (54, 0, 3), c: (54, 0, 3), e: (36, 0, 1), b: (18, 0, 0), d: (18, 0, 0)}
    a, b, c, d = four
    r = report(api, t, 1, 2, {a: 1.5, b: 0, c: 0.5, d: 0.5})
    got = {x["player_id"]: (x["tp"], x["place"]) for x in r.body["result"]}
    assert got == {a: (60, 1), c: (36, 2), d: (36, 2), b: (12, 5)}
    view = api.get(f"/v1/tournaments/{t['tid']}/tables/rounds/1").body
    assert [x["result"] is not None for x in view["tables"]] == [True, True]
    assert [v["rule"] for v in view["violations"]] == [f"R{i}" for i in range(1, 10)]
    assert all(v["count"] == 0 for v in view["violations"])
    rows = api.get(f"/v1/tournaments/{t['tid']}/tables/standings").body["standings"]
    assert rows[0]["tp"] == 60 and rows[0]["vp_halves"] == 3


def test_impossible_tables_refused_and_nothing_recorded(api):
    t = api.ready("vtes", players=8)
    s = seat(api, t)
    table = s["tables"][0]
    before = events(api, t)
    bad = [
        {p: 1.25 for p in table},                      # not in halves
        {**{p: 0 for p in table}, table[0]: 5},        # 5 VP at a table of 4
        {**{p: 0 for p in table}, table[0]: -0.5},     # negative
        {p: 0 for p in table[:3]},                     # a player missing
        {**{p: 0 for p in table}, s["tables"][1][0]: 0},  # a player from another table
    ]
    for vp in bad:
        r = report(api, t, 1, 1, vp)
        assert r.status == 422, r.body
        assert r.body["error"] == "invalid_result" and r.body["details"]
    assert report(api, t, 1, 1, {p: "two" for p in table}).status == 422
    assert report(api, t, 1, 3, {p: 0 for p in table}).status == 404
    assert report(api, t, 2, 1, {p: 0 for p in table}).status == 404
    assert events(api, t) == before
    assert api.post(f"/v1/tournaments/{t['tid']}/tables/rounds", token=t["organizer"]).status == 409


def test_roles_swap_and_violations_recomputed(api):
    t = api.ready("vtes", players=8)
    player = t["players"][0]
    tid = t["tid"]
    assert api.post(f"/v1/tournaments/{tid}/tables/rounds").status == 401
    assert api.post(f"/v1/tournaments/{tid}/tables/rounds", token=player["token"]).status == 403
    s = seat(api, t)
    report_all(api, t, s)
    s2 = seat(api, t)
    first, second = s2["tables"]
    rules = [f"R{i}" for i in range(1, 10)]

    def swapped(a, b):
        return [[b if p == a else a if p == b else p for p in x] for x in s2["tables"]]
    before = dict(zip(rules, criteria.counts([s["tables"], s2["tables"]]), strict=True))
    assert {v["rule"]: v["count"] for v in api.get(
        f"/v1/tournaments/{tid}/tables/rounds/2").body["violations"]} == before
    # a swap across the tables that changes the violations (the seating was optimised)
    a, b = next((x, y) for x in first for y in second
                if criteria.counts([s["tables"], swapped(x, y)]) != list(before.values()))
    r = api.post(f"/v1/tournaments/{tid}/tables/rounds/2/swap",
                 {"players": [a, b]}, token=t["organizer"])
    assert r.status == 200
    assert r.body["tables"] == swapped(a, b)
    view = api.get(f"/v1/tournaments/{tid}/tables/rounds/2").body
    assert [[x["player_id"] for x in table["seats"]] for table in view["tables"]] == \
        swapped(a, b)
    counts = {v["rule"]: v["count"] for v in view["violations"]}
    assert counts == dict(zip(rules, criteria.counts([s["tables"], swapped(a, b)]), strict=True))
    assert counts != before
    assert {v["rule"]: v["count"] for v in r.body["violations"]} == counts
    index = api.get(f"/v1/tournaments/{tid}/tables").body
    assert index["rounds"][1]["violations"] == counts
    assert api.post(f"/v1/tournaments/{tid}/tables/rounds/2/swap",
                    {"players": [first[0], first[0]]}, token=t["organizer"]).status == 422
    assert api.post(f"/v1/tournaments/{tid}/tables/rounds/1/swap",
                    {"players": [first[0], second[0]]}, token=t["organizer"]).status == 409
    assert api.post(f"/v1/tournaments/{tid}/tables/rounds/2/swap",
                    {"players": [first[0], second[0]]}, token=player["token"]).status == 403


def test_drops_and_late_arrivals_between_rounds(api):
    t = api.ready("vtes", players=9)
    tid = t["tid"]
    report_all(api, t, seat(api, t))
    gone = t["players"][0]
    assert api.post(f"/v1/tournaments/{tid}/players/{gone['player_id']}/drop",
                    token=gone["token"]).status == 200
    late = api.register(tid, "Late", token=t["organizer"])
    late2 = api.register(tid, "Later", token=t["organizer"])
    s = seat(api, t)
    seated = {p for x in s["tables"] for p in x}
    assert gone["player_id"] not in seated
    assert {late["player_id"], late2["player_id"]} <= seated and len(seated) == 10


def test_final_seat_choice_example_3_1_3_through_http(api):
    t = api.ready("vtes", players=10)
    tid, org = t["tid"], t["organizer"]
    tokens = {p["player_id"]: p["token"] for p in t["players"]}
    assert api.post(f"/v1/tournaments/{tid}/tables/final", token=org).status == 409
    for _ in range(3):
        report_all(api, t, seat(api, t))
    assert api.post(f"/v1/tournaments/{tid}/tables/rounds", token=org).status == 409
    r = api.post(f"/v1/tournaments/{tid}/tables/final", token=org)
    assert r.status == 201
    q = r.body["qualifiers"]
    standings = api.get(f"/v1/tournaments/{tid}/tables/standings").body
    assert [row["player"] for row in standings["standings"][:5]] == q
    p1, p2, p3, p4, p5 = q
    outsider = next(p for p in tokens if p not in q)
    cards = f"/v1/tournaments/{tid}/tables/final/cards"
    assert api.post(cards, {"position": 0}, token=tokens[p1]).status == 409  # out of turn
    assert api.post(cards, {"position": 0}, token=tokens[outsider]).status == 409
    assert api.post(cards, {"position": 0}, token=tokens[p5]).body["row"] == [p5]
    assert api.post(cards, {"position": 1}, token=tokens[p4]).body["row"] == [p5, p4]
    assert api.post(cards, {"position": 0}, token=tokens[p3]).body["row"] == [p3, p5, p4]
    assert api.post(cards, {"position": 4}, token=tokens[p2]).status == 422
    assert api.post(cards, {"position": 2}, token=tokens[p2]).body["row"] == [p3, p5, p2, p4]
    last = api.post(cards, {"position": 3}, token=tokens[p1]).body
    assert last["row"] == [p3, p5, p2, p1, p4] and last["next"] is None
    seating, first = last["seating"], last["first_player"]
    k = last["row"].index(first)
    assert seating == last["row"][k:] + last["row"][:k]
    final = api.get(f"/v1/tournaments/{tid}/tables/final").body
    assert final["seating"] == seating and final["row"] == last["row"]
    result = api.post(f"/v1/tournaments/{tid}/tables/final/result",
                      {"vp": {p1: 0, p2: 2, p3: 2, p4: 1, p5: 0}}, token=org)
    assert result.status == 200
    assert result.body["standings"][0] == {"player": p2, "rank": 1, "vp_halves": 4}
    assert {row["rank"] for row in result.body["standings"][1:]} == {2}
    end = api.get(f"/v1/tournaments/{tid}/tables/standings").body
    assert end["final"][0]["player"] == p2 and end["finalists"] == q


def test_no_final_option_limits(api):
    org = api.organizer()
    t = api.tournament(org, "vtes", "sealed", settings={"tables": {"final": "none"}})
    tid = t["tournament_id"]
    for i in range(8):
        api.register(tid, f"P{i}")
    api.post(f"/v1/tournaments/{tid}/start", token=org)
    api.hand_out({"tid": tid, "organizer": org})
    r = api.post(f"/v1/tournaments/{tid}/tables/rounds", token=org)
    assert r.status == 422 and r.body["error"] == "invalid_settings"


def test_ffa_pods(api):
    t = api.ready("mtg", players=6)
    tid, org = t["tid"], t["organizer"]
    ids = [p["player_id"] for p in t["players"]]
    url = f"/v1/tournaments/{tid}/ffa/pods/{{}}/result"
    r = api.post(url.format(1), {"winner": ids[0], "eliminated": [ids[2], ids[1]]}, token=org)
    assert r.status == 200, r.body
    assert [p["player"] for p in r.body["places"]] == [ids[0], ids[1], ids[2]]
    assert api.post(url.format(2), {"winner": ids[3], "eliminated": [ids[0]]},
                    token=org).status == 409
    assert api.post(url.format(2), {"winner": ids[3], "eliminated": [ids[3]]},
                    token=org).status == 422
    assert api.post(url.format(2), {"winner": ids[3], "eliminated": [ids[4]]},
                    token=t["players"][3]["token"]).status == 403
    api.post(url.format(2), {"winner": ids[3], "eliminated": [ids[5], ids[4]]}, token=org)
    body = api.get(f"/v1/tournaments/{tid}/ffa").body
    assert [(r["player"], r["rank"]) for r in body["standings"]][:2] == [(ids[0], 1), (ids[3], 1)]
    # tables routes refuse a pod-ffa tournament
    assert api.post(f"/v1/tournaments/{tid}/tables/rounds", token=org).status == 409


def test_players_report_option_and_sit_out_swap(api):
    org = api.organizer()
    t = api.tournament(org, "vtes", "sealed", settings={"tables": {"players_report": True}})
    tid = t["tournament_id"]
    roster = [api.register(tid, f"P{i}") for i in range(7)]
    api.post(f"/v1/tournaments/{tid}/start", token=org)
    ctx = {"tid": tid, "organizer": org}
    api.hand_out(ctx)
    s = seat(api, ctx)
    assert len(s["sitting_out"]) == 2 and s["violations"][0]["rule"] == "R1"
    tokens = {p["player_id"]: p["token"] for p in roster}
    table = s["tables"][0]
    out = s["sitting_out"][0]
    # a player sitting out takes a seat, the seated player sits out
    r = api.post(f"/v1/tournaments/{tid}/tables/rounds/1/swap",
                 {"players": [table[2], out]}, token=org)
    assert r.status == 200 and r.body["tables"][0][2] == out and table[2] in r.body["sitting_out"]
    table = r.body["tables"][0]
    vp = {p: 0 for p in table}
    vp[table[0]] = 3
    assert report(api, ctx, 1, 1, vp, token=tokens[r.body["sitting_out"][0]]).status == 403
    r = report(api, ctx, 1, 1, vp, token=tokens[table[1]])
    assert r.status == 200 and r.body["result"][0]["gw"] == 1


def test_views_and_state_survive_a_restart(api, restart):
    t = api.ready("vtes", players=8)
    s = seat(api, t)
    report_all(api, t, s)
    before = api.get(f"/v1/tournaments/{t['tid']}/tables/rounds/1").body
    standings = api.get(f"/v1/tournaments/{t['tid']}/tables/standings").body
    restart()
    assert api.get(f"/v1/tournaments/{t['tid']}/tables/rounds/1").body == before
    assert api.get(f"/v1/tournaments/{t['tid']}/tables/standings").body == standings
    again = seat(api, t)
    assert again["round"] == 2
    key = {"Idempotency-Key": "tables-report-0001-abcdef"}
    table = again["tables"][0]
    vp = {p: 0 for p in table}
    first = api.post(f"/v1/tournaments/{t['tid']}/tables/rounds/2/tables/1/result",
                     {"vp": vp}, token=t["organizer"], headers=key)
    replay = api.post(f"/v1/tournaments/{t['tid']}/tables/rounds/2/tables/1/result",
                      {"vp": vp}, token=t["organizer"], headers=key)
    assert first.status == replay.status == 200 and first.body == replay.body
