"""Where the poller is in each shard of the events table's stream, kept in the data dir
(``stream-positions.json``) so a restart against a durable endpoint resumes after the last
record handled instead of reading the stream again from its trim horizon. A position saved
for another stream (the table was recreated, e.g. on a new endpoint; the local moto
endpoint restores its stream's ARN and sequence numbers with its tables) is dropped."""
from __future__ import annotations

import os
import threading
from typing import Any

from .files import locked, read_json, write_json

FILENAME = "stream-positions.json"


class Positions:
    def __init__(self, data_dir: str, stream_arn: str):
        self.path = os.path.join(data_dir, FILENAME)
        self.stream_arn = stream_arn
        self._lock = threading.Lock()
        saved = read_json(self.path, {})
        self.resumed = saved.get("stream_arn") == stream_arn
        self._shards: dict[str, dict[str, Any]] = saved.get("shards", {}) if self.resumed else {}

    def start(self, shard_id: str) -> tuple[str, str | None]:
        """(iterator type, sequence number) to read the shard from."""
        seen = self._shards.get(shard_id, {}).get("sequence")
        return ("AFTER_SEQUENCE_NUMBER", seen) if seen else ("TRIM_HORIZON", None)

    def sequence(self, shard_id: str) -> str | None:
        return self._shards.get(shard_id, {}).get("sequence")

    def finished(self, shard_id: str) -> bool:
        return bool(self._shards.get(shard_id, {}).get("finished"))

    def checkpoint(self, shard_id: str, sequence: str) -> None:
        with self._lock:
            entry = self._shards.setdefault(shard_id, {})
            if entry.get("sequence") and int(entry["sequence"]) >= int(sequence):
                return
            entry["sequence"] = sequence
            self._save()

    def finish(self, shard_id: str) -> None:
        """The shard is closed and every record of it was handled."""
        with self._lock:
            self._shards.setdefault(shard_id, {})["finished"] = True
            self._save()

    def forget(self, keep: set[str]) -> None:
        """Drop shards the stream no longer lists (trimmed after 24 hours)."""
        with self._lock:
            gone = set(self._shards) - keep
            if gone:
                for shard_id in gone:
                    del self._shards[shard_id]
                self._save()

    def snapshot(self) -> dict[str, dict[str, Any]]:
        with self._lock:
            return {k: dict(v) for k, v in self._shards.items()}

    def _save(self) -> None:
        with locked(self.path):
            write_json(self.path, {"stream_arn": self.stream_arn, "shards": self._shards})
