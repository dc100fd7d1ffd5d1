"""A process restart in the middle of a draft (cold caches, the same data dir), and a
process that dies between appending events and projecting them: nothing is lost or
duplicated, the draft finishes, and the views converge to a full replay."""
from __future__ import annotations

from collections import Counter

from demo.scenarios.booster import pick_body


def _draft(api, players=8, packs=2):
    setup = api.started("mtg", "booster-draft", players=players, settings={
        "product": {"boosters": [{"set": "sample-mtg", "count": packs}]}})
    tid, org = setup["tid"], setup["organizer"]
    token = {p["player_id"]: p["token"] for p in setup["players"]}
    assert api.post(f"/v1/tournaments/{tid}/draft", token=org).status == 201
    return tid, org, token


def _pick_round(api, tid, token) -> int:
    """Every player with a pack in front of them picks once."""
    made = 0
    for tok in token.values():
        view = api.get(f"/v1/tournaments/{tid}/draft/pods/1/me", token=tok).body
        if view.get("pack"):
            r = api.post(f"/v1/tournaments/{tid}/draft/pods/1/picks", pick_body(view), token=tok)
            assert r.status == 200, r.body
            made += 1
    return made


def _finish(api, tid, token) -> int:
    made = 0
    for _ in range(200):                              # bounded: 30 picks per seat
        if api.get(f"/v1/tournaments/{tid}/draft").body["status"] == "finished":
            return made
        made += _pick_round(api, tid, token)
    raise AssertionError("draft did not finish")


def _conserved(api, rt, tid, org, token) -> None:
    log = api.get(f"/v1/tournaments/{tid}/draft/pods/1/log", token=org).body
    opened = Counter(c for rnd in log["packs"] for pack in rnd for c in pack["cards"])
    picked = Counter()
    for player in token:
        pool = api.get(f"/v1/tournaments/{tid}/players/{player}/pool", token=org).body
        assert pool["complete"]
        picked += Counter(pool["picks"])
    assert picked == opened
    picks = [e for e in rt.events.read(f"pod-{tid}-1") if e.type == "CardPicked"]
    assert len(picks) == sum(opened.values())
    assert len({(e.data["seat"], e.data["round"], e.data["pick"]) for e in picks}) == len(picks)


def test_restart_in_the_middle_of_a_draft(api, rt, restart):
    tid, org, token = _draft(api)
    before = sum(_pick_round(api, tid, token) for _ in range(10))
    pod_before = api.get(f"/v1/tournaments/{tid}/draft/pods/1", token=org).body
    rt = restart()                                    # cold caches, same files
    assert api.get(f"/v1/tournaments/{tid}/draft/pods/1", token=org).body == pod_before
    after = _finish(api, tid, token)
    assert before + after == 8 * 30
    _conserved(api, rt, tid, org, token)
    views = rt.views.dump()
    assert api.rebuild_views()["events_applied"] > 0
    assert rt.views.dump() == views


def test_death_between_append_and_projection_then_restart(api, rt, restart):
    tid, org, token = _draft(api)
    _pick_round(api, tid, token)
    # The process dies after its events are durable but before it projects them.
    rt.service.after_commit.clear()
    lost = _pick_round(api, tid, token)
    assert lost == 8
    stream = f"pod-{tid}-1"
    behind = rt.events.version(stream) - rt.views.checkpoint(stream)
    assert behind == 8                               # the second round never got projected
    rt = restart()
    # The next append on the pod's stream catches its views up; nothing was lost.
    _finish(api, tid, token)
    assert rt.views.checkpoint(stream) == rt.events.version(stream)
    assert api.get(f"/v1/tournaments/{tid}/draft/pods/1", token=org).body["picks_made"] == 8 * 30
    _conserved(api, rt, tid, org, token)
    views = rt.views.dump()
    rt.projector.rebuild()
    assert rt.views.dump() == views
