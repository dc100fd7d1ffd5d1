"""POST /swiss/rounds takes the drafting pods from the booster draft when the profile
pairs within pods and the organizer gives none."""


def _draft_pods(api, event) -> dict[str, int]:
    """The booster draft run to its end (play waits for it); its pods by player."""
    started = api.draft(event)
    return {s["player_id"]: pod["pod"] for pod in started["pods"] for s in pod["seats"]}


def test_rounds_pair_within_the_draft_pods_without_a_pods_body(api, rt):
    event = api.started("hack", "booster-draft", players=12)
    tid, org = event["tid"], event["organizer"]
    pods = _draft_pods(api, event)
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
    pods = _draft_pods(api, event)
    mine = {p: (1 if k < 4 else 2 if k < 8 else 3) for k, p in enumerate(sorted(pods))}
    r = api.post(f"/v1/tournaments/{tid}/swiss/rounds", {"pods": mine}, token=org)
    assert r.status == 201 and all(mine[m["a"]] == mine[m["b"]] for m in r.body["matches"])
    for m in r.body["matches"]:
        assert api.post(f"/v1/tournaments/{tid}/swiss/matches/{m['match_id']}/result",
                        {"a": 2, "b": 0}, token=org).status in (200, 201)
    again = api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org)
    assert again.status == 201
    assert all(mine[m["a"]] == mine[m["b"]] for m in again.body["matches"])


def test_given_pods_still_wait_for_the_draft(api, rt):
    """Pods given in the body do not stand in for the draft: play comes after it (7.5.4)."""
    event = api.started("hack", "booster-draft", players=8)
    tid, org = event["tid"], event["organizer"]
    pods = {p["player_id"]: 1 for p in event["players"]}
    r = api.post(f"/v1/tournaments/{tid}/swiss/rounds", {"pods": pods}, token=org)
    assert r.status == 409 and r.body["error"] == "product_phase_open", r.body
    assert [i["kind"] for i in r.body["details"]["open"]] == ["draft_not_started"]
    assert rt.events.read(f"swiss-{tid}") == [] or not list(rt.events.read(f"swiss-{tid}"))
