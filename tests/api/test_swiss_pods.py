"""POST /swiss/rounds takes the drafting pods from the booster draft when the profile
pairs within pods and the organizer gives none."""


def _draft_pods(api, tid: str, org: str) -> dict[str, int]:
    r = api.post(f"/v1/tournaments/{tid}/draft", token=org)
    assert r.status == 201
    return {s["player_id"]: pod["pod"] for pod in r.body["pods"] for s in pod["seats"]}


def test_rounds_pair_within_the_draft_pods_without_a_pods_body(api, rt):
    event = api.started("hack", "booster-draft", players=12)
    tid, org = event["tid"], event["organizer"]
    pods = _draft_pods(api, tid, org)
    assert sorted(set(pods.values())) == [1, 2]
    # V:EKN 7.2.6: a late arrival drafts nothing; they form a group of their own (pod 0)
    late = api.register(tid, "Late Lou", token=org)
    assert api.post(f"/v1/tournaments/{tid}/draft/late-arrivals",
                    {"player_id": late["player_id"]}, token=org).status == 201
    r = api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org)
    assert r.status == 201, r.body
    assert r.body["bye"] == late["player_id"]      # the only odd-sized group
    assert all(pods[m["a"]] == pods[m["b"]] for m in r.body["matches"])
    recorded = next(e for e in rt.events.read(f"swiss-{tid}") if e.type == "RoundPaired")
    assert recorded.data["pods"] == {**pods, late["player_id"]: 0}


def test_given_pods_override_the_draft_and_are_remembered(api):
    event = api.started("hack", "booster-draft", players=12)
    tid, org = event["tid"], event["organizer"]
    pods = _draft_pods(api, tid, org)
    mine = {p: (1 if k < 4 else 2 if k < 8 else 3) for k, p in enumerate(sorted(pods))}
    r = api.post(f"/v1/tournaments/{tid}/swiss/rounds", {"pods": mine}, token=org)
    assert r.status == 201 and all(mine[m["a"]] == mine[m["b"]] for m in r.body["matches"])
    for m in r.body["matches"]:
        assert api.post(f"/v1/tournaments/{tid}/swiss/matches/{m['match_id']}/result",
                        {"a": 2, "b": 0}, token=org).status in (200, 201)
    again = api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org)
    assert again.status == 201
    assert all(mine[m["a"]] == mine[m["b"]] for m in again.body["matches"])


def test_no_draft_and_no_pods_lists_every_player_without_a_pod(api, rt):
    event = api.started("hack", "booster-draft", players=8)
    tid, org = event["tid"], event["organizer"]
    r = api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org)
    assert r.status == 422 and r.body["details"]["count"] == 8
    assert rt.events.read(f"swiss-{tid}") == [] or not list(rt.events.read(f"swiss-{tid}"))
