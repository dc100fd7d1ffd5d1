"""Two small events played through the API with the judges at work, finished and read as
their public audit log: a Swiss one (a match loss overturned on appeal, a game loss before
the result, a disqualification with its drop, a penalized cheating allegation, a match's
extension) and a V:EKN tables one (a game loss correcting a reported table, one counted
when the table reports, a table's and the round's extensions)."""
from __future__ import annotations

from typing import Any

EARLY = {"incomplete": True, "reason": "the test stops after the first round"}


def _ok(r, status=(200, 201)):
    assert r.status in status, r.body
    return r.body


def _public(api, tid: str) -> dict[str, Any]:
    doc = _ok(api.get(f"/v1/tournaments/{tid}/audit?limit=5000"))
    assert doc["next"] is None
    return doc


def swiss_event(api) -> tuple[dict, dict]:
    """(the public log, what was done: penalty ids, match ids and players)."""
    event = api.ready("hack", "booster-draft", players=8)
    tid, org = event["tid"], event["organizer"]
    base = f"/v1/tournaments/{tid}"
    tokens = {p["player_id"]: p["token"] for p in event["players"]}
    judge = _ok(api.post(f"{base}/judges", {"name": "Jo"}, token=org))["token"]
    matches = _ok(api.post(f"{base}/swiss/rounds", token=org))["matches"]
    m0, m1, m2, m3 = matches[:4]
    _ok(api.post(f"{base}/swiss/matches/{m0['match_id']}/result", {"a": 2, "b": 1}, token=org))
    loss = _ok(api.post(f"{base}/penalties", {"player_id": m0["a"], "kind": "match_loss",
                                               "round": 1, "reason": "marked cards"},
                        token=judge))
    _ok(api.post(f"{base}/penalties/{loss['penalty_id']}/appeal",
                 {"statement": "they were sleeved"}, token=tokens[m0["a"]]))
    _ok(api.post(f"{base}/penalties/{loss['penalty_id']}/appeal/decision",
                 {"decision": "overturned", "note": "the sleeves were new"}, token=org))
    early = _ok(api.post(f"{base}/penalties", {"player_id": m1["b"], "kind": "game_loss",
                                                "round": 1, "reason": "late to the table"},
                         token=judge))
    _ok(api.post(f"{base}/swiss/matches/{m2['match_id']}/extensions",
                 {"minutes": 4, "reason": "a long ruling"}, token=org))
    _ok(api.post(f"{base}/swiss/matches/{m2['match_id']}/result", {"a": 2, "b": 0},
                 token=org))
    dq = _ok(api.post(f"{base}/penalties", {"player_id": m3["a"], "kind": "disqualification",
                                             "round": 1, "reason": "stole a card"},
                      token=org))
    alleged = _ok(api.post(f"{base}/allegations", {"player_id": m3["b"], "round": 1,
                                                    "statement": "peeked at the deck"},
                           token=judge))
    _ok(api.post(f"{base}/allegations/{alleged['allegation_id']}/decision",
                 {"decision": "penalized", "note": "seen by two judges", "kind": "warning"},
                 token=org))
    _ok(api.post(f"{base}/finish", EARLY, token=org))
    return _public(api, tid), {"loss": loss["penalty_id"], "early": early["penalty_id"],
                               "dq": dq["penalty_id"], "matches": matches,
                               "organizer": org}


def tables_event(api) -> tuple[dict, dict]:
    from tests.api.test_judging import _start, _vtes
    event = _vtes(api, judges=1)
    tid, org = event["tid"], event["organizer"]
    base = f"/v1/tournaments/{tid}"
    judge = event["judges"][0]["token"]
    one, two = _start(api, event)[:2]
    vp = {p: 0 for p in one}
    vp[one[0]], vp[one[1]] = 3, 1
    _ok(api.post(f"{base}/tables/rounds/1/tables/1/result", {"vp": vp}, token=org))
    corrected = _ok(api.post(f"{base}/penalties", {"player_id": one[1], "kind": "game_loss",
                                                    "round": 1, "reason": "drew extra"},
                             token=judge))
    counted = _ok(api.post(f"{base}/penalties", {"player_id": two[0], "kind": "game_loss",
                                                  "round": 1, "reason": "insulted a judge"},
                           token=judge))
    _ok(api.post(f"{base}/tables/rounds/1/tables/2/extensions",
                 {"minutes": 6, "reason": "lengthy ruling (2.8)"}, token=org))
    _ok(api.post(f"{base}/tables/rounds/1/extensions",
                 {"minutes": 2, "reason": "fire alarm"}, token=org))
    vp2 = {p: 0 for p in two}
    vp2[two[0]], vp2[two[1]] = 2, 2
    _ok(api.post(f"{base}/tables/rounds/1/tables/2/result", {"vp": vp2}, token=org))
    _ok(api.post(f"{base}/finish", EARLY, token=org))
    return _public(api, tid), {"corrected": corrected["penalty_id"],
                               "counted": counted["penalty_id"], "tables": (one, two),
                               "organizer": org}
