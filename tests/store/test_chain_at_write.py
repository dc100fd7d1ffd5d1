"""The audit chain is recorded with each event when it is appended, in the same atomic
commit, on every adapter; events written before links were recorded get theirs derived
once, on their stream's next append, exactly as the audit log derives them."""
from __future__ import annotations

import pytest

from chalicelib.domain import audit_chain, audit_seal
from chalicelib.store import codec
from chalicelib.store.ports import ConcurrencyConflict, NewEvent, StoredEvent, StreamWrite, append

LEGACY = "legacy-token-secret"


def ev(n: int, **data) -> NewEvent:
    return NewEvent("PlayerDropped", {"player": f"p{n}", "reason": f"why {n}", **data},
                    {"actor": {"role": "test", "id": "x"}, "v": 1, "podium": "1.0.0"})


def expected_links(events: list[StoredEvent], legacy: str = "") -> list[str]:
    out, previous = [], audit_chain.GENESIS
    for e in events:
        previous = audit_seal.link_of(previous, e.stream_id, e.version, e.type, e.data,
                                      e.meta, e.recorded_at, legacy)
        out.append(previous)
    return out


def test_each_append_records_the_link_from_the_one_before(event_store):
    stored = append(event_store, "pod-t-1", 0, [ev(1), ev(2)])
    append(event_store, "pod-t-1", 2, [ev(3)])
    events = event_store.read("pod-t-1")
    assert [e.chain for e in events[:2]] == [s.chain for s in stored]
    assert [e.chain for e in events] == expected_links(events)
    assert all(len(e.meta["salt"]) == 32 for e in events)
    assert len({e.meta["salt"] for e in events}) == 3       # a salt key per event
    # what every other read path returns carries it too
    assert event_store.read_many({"pod-t-1": 1})["pod-t-1"][-1].chain == events[-1].chain
    assert [e.chain for e in event_store.all_events() if e.stream_id == "pod-t-1"] == \
        [e.chain for e in events]


def test_a_refused_append_records_no_link(event_store):
    append(event_store, "pod-t-2", 0, [ev(1)])
    with pytest.raises(ConcurrencyConflict):
        event_store.append_batch([StreamWrite("pod-t-3", 0, (ev(1),)),
                                  StreamWrite("pod-t-2", 0, (ev(2),))])
    assert event_store.read("pod-t-3") == []
    append(event_store, "pod-t-2", 1, [ev(2)])
    events = event_store.read("pod-t-2")
    assert [e.chain for e in events] == expected_links(events)


def _legacy(event_store, stream_id: str, n: int) -> None:
    """Events as an older Podium wrote them: no salt key, no link."""
    from chalicelib.store.memory_events import MemoryEventStore, _Row
    from chalicelib.store.sqlite_events import SqliteEventStore
    for version in range(1, n + 1):
        e = StoredEvent(stream_id, version, "PlayerDropped",
                        {"player": f"p{version}", "reason": f"old {version}"},
                        {"v": 1}, f"old{version}", f"2026-01-01T00:00:0{version}+00:00")
        if isinstance(event_store, MemoryEventStore):
            row = _Row(e.stream_id, e.version, e.type, codec.dumps(e.data),
                       codec.dumps(e.meta), e.event_id, e.recorded_at, None)
            event_store._streams.setdefault(e.stream_id, []).append(row)  # noqa: SLF001
            event_store._log.append(row)                                  # noqa: SLF001
        elif isinstance(event_store, SqliteEventStore):
            with event_store.db.write() as conn:
                conn.execute("INSERT INTO events (stream_id, version, type, data, meta,"
                             " event_id, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                             (e.stream_id, e.version, e.type,
                              codec.dumps(e.data), codec.dumps(e.meta), e.event_id,
                              e.recorded_at))
        else:
            from chalicelib.store.dynamo_events import event_to_item
            event_store.client.put_item(TableName=event_store.table, Item=event_to_item(e))


def test_older_events_get_their_links_derived_once_on_the_next_append(event_store):
    event_store.chainer.legacy_key = LEGACY
    _legacy(event_store, "pod-t-4", 3)
    assert [e.chain for e in event_store.read("pod-t-4")] == [None] * 3
    append(event_store, "pod-t-4", 3, [ev(4)])
    events = event_store.read("pod-t-4")
    # salted with the token secret, as the audit log always salted them
    assert [e.chain for e in events] == expected_links(events, LEGACY)
    derived = [e.chain for e in events[:3]]
    # once: a later append (even with another legacy key) never rewrites them
    event_store.chainer.legacy_key = "another"
    append(event_store, "pod-t-4", 4, [ev(5)])
    assert [e.chain for e in event_store.read("pod-t-4")[:3]] == derived


def test_dynamodb_reads_the_previous_link_only_when_it_does_not_know_it(event_store):
    from chalicelib.store.chaining import KnownLinks
    from chalicelib.store.dynamo_events import DynamoEventStore
    if not isinstance(event_store, DynamoEventStore):
        pytest.skip("SQLite reads the previous link inside its own transaction")
    reads = []
    get_item = event_store.client.get_item
    event_store.client.get_item = lambda **kw: reads.append(kw["Key"]) or get_item(**kw)
    for version in range(5):
        append(event_store, "pod-t-5", version, [ev(version)])
    assert reads == []              # each link known from the append before it
    event_store._links = KnownLinks()           # another process
    append(event_store, "pod-t-5", 5, [ev(5)])
    append(event_store, "pod-t-5", 6, [ev(6)])
    assert len(reads) == 1
    events = event_store.read("pod-t-5")
    assert [e.chain for e in events] == expected_links(events)
