"""V:EKN 2.7: a game or match loss the head judge overturns after it rewrote a reported
result gives that result back by itself (the compensating event), at a V:EKN table and in
a Swiss match; the standings follow. V:EKN 5.1: a disqualification the federation's
review overturns restores the player while the event runs."""
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


def _review(api, tid, penalty_id, decision="overturned"):
    """V:EKN 5.1: the federation reviews the head judge's disqualification."""
    fed = api.post("/v1/accounts", {"role": "federation", "name": "V:EKN"},
                   token=api.admin_key).body["api_key"]
    r = api.post(f"/v1/tournaments/{tid}/penalties/{penalty_id}/review",
                 {"decision": decision, "note": "video review"}, token=fed)
    assert r.status == 200, r.body
    return r.body


def test_an_overturned_disqualification_restores_the_swiss_player(api):
    event = api.ready("hack", "booster-draft", players=6)
    tid, org = event["tid"], event["organizer"]
    tokens = {p["player_id"]: p["token"] for p in event["players"]}
    paired = api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org).body
    gone = paired["matches"][0]["a"]
    dq = api.post(f"/v1/tournaments/{tid}/penalties", {
        "player_id": gone, "kind": "disqualification", "infraction": "cheating",
        "round": 1, "reason": "marked cards"}, token=org).body      # the head judge (5.1)
    assert dq["applied"]["drop"]["dropped"] is True
    assert _status(api, tid, org)[gone] == "dropped"
    appeal = api.post(f"/v1/tournaments/{tid}/penalties/{dq['penalty_id']}/appeal",
                      {"statement": "I did not"}, token=tokens[gone])   # a dropped token
    assert appeal.status == 409 and appeal.body["error"] == "final_decision"   # 2.7
    decided = _review(api, tid, dq["penalty_id"])
    assert decided["status"] == "overturned" and decided["review"]["decision"] == "overturned"
    assert decided["compensation"] == {
        "reinstated": {"player_id": gone},
        "needs_result": {"round": 1, "match_id": paired["matches"][0]["match_id"]}}
    assert _status(api, tid, org)[gone] == "active"
    for m in paired["matches"][1:]:
        assert api.post(f"/v1/tournaments/{tid}/swiss/matches/{m['match_id']}/result",
                        {"a": 2, "b": 0}, token=org).status == 200
    second = api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org)
    assert second.status == 201, second.body
    assert gone in {p for m in second.body["matches"] for p in (m["a"], m["b"])} | \
        {second.body["bye"]}
    rows = api.get(f"/v1/tournaments/{tid}/swiss/standings").body["rows"]
    assert next(r for r in rows if r["player_id"] == gone)["dropped"] is False


def test_an_overturned_disqualification_seats_the_vekn_player_again(api):
    event = _vtes(api, players=8, judges=1)
    tid, org = event["tid"], event["organizer"]
    tables = _start(api, event)
    gone = tables[0][0]
    for k, table in enumerate(tables, start=1):
        vp = {p: 0 for p in table}
        vp[table[1]] = 4
        assert api.post(f"/v1/tournaments/{tid}/tables/rounds/1/tables/{k}/result",
                        {"vp": vp}, token=org).status == 200
    dq = api.post(f"/v1/tournaments/{tid}/penalties", {
        "player_id": gone, "kind": "disqualification", "infraction": "cheating",
        "reason": "marked cards"}, token=org).body
    assert dq["applied"]["drop"] == {"dropped": True, "round_result": None}
    refused = api.post(f"/v1/tournaments/{tid}/penalties/{dq['penalty_id']}/review",
                       {"decision": "overturned", "note": "x"}, token=org)
    assert refused.status == 403        # the federation reviews, not the organizer
    decided = _review(api, tid, dq["penalty_id"])
    assert decided["compensation"] == {"reinstated": {"player_id": gone}}
    fed = api.post("/v1/accounts", {"role": "federation", "name": "V:EKN 2"},
                   token=api.admin_key).body["api_key"]
    again = api.post(f"/v1/tournaments/{tid}/penalties/{dq['penalty_id']}/review",
                     {"decision": "upheld", "note": "twice"}, token=fed)
    assert again.status == 409 and again.body["error"] == "review_decided"
    warned = api.post(f"/v1/tournaments/{tid}/penalties", {
        "player_id": gone, "kind": "warning", "reason": "slow"}, token=org).body
    assert warned["status"] == "standing"       # no longer disqualified: penalties go on
    not_dq = api.post(f"/v1/tournaments/{tid}/penalties/{warned['penalty_id']}/review",
                      {"decision": "overturned", "note": "x"}, token=fed)
    assert not_dq.status == 409 and not_dq.body["error"] == "not_a_disqualification"
    seated = api.post(f"/v1/tournaments/{tid}/tables/rounds", token=org)
    assert seated.status == 201, seated.body
    assert gone in {p for t in seated.body["tables"] for p in t}


def _status(api, tid, org):
    players = api.get(f"/v1/tournaments/{tid}/players", token=org).body["players"]
    return {p["player_id"]: p["status"] for p in players}
