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
