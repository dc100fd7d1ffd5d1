"""Replies compressed as the deployed API Gateway compresses them: a body of at least the
stage's minimum compression size (``minimum_compression_size`` in .chalice/config.json,
the template's ``MinimumCompressionSize``) is sent gzip- or deflate-encoded when the
request's ``Accept-Encoding`` takes one of them; smaller bodies, replies already encoded
and requests that take neither are sent as they are. Phones on a venue's network and
browsers get standings, seatings and logs in a fraction of the bytes; clients that send no
``Accept-Encoding`` (curl without ``--compressed``, urllib) see no change."""
from __future__ import annotations

import gzip
import json
import zlib
from pathlib import Path

CONFIG = Path(__file__).resolve().parents[1] / ".chalice" / "config.json"
CODINGS = ("gzip", "deflate")           # API Gateway's, in the order it prefers them
LEVEL = 6


def minimum_size(config: Path = CONFIG, stage: str = "dev") -> int | None:
    """The stage's minimum compression size in bytes (the stage's own key, else the top
    level's, as Chalice chains them); None: the API compresses nothing."""
    settings = json.loads(config.read_text())
    value = settings.get("stages", {}).get(stage, {}).get(
        "minimum_compression_size", settings.get("minimum_compression_size"))
    return None if value is None else int(value)


def chosen(accept_encoding: str | None) -> str | None:
    """The coding to send for this ``Accept-Encoding`` (RFC 9110 12.5.3: ``q=0`` refuses
    a coding), or None for the body as it is. Only a coding the request names counts:
    API Gateway compresses nothing for ``*`` (what a missing header means, too)."""
    if not accept_encoding:
        return None
    weights: dict[str, float] = {}
    for item in accept_encoding.split(","):
        name, *params = [part.strip() for part in item.split(";")]
        weight = 1.0
        for param in params:
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if name:
            weights[name.lower()] = weight
    best = max(CODINGS, key=lambda coding: weights.get(coding, 0.0))
    return best if weights.get(best, 0.0) > 0 else None


def encoded(body: bytes, coding: str) -> bytes:
    if coding == "gzip":
        return gzip.compress(body, compresslevel=LEVEL, mtime=0)
    return zlib.compress(body, LEVEL)     # HTTP's "deflate" is the zlib format


def compressed(body: bytes, headers: dict, accept_encoding: str | None,
               minimum: int | None) -> tuple[bytes, dict]:
    """``body`` and ``headers`` as the gateway would send them for this request."""
    if minimum is None or len(body) < minimum:
        return body, headers
    if any(name.lower() == "content-encoding" for name in headers):
        return body, headers
    named = [value for name, value in headers.items() if name.lower() == "vary"]
    headers = {name: value for name, value in headers.items() if name.lower() != "vary"}
    headers["Vary"] = _vary(", ".join(str(value) for value in named))
    coding = chosen(accept_encoding)
    if coding is None:
        return body, headers
    return encoded(body, coding), {**headers, "Content-Encoding": coding}


def _vary(named: str) -> str:
    """The reply's ``Vary`` with ``Accept-Encoding`` among its fields."""
    fields = [field.strip() for field in named.split(",") if field.strip()]
    if not any(field.lower() == "accept-encoding" for field in fields):
        fields.append("Accept-Encoding")
    return ", ".join(fields)
