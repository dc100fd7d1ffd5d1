"""The shards of a DynamoDB stream in the order they must be read: a shard split or
rolled over continues in child shards (``ParentShardId``), and a child's records follow
its parent's, so a child is read only once its parent is finished (Amazon DynamoDB
developer guide, "DynamoDB Streams": shard lineage). DescribeStream lists shards in no
guaranteed order and a page at a time."""
from __future__ import annotations

from typing import Any


def list_shards(streams, stream_arn: str) -> list[dict[str, Any]]:
    shards: list[dict[str, Any]] = []
    kwargs: dict[str, Any] = {"StreamArn": stream_arn}
    while True:
        description = streams.describe_stream(**kwargs)["StreamDescription"]
        shards += description.get("Shards", [])
        last = description.get("LastEvaluatedShardId")
        if not last:
            return shards
        kwargs["ExclusiveStartShardId"] = last


def lineage_order(shards: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Parents before their children; among shards of one generation, oldest first."""
    by_id = {s["ShardId"]: s for s in shards}

    def depth(shard: dict[str, Any]) -> int:
        seen, level = set(), 0
        while shard.get("ParentShardId") in by_id and shard["ShardId"] not in seen:
            seen.add(shard["ShardId"])
            shard, level = by_id[shard["ParentShardId"]], level + 1
        return level

    def start(shard: dict[str, Any]) -> int:
        return int(shard.get("SequenceNumberRange", {}).get("StartingSequenceNumber", 0))

    return sorted(shards, key=lambda s: (depth(s), start(s), s["ShardId"]))
