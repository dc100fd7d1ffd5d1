"""Stand-ins for the pure delivery tests: stream records as the handler receives them and
a handler that records every invocation."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from devserver.mapping import MappingSettings

FAST = MappingSettings(batch_size=100, retry_delay_seconds=0.0)
START = 1_000_000


def records(count: int, created: float = 1000.0, first: int = START) -> list[dict[str, Any]]:
    return [{"eventID": f"e{n}", "eventName": "INSERT", "eventSource": "aws:dynamodb",
             "dynamodb": {"SequenceNumber": str(n), "ApproximateCreationDateTime": created,
                          "Keys": {"stream_id": {"S": "s"}, "version": {"N": str(n)}}}}
            for n in range(first, first + count)]


def seq(n: int) -> str:
    return str(START + n)


class Recorder:
    """Calls ``react(sequence numbers, call number)``: it may raise or return failures."""

    def __init__(self, react: Callable[[list[str], int], Any] | None = None):
        self.calls: list[list[str]] = []
        self.react = react or (lambda seqs, call: None)
        self.succeeded: list[str] = []

    def __call__(self, event: dict[str, Any]) -> dict[str, Any]:
        seqs = [r["dynamodb"]["SequenceNumber"] for r in event["Records"]]
        self.calls.append(seqs)
        failed = self.react(seqs, len(self.calls)) or []
        self.succeeded += [s for s in seqs if s not in failed]
        return {"batchItemFailures": [{"itemIdentifier": s} for s in failed]}
