"""The local stand-in for the mapping's on-failure destination (the ``ProjectorFailures``
queue in AWS): records the poller gave up on are appended to ``projector-dlq.jsonl`` in
the data dir, one JSON line per give-up with the full records (as the handler received
them), why (``RetryAttemptsExhausted`` or ``RecordAgeExceeded``), the last error and the
shard and sequence range. AWS sends only the batch's metadata; keeping the records lets
``python -m devserver replay-dlq`` hand them to the same handler again."""
from __future__ import annotations

import os
import traceback
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from .files import append_line, locked, read_lines, write_lines
from .records import created_at, sequence

FILENAME = "projector-dlq.jsonl"
RETRIES_EXHAUSTED = "RetryAttemptsExhausted"
TOO_OLD = "RecordAgeExceeded"


def _iso(epoch: float | None) -> str | None:
    return None if epoch is None else datetime.fromtimestamp(epoch, UTC).isoformat()


def describe(error: BaseException | str) -> str:
    if isinstance(error, str):
        return error
    return "".join(traceback.format_exception_only(type(error), error)).strip()


class DeadLetters:
    def __init__(self, data_dir: str):
        self.path = os.path.join(data_dir, FILENAME)

    def add(self, records: list[dict[str, Any]], *, condition: str, error: BaseException | str,
            attempts: int, shard_id: str, stream_arn: str) -> dict[str, Any]:
        entry = {
            "condition": condition, "error": describe(error), "attempts": attempts,
            "dead_lettered_at": datetime.now(UTC).isoformat(),
            "stream_arn": stream_arn, "shard_id": shard_id,
            "start_sequence_number": sequence(records[0]),
            "end_sequence_number": sequence(records[-1]), "batch_size": len(records),
            "approximate_arrival_of_first_record": _iso(created_at(records[0])),
            "approximate_arrival_of_last_record": _iso(created_at(records[-1])),
            "records": records}
        with locked(self.path):
            append_line(self.path, entry)
        return entry

    def entries(self) -> list[dict[str, Any]]:
        return read_lines(self.path)

    def count(self) -> int:
        return sum(e["batch_size"] for e in self.entries())

    def replay(self, handler: Callable[[dict[str, Any]], Any]) -> dict[str, int]:
        """Hand each entry's records to ``handler`` once more (one invocation per entry, as
        the mapping would); what succeeds leaves the file, what fails stays with its new
        error (only the records the handler reported, on a partial failure)."""
        stats = {"entries": 0, "replayed": 0, "kept": 0}
        with locked(self.path):
            kept: list[dict[str, Any]] = []
            for entry in read_lines(self.path):
                stats["entries"] += 1
                left, error = _invoke(handler, entry["records"])
                stats["replayed"] += len(entry["records"]) - len(left)
                if left:
                    stats["kept"] += len(left)
                    kept.append({**entry, "records": left, "batch_size": len(left),
                                 "start_sequence_number": sequence(left[0]),
                                 "end_sequence_number": sequence(left[-1]),
                                 "error": error, "replayed_at": datetime.now(UTC).isoformat()})
            write_lines(self.path, kept)
        return stats


def _invoke(handler, records: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], str | None]:
    """-> (records that still fail, error)."""
    try:
        response = handler({"Records": records})
    except Exception as exc:  # noqa: BLE001 - the function failed: every record stays
        return records, describe(exc)
    failed = {f.get("itemIdentifier") for f in (response or {}).get("batchItemFailures", [])}
    left = [r for r in records if sequence(r) in failed]
    if failed and not left:          # identifiers naming no record: a failed invocation
        return records, f"invalid batchItemFailures {sorted(map(str, failed))}"
    return left, ("reported in batchItemFailures" if left else None)
