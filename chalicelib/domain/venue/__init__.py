"""The venue lease (stream ``lease-<tid>``): a tournament is written by the deployment or
by one venue node, by an explicit, expiring lease (``docs/venue.md``)."""
from __future__ import annotations

from .aggregate import LEASE
from .commands import DecideOrphans, Grant, Reclaim, Release, Renew, ReportOrphans
from .events import (
    LeaseGranted,
    LeaseReclaimed,
    LeaseReleased,
    LeaseRenewed,
    OrphansDiscarded,
    OrphansReplayed,
    OrphansReported,
)
from .state import DEPLOYMENT, LeaseState

__all__ = ["DEPLOYMENT", "LEASE", "DecideOrphans", "Grant", "LeaseGranted", "LeaseReclaimed",
           "LeaseReleased", "LeaseRenewed", "LeaseState", "OrphansDiscarded", "OrphansReplayed",
           "OrphansReported", "Reclaim", "Release", "Renew", "ReportOrphans"]
