"""Commands of the lease: grant, renew, release, reclaim, report orphans."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class Grant:
    lease_id: str
    node_id: str
    address: str
    seconds: int
    by: dict[str, Any]
    now: datetime


@dataclass(frozen=True)
class Renew:
    lease_id: str
    node_id: str
    seconds: int
    now: datetime


@dataclass(frozen=True)
class Release:
    lease_id: str
    node_id: str
    heads: dict[str, int]
    now: datetime


@dataclass(frozen=True)
class Reclaim:
    heads: dict[str, int]
    by: dict[str, Any]
    now: datetime


@dataclass(frozen=True)
class ReportOrphans:
    lease_id: str
    node_id: str
    events: list[dict[str, Any]]
    now: datetime
    tallies: list[dict[str, Any]] | None = None


@dataclass(frozen=True)
class DecideOrphans:
    """The staff's decision on orphan report ``report``: ``replay`` (``replayed`` and
    ``refused`` say what the replay found, application/venue_orphans.py) or
    ``discard``."""

    report: int
    decision: str
    events: int
    replayed: list[dict[str, Any]]
    refused: list[dict[str, Any]]
    by: dict[str, Any]
    now: datetime
