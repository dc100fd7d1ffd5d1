"""The deployed feeds' watermark: a moment before which every event is projected, kept
in one item of the views table (``meta#feed-watermark``) so a feed read costs one
GetItem instead of a scan of the events table's stream.

The projector moves it on after each batch it projects (``advance``): it looks at the
stream's backlog (``DynamoHealth.backlog``: cursored, it reads only what is new) and
stores ``until`` = the earlier of "the look's start minus the settling time" (commits in
flight at the start may not be in the stream yet) and "just before the oldest event not
yet projected". ``until`` only grows (a conditional write), so two projectors finishing
in either order leave the later one. When no batch comes (an idle system, or the last
batch's entries were still settling when it finished), a read that finds the watermark
older than the settling time takes a short lease and moves it on itself: one reader at a
time scans, the others serve the watermark they found (a little behind, never ahead)."""
from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError

from .dynamo_views import META
from .ports import Backlog

KEY = META + "feed-watermark"
LEASE_SECONDS = 5.0


def _micros(moment: datetime) -> int:
    return int(moment.timestamp()) * 1_000_000 + moment.microsecond


def _moment(micros: int) -> datetime:
    return datetime.fromtimestamp(micros // 1_000_000, UTC) + timedelta(
        microseconds=micros % 1_000_000)


class ProjectorWatermark:
    """What the feeds' ``Horizon`` reads deployed (it answers ``backlog()`` as the health
    checks do: "something recorded at ``oldest_at`` may not be projected yet")."""

    def __init__(self, client: Any, table: str, health: Any, settle_seconds: float,
                 clock=time.time):
        self.client, self.table, self.health = client, table, health
        self.settle = settle_seconds
        self.clock = clock
        self._looked: float | None = None      # when this process last looked (after_batch)

    def after_batch(self) -> None:
        """``advance`` after a projected batch, at most once per half settling time per
        process: a look reads the stream's backlog (about seven calls), and paid after
        every batch it delayed the next one on the shard (three quarters of the stream
        poller's time in a busy draft). The watermark lags the projection by the settling
        time anyway; a batch that skips the look leaves it to the next batch or to a
        reader that finds it stale (``backlog``'s lease)."""
        now = self.clock()
        if self._looked is not None and now - self._looked < self.settle / 2:
            return
        self._looked = now
        self.advance()

    # -- the projector ---------------------------------------------------------------
    def advance(self) -> datetime | None:
        """Look at the backlog now and store what it allows; the stored watermark."""
        started = self.clock()
        backlog = self.health.backlog()
        if not backlog.complete or backlog.error:
            return self.until()
        until = _micros(datetime.fromtimestamp(started, UTC)) - int(self.settle * 1_000_000)
        if backlog.oldest_at is not None:
            until = min(until, _micros(backlog.oldest_at) - 1)
        self._store(until, started)
        return self.until()

    def _store(self, until: int, computed: float) -> None:
        values = {":u": {"N": str(until)}, ":c": {"N": repr(computed)}}
        try:
            self.client.update_item(
                TableName=self.table, Key={"view_id": {"S": KEY}},
                UpdateExpression="SET until_us = :u, computed_at = :c",
                ConditionExpression="attribute_not_exists(until_us) OR until_us < :u",
                ExpressionAttributeValues=values)
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") != "ConditionalCheckFailedException":
                raise
            # not further than the stored one: it is still as fresh as this look
            try:
                self.client.update_item(
                    TableName=self.table, Key={"view_id": {"S": KEY}},
                    UpdateExpression="SET computed_at = :c",
                    ConditionExpression="attribute_not_exists(computed_at) OR computed_at < :c",
                    ExpressionAttributeValues={":c": values[":c"]})
            except ClientError as again:
                if again.response.get("Error", {}).get("Code") != \
                        "ConditionalCheckFailedException":
                    raise

    # -- the readers -----------------------------------------------------------------
    def _item(self) -> dict[str, Any] | None:
        return self.client.get_item(TableName=self.table, Key={"view_id": {"S": KEY}},
                                    ConsistentRead=True).get("Item")

    def until(self) -> datetime | None:
        """Every event recorded at or before this moment is projected (None: unknown)."""
        item = self._item()
        if item is None or "until_us" not in item:
            return None
        return _moment(int(item["until_us"]["N"]))

    def _lease(self, now: float) -> bool:
        try:
            self.client.update_item(
                TableName=self.table, Key={"view_id": {"S": KEY}},
                UpdateExpression="SET lease_until = :l",
                ConditionExpression="attribute_not_exists(lease_until) OR lease_until < :n",
                ExpressionAttributeValues={":l": {"N": repr(now + LEASE_SECONDS)},
                                           ":n": {"N": repr(now)}})
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") == "ConditionalCheckFailedException":
                return False
            raise
        return True

    def _release(self, taken: float) -> None:
        try:
            self.client.update_item(
                TableName=self.table, Key={"view_id": {"S": KEY}},
                UpdateExpression="SET lease_until = :z", ConditionExpression="lease_until = :l",
                ExpressionAttributeValues={":z": {"N": "0"},
                                           ":l": {"N": repr(taken + LEASE_SECONDS)}})
        except ClientError:
            pass        # another reader's lease by now: it expires on its own

    def backlog(self) -> Backlog:
        try:
            item = self._item()
            now = self.clock()
            fresh = item is not None and "computed_at" in item and \
                now - float(item["computed_at"]["N"]) < self.settle
            if not fresh and self._lease(now):
                try:
                    self.advance()
                finally:
                    self._release(now)
            until = self.until()
        except (ClientError, BotoCoreError) as exc:
            return Backlog(None, complete=False, error=type(exc).__name__)
        if until is None:
            return Backlog(None, complete=False, error="no watermark yet")
        return Backlog(until + timedelta(microseconds=1), complete=True)
