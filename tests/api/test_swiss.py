"""A whole Swiss event through HTTP: pairings, phone reports, judge entries, a correction,
a drop with a bye, standings with tiebreakers, the top cut; and refusals that record
nothing."""
from __future__ import annotations

from chalicelib.domain.swiss import SWISS
from chalicelib.domain.swiss.standings import standings as standings_of


def _event_count(rt, tid: str) -> int:
    """Events of every Swiss stream of the tournament (each match has its own)."""
    return sum(1 for e in rt.events.all_events()
               if e.stream_id.startswith((f"swiss-{tid}", f"match-{tid}-")))


def _tokens(event) -> dict[str, str]:
    return {p["player_id"]: p["token"] for p in event["players"]}


def _play_by_phone(api, tid: str, round_body: dict, tokens: dict[str, str]) -> None:
    """Player a reports a 1-0 win on odd tables, a 0-1 loss on even ones; b confirms."""
    for m in round_body["matches"]:
        score = {"a": 1, "b": 0} if m["table"] % 2 else {"a": 0, "b": 1}
        r = api.post(f"/v1/tournaments/{tid}/swiss/matches/{m['match_id']}/result", score,
                     token=tokens[m["a"]])
        assert r.status == 200 and r.body["status"] == "reported", r.body
        r = api.post(f"/v1/tournaments/{tid}/swiss/matches/{m['match_id']}/confirm",
                     token=tokens[m["b"]])
        assert r.status == 200 and r.body["status"] == "final", r.body


def test_munchkin_swiss_event_end_to_end(api, rt):
    event = api.ready("munchkin", "booster-draft", players=10)
    tid, org, tokens = event["tid"], event["organizer"], _tokens(event)
    judge = api.post(f"/v1/tournaments/{tid}/judges", {"name": "Jo"}, token=org).body["token"]
    assert api.get(f"/v1/tournaments/{tid}/swiss").status == 404

    first = api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org)
    assert first.status == 201, first.body
    assert first.body["bye"] is None and len(first.body["matches"]) == 5
    assert [m["table"] for m in first.body["matches"]] == [1, 2, 3, 4, 5]
    overview = api.get(f"/v1/tournaments/{tid}/swiss").body
    assert (overview["planned_rounds"], overview["planned_cut"]) == (4, 4)   # 9-16 players
    assert overview["tiebreakers"] == "munchkin-sos" and overview["points"]["bye"] == 2

    _play_by_phone(api, tid, first.body, tokens)
    round1 = api.get(f"/v1/tournaments/{tid}/swiss/rounds/1").body
    assert round1["closed"] and all(m["status"] == "final" for m in round1["matches"])
    assert set(round1["names"]) == set(tokens)
    standings = api.get(f"/v1/tournaments/{tid}/swiss/standings").body
    assert standings["round"] == 1 and standings["total"] == 10
    assert [r["points"] for r in standings["rows"]] == [2] * 5 + [0] * 5
    assert standings["tiebreak_chain"] == "munchkin-sos"
    assert standings["tiebreakers"] == [
        "defeated_score", "defeated_by_score", "first_defeat_round", "coin"]
    assert set(standings["rows"][0]["tiebreakers"]) == set(standings["tiebreakers"][:3])

    second = api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=judge).body
    winners = {r["player_id"] for r in standings["rows"][:5]}
    top = second["matches"][0]
    assert {top["a"], top["b"]} <= winners                     # equal scores meet
    # A judge enters one result directly; the players report the rest.
    entered = api.post(f"/v1/tournaments/{tid}/swiss/matches/{top['match_id']}/result",
                       {"a": 1, "b": 0}, token=judge)
    assert entered.status == 200 and entered.body["status"] == "final"
    _play_by_phone(api, tid, {"matches": second["matches"][1:]}, tokens)

    # A round-1 result was swapped on the slip: the judge corrects it after round 2.
    m = first.body["matches"][0]
    before = {r["player_id"]: r["points"] for r in
              api.get(f"/v1/tournaments/{tid}/swiss/standings?round=1").body["rows"]}
    fixed = api.post(f"/v1/tournaments/{tid}/swiss/matches/{m['match_id']}/correction",
                     {"a": 0, "b": 1, "reason": "slip swapped"}, token=judge)
    assert fixed.status == 200 and fixed.body["corrected"] is True
    after = {r["player_id"]: r["points"] for r in
             api.get(f"/v1/tournaments/{tid}/swiss/standings?round=1").body["rows"]}
    assert (before[m["a"]], before[m["b"]]) == (2, 0) and (after[m["a"]], after[m["b"]]) == (0, 2)
    assert rt.events.read(f"swiss-{tid}")[-1].type == "ResultCorrected"

    # A player drops between rounds: nine left, so one bye, and not for the dropper.
    dropper = standings["rows"][-1]["player_id"]
    assert api.post(f"/v1/tournaments/{tid}/players/{dropper}/drop",
                    token=tokens[dropper]).status == 200
    third = api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org).body
    after2 = api.get(f"/v1/tournaments/{tid}/swiss/standings").body["rows"]
    assert next(r for r in after2 if r["player_id"] == dropper)["dropped"] is True
    seated = {p for x in third["matches"] for p in (x["a"], x["b"])}
    assert third["bye"] and dropper not in seated | {third["bye"]} and len(seated) == 8
    _play_by_phone(api, tid, third, tokens)
    fourth = api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org).body
    assert fourth["bye"] != third["bye"]                       # never two byes
    _play_by_phone(api, tid, fourth, tokens)
    final_standings = api.get(f"/v1/tournaments/{tid}/swiss/standings").body
    assert final_standings["round"] == 4
    # The projected view agrees with the standings recomputed from the domain state.
    state, _ = rt.service.read(SWISS, tid)
    assert [(r["player_id"], r["points"], r["dropped"]) for r in final_standings["rows"]] == \
        [(s.record.player, s.record.points, s.dropped) for s in standings_of(state)]
    dropped_row = next(r for r in final_standings["rows"] if r["player_id"] == dropper)
    assert dropped_row["dropped"] is True
    assert api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org).status == 409

    cut = api.post(f"/v1/tournaments/{tid}/swiss/top-cut", token=org)
    assert cut.status == 201, cut.body
    seeds = [r["player_id"] for r in final_standings["rows"] if not r["dropped"]][:4]
    assert cut.body["seeds"] == seeds
    semis = cut.body["rounds"][0]["matches"]
    assert [(x["a"], x["b"]) for x in semis] == [(seeds[0], seeds[3]), (seeds[1], seeds[2])]
    for x in semis:
        assert api.post(f"/v1/tournaments/{tid}/swiss/matches/{x['match_id']}/result",
                        {"a": 1, "b": 0}, token=judge).status == 200
    bracket = api.get(f"/v1/tournaments/{tid}/swiss/bracket").body
    final = bracket["rounds"][1]["matches"][0]
    assert bracket["rounds"][1]["best_of"] == 3
    assert (final["a"], final["b"], final["status"]) == (seeds[0], seeds[1], "open")
    short = api.post(f"/v1/tournaments/{tid}/swiss/matches/C2-1/result", {"a": 1, "b": 0},
                     token=tokens[seeds[0]])
    assert short.status == 422 and short.body["error"] == "invalid_result"
    api.post(f"/v1/tournaments/{tid}/swiss/matches/C2-1/result", {"a": 1, "b": 2},
             token=tokens[seeds[0]])
    done = api.post(f"/v1/tournaments/{tid}/swiss/matches/C2-1/confirm", token=tokens[seeds[1]])
    assert done.status == 200
    assert api.get(f"/v1/tournaments/{tid}/swiss/bracket").body["champion"] == seeds[1]
    assert api.get(f"/v1/tournaments/{tid}/swiss").body["top_cut"]["champion"] == seeds[1]


def test_refusals_are_clear_and_record_nothing(api, rt):
    event = api.ready("munchkin", "booster-draft", players=4)
    tid, org, tokens = event["tid"], event["organizer"], _tokens(event)
    url = f"/v1/tournaments/{tid}/swiss"
    player = next(iter(tokens.values()))
    assert api.post(f"{url}/rounds").status == 401
    assert api.post(f"{url}/rounds", token=player).status == 403
    assert api.post(f"{url}/rounds", {"pods": {"nobody": 1}}, token=org).status == 404
    assert api.post(f"{url}/rounds", {"oops": 1}, token=org).status == 422
    assert api.post(f"{url}/rounds", raw=b"{not json", token=org).status == 400
    assert _event_count(rt, tid) == 0
    paired = api.post(f"{url}/rounds", token=org).body
    m1, m2 = paired["matches"]
    count = _event_count(rt, tid)
    refusals = [
        (f"{url}/matches/{m1['match_id']}/result", {"a": 1, "b": 1}, tokens[m1["a"]], 422),
        (f"{url}/matches/{m1['match_id']}/result", {"a": 0, "b": 0, "draws": 1},
         tokens[m1["a"]], 422),                                 # Munchkin has no draws
        (f"{url}/matches/{m1['match_id']}/result", {"a": 1, "b": 0}, tokens[m2["a"]], 403),
        (f"{url}/matches/R9-1/result", {"a": 1, "b": 0}, tokens[m1["a"]], 404),
        (f"{url}/matches/bogus/result", {"a": 1, "b": 0}, tokens[m1["a"]], 404),
        (f"{url}/matches/{m1['match_id']}/result", {"a": -1, "b": 0}, tokens[m1["a"]], 422),
        (f"{url}/matches/{m1['match_id']}/confirm", None, tokens[m1["b"]], 409),
        (f"{url}/matches/{m1['match_id']}/correction", {"a": 1, "b": 0, "reason": "x"},
         tokens[m1["a"]], 403),
        (f"{url}/matches/{m1['match_id']}/correction", {"a": 1, "b": 0, "reason": "x"}, org, 409),
        (f"{url}/rounds", None, org, 409),                     # round 1 still open
        (f"{url}/top-cut", None, org, 409),
        (f"{url}/structure", {"top_cut": 3}, org, 422),
    ]
    for path, body, token, status in refusals:
        r = api.post(path, body, token=token)
        assert r.status == status, (path, body, r.body)
        assert set(r.body) == {"error", "message", "details", "request_id"}
    open_round = api.post(f"{url}/rounds", token=org).body
    assert open_round["details"]["count"] == 2
    api.post(f"{url}/matches/{m1['match_id']}/result", {"a": 1, "b": 0}, token=tokens[m1["a"]])
    count += 1
    assert api.post(f"{url}/matches/{m1['match_id']}/confirm",
                    token=tokens[m1["a"]]).status == 403          # not your own report
    clash = api.post(f"{url}/matches/{m1['match_id']}/result", {"a": 0, "b": 1},
                     token=tokens[m1["b"]])
    assert clash.status == 409 and clash.body["details"]["reported"] == {"a": 1, "b": 0, "draws": 0}
    assert _event_count(rt, tid) == count
    assert api.get(f"{url}/standings").status == 404               # no round finished
    assert api.get(f"{url}/rounds/7").status == 404
    assert api.get(f"{url}/bracket").status == 404


def test_other_structures_and_unstarted_tournaments_are_refused(api):
    event = api.started("vtes", "booster-draft", players=4)
    r = api.post(f"/v1/tournaments/{event['tid']}/swiss/rounds", token=event["organizer"])
    assert r.status == 409 and r.body["error"] == "wrong_structure" and "swiss" in r.body["message"]
    org = api.organizer()
    tid = api.tournament(org, "mtg", "booster-draft", structure="swiss")["tournament_id"]
    api.register(tid, "Ann")
    api.register(tid, "Bob")
    assert api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org).status == 409


def test_hack_pairs_within_drafting_pods(api):
    event = api.started("hack", "booster-draft", players=8)
    tid, org = event["tid"], event["organizer"]
    ids = [p["player_id"] for p in event["players"]]
    api.draft(event, pods=[ids[:4], ids[4:]])      # the draft's pods are the pairing pods
    pods = {pid: (0 if i < 4 else 1) for i, pid in enumerate(ids)}
    r = api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org)
    assert r.status == 201
    assert all(pods[m["a"]] == pods[m["b"]] for m in r.body["matches"])
    assert r.body["matches"][0]["best_of"] == 3
    overview = api.get(f"/v1/tournaments/{tid}/swiss").body
    assert overview["planned_rounds"] == 3 and overview["pair_within_pods"] is True


def test_hack_structure_keeps_its_three_rounds(api):
    """.hack//ENEMY: "at least three rounds of Swiss play": asking for two is refused, not
    answered with a structure that is not the one played."""
    event = api.started("hack", "booster-draft", players=8)
    url = f"/v1/tournaments/{event['tid']}/swiss/structure"
    r = api.post(url, {"rounds": 2}, token=event["organizer"])
    assert r.status == 422 and "between 3" in r.body["details"][0]
    r = api.post(url, {"rounds": 4}, token=event["organizer"])
    assert r.status == 200 and r.body["rounds"] == 4


def test_pairing_replayed_with_the_same_idempotency_key(api, rt, restart):
    event = api.ready("mtg", "booster-draft", players=6, structure="swiss")
    tid, org = event["tid"], event["organizer"]
    key = {"Idempotency-Key": "pair-round-one-0001"}
    first = api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org, headers=key)
    again = api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org, headers=key)
    assert first.status == again.status == 201 and first.body == again.body
    assert [e.type for e in rt.events.read(f"swiss-{tid}")] == ["SwissStarted", "RoundPaired"]
    restart()
    view = api.get(f"/v1/tournaments/{tid}/swiss/rounds/1").body
    assert [m["match_id"] for m in view["matches"]] == ["R1-1", "R1-2", "R1-3"]
    assert view["matches"][0]["best_of"] == 3


def test_late_arrival_joins_the_next_round_with_no_points(api):
    event = api.ready("mtg", "booster-draft", players=4, structure="swiss")
    tid, org = event["tid"], event["organizer"]
    first = api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org).body
    for m in first["matches"]:
        api.post(f"/v1/tournaments/{tid}/swiss/matches/{m['match_id']}/result",
                 {"a": 2, "b": 1}, token=org)
    late = api.register(tid, "Late Larry", token=org)["player_id"]
    second = api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org).body
    seated = {p for m in second["matches"] for p in (m["a"], m["b"])} | {second["bye"]}
    assert late in seated and len(seated) == 5 and second["bye"] is not None
    view = api.get(f"/v1/tournaments/{tid}/swiss/rounds/2").body
    assert view["names"][late] == "Late Larry"
    rows = api.get(f"/v1/tournaments/{tid}/swiss/standings?round=1").body["rows"]
    assert late not in {r["player_id"] for r in rows}          # not in round 1's standings
