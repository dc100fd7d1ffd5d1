"""What makes moto's in-memory DynamoDB durable in the data dir: every write request it
acknowledges is first appended to a journal (one JSON line per request, fsync'd before the
reply leaves), and a fresh moto replays the journal at start, after the last snapshot
(``durable.py``).

Writes are applied and journaled one at a time under one lock, so the journal's order is
the order moto applied them in; replaying it rebuilds the same tables, and the same
stream: moto numbers a shard's records from a fixed start, and each write's clock is
recorded and frozen again on replay, so the stream's label (its ARN), its records'
sequence numbers and creation times come back as they were, and the poller's saved
position (``positions.py``) stays valid. ``GetRecords`` waits for that lock too, so the
poller never sees a record whose write is not on disk yet; a write that depends on a read
of unjournaled data (the projector's view writes) queues behind it on the same lock. A
crash loses at most the write whose reply was not sent.

Why moto and not another endpoint: DynamoDB Local persists and has streams, but needs a
Java runtime and a download from outside the package registries, and LocalStack needs
Docker; ``serve.sh`` installs nothing but Python packages, and moto is already the tests'
DynamoDB, streams included. ``PODIUM_DYNAMODB_ENDPOINT`` still takes either instead.
"""
from __future__ import annotations

import io
import json
import os
import re
import threading
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any

WRITES = frozenset({
    "CreateTable", "DeleteTable", "UpdateTable", "UpdateTimeToLive", "PutItem", "UpdateItem",
    "DeleteItem", "BatchWriteItem", "TransactWriteItems", "TagResource", "UntagResource",
    "UpdateContinuousBackups", "ExecuteStatement", "BatchExecuteStatement",
    "ExecuteTransaction"})
SERIALIZED_READS = frozenset({"GetRecords"})
CREDENTIAL = re.compile(r"Credential=[^/]+/[^/]+/([^/]+)/")


class Journal:
    """An append-only file of JSON lines, each fsync'd before ``append`` returns."""

    def __init__(self, path: str):
        self.path = path
        self._file = os.fdopen(os.open(path, os.O_RDWR | os.O_CREAT, 0o600), "r+b")
        os.chmod(path, 0o600)                        # the tables hold token hashes
        self.appended = 0

    def entries(self) -> list[dict[str, Any]]:
        """Every whole entry; a torn last line (a crash mid-append, never acknowledged)
        is cut off."""
        self._file.seek(0)
        raw = self._file.read()
        entries, good = [], 0
        for line in raw.splitlines(keepends=True):
            if not line.endswith(b"\n"):
                break
            try:
                entries.append(json.loads(line))
            except ValueError:
                break
            good += len(line)
        if good < len(raw):
            self._file.truncate(good)
            os.fsync(self._file.fileno())
        return entries

    def append(self, entry: dict[str, Any]) -> None:
        self._file.seek(0, os.SEEK_END)
        self._file.write(json.dumps(entry, separators=(",", ":")).encode() + b"\n")
        self._file.flush()
        os.fsync(self._file.fileno())
        self.appended += 1

    def close(self) -> None:
        self._file.close()


def _operation(environ: dict[str, Any]) -> str:
    return environ.get("HTTP_X_AMZ_TARGET", "").rpartition(".")[2]


def _frozen_clock(at: datetime) -> Callable[[], None]:
    """moto's clock in its table module reads ``at`` until the returned undo is called."""
    from moto.dynamodb.models import table
    real = table.utcnow
    table.utcnow = lambda: at
    return lambda: setattr(table, "utcnow", real)


class JournalingApp:
    """WSGI middleware around moto's app: writes one at a time, journaled before the reply."""

    def __init__(self, app: Callable, durable: Any = None):
        self.app, self.durable = app, durable        # durable.DurableTables, or None
        self.lock = threading.Lock()

    def __call__(self, environ: dict[str, Any], start_response: Callable) -> Iterable[bytes]:
        operation = _operation(environ)
        if operation not in WRITES and operation not in SERIALIZED_READS:
            return self.app(environ, start_response)
        length = int(environ.get("CONTENT_LENGTH") or 0)
        body = environ["wsgi.input"].read(length) if length else b""
        environ["wsgi.input"] = io.BytesIO(body)
        with self.lock:
            if operation in SERIALIZED_READS:
                status, headers, reply = call_app(self.app, environ)
            else:
                at = _now()
                undo = _frozen_clock(at)
                try:
                    status, headers, reply = call_app(self.app, environ)
                finally:
                    undo()
                if status.startswith("200") and self.durable is not None:
                    match = CREDENTIAL.search(environ.get("HTTP_AUTHORIZATION", ""))
                    self.durable.record({
                        "at": at.isoformat(), "target": environ["HTTP_X_AMZ_TARGET"],
                        "region": match.group(1) if match else "us-east-1",
                        "body": body.decode("utf-8")})
        start_response(status, headers)
        return [reply]

    def replay(self, entries: list[dict[str, Any]]) -> int:
        """Apply journaled writes to a fresh moto; returns how many moto refused (none
        when the journal matches this moto)."""
        from werkzeug.test import EnvironBuilder
        refused = 0
        for entry in entries:
            builder = EnvironBuilder(
                method="POST", path="/", base_url="http://127.0.0.1/",
                data=entry["body"].encode("utf-8"), headers={
                    "X-Amz-Target": entry["target"],
                    "Content-Type": "application/x-amz-json-1.0",
                    "Authorization": "AWS4-HMAC-SHA256 Credential=journal/20000101/"
                                     f"{entry['region']}/dynamodb/aws4_request, "
                                     "SignedHeaders=host, Signature=0"})
            undo = _frozen_clock(datetime.fromisoformat(entry["at"]))
            try:
                status, _, _ = call_app(self.app, builder.get_environ())
            finally:
                undo()
                builder.close()
            refused += not status.startswith("200")
        return refused


def _now() -> datetime:
    from moto.core.utils import utcnow
    return utcnow()


def call_app(app: Callable, environ: dict[str, Any]) -> tuple[str, list, bytes]:
    seen: dict[str, Any] = {}

    def start_response(status, headers, exc_info=None):
        seen.update(status=status, headers=headers)

    chunks = app(environ, start_response)
    try:
        reply = b"".join(chunks)
    finally:
        getattr(chunks, "close", lambda: None)()
    return seen["status"], seen["headers"], reply
