"""What every event store adapter must do."""
from __future__ import annotations

import os
import threading
from dataclasses import replace

import pytest

from chalicelib.store.item_size import (
    MAX_COMMIT_BYTES,
    MAX_EVENT_JSON_BYTES,
    MAX_ITEM_BYTES,
    event_item,
    item_size,
)
from chalicelib.store.ports import (
    CommitBytesTooLarge,
    CommitTooLarge,
    ConcurrencyConflict,
    EventJsonTooLarge,
    IdempotencyKeyTaken,
    IdempotencyRecord,
    ItemTooLarge,
    NewEvent,
    StreamWrite,
    append,
)


def ev(n: int, **data) -> NewEvent:
    return NewEvent("Happened", {"n": n, **data}, {"actor": {"role": "test", "id": "x"}})


def test_append_and_read_in_order(event_store):
    stored = append(event_store, "s-1", 0, [ev(1), ev(2)])
    assert [e.version for e in stored] == [1, 2]
    append(event_store, "s-1", 2, [ev(3)])
    events = event_store.read("s-1")
    assert [(e.version, e.data["n"]) for e in events] == [(1, 1), (2, 2), (3, 3)]
    # beside what was written, each event's own salt key (store/chaining.py)
    assert {k: v for k, v in events[0].meta.items() if k != "salt"} == {
        "actor": {"role": "test", "id": "x"}}
    assert [e.version for e in event_store.read("s-1", after=2)] == [3]
    assert event_store.version("s-1") == 3 and event_store.version("nothing") == 0
    assert event_store.read("nothing") == []


@pytest.mark.parametrize("expected", [0, 1, 3])
def test_wrong_expected_version_appends_nothing(event_store, expected):
    append(event_store, "s-2", 0, [ev(1), ev(2)])
    with pytest.raises(ConcurrencyConflict):
        append(event_store, "s-2", expected, [ev(9)])
    assert [e.data["n"] for e in event_store.read("s-2")] == [1, 2]


def test_multi_stream_append_is_atomic(event_store):
    append(event_store, "a", 0, [ev(1)])
    with pytest.raises(ConcurrencyConflict):
        event_store.append_batch([StreamWrite("b", 0, (ev(1),)), StreamWrite("a", 0, (ev(2),))])
    assert event_store.read("b") == [] and len(event_store.read("a")) == 1
    event_store.append_batch([StreamWrite("b", 0, (ev(1),)), StreamWrite("a", 1, (ev(2),))])
    assert event_store.version("a") == 2 and event_store.version("b") == 1


def test_guard_without_events_checks_version(event_store):
    append(event_store, "guarded", 0, [ev(1)])
    event_store.append_batch([StreamWrite("guarded", 1), StreamWrite("other", 0, (ev(1),))])
    with pytest.raises(ConcurrencyConflict):
        event_store.append_batch([StreamWrite("guarded", 0), StreamWrite("other", 1, (ev(2),))])
    assert event_store.version("other") == 1 and event_store.version("guarded") == 1


def test_idempotency_record_is_stored_with_the_events(event_store):
    record = IdempotencyRecord("k" * 20, "fp", 201, {"ok": True, "big": "x" * 50_000})
    append(event_store, "idem", 0, [ev(1)], record)
    assert event_store.idempotency("k" * 20) == record
    with pytest.raises(IdempotencyKeyTaken):
        append(event_store, "idem", 1, [ev(2)], record)
    assert event_store.version("idem") == 1
    assert event_store.idempotency("unknown-key-000000") is None


def test_conflict_stores_no_idempotency_record(event_store):
    append(event_store, "c", 0, [ev(1)])
    with pytest.raises(ConcurrencyConflict):
        append(event_store, "c", 0, [ev(2)], IdempotencyRecord("key-conflict-0000", "f", 200, {}))
    assert event_store.idempotency("key-conflict-0000") is None


def test_large_events_round_trip(event_store):
    data = {"pairs": [[f"p{i}", f"p{i + 1}"] for i in range(20_000)]}
    append(event_store, "big", 0, [NewEvent("Paired", data)])
    assert event_store.read("big")[0].data == data


def test_all_events_covers_every_stream_in_version_order(event_store):
    append(event_store, "x", 0, [ev(1), ev(2)])
    append(event_store, "y", 0, [ev(1)])
    append(event_store, "x", 2, [ev(3)])
    seen: dict[str, list[int]] = {}
    for e in event_store.all_events():
        seen.setdefault(e.stream_id, []).append(e.version)
    assert seen == {"x": [1, 2, 3], "y": [1]}


def test_concurrent_appenders_lose_and_duplicate_nothing(event_store):
    """8 threads append to one stream, retrying on conflict (fewer events each on moto,
    whose transactions are slow, so the suite stays fast)."""
    threads = 8
    per_thread = 6 if type(event_store).__name__.startswith("Dynamo") else 25
    errors: list[BaseException] = []

    def worker(worker_id: int) -> None:
        try:
            for i in range(per_thread):
                while True:
                    version = event_store.version("hot")
                    try:
                        append(event_store, "hot", version, [ev(i, worker=worker_id)])
                        break
                    except ConcurrencyConflict:
                        continue
        except BaseException as exc:  # surfaced below
            errors.append(exc)

    pool = [threading.Thread(target=worker, args=(w,)) for w in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    assert not errors
    events = event_store.read("hot")
    assert [e.version for e in events] == list(range(1, threads * per_thread + 1))
    assert sorted((e.data["worker"], e.data["n"]) for e in events) == sorted(
        (w, i) for w in range(threads) for i in range(per_thread))


def test_tallies_are_added_with_the_events_and_counted_once(event_store):
    from chalicelib.store.ports import Tally
    event_store.append_batch([StreamWrite("m-1", 0, (ev(1),))], tallies=[Tally("round-3", 1)])
    event_store.append_batch([StreamWrite("m-2", 0, (ev(1),))],
                             tallies=[Tally("round-3", 2), Tally("round-4", 2)])
    event_store.append_batch([StreamWrite("m-2", 1, (ev(2),))], tallies=[Tally("round-3", 2)])
    assert event_store.tally("round-3") == 2 and event_store.tally("round-4") == 1
    assert event_store.tally("never") == 0
    # a refused append adds no member
    with pytest.raises(ConcurrencyConflict):
        event_store.append_batch([StreamWrite("m-1", 0, (ev(9),))], tallies=[Tally("round-3", 7)])
    assert event_store.tally("round-3") == 2
    # tally members are not events
    assert {e.stream_id for e in event_store.all_events()} == {"m-1", "m-2"}


def test_read_many_reads_each_stream_after_its_version(event_store):
    append(event_store, "r-1", 0, [ev(1), ev(2), ev(3)])
    append(event_store, "r-2", 0, [ev(1)])
    found = event_store.read_many({"r-1": 1, "r-2": 0, "r-none": 0})
    assert set(found) == {"r-1", "r-2", "r-none"}
    assert [e.version for e in found["r-1"]] == [2, 3]
    assert [e.data["n"] for e in found["r-2"]] == [1] and found["r-none"] == []


def test_idempotency_record_keeps_the_reply_headers(event_store):
    record = IdempotencyRecord("key-headers-00000", "fp", 201, {"id": "x"},
                               {"Location": "/v1/tournaments/t1", "X-Other": "y"})
    append(event_store, "with-headers", 0, [ev(1)], record)
    assert event_store.idempotency("key-headers-00000").headers == record.headers
    plain = IdempotencyRecord("key-no-headers-000", "fp", 200, {})
    append(event_store, "no-headers", 0, [ev(1)], plain)
    assert event_store.idempotency("key-no-headers-000").headers == {}


def test_read_stops_at_the_limit(event_store):
    append(event_store, "lim", 0, [ev(i) for i in range(1, 8)])
    assert [e.version for e in event_store.read("lim", 2, limit=3)] == [3, 4, 5]
    assert [e.version for e in event_store.read("lim", 5, limit=10)] == [6, 7]
    assert event_store.read("lim", 7, limit=1) == []


def _append_many(path: str, stream: str, count: int) -> None:
    from chalicelib.store.sqlite_events import SqliteEventStore
    store = SqliteEventStore(path, "OFF")
    for version in range(count):
        append(store, stream, version, [ev(version)])


def test_sqlite_writers_of_several_processes_lose_nothing(tmp_path):
    """The local server's worker processes write the same files, each writer taking its
    turn on the file's writer lock: every append of every process is there."""
    import multiprocessing

    from chalicelib.store.sqlite_events import SqliteEventStore
    path = str(tmp_path / "shared.db")
    SqliteEventStore(path, "OFF")
    context = multiprocessing.get_context("fork")
    workers = [context.Process(target=_append_many, args=(path, f"w{i}", 150)) for i in range(3)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(60)
    assert [w.exitcode for w in workers] == [0, 0, 0]
    store = SqliteEventStore(path, "OFF")
    assert [store.version(f"w{i}") for i in range(3)] == [150, 150, 150]



def _incompressible(n: int) -> str:
    """``n`` characters zlib cannot shrink much (hex of random bytes: ~half)."""
    return os.urandom(n // 2 + 1).hex()[:n]


def test_an_event_over_dynamodbs_item_limit_is_refused_whole(event_store):
    """Every adapter refuses what DynamoDB would (store/item_size.py): nothing written,
    the stream's version unchanged, the other stream of the batch untouched."""
    append(event_store, "big", 0, [ev(1)])
    # hex compresses to about half: 2 * limit characters stay above it once compressed
    blob = _incompressible(2 * MAX_ITEM_BYTES + 8192)
    with pytest.raises(ItemTooLarge) as refused:
        event_store.append_batch([StreamWrite("other", 0, (ev(1),)),
                                  StreamWrite("big", 1, (ev(2, blob=blob),))])
    assert isinstance(refused.value, CommitTooLarge)
    assert (refused.value.stream_id, refused.value.event_type) == ("big", "Happened")
    assert refused.value.size > refused.value.limit == MAX_ITEM_BYTES
    assert event_store.version("big") == 1 and event_store.version("other") == 0
    assert [e.data["n"] for e in event_store.read("big")] == [1]


def test_an_event_of_more_json_than_a_page_may_carry_is_refused_whole(event_store):
    """Data that compresses far under the item limit but is more JSON than a reply may
    carry beside its page (store/item_size.py): refused by every adapter, nothing written;
    just under it, stored."""
    append(event_store, "wide", 0, [ev(1)])
    blob = "ab" * (MAX_EVENT_JSON_BYTES // 2)        # a few KB once compressed
    with pytest.raises(EventJsonTooLarge) as refused:
        event_store.append_batch([StreamWrite("other", 0, (ev(1),)),
                                  StreamWrite("wide", 1, (ev(2, blob=blob),))])
    assert isinstance(refused.value, ItemTooLarge)
    assert refused.value.size > refused.value.limit == MAX_EVENT_JSON_BYTES
    assert event_store.version("wide") == 1 and event_store.version("other") == 0
    append(event_store, "wide", 1, [ev(2, blob=blob[:MAX_EVENT_JSON_BYTES - 1024])])
    assert len(event_store.read("wide", after=1)[0].data["blob"]) == MAX_EVENT_JSON_BYTES - 1024


def test_an_event_just_under_the_limit_is_stored(event_store):
    """An uncompressed payload (not above codec.COMPRESS_ABOVE) sized so the whole item is
    just under the limit, and a compressed one whose stored item is just under it."""
    append(event_store, "near", 0, [ev(1)])
    record = event_store.read("near")[0]
    blob = _incompressible(2 * MAX_ITEM_BYTES)
    # a prefix whose item is just under the limit: compressed hex grows about linearly
    # with its length, so scale once and step down until it fits (links/ids vary a little)
    def size(n: int) -> int:
        return item_size(event_item(replace(record, data={"n": 2, "blob": blob[:n]})))
    low = len(blob) * (MAX_ITEM_BYTES - 1024) // size(len(blob))
    while size(low) > MAX_ITEM_BYTES - 512:
        low -= 2048
    append(event_store, "near", 1, [ev(2, blob=blob[:low])])
    assert event_store.read("near", after=1)[0].data["blob"] == blob[:low]
    assert item_size(event_item(event_store.read("near", after=1)[0])) > MAX_ITEM_BYTES - 4096


def test_events_together_over_a_transactions_bytes_are_refused_whole(event_store):
    """Each event under the item limit, together over what one DynamoDB transaction holds
    (4 MB less a margin): every adapter refuses the commit before writing anything."""
    append(event_store, "a", 0, [ev(1)])
    blob = _incompressible(2 * (MAX_ITEM_BYTES - 100 * 1024))    # ~300 KB stored each
    events = tuple(ev(n, blob=blob) for n in range(2, 9))
    with pytest.raises(CommitBytesTooLarge) as refused:
        event_store.append_batch([StreamWrite("a", 1, events),
                                  StreamWrite("b", 0, tuple(ev(n, blob=blob) for n in range(7)))])
    assert isinstance(refused.value, CommitTooLarge)
    assert refused.value.size > refused.value.limit == MAX_COMMIT_BYTES
    assert event_store.version("a") == 1 and event_store.version("b") == 0
