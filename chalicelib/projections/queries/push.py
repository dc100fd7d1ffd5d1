"""The read side of ``projections/push.py``: the ids of its view documents and
the readers the use cases call (the handlers writing them stay in that module)."""
from __future__ import annotations

from ..registry import keyed

DUE_KIND = "push-due"
subs_id = keyed("push-subs:")          # by "<tid>:<pid>"
done_id = keyed("push-done:")          # by delivery id
