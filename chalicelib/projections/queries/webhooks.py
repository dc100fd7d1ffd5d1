"""The read side of ``projections/webhooks.py``: the ids of its view documents and
the readers the use cases call (the handlers writing them stay in that module)."""
from __future__ import annotations

from ..registry import keyed

DUE_KIND = "webhook-due"
delivery_doc_id = keyed("webhook-delivery:")     # by delivery id
attempts_id = keyed("webhook-attempts:")         # by delivery id
log_kind = keyed("webhook-log|")                 # by endpoint id
