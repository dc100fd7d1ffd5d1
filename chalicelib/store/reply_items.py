"""An idempotency record as DynamoDB items, whatever the size of its reply (up to the
6 MB a Lambda reply can be): the record item, written in the same transaction as the
command's events, and, when its packed reply would not fit one item (``item_size``'s
count and limit, or what is left of the transaction's 4 MB), the reply's chunks.

Chunks are written BEFORE the transaction (in batches: a 6 MB reply is one call), each
its own item of the idempotency table
under ``<key>#<digest>#<n>`` (the table's one hash key, no schema change): the record then
carries only the digest of the packed reply and the chunk count. A chunk is content
addressed, so a conflicting request with the same key writes other keys (or the very same
bytes); chunks of a transaction that failed are never read (no record names them) and
expire by time to live, a day after the records they could have served.

Replies are encoded keeping their keys' order (``dumps_reply``): a replay is the same
bytes as the original, on every store. The SQLite and memory stores have no item limit
and keep the encoded reply whole."""
from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from . import codec
from .dynamo_batches import batch_get, batch_write
from .item_size import MAX_ITEM_BYTES, item_size
from .ports import IdempotencyRecord, StoreUnavailable

IDEMPOTENCY_TTL_SECONDS = 30 * 24 * 3600
CHUNK_TTL_MARGIN_SECONDS = 24 * 3600     # chunks outlive their record
# a chunk item's key, digest and expiry stay under 1 KB: its part fills the rest
CHUNK_KEY_ROOM = 1024
_encode = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


def chunk_bytes() -> int:
    """The bytes of packed reply one chunk item holds."""
    return MAX_ITEM_BYTES - CHUNK_KEY_ROOM


def dumps_reply(body: Any) -> str:
    """A reply's JSON, its keys in the order the reply has them (so a replay decodes to
    the same order and the API sends the same bytes)."""
    return _encode(body)


@dataclass(frozen=True)
class RecordItems:
    record: dict[str, Any]              # written in the transaction with the events
    chunks: tuple[dict[str, Any], ...]  # written before it (empty: the reply is inline)


def chunk_key(key: str, digest: str, n: int) -> str:
    return f"{key}#{digest[:32]}#{n}"


def record_items(record: IdempotencyRecord, room: int | None = None,
                 now: float | None = None) -> RecordItems:
    """The items of ``record``; its reply inline when the record item is at most
    ``room`` bytes (default: the item limit), else in chunks."""
    limit = MAX_ITEM_BYTES if room is None else min(room, MAX_ITEM_BYTES)
    expires_at = int(time.time() if now is None else now) + IDEMPOTENCY_TTL_SECONDS
    encoding, payload = codec.pack_text(dumps_reply(record.body))
    inline = {
        "key": {"S": record.key},
        "fingerprint": {"S": record.fingerprint},
        "status": {"N": str(record.status)},
        "enc": {"S": encoding},
        "expires_at": {"N": str(expires_at)},
        "headers": {"S": codec.dumps(record.headers)},
        "body": {"B": payload} if isinstance(payload, bytes) else {"S": payload},
    }
    if _at_most(inline, payload, record) <= limit or item_size(inline) <= limit:
        return RecordItems(inline, ())
    head = {name: value for name, value in inline.items() if name != "body"}
    data = payload if isinstance(payload, bytes) else payload.encode("utf-8")
    digest = hashlib.sha256(data).hexdigest()
    size = chunk_bytes()
    parts = [data[i:i + size] for i in range(0, len(data), size)]
    chunk_expiry = {"N": str(expires_at + CHUNK_TTL_MARGIN_SECONDS)}
    chunks = tuple({"key": {"S": chunk_key(record.key, digest, n)}, "part": {"B": part},
                    "expires_at": chunk_expiry} for n, part in enumerate(parts))
    return RecordItems({**head, "digest": {"S": digest}, "chunks": {"N": str(len(parts))}},
                       chunks)


def _at_most(inline: dict[str, Any], payload: bytes | str, record: IdempotencyRecord) -> int:
    """A bound on ``item_size(inline)`` cheaper than counting (a UTF-8 character is at
    most 4 bytes; the names, numbers and fixed fields are under 256 bytes)."""
    body = len(payload) if isinstance(payload, bytes) else 4 * len(payload)
    return body + 4 * (len(record.key) + len(record.fingerprint)
                       + len(inline["headers"]["S"])) + 256


def expired(item: dict[str, Any], now: float | None = None) -> bool:
    """A record past its time to live (DynamoDB deletes expired items only eventually:
    one may still be read, and its chunks may be gone)."""
    expiry = item.get("expires_at")
    return expiry is not None and int(expiry["N"]) < (time.time() if now is None else now)


def record_from_items(item: dict[str, Any],
                      fetch: Callable[[list[str]], Iterable[dict[str, Any]]]
                      ) -> IdempotencyRecord:
    """The record of its item, its chunks read with ``fetch(keys) -> items`` (any order)
    and checked against the digest."""
    if "chunks" in item:
        key, digest = item["key"]["S"], item["digest"]["S"]
        keys = [chunk_key(key, digest, n) for n in range(int(item["chunks"]["N"]))]
        parts = {c["key"]["S"]: c["part"]["B"] for c in fetch(keys)}
        data = b"".join(parts.get(k, b"") for k in keys)
        if len(parts) != len(keys) or hashlib.sha256(data).hexdigest() != digest:
            # the reply cannot be told: the retry is answered 503, never run again
            raise StoreUnavailable("IdempotencyReplyIncomplete")
        payload: bytes | str = data
    else:
        body_attr = item["body"]
        payload = body_attr["B"] if "B" in body_attr else body_attr["S"]
    body = codec.unpack(item["enc"]["S"], payload)
    headers = codec.loads(item["headers"]["S"]) if "headers" in item else {}
    return IdempotencyRecord(item["key"]["S"], item["fingerprint"]["S"],
                             int(item["status"]["N"]), body, headers)



def put_chunks(client: Any, table: str, chunks: tuple[dict[str, Any], ...]) -> None:
    """Write ``chunks`` to ``table`` in batches (a 6 MB reply's 16 chunks: one call)."""
    batch_write(client, table, [{"PutRequest": {"Item": c}} for c in chunks],
                "idempotency reply chunks")


def get_chunks(client: Any, table: str, keys: list[str]) -> list[dict[str, Any]]:
    """The chunk items of ``keys`` (any order; a missing one is simply absent)."""
    return list(batch_get(client, table, [{"key": {"S": k}} for k in keys],
                          "idempotency reply chunks"))
