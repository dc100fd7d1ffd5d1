"""Change feeds through HTTP: a Swiss and a V:EKN event followed from the public feed and
each player's private feed, resumed after any position with no gap and no duplicate, the
same positions after a rebuild, hidden information kept to its reader, the SSE route's
events, and refusals."""
from __future__ import annotations

import pytest

from chalicelib.application import feeds


@pytest.fixture(autouse=True)
def _immediate(monkeypatch):
    """Serve each entry once it is projected (no settling time, no cached horizon)."""
    monkeypatch.setenv("PODIUM_FEED_SETTLE_SECONDS", "0")
    monkeypatch.setattr(feeds, "HORIZON_CACHE_SECONDS", 0)


def read_all(api, url, token=None, after=None, limit=100):
    entries, position = [], after
    while True:
        query = f"?limit={limit}" + (f"&after={position}" if position else "")
        r = api.get(url + query, token=token)
        assert r.status == 200, r.body
        entries += r.body["entries"]
        position = r.body["position"]
        if not r.body["more"]:
            return entries, position


def _swiss(api):
    event = api.ready("munchkin", "booster-draft", players=6)
    tid, org = event["tid"], event["organizer"]
    paired = api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org)
    assert paired.status == 201, paired.body
    return event, paired.body


def test_a_swiss_round_reaches_everyone_and_each_player(api):
    event, paired = _swiss(api)
    tid = event["tid"]
    public, head = read_all(api, f"/v1/tournaments/{tid}/feed")
    types = [e["type"] for e in public]
    assert types[0] == "phase" and public[0]["data"]["phase"] == "started"
    assert "round.paired" in types
    entry = next(e for e in public if e["type"] == "round.paired")
    assert [(m["a"], m["b"]) for m in entry["data"]["matches"]] == \
        [(m["a"], m["b"]) for m in paired["matches"]]
    positions = [e["position"] for e in public]
    assert positions == sorted(positions) and len(set(positions)) == len(positions)
    assert head >= positions[-1]

    for p in event["players"]:
        mine, _ = read_all(api, f"/v1/tournaments/{tid}/players/{p['player_id']}/feed",
                           token=p["token"])
        pairing = [e for e in mine if e["type"] == "pairing"]
        assert len(pairing) == 1 and pairing[0]["player_id"] == p["player_id"]
        match = next(m for m in paired["matches"] if p["player_id"] in (m["a"], m["b"]))
        assert pairing[0]["data"]["opponent"] == ({match["a"], match["b"]} - {p["player_id"]}).pop()
        assert pairing[0]["data"]["table"] == match["table"]


def test_resuming_after_any_position_gives_the_rest_exactly(api):
    event, paired = _swiss(api)
    tid = event["tid"]
    tokens = {p["player_id"]: p["token"] for p in event["players"]}
    url = f"/v1/tournaments/{tid}/feed"
    before, head = read_all(api, url)
    for m in paired["matches"]:          # results confirmed: the round closes
        base = f"/v1/tournaments/{tid}/swiss/matches/{m['match_id']}"
        assert api.post(f"{base}/result", {"a": 1, "b": 0}, token=tokens[m["a"]]).status == 200
        assert api.post(f"{base}/confirm", token=tokens[m["b"]]).status == 200
    after, _ = read_all(api, url, after=head)
    types = [e["type"] for e in after]
    assert types.count("result.confirmed") == len(paired["matches"])
    assert "standings.updated" in types
    everything, _ = read_all(api, url)
    assert everything == before + after
    for cut in range(len(everything)):       # from any entry, one page at a time
        rest, _ = read_all(api, url, after=everything[cut]["position"], limit=2)
        assert rest == everything[cut + 1:]


def test_positions_survive_a_rebuild(api, rt):
    event, _ = _swiss(api)
    tid, player = event["tid"], event["players"][0]
    urls = [(f"/v1/tournaments/{tid}/feed", None),
            (f"/v1/tournaments/{tid}/players/{player['player_id']}/feed", player["token"])]
    first = [read_all(api, url, token)[0] for url, token in urls]
    assert api.rebuild_views()["state"] == "succeeded"
    assert [read_all(api, url, token)[0] for url, token in urls] == first


def test_a_players_feed_is_theirs_and_the_staffs(api):
    event, _ = _swiss(api)
    tid, org = event["tid"], event["organizer"]
    me, other = event["players"][0], event["players"][1]
    url = f"/v1/tournaments/{tid}/players/{me['player_id']}/feed"
    assert api.get(url).status == 401
    r = api.get(url, token=other["token"])
    assert r.status == 403
    assert api.get(url, token=org).status == 200
    assert api.get(f"/v1/tournaments/{tid}/players/p0000000000/feed", token=org).status == 404
    # nothing private reaches the public feed
    public, _ = read_all(api, f"/v1/tournaments/{tid}/feed")
    assert all("player_id" not in e for e in public)
    assert not {e["type"] for e in public} & {"pairing", "deck.accepted", "penalty"}


def test_a_penalty_reaches_only_its_player(api):
    event = api.ready("vtes", "sealed", players=8)
    tid, org = event["tid"], event["organizer"]
    target, other = event["players"][0], event["players"][1]
    r = api.post(f"/v1/tournaments/{tid}/penalties",
                 {"player_id": target["player_id"], "kind": "warning",
                  "reason": "took too long"}, token=org)
    assert r.status == 201, r.body
    mine, _ = read_all(api, f"/v1/tournaments/{tid}/players/{target['player_id']}/feed",
                       token=target["token"])
    assert [e["data"]["kind"] for e in mine if e["type"] == "penalty"] == ["warning"]
    theirs, _ = read_all(api, f"/v1/tournaments/{tid}/players/{other['player_id']}/feed",
                         token=other["token"])
    public, _ = read_all(api, f"/v1/tournaments/{tid}/feed")
    assert not [e for e in theirs + public if e["type"] == "penalty"]


def test_a_vtes_round_seats_everyone(api):
    event = api.ready("vtes", "sealed", players=9)
    tid, org = event["tid"], event["organizer"]
    seated = api.post(f"/v1/tournaments/{tid}/tables/rounds", token=org)
    assert seated.status == 201, seated.body
    public, _ = read_all(api, f"/v1/tournaments/{tid}/feed")
    entry = next(e for e in public if e["type"] == "round.seated")
    tables = entry["data"]["tables"]
    assert sorted(len(t) for t in tables) == [4, 5]
    for p in event["players"]:
        mine, _ = read_all(api, f"/v1/tournaments/{tid}/players/{p['player_id']}/feed",
                           token=p["token"])
        seat = next(e["data"] for e in mine if e["type"] == "seat")
        assert tables[seat["table"] - 1][seat["seat"] - 1] == p["player_id"]


def test_too_far_behind_is_told_to_reload(api, monkeypatch):
    event, _ = _swiss(api)
    tid = event["tid"]
    url = f"/v1/tournaments/{tid}/feed"
    entries, head = read_all(api, url)
    monkeypatch.setattr(feeds, "MAX_BEHIND", 2)
    r = api.get(f"{url}?after={entries[0]['position']}")
    assert r.status == 410 and r.body["error"] == "feed_reload"
    assert r.body["details"]["position"] >= entries[-1]["position"]
    sse = api.get(f"{url}/stream?after={entries[0]['position']}")
    assert sse.status == 200 and "event: reload" in sse.body
    assert api.get(f"{url}?after={entries[-2]['position']}").status == 200


def test_the_stream_route_speaks_server_sent_events(api):
    event, _ = _swiss(api)
    tid = event["tid"]
    entries, head = read_all(api, f"/v1/tournaments/{tid}/feed")
    r = api.get(f"/v1/tournaments/{tid}/feed/stream",
                headers={"Last-Event-ID": entries[0]["position"]})
    assert r.status == 200 and r.headers["Content-Type"] == "text/event-stream"
    ids = [line[4:] for line in r.body.splitlines() if line.startswith("id: ")]
    assert ids[:len(entries) - 1] == [e["position"] for e in entries[1:]]
    assert r.body.startswith("retry: ")
    bad = api.get(f"/v1/tournaments/{tid}/feed/stream", headers={"Last-Event-ID": "nope"})
    assert bad.status == 400 and bad.body["error"] == "invalid_query"


def test_refusals(api):
    event, _ = _swiss(api)
    tid = event["tid"]
    assert api.get(f"/v1/tournaments/{tid}/feed?after=123").status == 400
    assert api.get(f"/v1/tournaments/{tid}/feed?limit=0").status == 400
    assert api.get("/v1/tournaments/t000000000000/feed").status == 404


def test_a_booster_draft_tells_each_player_when_a_pack_waits(api):
    event = api.started("munchkin", "booster-draft", players=4,
                        settings={"draft": {"pick_seconds": 60}})
    api.draft(event)
    tid = event["tid"]
    for p in event["players"]:
        mine, _ = read_all(api, f"/v1/tournaments/{tid}/players/{p['player_id']}/feed",
                           token=p["token"])
        waiting = [e["data"] for e in mine if e["type"] == "pack.waiting"]
        assert waiting, mine
        assert all(w["cards"] >= 1 and w["pod"] == 1 for w in waiting)
        first = waiting[0]
        assert first["round"] == 1 and first["deadline"] is not None
    public, _ = read_all(api, f"/v1/tournaments/{tid}/feed")
    assert not [e for e in public if e["type"] == "pack.waiting"]
    assert [e["data"]["phase"] for e in public if e["type"] == "phase"][:2] == ["started", "draft"]


def test_pack_waiting_follows_the_pods_own_passing(api, rt):
    """After every pick, each seat with a pack in front of it has, as its latest
    pack.waiting, that pack's card count and the pod's own pick deadline."""
    from datetime import UTC, datetime

    from chalicelib.domain.draft.aggregate import POD

    setup = api.started("mtg", "booster-draft", players=4,
                        settings={"draft": {"pick_seconds": 60}})
    tid, org = setup["tid"], setup["organizer"]
    token = {p["player_id"]: p["token"] for p in setup["players"]}
    assert api.post(f"/v1/tournaments/{tid}/draft", token=org).status == 201
    order = [0, 1, 1, 2, 3, 0, 0, 2, 3, 1, 2, 3]      # slow and fast seats: packs queue
    picks = 0
    for step in order:
        state, _ = rt.service.read(POD, (tid, 1))
        player = state.seats[step]
        view = api.get(f"/v1/tournaments/{tid}/draft/pods/1/me", token=token[player]).body
        if not view.get("pack"):
            continue
        r = api.post(f"/v1/tournaments/{tid}/draft/pods/1/picks",
                     {"card": view["pack"][0], "round": view["round"], "pick": view["pick"]},
                     token=token[player])
        assert r.status == 200, r.body
        picks += 1
        state, _ = rt.service.read(POD, (tid, 1))
        for seat, pid in enumerate(state.seats):
            pack = state.current_pack(seat)
            if pack is None:
                continue
            mine, _ = read_all(api, f"/v1/tournaments/{tid}/players/{pid}/feed",
                               token=token[pid])
            latest = [e["data"] for e in mine if e["type"] == "pack.waiting"][-1]
            deadline = datetime.fromtimestamp(state.deadline(seat) / 1000, UTC).isoformat()
            assert (latest["cards"], latest["deadline"]) == (len(pack), deadline), seat
    assert picks >= 10 and any(len(q) > 1 for q in state.queues)
