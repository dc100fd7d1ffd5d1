"""The venue lease (stream ``lease-<tid>``): a tournament is written by the deployment or
by one venue node, by an explicit, expiring lease (``docs/venue.md``)."""
from __future__ import annotations

from .decider import (
    DEPLOYMENT,
    LEASE,
    Grant,
    LeaseState,
    Reclaim,
    Release,
    Renew,
    ReportOrphans,
)
from .events import LeaseGranted, LeaseReclaimed, LeaseReleased, LeaseRenewed, OrphansReported

__all__ = ["DEPLOYMENT", "LEASE", "Grant", "LeaseGranted", "LeaseReclaimed", "LeaseReleased",
           "LeaseRenewed", "LeaseState", "OrphansReported", "Reclaim", "Release", "Renew",
           "ReportOrphans"]
