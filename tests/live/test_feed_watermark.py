"""Deployed feed reads follow the projector's watermark (moto): an event recorded but not
projected holds it back, the projector's advance after a batch moves it on, it never goes
back, and a stale one is moved on by one reader at a time (a lease)."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chalicelib.application import feeds
from chalicelib.store import dynamo_watermark
from chalicelib.store.dynamo_watermark import KEY, ProjectorWatermark
from tests.api.test_health_dynamodb import Poller


@pytest.fixture(autouse=True)
def _immediate(monkeypatch):
    monkeypatch.setenv("PODIUM_FEED_SETTLE_SECONDS", "0")
    monkeypatch.setattr(feeds, "HORIZON_CACHE_SECONDS", 0)


def test_the_watermark_waits_for_the_projector(stream_api):
    api, rt = stream_api
    mark = rt.feed_progress
    assert isinstance(mark, ProjectorWatermark)
    poller = Poller(rt)
    before = datetime.now(UTC)
    api.organizer()                                   # recorded, not projected
    after = datetime.now(UTC)
    held = mark.advance()                             # just before that event
    assert held is not None and before <= held < after
    poller.poll()
    moved = mark.advance()
    assert moved is not None and moved >= after
    # an older look (a slower projector finishing later) never moves it back
    mark._store(0, 1.0)
    assert mark.until() == moved


def test_a_feed_serves_what_the_watermark_allows(stream_api):
    api, rt = stream_api
    poller = Poller(rt)
    org = api.organizer()
    tid = api.post("/v1/tournaments", {"name": "Cup", "game": "vtes", "format": "sealed"},
                   token=org).body["tournament_id"]
    poller.poll()
    first = api.get(f"/v1/tournaments/{tid}/feed").body
    assert api.post(f"/v1/tournaments/{tid}/announcements", {"text": "Doors open"},
                    token=org).status == 201
    waiting = api.get(f"/v1/tournaments/{tid}/feed?after={first['position']}").body
    assert waiting["entries"] == [] and waiting["position"] >= first["position"]
    poller.poll()
    served = api.get(f"/v1/tournaments/{tid}/feed?after={waiting['position']}").body
    assert [e["type"] for e in served["entries"]] == ["announcement"]


def test_one_reader_at_a_time_moves_a_stale_watermark(stream_api, monkeypatch):
    api, rt = stream_api
    now = [1_000_000.0]
    mark = ProjectorWatermark(rt.health.client, "views", rt.health, 1.0, clock=lambda: now[0])
    scans = []
    real = rt.health.backlog
    monkeypatch.setattr(rt.health, "backlog", lambda: scans.append(1) or real())
    assert mark.backlog().complete and len(scans) == 1       # none yet: this reader looks
    assert mark.backlog().complete and len(scans) == 1       # fresh: nobody looks
    now[0] += 2
    held = {"view_id": {"S": KEY}}
    rt.health.client.update_item(TableName="views", Key=held,
                                 UpdateExpression="SET lease_until = :l",
                                 ExpressionAttributeValues={":l": {"N": repr(now[0] + 3)}})
    assert mark.backlog().complete and len(scans) == 1       # another reader holds the lease
    now[0] += dynamo_watermark.LEASE_SECONDS
    assert mark.backlog().complete and len(scans) == 2       # its lease expired


def test_the_projector_looks_at_most_once_per_half_settling_time(stream_api, monkeypatch):
    """After each batch the projector moves the watermark on, but a look reads the stream's
    backlog: batches closer together than half the settling time share one look."""
    api, rt = stream_api
    now = [1_000_000.0]
    mark = ProjectorWatermark(rt.health.client, "views", rt.health, 1.0, clock=lambda: now[0])
    looks = []
    monkeypatch.setattr(mark, "advance", lambda: looks.append(now[0]))
    for step in (0.0, 0.2, 0.2, 0.2, 0.1, 0.6):      # batches at +0, .2, .4, .6, .7, 1.3 s
        now[0] += step
        mark.after_batch()
    assert looks == pytest.approx([1_000_000.0, 1_000_000.6, 1_000_001.3])
