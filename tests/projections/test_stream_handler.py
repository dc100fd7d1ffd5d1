"""The DynamoDB Streams entry point, fed hand-built stream records."""
from __future__ import annotations

import base64

import pytest

from chalicelib.projections.projector import Projector
from chalicelib.projections.stream_handler import handle_stream_batch
from chalicelib.store.dynamo_events import event_to_item
from chalicelib.store.ports import NewEvent, append
from tests.projections.test_projector import counting

ARN = "arn:aws:dynamodb:us-east-1:000000000000:table/podium-events/stream/2026"


def record(event, seq: int, name: str = "INSERT") -> dict:
    """As Lambda delivers it: JSON, so binary values (compressed events) are base64 text."""
    item = {k: {"B": base64.b64encode(v["B"]).decode()} if "B" in v else v
            for k, v in event_to_item(event).items()}
    return {"eventID": f"id-{seq}", "eventName": name, "eventSource": "aws:dynamodb",
            "eventSourceARN": ARN, "awsRegion": "us-east-1",
            "dynamodb": {"Keys": {"stream_id": item["stream_id"], "version": item["version"]},
                         "NewImage": item, "SequenceNumber": str(seq),
                         "SizeBytes": 100, "StreamViewType": "NEW_IMAGE"}}


@pytest.fixture
def world(stores):
    events, views = stores
    append(events, "a", 0, [NewEvent("Added", {"n": n}) for n in (1, 2, 3)])
    return events, views, Projector(events, views, [counting])


def test_batch_projects_and_a_duplicated_batch_is_harmless(world):
    events, views, projector = world
    batch = {"Records": [record(e, 100 + e.version) for e in events.read("a")]}
    assert handle_stream_batch(batch, projector) == {"batchItemFailures": []}
    assert handle_stream_batch(batch, projector) == {"batchItemFailures": []}
    assert views.get("total:a") == {"sum": 6, "seen": [1, 2, 3]}


def test_a_poison_record_is_recorded_once_and_a_malformed_one_is_a_batch_failure(world):
    events, views, projector = world
    append(events, "p", 0, [NewEvent("Poison", {})])
    good = [record(e, 200 + e.version) for e in events.read("a")]
    poison = record(events.read("p")[0], 300)
    malformed = {**record(events.read("a")[0], 301)}
    malformed["dynamodb"] = {**malformed["dynamodb"], "NewImage": {"stream_id": {"S": "x"}}}
    result = handle_stream_batch({"Records": [good[0], poison, good[1], malformed, good[2]]},
                                 projector)
    # the poison event's stream is marked damaged (not retried forever, not a DLQ entry);
    # a record that is no event at all is reported for Lambda's retries and dead letters
    assert result == {"batchItemFailures": [{"itemIdentifier": "301"}]}
    assert views.get("total:a") == {"sum": 6, "seen": [1, 2, 3]}
    assert views.checkpoint("p") == -1


def test_remove_records_are_ignored(world):
    events, views, projector = world
    result = handle_stream_batch({"Records": [record(events.read("a")[0], 400, "REMOVE")]},
                                 projector)
    assert result == {"batchItemFailures": []} and views.checkpoint("a") == 0


def test_an_event_stored_compressed_projects_from_its_base64_stream_record(world):
    """Over 32 KB an event is stored zlib-compressed as a binary attribute, which the
    stream's JSON delivers as base64 text."""
    events, views, projector = world
    append(events, "big", 0, [NewEvent("Added", {"n": 5, "pad": "x" * 40_000})])
    stored = events.read("big")[0]
    assert "B" in event_to_item(stored)["data"]
    assert handle_stream_batch({"Records": [record(stored, 500)]}, projector) == \
        {"batchItemFailures": []}
    assert views.get("total:big") == {"sum": 5, "seen": [1]}


def test_a_batch_commits_once_per_stream(world, monkeypatch):
    events, views, projector = world
    append(events, "b", 0, [NewEvent("Added", {"n": n}) for n in (4, 5)])
    commits = []
    commit = views.commit
    monkeypatch.setattr(views, "commit", lambda stream_id, *a, **k: (
        commits.append(stream_id), commit(stream_id, *a, **k))[1])
    batch = [record(e, 600 + i) for i, e in enumerate(events.read("a") + events.read("b"))]
    assert handle_stream_batch({"Records": batch}, projector) == {"batchItemFailures": []}
    assert sorted(commits) == ["a", "b"]
    assert views.get("total:b") == {"sum": 9, "seen": [1, 2]}
