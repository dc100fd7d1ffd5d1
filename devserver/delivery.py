"""One shard's records through the handler with the Lambda event source mapping's rules
for DynamoDB streams (AWS Lambda developer guide: "Configuring partial batch response
with DynamoDB and Lambda" and "Retaining discarded records for a DynamoDB event source"):

* records are handed over in order, at most ``batch_size`` per invocation, as
  ``{"Records": [...]}``;
* a response listing ``batchItemFailures`` checkpoints the records before the lowest
  failed sequence number and retries from it (with ``ReportBatchItemFailures`` on; an
  identifier naming no record of the batch makes the whole invocation a failure);
* an invocation that raises is a function error: with ``BisectBatchOnFunctionError`` the
  batch is split in two and each half retried (here a split is not counted as a retry:
  each half starts its own count), otherwise, or once a single record is left, the batch
  is retried as it is;
* after ``MaximumRetryAttempts`` retries of the same first record, or for records older
  than ``MaximumRecordAgeInSeconds``, the records go to the on-failure destination (here
  the dead-letter file) and the shard moves on. Lambda discards the whole batch in flight;
  here a partial failure gives up only on its first failed record and the rest of the
  batch is handed over again (the projector is idempotent per (stream, version)).
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .dead_letters import RETRIES_EXHAUSTED, TOO_OLD, DeadLetters
from .mapping import MappingSettings
from .records import created_at, sequence

log = logging.getLogger(__name__)
Handler = Callable[[dict[str, Any]], Any]


@dataclass
class Stats:
    invocations: int = 0
    retries: int = 0
    bisections: int = 0
    delivered: int = 0
    dead_lettered: int = 0


class FunctionError(Exception):
    """The invocation failed as a whole (it raised, or answered an unusable response)."""


class Delivery:
    def __init__(self, handler: Handler, settings: MappingSettings, dead_letters: DeadLetters,
                 stream_arn: str, checkpoint: Callable[[str, str], None],
                 clock: Callable[[], float] = time.time,
                 sleep: Callable[[float], None] = time.sleep):
        self.handler = handler
        self.settings = settings
        self.dead_letters = dead_letters
        self.stream_arn = stream_arn
        self.checkpoint = checkpoint      # (shard id, sequence number) once handled
        self.clock = clock
        self.sleep = sleep
        self.stats = Stats()

    def deliver(self, shard_id: str, records: list[dict[str, Any]]) -> None:
        """Hand ``records`` (in shard order) over until each one is delivered or dead-lettered."""
        size = max(1, self.settings.batch_size)
        pending = [records[i:i + size] for i in range(0, len(records), size)]
        pending.reverse()                 # a stack: the oldest batch (or left half) on top
        while pending:
            self._run(shard_id, pending.pop(), pending)

    def _run(self, shard_id: str, batch: list[dict[str, Any]], pending: list) -> None:
        failures = 0                      # failed invocations starting at batch[0]
        while batch:
            batch = self._drop_too_old(shard_id, batch, failures)
            if not batch:
                return
            try:
                failed_at = self._invoke(batch)
            except FunctionError as error:
                if self.settings.bisect_on_error and len(batch) > 1:
                    middle = (len(batch) + 1) // 2
                    pending += [batch[middle:], batch[:middle]]
                    self.stats.bisections += 1
                    return
                failures += 1
                if self.settings.retries_exhausted(failures):
                    self._give_up(shard_id, batch, RETRIES_EXHAUSTED, error.__cause__ or error,
                                  failures)
                    return
                self._retry(failures)
                continue
            if failed_at is None:
                self._handled(shard_id, batch)
                return
            if failed_at > 0:             # progress: the first failed record heads the batch
                self._handled(shard_id, batch[:failed_at])
                batch, failures = batch[failed_at:], 0
            failures += 1
            if self.settings.retries_exhausted(failures):
                self._give_up(shard_id, batch[:1], RETRIES_EXHAUSTED,
                              "reported in batchItemFailures", failures)
                batch, failures = batch[1:], 0
                continue
            self._retry(failures)

    def _invoke(self, batch: list[dict[str, Any]]) -> int | None:
        """Index of the first failed record, None when the whole batch succeeded."""
        self.stats.invocations += 1
        try:
            response = self.handler({"Records": batch})
        except Exception as exc:  # noqa: BLE001 - a crashing function, as Lambda sees it
            log.warning("projector invocation failed (%d records from %s): %s", len(batch),
                        sequence(batch[0]), exc)
            raise FunctionError(str(exc)) from exc
        if not self.settings.partial_responses or not response:
            return None
        failures = response.get("batchItemFailures") if isinstance(response, dict) else None
        if not failures:
            return None
        position = {sequence(r): i for i, r in enumerate(batch)}
        ids = [f.get("itemIdentifier") if isinstance(f, dict) else None for f in failures]
        if any(i not in position for i in ids):
            raise FunctionError(f"batchItemFailures names no record of the batch: {ids}")
        return min(position[i] for i in ids)

    def _drop_too_old(self, shard_id: str, batch: list[dict[str, Any]],
                      failures: int) -> list[dict[str, Any]]:
        """Give up on the records at the head of the batch that are too old (a shard's
        records are in creation order, so these are a prefix)."""
        now = self.clock()
        count = 0
        for record in batch:
            created = created_at(record)
            if not self.settings.too_old(None if created is None else now - created):
                break
            count += 1
        if count:
            self._give_up(shard_id, batch[:count], TOO_OLD,
                          f"older than {self.settings.max_record_age_seconds:g} s", failures)
        return batch[count:]

    def _handled(self, shard_id: str, records: list[dict[str, Any]]) -> None:
        self.stats.delivered += len(records)
        self.checkpoint(shard_id, sequence(records[-1]))

    def _give_up(self, shard_id: str, records: list[dict[str, Any]], condition: str,
                 error: BaseException | str, failures: int) -> None:
        self.dead_letters.add(records, condition=condition, error=error, attempts=failures,
                              shard_id=shard_id, stream_arn=self.stream_arn)
        log.error("projector gave up on %d records of %s (%s..%s): %s", len(records),
                  shard_id, sequence(records[0]), sequence(records[-1]), condition)
        self.stats.dead_lettered += len(records)
        self.checkpoint(shard_id, sequence(records[-1]))

    def _retry(self, failures: int) -> None:
        self.stats.retries += 1
        self.sleep(self.settings.retry_delay(failures))
