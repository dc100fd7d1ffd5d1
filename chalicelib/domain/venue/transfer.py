"""What a venue transfer carries and how each side checks it extends the chain.

A transferred event is the stored event whole (``stream_id``, ``version``, ``type``,
``data``, ``meta``, ``event_id``, ``recorded_at``), so the receiver stores it as it is.
Each stream's events chain with the audit log's functions (``domain/audit_chain.py``):
``chain = link(previous chain, content(event))``, a stream's first event from ``GENESIS``.
A batch names, per stream, the chain head it extends (``previous``); the receiver
compares it with its own head at that version and recomputes every event's chain: a
batch that does not extend what it holds is refused (pure: no I/O)."""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..audit_chain import GENESIS, content, link

__all__ = ["GENESIS", "breaks", "chained", "head"]

FIELDS = ("stream_id", "version", "type", "data", "meta", "event_id", "recorded_at")


def head(records: Iterable[Mapping[str, Any]], previous: str = GENESIS) -> str:
    """The chain head after ``records`` (one stream's, in version order)."""
    for record in records:
        previous = link(previous, content({k: record[k] for k in FIELDS}))
    return previous


def chained(records: Iterable[Mapping[str, Any]], previous: str = GENESIS) -> list[dict[str, Any]]:
    """The records with their ``chain`` (one stream's, in version order, from ``previous``)."""
    out = []
    for record in records:
        body = {k: record[k] for k in FIELDS}
        previous = link(previous, content(body))
        out.append({**body, "chain": previous})
    return out


def breaks(records: Sequence[Mapping[str, Any]], previous: str,
           first_version: int) -> list[dict[str, Any]]:
    """Why ``records`` (one stream's, claimed to follow ``previous`` at
    ``first_version - 1``) do not extend the chain: each break named; empty when whole."""
    out: list[dict[str, Any]] = []
    expected, chain = first_version, previous
    for record in records:
        if record.get("version") != expected:
            out.append({"stream_id": record.get("stream_id"), "version": record.get("version"),
                        "why": f"expected version {expected}"})
            break
        try:
            chain = link(chain, content({k: record[k] for k in FIELDS}))
        except KeyError as missing:
            out.append({"stream_id": record.get("stream_id"), "version": expected,
                        "why": f"no {missing}"})
            break
        if record.get("chain") != chain:
            out.append({"stream_id": record.get("stream_id"), "version": expected,
                        "why": "its chain does not follow the one before it"})
            break
        expected += 1
    return out
