"""Through HTTP, a booster draft whose pods are still opening (the start committed, the
``open-draft-pods`` reaction not run yet, as when the events table's stream has not
delivered it): the summary says ``opening``, a seat, pod or pick answers 409
``pod_opening``, the sweep passes the pod by; once the reaction runs, every pod opens."""
from __future__ import annotations

PODS_OF_4 = {"draft": {"pod_min": 4, "pod_max": 4, "pod_preferred": 4}}


def test_a_pod_still_opening_answers_409_and_shows_as_opening(api, rt):
    setup = api.started("mtg", "booster-draft", players=8, settings=PODS_OF_4)
    tid, org = setup["tid"], setup["organizer"]
    token = {p["player_id"]: p["token"] for p in setup["players"]}
    base = f"/v1/tournaments/{tid}/draft"
    reactor, rt.projector.reactor = rt.projector.reactor, None
    try:
        assert api.post(base, token=org).status == 201
        summary = api.get(base).body
        assert summary["status"] == "opening"
        assert [p["status"] for p in summary["pods"]] == ["opening", "opening"]
        first = summary["pods"][0]["seats"][0]["player_id"]
        for refused in (api.get(f"{base}/pods/1/me", token=token[first]),
                        api.get(f"{base}/pods/1", token=token[first]),
                        api.post(f"{base}/pods/1/picks", {"card": "x"}, token=token[first])):
            assert refused.status == 409 and refused.body["error"] == "pod_opening"
            assert refused.body["details"] == {"tournament_id": tid, "pod": 1}
            assert {k.lower(): v for k, v in refused.headers.items()}["retry-after"] == "1"
        assert api.get(f"{base}/pods/3", token=token[first]).status == 404
        swept = api.post(f"{base}/sweep", token=org).body["pods"]
        assert swept == [{"pod": 1, "auto_picks": 0, "status": "opening"},
                         {"pod": 2, "auto_picks": 0, "status": "opening"}]
    finally:
        rt.projector.reactor = reactor
    rt.projector.catch_up(f"draft-{tid}")           # the stream delivers the start
    me = api.get(f"{base}/pods/1/me", token=token[first])
    assert me.status == 200 and me.body["player"] == first and len(me.body["pack"]) == 15
    assert api.get(base).body["status"] == "drafting"
    assert [e.type for e in rt.events.read(f"pod-{tid}-2")] == ["PodOpened", "RoundOpened"]
