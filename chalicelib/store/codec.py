"""JSON encoding shared by adapters; large payloads are zlib-compressed so one event
or view stays well under DynamoDB's 400 KB item limit."""
from __future__ import annotations

import json
import zlib
from typing import Any

COMPRESS_ABOVE = 32 * 1024


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True, ensure_ascii=False)


def loads(text: str | bytes) -> Any:
    return json.loads(text)


def pack(value: Any) -> tuple[str, bytes | str]:
    """-> ("json", text) or ("zjson", compressed bytes)."""
    return pack_text(dumps(value))


def pack_text(text: str) -> tuple[str, bytes | str]:
    """``pack`` of a value already encoded by ``dumps``."""
    if len(text) > COMPRESS_ABOVE:
        return "zjson", zlib.compress(text.encode("utf-8"), 6)
    return "json", text


def unpack(encoding: str, payload: bytes | str) -> Any:
    if encoding == "zjson":
        if isinstance(payload, str):
            payload = payload.encode("latin-1")
        return json.loads(zlib.decompress(payload).decode("utf-8"))
    return json.loads(payload)
