"""Tournament lifecycle through HTTP."""
from __future__ import annotations

import hashlib


def test_create_register_start_finish_reveals_committed_seed(api):
    org = api.organizer()
    t = api.tournament(org, "vtes", "booster-draft", location="Dragon's Lair")
    tid = t["tournament_id"]
    assert t["status"] == "registration" and t["seed"] is None
    assert t["structure"] == "multiplayer-tables"
    ann = api.register(tid, "Ann", member_id="1000001")
    api.register(tid, "Bob")
    assert api.get(f"/v1/tournaments/{tid}/players").body["players"][0]["name"] == "Ann"
    assert api.get("/v1/me", token=ann["token"]).body["player_id"] == ann["player_id"]
    started = api.post(f"/v1/tournaments/{tid}/start", token=org)
    assert started.status == 200 and started.body["status"] == "running"
    # Two players cannot seat a table: the organizer ends the event with nothing played.
    finished = api.post(f"/v1/tournaments/{tid}/finish",
                        {"incomplete": True, "reason": "too few players"}, token=org).body
    assert finished["incomplete"]["reason"] == "too few players"
    assert hashlib.sha256(finished["seed"].encode()).hexdigest() == t["seed_sha256"]
    assert api.get(f"/v1/tournaments/{tid}").body == finished


def test_member_id_format_is_checked_per_game(api):
    org = api.organizer()
    tid = api.tournament(org, "vtes")["tournament_id"]
    r = api.post(f"/v1/tournaments/{tid}/players", {"name": "Ann", "member_id": "12ab"})
    assert r.status == 422 and r.body["details"][0]["field"] == "member_id"
    assert api.get(f"/v1/tournaments/{tid}/players").body["players"] == []


def test_roles_401_vs_403(api):
    org = api.organizer()
    other = api.organizer("Other store")
    tid = api.tournament(org)["tournament_id"]
    player = api.register(tid, "Ann")
    assert api.post(f"/v1/tournaments/{tid}/start").status == 401
    assert api.post(f"/v1/tournaments/{tid}/start", token="pdm_nonsense").status == 401
    assert api.post(f"/v1/tournaments/{tid}/start", token=other).status == 403
    assert api.post(f"/v1/tournaments/{tid}/start", token=player["token"]).status == 403
    assert api.post("/v1/tournaments", {"name": "x", "game": "vtes", "format": "sealed"},
                    token=player["token"]).status == 403
    assert api.post("/v1/accounts", {"role": "organizer", "name": "x"}, token=org).status == 403


def test_judge_can_drop_and_late_arrival_but_not_finish(api):
    org = api.organizer()
    tid = api.tournament(org)["tournament_id"]
    a, b = api.register(tid, "Ann"), api.register(tid, "Bob")
    judge = api.post(f"/v1/tournaments/{tid}/judges", {"name": "Jo"}, token=org).body["token"]
    assert api.post(f"/v1/tournaments/{tid}/start", token=org).status == 200
    late = api.post(f"/v1/tournaments/{tid}/players", {"name": "Cy"}, token=judge)
    assert late.status == 201 and late.body["player"]["late"] is True
    assert api.post(f"/v1/tournaments/{tid}/players", {"name": "Dee"}).status == 409
    assert api.post(f"/v1/tournaments/{tid}/players/{a['player_id']}/drop",
                    token=b["token"]).status == 403
    dropped = api.post(f"/v1/tournaments/{tid}/players/{a['player_id']}/drop",
                       {"reason": "ill"}, token=a["token"])
    assert dropped.status == 200 and dropped.body["player"]["status"] == "dropped"
    assert api.post(f"/v1/tournaments/{tid}/players/{b['player_id']}/drop",
                    token=judge).status == 200
    assert api.post(f"/v1/tournaments/{tid}/finish", token=judge).status == 403
    summary = api.get(f"/v1/tournaments/{tid}").body
    assert summary["players"] == {"registered": 3, "active": 1, "dropped": 2}


def test_remove_only_before_start(api):
    org = api.organizer()
    tid = api.tournament(org)["tournament_id"]
    a, _, _ = (api.register(tid, n) for n in ("Ann", "Bob", "Cy"))
    assert api.delete(f"/v1/tournaments/{tid}/players/{a['player_id']}", token=org).status == 200
    assert len(api.get(f"/v1/tournaments/{tid}/players").body["players"]) == 2
    api.post(f"/v1/tournaments/{tid}/start", token=org)
    players = api.get(f"/v1/tournaments/{tid}/players").body["players"]
    assert api.delete(f"/v1/tournaments/{tid}/players/{players[0]['player_id']}",
                      token=org).status == 409


def test_settings_override_validated_and_fixed_after_start(api):
    org = api.organizer()
    t = api.tournament(org, settings={"registration": {"max_players": 2}})
    tid = t["tournament_id"]
    assert t["settings"]["registration"]["max_players"] == 2
    bad = api.post(f"/v1/tournaments/{tid}/settings", {"settings": {"registration": {"nope": 1}}},
                   token=org)
    assert bad.status == 422 and bad.body["error"] == "invalid_settings"
    api.register(tid, "Ann"), api.register(tid, "Bob")
    assert api.post(f"/v1/tournaments/{tid}/players", {"name": "Cy"}).status == 409
    ok = api.post(f"/v1/tournaments/{tid}/settings",
                  {"settings": {"registration": {"self_registration": False}}}, token=org)
    assert ok.status == 200 and ok.body["settings"]["registration"]["max_players"] == 2
    api.post(f"/v1/tournaments/{tid}/start", token=org)
    assert api.post(f"/v1/tournaments/{tid}/settings", {"settings": {}}, token=org).status == 409


def test_event_log_for_staff_hides_seed_until_finish_and_never_holds_tokens(api):
    org = api.organizer()
    tid = api.tournament(org)["tournament_id"]
    ann = api.register(tid, "Ann")
    api.register(tid, "Bob")
    assert api.get(f"/v1/tournaments/{tid}/events", token=ann["token"]).status == 403
    log = api.get(f"/v1/tournaments/{tid}/events", token=org).body
    assert [e["type"] for e in log["events"]][:3] == ["TournamentCreated", "PlayerRegistered",
                                                      "PlayerRegistered"]
    assert log["events"][0]["data"]["seed"] is None
    assert ann["token"] not in str(log)
    api.post(f"/v1/tournaments/{tid}/start", token=org)
    api.post(f"/v1/tournaments/{tid}/finish", {"incomplete": True, "reason": "test"}, token=org)
    log = api.get(f"/v1/tournaments/{tid}/events", token=org).body
    assert log["events"][0]["data"]["seed"] is not None


def test_list_filters_and_pages(api):
    org = api.organizer()
    ids = [api.tournament(org, game)["tournament_id"] for game in ("vtes", "mtg", "vtes")]
    page = api.get("/v1/tournaments?game=vtes&limit=1").body
    assert [t["tournament_id"] for t in page["items"]] == [ids[0]] and page["next"]
    rest = api.get(f"/v1/tournaments?game=vtes&limit=5&after={page['next']}").body
    assert [t["tournament_id"] for t in rest["items"]] == [ids[2]] and rest["next"] is None
    assert api.get("/v1/tournaments?limit=0").status == 400


def test_late_arrival_beyond_the_no_final_limit_is_refused_at_registration(api):
    """V:EKN 3.1.6: a tournament begun without a final cannot grow to 8 players; the
    late arrival is refused when registering, not at the next seating."""
    org = api.organizer()
    t = api.tournament(org, "vtes", "sealed", settings={"tables": {"final": "none"}})
    tid = t["tournament_id"]
    for i in range(6):
        api.register(tid, f"P{i}")
    assert api.post(f"/v1/tournaments/{tid}/start", token=org).status == 200
    api.hand_out({"tid": tid, "organizer": org})
    assert api.post(f"/v1/tournaments/{tid}/tables/rounds", token=org).status == 201
    seventh = api.post(f"/v1/tournaments/{tid}/players", {"name": "Late 7"}, token=org)
    assert seventh.status == 201, seventh.body
    before = api.get(f"/v1/tournaments/{tid}/players").body
    eighth = api.post(f"/v1/tournaments/{tid}/players", {"name": "Late 8"}, token=org)
    assert eighth.status == 409 and eighth.body["error"] == "players_limit"
    assert [d["rule"] for d in eighth.body["details"]] == ["V:EKN 3.1.6"]
    assert api.get(f"/v1/tournaments/{tid}/players").body == before
    # a drop frees the place
    gone = before["players"][0]["player_id"]
    assert api.post(f"/v1/tournaments/{tid}/players/{gone}/drop", token=org).status == 200
    assert api.post(f"/v1/tournaments/{tid}/players", {"name": "Late 8"},
                    token=org).status == 201


def test_the_event_log_pages_through_every_stream(api, rt):
    event = api.ready("munchkin", "booster-draft", players=8)
    tid, org = event["tid"], event["organizer"]
    paired = api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org).body
    for m in paired["matches"]:
        api.post(f"/v1/tournaments/{tid}/swiss/matches/{m['match_id']}/result",
                 {"a": 1, "b": 0}, token=org)
    stored = sorted((e.stream_id, e.version) for e in rt.events.all_events()
                    if f"-{tid}" in e.stream_id)
    for size in (1, 3, 50, 5000):
        pages, after = [], None
        while True:
            page = api.get(f"/v1/tournaments/{tid}/events?limit={size}"
                           + (f"&after={after}" if after else ""), token=org).body
            assert len(page["events"]) <= size
            pages += page["events"]
            after = page["next"]
            if after is None:
                break
        assert sorted((e["stream_id"], e["version"]) for e in pages) == stored
        assert len(pages) == len(stored)                       # none twice
    assert api.get(f"/v1/tournaments/{tid}/events?after=bogus", token=org).status == 400
