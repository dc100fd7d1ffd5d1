"""V:EKN 2.7: a game or match loss the head judge overturns after it rewrote a reported
result gives that result back by itself (the compensating event), at a V:EKN table and in
a Swiss match; the standings follow."""
from __future__ import annotations

from tests.api.test_judging import _start, _vtes


def _overturn(api, tid, penalty_id, player_token, head_token):
    url = f"/v1/tournaments/{tid}/penalties/{penalty_id}/appeal"
    assert api.post(url, {"statement": "it was not me"}, token=player_token).status == 201
    r = api.post(f"{url}/decision", {"decision": "overturned", "note": "wrong player"},
                 token=head_token)
    assert r.status == 200, r.body
    return r.body


def test_an_overturned_loss_gives_the_table_its_result_back(api):
    event = _vtes(api, judges=1)
    tid, org = event["tid"], event["organizer"]
    judge = event["judges"][0]["token"]
    tokens = {p["player_id"]: p["token"] for p in event["players"]}
    one, two = _start(api, event)[:2]
    vp = {p: 0 for p in one}
    vp[one[0]], vp[one[1]] = 3, 1
    assert api.post(f"/v1/tournaments/{tid}/tables/rounds/1/tables/1/result", {"vp": vp},
                    token=org).status == 200
    before = {r["player_id"]: r for r in api.get(
        f"/v1/tournaments/{tid}/tables/rounds/1").body["tables"][0]["result"]}
    loss = api.post(f"/v1/tournaments/{tid}/penalties", {
        "player_id": one[0], "kind": "game_loss", "round": 1, "reason": "drew extra"},
        token=judge).body
    assert loss["applied"]["table"]["before"][one[0]] == 6
    zeroed = {r["player_id"]: r for r in api.get(
        f"/v1/tournaments/{tid}/tables/rounds/1").body["tables"][0]["result"]}
    assert zeroed[one[0]]["vp_halves"] == 0 and zeroed[one[0]]["gw"] == 0
    decided = _overturn(api, tid, loss["penalty_id"], tokens[one[0]], org)
    assert decided["status"] == "overturned"
    assert decided["compensation"]["table"]["vp_halves"][one[0]] == 6
    after = {r["player_id"]: r for r in api.get(
        f"/v1/tournaments/{tid}/tables/rounds/1").body["tables"][0]["result"]}
    assert after == before
    # a loss given before the result: the VP scored were never recorded
    early = api.post(f"/v1/tournaments/{tid}/penalties", {
        "player_id": two[0], "kind": "game_loss", "round": 1, "reason": "late"},
        token=judge).body
    decided = _overturn(api, tid, early["penalty_id"], tokens[two[0]], org)
    assert decided["compensation"] == {"needs_result": {"round": 1, "table": 2}}


def test_an_overturned_match_loss_gives_the_swiss_score_back(api):
    event = api.ready("hack", "booster-draft", players=4)
    tid, org = event["tid"], event["organizer"]
    tokens = {p["player_id"]: p["token"] for p in event["players"]}
    judge = api.post(f"/v1/tournaments/{tid}/judges", {"name": "Jo"}, token=org).body["token"]
    paired = api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org).body
    match = paired["matches"][0]
    assert api.post(f"/v1/tournaments/{tid}/swiss/matches/{match['match_id']}/result",
                    {"a": 2, "b": 1}, token=org).status == 200
    loss = api.post(f"/v1/tournaments/{tid}/penalties", {
        "player_id": match["a"], "kind": "match_loss", "round": 1, "reason": "collusion"},
        token=judge).body
    assert loss["applied"]["swiss"]["before"]["a"] == 2
    decided = _overturn(api, tid, loss["penalty_id"], tokens[match["a"]], org)
    assert decided["compensation"]["swiss"]["score"] == {"a": 2, "b": 1, "draws": 0}
    view = api.get(f"/v1/tournaments/{tid}/swiss/rounds/1").body
    shown = next(m for m in view["matches"] if m["match_id"] == match["match_id"])
    assert shown["score"] == {"a": 2, "b": 1, "draws": 0}
