"""The parts of a projected stream's id a handler needs, never None: a handler only sees
streams of the kinds it registered for, so a part missing means a wrong delivery (the
projection fails and records the stream damaged)."""
from __future__ import annotations

from typing import TypeVar

from ..domain import streams

T = TypeVar("T")


def _required(value: T | None, what: str, stream_id: str) -> T:
    if value is None:
        raise ValueError(f"stream {stream_id!r} names no {what}")
    return value


def tid_of(stream_id: str) -> str:
    return _required(streams.tournament_of(stream_id), "tournament", stream_id)


def pod_of(stream_id: str) -> int:
    return _required(streams.pod_number_of(stream_id), "pod", stream_id)


def capability_of(stream_id: str) -> str:
    return _required(streams.capability_of(stream_id), "capability", stream_id)


def match_of(stream_id: str) -> str:
    return _required(streams.match_id_of(stream_id), "match", stream_id)


def table_of(stream_id: str) -> tuple[int, int]:
    return _required(streams.table_of(stream_id), "table", stream_id)
