"""The log served is the log written: each event's chain link is recorded when it is
appended (SQLite and DynamoDB), the audit log serves the recorded links, a venue node
checks them while the event runs, and an event changed in storage afterwards breaks the
chain at that event. Logs of events written before links were recorded still verify."""
from __future__ import annotations

from dataclasses import replace

from chalicelib.store import codec
from chalicelib.verify import chain_checks
from chalicelib.verify.engine import verify
from chalicelib.verify.log import parse

EARLY = {"incomplete": True, "reason": "the test stops after the product phase"}


def _overwrite(rt, event) -> None:
    """Change a stored event behind the service's back (its recorded link kept)."""
    if rt.config.store == "sqlite":
        with rt.events.db.write() as conn:
            conn.execute("UPDATE events SET data = ?, meta = ?, chain = ? WHERE stream_id = ?"
                         " AND version = ?", (codec.dumps(event.data), codec.dumps(event.meta),
                                              event.chain, event.stream_id, event.version))
    else:
        from chalicelib.store.chaining import KnownLinks
        from chalicelib.store.dynamo_events import event_to_item
        item = event_to_item(event)
        if event.chain is None:
            item.pop("chain", None)
        rt.events.client.put_item(TableName=rt.config.events_table, Item=item)
        rt.events._links = KnownLinks()     # as a process that never saw the old links


def _event(api):
    ev = api.started("vtes", "sealed", players=8)
    tid, org = ev["tid"], ev["organizer"]
    api.hand_out(ev)
    leaver = ev["players"][0]
    assert api.post(f"/v1/tournaments/{tid}/players/{leaver['player_id']}/drop",
                    {"reason": "a family emergency"}, token=leaver["token"]).status == 200
    return tid, org


def _log(api, tid, token=None):
    return api.get(f"/v1/tournaments/{tid}/audit?limit=5000", token=token).body


def test_served_links_are_the_recorded_ones_and_a_venue_node_checks_them(store_api):
    api, rt = store_api
    tid, org = _event(api)
    running = _log(api, tid, org)          # staff, while the event runs
    assert running["seed"] is None and not any(
        "opened" in e and "seed" in e["opened"] for e in running["events"])
    assert chain_checks.streams_whole(parse(running)) == []
    assert api.post(f"/v1/tournaments/{tid}/finish", EARLY, token=org).status == 200
    log = _log(api, tid)
    stored = {(e.stream_id, e.version): e.chain for s in {e["stream_id"] for e in
              log["events"]} for e in rt.events.read(s)}
    assert all(stored[(e["stream_id"], e["version"])] == e["chain"] for e in log["events"])
    assert None not in stored.values()
    # what the staff saw while it ran is the start of what is public now (seed opened)
    served = {(e["stream_id"], e["version"]): e["chain"] for e in log["events"]}
    assert all(served[(e["stream_id"], e["version"])] == e["chain"]
               for e in running["events"])
    outcome = verify(log)
    assert outcome.ok, [d.line() for d in outcome.differences]

    # changed in storage after it was written: the served log breaks at that event
    created = next(e for e in rt.events.read(f"tournament-{tid}")
                   if e.type == "PlayerRegistered")
    _overwrite(rt, replace(created, data={**created.data, "name": "Mallory"}))
    lines = [d.line() for d in verify(_log(api, tid)).differences]
    assert any(f"tournament-{tid} v{created.version} PlayerRegistered: chain" in line
               for line in lines), lines


def test_a_log_written_before_links_were_recorded_still_verifies(store_api):
    api, rt = store_api
    tid, org = _event(api)
    stream = f"tournament-{tid}"
    for e in rt.events.read(stream):       # as an older Podium wrote them
        _overwrite(rt, replace(e, chain=None, meta={k: v for k, v in e.meta.items()
                                                    if k != "salt"}))
    assert {e.chain for e in rt.events.read(stream)} == {None}
    assert chain_checks.streams_whole(parse(_log(api, tid, org))) == []
    # the next append records the derived links once, and the served ones do not change
    before = {e["version"]: e["chain"] for e in _log(api, tid, org)["events"]
              if e["stream_id"] == stream}
    assert api.post(f"/v1/tournaments/{tid}/finish", EARLY, token=org).status == 200
    recorded = rt.events.read(stream)
    assert None not in {e.chain for e in recorded}
    assert all(before[e.version] == e.chain for e in recorded if e.version in before)
    outcome = verify(_log(api, tid))
    assert outcome.ok, [d.line() for d in outcome.differences]
