"""The venue lease (stream ``lease-<tid>``): a tournament is written by the deployment or
by one venue node, by an explicit, expiring lease (``docs/venue.md``)."""
from __future__ import annotations

from .aggregate import LEASE
from .commands import Grant, Reclaim, Release, Renew, ReportOrphans
from .events import LeaseGranted, LeaseReclaimed, LeaseReleased, LeaseRenewed, OrphansReported
from .state import DEPLOYMENT, LeaseState

__all__ = ["DEPLOYMENT", "LEASE", "Grant", "LeaseGranted", "LeaseReclaimed", "LeaseReleased",
           "LeaseRenewed", "LeaseState", "OrphansReported", "Reclaim", "Release", "Renew",
           "ReportOrphans"]
