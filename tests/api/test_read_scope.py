"""A read's answer asks the event store for each stream at most once
(``service/read_scope.py``): a player's draft seat read the tournament to authenticate and
again to answer, and its pod twice (on DynamoDB, a round trip each). Commands read the
store every time, and a read whose answer records a command first shows what it recorded
(``test_draft``: a pod's due auto-picks applied by the read that finds them)."""
from __future__ import annotations

from collections import Counter


def _counting(monkeypatch, rt) -> Counter:
    seen: Counter = Counter()
    read = rt.service.events.read

    def counted(stream_id, *args, **kwargs):
        seen[stream_id.split("-")[0]] += 1
        return read(stream_id, *args, **kwargs)
    monkeypatch.setattr(rt.service.events, "read", counted)
    return seen


def test_a_players_seat_reads_each_stream_once(store_api, monkeypatch):
    api, rt = store_api
    event = api.started("munchkin", "booster-draft", 8)
    tid, org = event["tid"], event["organizer"]
    assert api.post(f"/v1/tournaments/{tid}/draft", token=org).status == 201
    player = event["players"][0]
    seen = _counting(monkeypatch, rt)
    me = api.get(f"/v1/tournaments/{tid}/draft/pods/1/me", token=player["token"])
    assert me.status == 200 and me.body["pack"]
    assert seen == Counter({"token": 1, "tournament": 1, "pod": 1})

    seen.clear()             # a command reads what it needs afresh, scope or none
    picked = api.post(f"/v1/tournaments/{tid}/draft/pods/1/picks",
                      {"card": me.body["pack"][0], "round": me.body["round"],
                       "pick": me.body["pick"]}, token=player["token"])
    assert picked.status == 200, picked.body
    assert seen["tournament"] == 2      # to authenticate, and inside the unit of work

    seen.clear()
    again = api.get(f"/v1/tournaments/{tid}/draft/pods/1/me", token=player["token"])
    assert again.body["pick_count"] == me.body["pick_count"] + 1
    assert seen == Counter({"token": 1, "tournament": 1, "pod": 1})
