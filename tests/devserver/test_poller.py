"""The poller against a stream: moto's (one shard) for batches and restarts, a scripted
one for shard lineage (moto never splits a shard)."""
from __future__ import annotations

import json
from datetime import UTC, datetime

from chalicelib.store.dynamo_events import DynamoEventStore
from chalicelib.store.ports import NewEvent, append
from devserver.mapping import MappingSettings
from devserver.poller import PAGES_PER_TURN, StreamPoller
from devserver.positions import Positions
from tests.devserver.conftest import TABLES, data_dir
from tests.devserver.fakes import Recorder

FAST = MappingSettings(batch_size=40, retry_delay_seconds=0)


def write(aws, stream: str, count: int, start: int = 0) -> None:
    events = DynamoEventStore(aws.dynamodb, TABLES[0], TABLES[1])
    append(events, stream, start, [NewEvent("Added", {"n": n}) for n in range(count)])


def stream_sequence(aws) -> list[str]:
    """Every sequence number of the stream, read independently of the poller."""
    shard = aws.streams.describe_stream(StreamArn=aws.stream_arn)["StreamDescription"][
        "Shards"][0]["ShardId"]
    iterator = aws.streams.get_shard_iterator(StreamArn=aws.stream_arn, ShardId=shard,
                                              ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
    return [r["dynamodb"]["SequenceNumber"]
            for r in aws.streams.get_records(ShardIterator=iterator, Limit=1000)["Records"]]


def test_the_stream_is_handed_over_in_batches_as_lambda_shapes_them(aws, tmp_path):
    for stream in ("a", "b", "c"):
        write(aws, stream, 30)                       # 90 records: 40 + 40 + 10
    seen = []
    handler = Recorder()
    poller = StreamPoller(aws.streams, aws.stream_arn,
                          lambda event: (seen.extend(event["Records"]), handler(event))[1],
                          FAST, data_dir(tmp_path))
    assert poller.poll_once() is True
    assert [len(c) for c in handler.calls] == [40, 40, 10]
    assert sum(handler.calls, []) == stream_sequence(aws)
    record = seen[0]
    assert record["eventSourceARN"] == aws.stream_arn and record["eventName"] == "INSERT"
    assert isinstance(record["dynamodb"]["ApproximateCreationDateTime"], float)
    assert record["dynamodb"]["NewImage"]["stream_id"] == {"S": "a"}
    json.dumps(seen)                                 # a JSON event, as Lambda's
    assert poller.poll_once() is True and len(handler.calls) == 3     # nothing new


def test_a_restart_resumes_after_the_saved_position(aws, tmp_path):
    write(aws, "a", 30)
    first = Recorder()
    StreamPoller(aws.streams, aws.stream_arn, first, FAST, data_dir(tmp_path)).poll_once()
    assert len(sum(first.calls, [])) == 30
    write(aws, "a", 5, start=30)
    restarted = Recorder()
    poller = StreamPoller(aws.streams, aws.stream_arn, restarted, FAST, data_dir(tmp_path))
    assert poller.positions.resumed
    poller.poll_once()
    assert sum(restarted.calls, []) == stream_sequence(aws)[30:]     # only the 5 new ones
    fresh = Recorder()                               # another data dir: from the trim horizon
    StreamPoller(aws.streams, aws.stream_arn, fresh, FAST, data_dir(tmp_path, "b")).poll_once()
    assert sum(fresh.calls, []) == stream_sequence(aws)


def test_a_position_saved_for_another_stream_is_dropped(aws, tmp_path):
    write(aws, "a", 3)
    old = Positions(data_dir(tmp_path), aws.stream_arn + "-recreated")
    old.checkpoint("shardId-00000001541626099285-f35f62ef", "99999999999999999999999")
    handler = Recorder()
    poller = StreamPoller(aws.streams, aws.stream_arn, handler, FAST, data_dir(tmp_path))
    assert not poller.positions.resumed
    poller.poll_once()
    assert sum(handler.calls, []) == stream_sequence(aws)


# -- shard lineage, on a scripted stream ------------------------------------------------
def boto_record(sequence: int) -> dict:
    return {"eventID": f"e{sequence}", "eventName": "INSERT", "eventSource": "aws:dynamodb",
            "dynamodb": {"SequenceNumber": str(sequence), "Keys": {"k": {"S": "x"}},
                         "ApproximateCreationDateTime": datetime.now(UTC),
                         "NewImage": {"k": {"S": "x"}, "blob": {"B": b"\x00\xff"}}}}


class ScriptedStreams:
    """DescribeStream a shard per page, iterators as (shard, index), closed shards end
    with no NextShardIterator."""

    def __init__(self, shards: list[dict]):
        self.shards = shards

    def _shard(self, shard_id):
        return next(s for s in self.shards if s["ShardId"] == shard_id)

    def describe_stream(self, StreamArn, ExclusiveStartShardId=None):  # noqa: N803
        ids = [s["ShardId"] for s in self.shards]
        at = ids.index(ExclusiveStartShardId) + 1 if ExclusiveStartShardId else 0
        page = {"Shards": [{k: v for k, v in self.shards[at].items() if k != "records"}]}
        if at + 1 < len(ids):
            page["LastEvaluatedShardId"] = ids[at]
        return {"StreamDescription": page}

    def get_shard_iterator(self, StreamArn, ShardId, ShardIteratorType,  # noqa: N803
                           SequenceNumber=None):
        shard = self._shard(ShardId)
        seqs = [r["dynamodb"]["SequenceNumber"] for r in shard["records"]]
        at = seqs.index(SequenceNumber) + 1 if ShardIteratorType == "AFTER_SEQUENCE_NUMBER" \
            else 0
        return {"ShardIterator": json.dumps([ShardId, at])}

    def get_records(self, ShardIterator, Limit):  # noqa: N803
        shard_id, at = json.loads(ShardIterator)
        shard = self._shard(shard_id)
        records = shard["records"][at:at + Limit]
        end = at + len(records)
        closed = "EndingSequenceNumber" in shard["SequenceNumberRange"]
        following = None if closed and end >= len(shard["records"]) else \
            json.dumps([shard_id, end])
        return {"Records": records, "NextShardIterator": following}


def shard(shard_id: str, sequences: range, parent: str | None = None, closed: bool = True):
    numbers = {"StartingSequenceNumber": str(sequences.start)}
    if closed:
        numbers["EndingSequenceNumber"] = str(sequences.stop - 1)
    return {"ShardId": shard_id, "SequenceNumberRange": numbers,
            "records": [boto_record(n) for n in sequences],
            **({"ParentShardId": parent} if parent else {})}


def test_shards_are_read_parents_before_children(tmp_path):
    streams = ScriptedStreams([            # listed newest first, as nothing guarantees order
        shard("grandchild", range(300, 302), parent="child-2", closed=False),
        shard("child-1", range(100, 103), parent="parent", closed=False),
        shard("orphan", range(400, 401), parent="trimmed-away", closed=False),
        shard("child-2", range(200, 202), parent="parent"),
        shard("parent", range(1, 6))])
    handler = Recorder()
    settings = MappingSettings(batch_size=2, retry_delay_seconds=0)
    poller = StreamPoller(streams, "arn:stream", handler, settings, data_dir(tmp_path))
    assert poller.poll_once() is True
    order = [int(s) for s in sum(handler.calls, [])]
    assert sorted(order) == [1, 2, 3, 4, 5, 100, 101, 102, 200, 201, 300, 301, 400]
    first = {name: order.index(start) for name, start in
             (("parent", 1), ("child-1", 100), ("child-2", 200), ("grandchild", 300))}
    last_of_parent, last_of_child_2 = order.index(5), order.index(201)
    assert last_of_parent < first["child-1"] and last_of_parent < first["child-2"]
    assert last_of_child_2 < first["grandchild"]
    assert all(len(c) <= 2 for c in handler.calls)
    saved = poller.positions.snapshot()
    assert saved["parent"] == {"sequence": "5", "finished": True}
    assert saved["child-2"]["finished"] and not saved["child-1"].get("finished")
    assert poller.poll_once() is True and len(sum(handler.calls, [])) == 13


def test_a_child_waits_while_its_parent_still_has_records(tmp_path):
    streams = ScriptedStreams([shard("child", range(100, 101), parent="parent", closed=False),
                               shard("parent", range(1, 1 + PAGES_PER_TURN + 3))])
    handler = Recorder()
    settings = MappingSettings(batch_size=1, retry_delay_seconds=0)
    poller = StreamPoller(streams, "arn:stream", handler, settings, data_dir(tmp_path))
    assert poller.poll_once() is False               # the parent's turn ended first
    assert "100" not in sum(handler.calls, []) and len(handler.calls) == PAGES_PER_TURN
    assert poller.poll_once() is True
    assert sum(handler.calls, [])[-1] == "100"


def test_binary_attributes_reach_the_handler_as_base64_text(tmp_path):
    seen = []
    streams = ScriptedStreams([shard("only", range(1, 2), closed=False)])
    StreamPoller(streams, "arn:stream", lambda e: seen.extend(e["Records"]) or {},
                 FAST, data_dir(tmp_path)).poll_once()
    assert seen[0]["dynamodb"]["NewImage"]["blob"] == {"B": "AP8="}


class CountedStreams(ScriptedStreams):
    def __init__(self, shards: list[dict]):
        super().__init__(shards)
        self.listings = 0

    def describe_stream(self, StreamArn, ExclusiveStartShardId=None):  # noqa: N803
        if ExclusiveStartShardId is None:
            self.listings += 1
        return super().describe_stream(StreamArn, ExclusiveStartShardId)


def test_shards_are_listed_when_one_ends_and_every_second_not_before_every_read(tmp_path):
    """A child shard appears only once its parent closes: a pass lists the shards again
    after one was read to its end, after a failure, for a wait_caught_up, and at least
    every list_every_seconds; other passes read the shards already listed."""
    now = [1000.0]
    streams = CountedStreams([shard("parent", range(1, 3))])
    handler = Recorder()
    poller = StreamPoller(streams, "arn:stream", handler, FAST, data_dir(tmp_path),
                          clock=lambda: now[0], list_every_seconds=1.0)
    assert poller.poll_once() is True and streams.listings == 1
    assert sum(handler.calls, []) == ["1", "2"]
    streams.shards.append(shard("child", range(10, 12), parent="parent", closed=False))
    assert poller.poll_once() is True and streams.listings == 2     # the parent had ended
    assert sum(handler.calls, [])[2:] == ["10", "11"]
    streams._shard("child")["records"].append(boto_record(12))
    for _ in range(5):                                              # within the second
        assert poller.poll_once() is True
    assert streams.listings == 2 and sum(handler.calls, [])[-1] == "12"
    now[0] += 1.0
    assert poller.poll_once() is True and streams.listings == 3      # a second on
    poller.start()
    try:
        assert poller.wait_caught_up(5) is True and streams.listings == 4
    finally:
        poller.stop()
    broken = poller.streams
    poller.streams = None                                            # a failing pass ...
    try:
        poller.poll_once()
    except AttributeError:
        pass
    poller.streams = broken
    assert poller.poll_once() is True and streams.listings == 5      # ... lists again
