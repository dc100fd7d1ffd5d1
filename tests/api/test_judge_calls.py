"""Judge calls and announcements through HTTP: a player calls a judge to their table,
judges see the queue with the ruling judge suggested (V:EKN 2.9), acknowledge and resolve;
the caller's feed follows it; response times; staff announcements on the public feed."""
from __future__ import annotations

import pytest

from chalicelib.application import feeds, judge_calls


@pytest.fixture(autouse=True)
def _immediate(monkeypatch):
    monkeypatch.setenv("PODIUM_FEED_SETTLE_SECONDS", "0")
    monkeypatch.setattr(feeds, "HORIZON_CACHE_SECONDS", 0)


def _seated(api, players=9):
    event = api.ready("vtes", "sealed", players=players)
    tid, org = event["tid"], event["organizer"]
    seated = api.post(f"/v1/tournaments/{tid}/tables/rounds", token=org)
    assert seated.status == 201, seated.body
    return event, seated.body


def test_a_call_from_the_table_to_its_resolution(api, rt, clock):
    event, _ = _seated(api)
    tid, org = event["tid"], event["organizer"]
    judge = api.post(f"/v1/tournaments/{tid}/judges", {"name": "Jo"}, token=org).body
    base = f"/v1/tournaments/{tid}/judge-calls"
    caller = event["players"][0]
    clock.at(1000)
    r = api.post(base, {"reason": "what does this card do"}, token=caller["token"])
    assert r.status == 201, r.body
    call = r.body
    assert call["status"] == "open" and call["round"] == 1 and call["table"] is not None
    organizer_id = api.get(f"/v1/tournaments/{tid}").body["organizer_id"]
    assert call["suggested_judge"] == organizer_id   # no Multi-Judge System: the head judge
    assert api.post(base, {"reason": "again"}, token=caller["token"]).status == 409
    staff_call = api.post(base, {"reason": "deck check", "table": 2}, token=org)
    assert staff_call.status == 201 and staff_call.body["player_id"] is None

    queue = api.get(base, token=judge["token"]).body["calls"]
    assert [c["call_id"] for c in queue] == [call["call_id"], staff_call.body["call_id"]]
    assert api.get(base, token=caller["token"]).status == 403

    clock.at(1042)
    ack = api.post(f"{base}/{call['call_id']}/acknowledge", token=judge["token"])
    assert ack.status == 200 and ack.body["response_seconds"] == 42.0
    assert api.post(f"{base}/{call['call_id']}/acknowledge", token=judge["token"]).status == 409
    clock.at(1100)
    done = api.post(f"{base}/{call['call_id']}/resolve", {"note": "explained"},
                    token=judge["token"])
    assert done.status == 200 and done.body["resolution_seconds"] == 100.0
    assert [c["call_id"] for c in api.get(base, token=org).body["calls"]] == \
        [staff_call.body["call_id"]]
    assert len(api.get(f"{base}?status=all", token=org).body["calls"]) == 2
    assert api.post(base, {"reason": "another one"}, token=caller["token"]).status == 201

    mine = api.get(f"/v1/tournaments/{tid}/players/{caller['player_id']}/feed",
                   token=caller["token"]).body["entries"]
    assert [e["data"]["status"] for e in mine if e["type"] == "judge.call"] == \
        ["open", "acknowledged", "resolved", "open"]
    public = api.get(f"/v1/tournaments/{tid}/feed").body["entries"]
    assert not [e for e in public if e["type"] == "judge.call"]
    times = judge_calls.response_times(_reads(rt), tid)
    assert times["calls"] == 3 and times["acknowledged"]["median"] == 42.0
    assert times["resolved"] == {"count": 1, "median": 100.0, "max": 100.0}
    api.post(f"{base}/{staff_call.body['call_id']}/resolve", token=judge["token"])
    api.post(f"{base}/{call['call_id']}/resolve".replace(call["call_id"],
             api.get(base, token=org).body["calls"][0]["call_id"]), token=judge["token"])
    finished = api.post(f"/v1/tournaments/{tid}/finish",
                        {"incomplete": True, "reason": "the venue closed"}, token=org)
    assert finished.status == 200, finished.body
    report = api.get(f"/v1/tournaments/{tid}/report", token=org).body
    assert report["judge_calls"]["calls"] == 3
    assert report["judge_calls"]["acknowledged"] == {"count": 1, "median": 42.0, "max": 42.0}


def _reads(rt):
    from chalicelib.application.reads import Reads
    return Reads(rt.service, rt.views)


def test_the_suggested_judge_is_not_seated_at_the_table(api):
    """2.9: the first judge of the Multi-Judge System not playing at that table rules."""
    org = api.organizer()
    tid = api.tournament(org, "vtes", "sealed")["tournament_id"]
    players = [api.register(tid, f"Player {i}") for i in range(8)]
    panel = []
    for i in range(6):
        judge = api.post(f"/v1/tournaments/{tid}/judges", {"name": f"J{i}"}, token=org).body
        panel.append({"judge_id": judge["judge_id"], "player_id": players[i]["player_id"]})
    r = api.post(f"/v1/tournaments/{tid}/judging/officials",
                 {"head_judge": panel[0]["judge_id"], "multi_judge": panel}, token=org)
    assert r.status in (200, 201), r.body
    assert api.post(f"/v1/tournaments/{tid}/start", token=org).status == 200
    api.hand_out({"tid": tid, "organizer": org, "players": players})
    assert api.post(f"/v1/tournaments/{tid}/tables/rounds", token=org).status == 201
    public = api.get(f"/v1/tournaments/{tid}/feed").body["entries"]
    tables = next(e for e in public if e["type"] == "round.seated")["data"]["tables"]
    table = next(k for k, seats in enumerate(tables, start=1) if panel[0]["player_id"] in seats)
    call = api.post(f"/v1/tournaments/{tid}/judge-calls", {"reason": "ruling", "table": table},
                    token=org).body
    expected = next(o["judge_id"] for o in panel if o["player_id"] not in tables[table - 1])
    assert call["suggested_judge"] == expected != panel[0]["judge_id"]


def test_announcements_reach_the_public_feed(api):
    event = api.ready("vtes", "sealed", players=4)
    tid, org = event["tid"], event["organizer"]
    url = f"/v1/tournaments/{tid}/announcements"
    assert api.post(url, {"text": "hi"}, token=event["players"][0]["token"]).status == 403
    assert api.post(url, {"text": ""}, token=org).status == 422
    r = api.post(url, {"text": "Round 1 starts in 10 minutes"}, token=org)
    assert r.status == 201 and r.body["text"] == "Round 1 starts in 10 minutes"
    public = api.get(f"/v1/tournaments/{tid}/feed").body["entries"]
    assert [e["data"]["text"] for e in public if e["type"] == "announcement"] == \
        ["Round 1 starts in 10 minutes"]


def test_call_refusals(api):
    event = api.ready("vtes", "sealed", players=5)
    tid, org = event["tid"], event["organizer"]
    base = f"/v1/tournaments/{tid}/judge-calls"
    p = event["players"][0]
    assert api.post(base, {"reason": "help"}, token=p["token"]).status == 404   # not seated
    assert api.post(f"{base}/call000000000000/acknowledge", token=org).status == 404
    assert api.post(base, {"reason": ""}, token=org).status == 422
