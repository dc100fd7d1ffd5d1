"""Metrics (namespace Podium): projection lag, stream batch failures, webhook delivery
failures and auto-picks, published once per Lambda invocation and never outside Lambda."""
from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

from chalicelib.reactions.picks import count_auto_picks
from chalicelib.store.dynamo_events import event_to_item
from chalicelib.store.ports import StoredEvent
from chalicelib.telemetry import metrics
from chalicelib.webhooks import worker
from tests.api.test_webhooks import register, vtes_round
from tests.telemetry.conftest import emf_lines


class LambdaContext:
    function_name = "podium-ProjectEvents"
    aws_request_id = "invocation-1"


def _stored(stream: str, version: int, age_seconds: float, type_: str = "Happened",
            **data) -> StoredEvent:
    at = (datetime.now(UTC) - timedelta(seconds=age_seconds)).isoformat()
    return StoredEvent(stream, version, type_, data, {}, f"e{version}", at)


def _records(events, malformed: int = 0) -> dict:
    records = []
    for n, event in enumerate(events):
        item = event_to_item(event)
        records.append({"eventID": f"id{n}", "eventName": "INSERT", "eventSource": "aws:dynamodb",
                        "eventSourceARN": "arn:aws:dynamodb:us-east-1:0:table/e/stream/1",
                        "dynamodb": {"Keys": {"stream_id": item["stream_id"],
                                              "version": item["version"]},
                                     "NewImage": item, "SequenceNumber": str(100 + n),
                                     "ApproximateCreationDateTime": time.time() - 2,
                                     "StreamViewType": "NEW_IMAGE", "SizeBytes": 10}})
    for n in range(malformed):
        records.append({**records[0], "eventID": f"bad{n}", "dynamodb": {
            **records[0]["dynamodb"], "SequenceNumber": str(900 + n),
            "NewImage": {"stream_id": {"S": "broken"}}}})
    return {"Records": records}


def test_nothing_is_recorded_or_printed_outside_lambda(rt, capsys, monkeypatch):
    monkeypatch.delenv("AWS_LAMBDA_FUNCTION_NAME", raising=False)
    from app import project_events
    project_events(_records([_stored("quiet", 1, 5)], malformed=1), LambdaContext())
    metrics.count("AutoPicks")
    metrics.flush()
    assert emf_lines(capsys.readouterr().out) == []
    assert metrics._metrics.metric_set == {}


def test_the_projector_publishes_lag_records_and_failures_per_invocation(rt, in_lambda):
    from app import project_events
    events = [_stored("lagging", v, 120 - v) for v in (1, 2, 3)]
    result = project_events(_records(events, malformed=1), LambdaContext())
    assert result == {"batchItemFailures": [{"itemIdentifier": "900"}]}
    assert rt.views.checkpoint("lagging") == 3
    published = in_lambda()      # already flushed by the handler's middleware
    assert published["StreamBatchFailures"] == [1.0]
    assert published["StreamRecordsProjected"] == [3.0]
    (lag,) = published["ProjectionLag"]
    assert 119 <= lag < 130       # the oldest record's age, not the newest's


def test_auto_picks_are_counted_when_committed(api, rt, in_lambda):
    event = api.started("hack", "booster-draft", players=8)
    api.draft(event)              # a judge takes every pick (pick-for)
    published = in_lambda()
    picks = [e for e in rt.events.all_events() if e.type == "CardPicked"]
    assert picks and all(e.data["auto"] and e.data["by"] for e in picks)
    assert sum(published["AutoPicks"]) == len(picks)
    assert sum(published["AutoPicksByStaff"]) == len(picks)


def test_which_picks_count(in_lambda):
    count_auto_picks(None, [
        _stored("pod-t-1", 1, 0, "CardPicked", auto=True),                 # timer expired
        _stored("tabledraft-t-1", 1, 0, "TableCardPicked", auto=True, by="j1"),   # staff
        _stored("mixed-t-1", 1, 0, "MixedLibraryCardPicked", auto=False),  # the player's own
        _stored("pod-t-1", 2, 0, "CardPicked", auto=False),
        _stored("pod-t-1", 3, 0, "CardPreselected", auto=True),
    ])
    published = in_lambda()
    assert published["AutoPicks"] == [2.0] and published["AutoPicksByStaff"] == [1.0]


def test_failed_webhook_deliveries_are_counted(api, rt, in_lambda, monkeypatch):
    monkeypatch.setenv("PODIUM_WEBHOOK_INLINE", "0")
    monkeypatch.setenv("PODIUM_WEBHOOK_BACKOFF_SECONDS", "0")
    org = api.organizer()
    register(api, org, "https://hooks.example/podium", ["round.paired"])
    vtes_round(api, org)
    in_lambda()                  # what the setup published
    outcomes = [*worker.deliver_due(rt, send=lambda url, body, headers: (502, None)),
                *worker.deliver_due(rt, send=lambda url, body, headers: (None, "timeout")),
                *worker.deliver_due(rt, send=lambda url, body, headers: (200, None))]
    assert outcomes == ["retrying", "retrying", "delivered"]
    assert in_lambda()["WebhookDeliveryFailures"] == [1.0, 1.0]
