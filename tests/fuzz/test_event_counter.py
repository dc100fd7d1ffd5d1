"""The fuzzers' probe of the DynamoDB event store (tests/fuzz/events.py) moves with every
write of an event, a rewrite or a removal included, and with every idempotency record,
and stays put for tallies, as the counts it replaces did."""
from __future__ import annotations

import boto3
from moto import mock_aws

from chalicelib.store.dynamo_tables import create_tables
from tests.fuzz.events import DynamoEventCounter


def test_the_probe_moves_with_every_write_of_an_event_and_not_with_tallies(fake_aws):
    with mock_aws():
        client = boto3.client("dynamodb", region_name="us-east-1")
        create_tables(client, "podium-events", "podium-idempotency", "podium-views", env={})

        def event(stream: str, version: int, **more) -> dict:
            return {"stream_id": {"S": stream}, "version": {"N": str(version)}, **more}
        client.put_item(TableName="podium-events", Item=event("tournament-a", 1))
        count = DynamoEventCounter(None)
        seen = [count()]
        assert seen[0] == (1, 0)                      # what was written before it began
        client.put_item(TableName="podium-events", Item=event("tally:guesses", 1))
        assert count() == seen[-1]                    # a tally is not an event
        steps = [
            lambda: client.put_item(TableName="podium-events", Item=event("tournament-a", 2)),
            lambda: client.put_item(TableName="podium-events",        # rewritten: same count
                                    Item=event("tournament-a", 2, note={"S": "changed"})),
            lambda: client.delete_item(TableName="podium-events", Key=event("tournament-a", 1)),
            lambda: client.put_item(TableName="podium-idempotency",
                                    Item={"key": {"S": "k"}})]
        for step in steps:
            step()
            seen.append(count())
            assert seen[-1] != seen[-2]
            assert count() == seen[-1]                # nothing new: the same again
