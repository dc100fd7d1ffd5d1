"""An answer asks the event store for each stream at most once until a command runs
(``service/read_scope.py``): a player's draft seat read the tournament to authenticate and
again to answer, and its pod twice; a pick read the tournament to authenticate and again in
its unit of work (on DynamoDB, a round trip each). A command's first attempt starts from
the snapshot and its commit is checked against it; what runs after a commit (reactions)
and a read whose answer records a command first see what was recorded (``test_draft``: a
pod's due auto-picks applied by the read that finds them)."""
from __future__ import annotations

import threading
from collections import Counter

from chalicelib.store.ports import ConcurrencyConflict


def _counting(monkeypatch, rt, thread: threading.Thread | None = None) -> Counter:
    """Store reads per stream kind (those of ``thread`` only, when given)."""
    seen: Counter = Counter()
    read = rt.service.events.read

    def counted(stream_id, *args, **kwargs):
        if thread is None or threading.current_thread() is thread:
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

    seen.clear()             # a command starts from its caller's snapshot
    picked = api.post(f"/v1/tournaments/{tid}/draft/pods/1/picks",
                      {"card": me.body["pack"][0], "round": me.body["round"],
                       "pick": me.body["pick"]}, token=player["token"])
    assert picked.status == 200, picked.body
    assert seen["tournament"] == 1      # to authenticate; its unit of work starts from it

    seen.clear()
    again = api.get(f"/v1/tournaments/{tid}/draft/pods/1/me", token=player["token"])
    assert again.body["pick_count"] == me.body["pick_count"] + 1
    assert seen == Counter({"token": 1, "tournament": 1, "pod": 1})


def test_a_command_started_from_a_stale_snapshot_is_decided_again(store_api, monkeypatch):
    """A player's drop authenticates on the tournament and its unit of work starts from
    that snapshot; the organizer drops the same player in between (another request). The
    commit is checked against the snapshot's version, so it fails, the retry reads the
    store and finds the player dropped: one drop recorded, never two."""
    api, rt = store_api
    event = api.started("munchkin", "sealed", 4)
    tid, org, pid = event["tid"], event["organizer"], event["players"][0]["player_id"]
    drop = f"/v1/tournaments/{tid}/players/{pid}/drop"
    run, others = rt.service.run, []

    def organizer_first(work, **kwargs):
        if not others:      # between the player's authentication and its unit of work
            others.append(None)
            thread = threading.Thread(target=lambda: others.append(api.post(drop, token=org)))
            thread.start()
            thread.join()
        return run(work, **kwargs)
    monkeypatch.setattr(rt.service, "run", organizer_first)
    seen = _counting(monkeypatch, rt, thread=threading.current_thread())
    append, refused = rt.service.events.append_batch, []

    def appending(*args, **kwargs):
        try:
            return append(*args, **kwargs)
        except ConcurrencyConflict:
            refused.append(threading.current_thread())
            raise
    monkeypatch.setattr(rt.service.events, "append_batch", appending)
    mine = api.post(drop, token=event["players"][0]["token"], check=False)
    assert others[1].status == 200, others[1].body
    assert mine.status in (200, 409), mine.body
    assert refused == [threading.current_thread()]    # the snapshot's commit, refused
    assert seen["tournament"] == 2        # to authenticate, then the retry (not the start)
    drops = [e for e in api.event_log(tid, org) if e["type"] == "PlayerDropped"]
    assert [e["data"]["player_id"] for e in drops] == [pid]
