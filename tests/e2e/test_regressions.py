"""Bugs the whole events found in other capabilities (both fixed since), kept as regression
tests. Open bugs are strict xfails next to the tests that found them (tests/faults/)."""
from __future__ import annotations


def _swiss_event(api, players=4):
    event = api.ready("munchkin", "booster-draft", players=players)
    tid, org = event["tid"], event["organizer"]
    paired = api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org).body
    return event, tid, org, paired


def test_a_drop_in_a_swiss_event_keeps_the_tournament_views_current(api):
    """Regression: the Swiss projection's PlayerDropped handler once also took the
    tournament stream's PlayerDropped and raised, stalling the tournament's views."""
    event, tid, org, _ = _swiss_event(api)
    player = event["players"][0]
    assert api.post(f"/v1/tournaments/{tid}/players/{player['player_id']}/drop",
                    token=player["token"]).status == 200
    assert api.post(f"/v1/tournaments/{tid}/finish", {"incomplete": True,
                    "reason": "round 1 only"}, token=org).status == 200
    summary = api.get(f"/v1/tournaments/{tid}").body
    assert summary["status"] == "finished"
    assert summary["players"]["dropped"] == 1


def test_the_report_of_a_swiss_event_matches_the_spec(api):
    """Regression: the report once gave standings.tiebreakers as a string."""
    _, tid, org, paired = _swiss_event(api)
    for m in paired["matches"]:
        api.post(f"/v1/tournaments/{tid}/swiss/matches/{m['match_id']}/result",
                 {"a": 1, "b": 0}, token=org)
    assert api.post(f"/v1/tournaments/{tid}/finish", {"incomplete": True,
                    "reason": "round 1 only"}, token=org).status == 200
    r = api.get(f"/v1/tournaments/{tid}/report", token=org)   # the client checks the spec
    assert r.status == 200
