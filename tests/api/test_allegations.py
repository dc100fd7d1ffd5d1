"""Cheating allegations through HTTP (V:EKN 5.1)."""
from __future__ import annotations

from tests.api.test_judging import _pid, _start, _vtes


def test_cheating_allegations_are_decided_by_the_head_judge(api):
    """V:EKN 5.1: a floor judge reports cheating; the head judge decides (a penalty with
    the infraction `cheating`, or dismissed), once."""
    event = _vtes(api, players=8, judges=2)
    tid, org, js = event["tid"], event["organizer"], event["judges"]
    head, floor = js[0], js[1]
    assert api.post(f"/v1/tournaments/{tid}/judging/officials",
                    {"head_judge": head["judge_id"]}, token=org).status == 200
    _start(api, event)
    cheat, other = _pid(event, 2), _pid(event, 3)
    r = api.post(f"/v1/tournaments/{tid}/penalties", {
        "player_id": cheat, "kind": "warning", "infraction": "cheating",
        "reason": "marked sleeves"}, token=floor["token"])
    assert r.status == 403, r.body
    url = f"/v1/tournaments/{tid}/allegations"
    r = api.post(url, {"player_id": cheat, "statement": "marked sleeves", "round": 1},
                 token=floor["token"])
    assert r.status == 201 and r.body["decision"] is None, r.body
    aid = r.body["allegation_id"]
    second = api.post(url, {"player_id": other, "statement": "looked at cards"},
                      token=floor["token"]).body["allegation_id"]
    assert api.get(url, token=event["players"][0]["token"]).status == 403
    decide = f"{url}/{aid}/decision"
    for token in (floor["token"], org):       # the organizer is not the named head judge
        r = api.post(decide, {"decision": "penalized", "kind": "game_loss"}, token=token)
        assert r.status == 403, r.body
    r = api.post(decide, {"decision": "penalized", "kind": "warning", "note": "confirmed"},
                 token=head["token"])
    assert r.status == 200 and r.body["decision"] == "penalized", r.body
    penalty = api.get(f"/v1/tournaments/{tid}/penalties/{r.body['penalty_id']}",
                      token=head["token"]).body
    assert (penalty["infraction"], penalty["kind"], penalty["player_id"]) == (
        "cheating", "warning", cheat)
    again = api.post(decide, {"decision": "dismissed"}, token=head["token"])
    assert (again.status, again.body["error"]) == (409, "allegation_decided")
    r = api.post(f"{url}/{second}/decision", {"decision": "dismissed", "note": "no proof"},
                 token=head["token"])
    assert r.status == 200 and r.body["penalty_id"] is None
    listed = api.get(url, token=floor["token"]).body["items"]
    assert [a["decision"] for a in listed] == ["penalized", "dismissed"]
    assert api.post(f"{url}/alg000/decision", {"decision": "dismissed"},
                    token=head["token"]).status == 404
