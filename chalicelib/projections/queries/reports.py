"""The read side of ``projections/reports.py``: the ids of its view documents and
the readers the use cases call (the handlers writing them stay in that module)."""
from __future__ import annotations

from ..registry import keyed

FEED_KIND = "report-feed"
org_kind = keyed("report-org|")             # by organizer id
receipt_id = keyed("report-receipt:")       # by tournament id
