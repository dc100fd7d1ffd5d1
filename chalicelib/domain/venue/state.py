"""The lease's state (stream ``lease-<tid>``): who writes the tournament, until when."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

DEPLOYMENT = "deployment"
MIN_SECONDS = 60
MAX_SECONDS = 7 * 24 * 3600
MAX_ORPHAN_REPORTS = 10_000


@dataclass(frozen=True)
class LeaseState:
    holder: str = DEPLOYMENT          # DEPLOYMENT or a node id
    lease_id: str | None = None
    address: str = ""
    expires_at: str | None = None
    leases: int = 0                   # how many were ever granted
    orphan_reports: int = 0
    orphan_events: int = 0
    orphans_decided: tuple[int, ...] = ()     # the reports the staff decided on

    def holder_at(self, now: datetime) -> str:
        """Who may write at ``now``: a node until its lease expires, else the deployment."""
        if self.holder == DEPLOYMENT or self.expires_at is None:
            return DEPLOYMENT
        return self.holder if now < datetime.fromisoformat(self.expires_at) else DEPLOYMENT

    def public(self, now: datetime) -> dict[str, Any]:
        return {"holder": self.holder_at(now), "lease_id": self.lease_id,
                "address": self.address if self.holder != DEPLOYMENT else "",
                "expires_at": self.expires_at if self.holder != DEPLOYMENT else None,
                "orphans_reported": self.orphan_events,
                "orphan_reports_undecided": [n for n in range(1, self.orphan_reports + 1)
                                             if n not in self.orphans_decided]}
