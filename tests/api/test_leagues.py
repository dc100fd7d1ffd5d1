"""Store leagues and seasons: points per event by the store's table, season standings
(best events), the invitation list."""
from __future__ import annotations

from tests.api.test_ledger import podium_event
from tests.api.test_reports import federation

TABLE = {"1": 10, "2": 6, "3": 4}


def test_a_store_season_ranks_its_players_by_the_stores_table(api):
    org = api.organizer()
    members = [f"10000{i:02d}" for i in range(1, 11)]
    events = [podium_event(api, members, org), podium_event(api, members[2:] + ["1000099"],
                                                             org)]
    podium_event(api, members)                          # another store's event
    body = {"name": "Winter", "game": "vtes", "starts": "2026-11-01", "ends": "2027-02-28",
            "points": TABLE, "attendance": 1, "best_of": 1, "invitations": 3}
    r = api.post("/v1/leagues", body, token=org)
    assert r.status == 201, r.body
    lid = r.body["league_id"]
    season = api.get(f"/v1/leagues/{lid}").body
    assert sorted(e["tournament_id"] for e in season["events"]) == sorted(events)
    fed = federation(api)
    best: dict[str, int] = {}
    for tid in events:
        for row in api.get(f"/v1/tournaments/{tid}/report", token=fed).body["standings"]["rows"]:
            points = 1 + TABLE.get(str(row["rank"]), 0)
            best[row["member_id"]] = max(best.get(row["member_id"], 0), points)
    got = {row["player"]: row["points"] for row in season["standings"]}
    assert {r["player"] for r in season["skill"]} == set(best)
    assert all(r["games"] >= 3 for r in season["skill"])
    assert got == best
    ordered = sorted(best.items(), key=lambda kv: (-kv[1], kv[0]))
    assert [row["player"] for row in season["standings"]] == [m for m, _ in ordered]
    ranks = {row["player"]: row["rank"] for row in season["standings"]}
    assert season["invited"] == [m for m, _ in ordered if ranks[m] <= 3]
    bad = api.post("/v1/leagues", {**body, "ends": "2026-10-01"}, token=org)
    assert (bad.status, bad.body["error"]) == (422, "invalid_league")
    assert api.post("/v1/leagues", body, token=fed).status == 403
    assert api.get("/v1/leagues/l000000000000").status == 404


def test_the_seasons_skill_rating_rates_tables_and_matches():
    """Plackett-Luce over the games in order: a table's top scorer gains, its last
    loses; a Swiss match's winner gains what its loser loses; equal VP tie."""
    from chalicelib.application import skill
    report = {"rounds": [
        {"round": 1, "tables": [{"table": 1, "seats": [
            {"player_id": "a", "vp_halves": 6}, {"player_id": "b", "vp_halves": 2},
            {"player_id": "c", "vp_halves": 2}, {"player_id": "d", "vp_halves": 0}]}]},
        {"round": 2, "matches": [{"a": "a", "b": "d", "score": {"a": 0, "b": 2}}]}],
        "final": None}
    games = skill.games(report, lambda p: p.upper())
    assert games == [[("A", 1), ("B", 2), ("C", 2), ("D", 3)], [("A", 2), ("D", 1)]]
    first = {r["player"]: r["mu"] for r in skill.ratings(games[:1])}
    assert first["A"] > first["B"] == first["C"] > first["D"]
    rows = {r["player"]: r for r in skill.ratings(games)}
    assert rows["D"]["mu"] > first["D"] and rows["A"]["mu"] < first["A"]
    assert rows["A"]["games"] == 2 and rows["B"]["games"] == 1
    assert [r["player"] for r in skill.ratings(games)] == [
        r["player"] for r in sorted(rows.values(), key=lambda r: -r["ordinal"])]
    assert skill.ratings(games) == skill.ratings(games)          # deterministic
