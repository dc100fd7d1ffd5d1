"""The projector exactly as Lambda runs it: the Chalice-wrapped ``app.project_events``
called with the event and a context, the event passed through JSON as Lambda's would be."""
from __future__ import annotations

import json
from typing import Any

from .delivery import Handler


def lambda_handler(context: Any = None) -> Handler:
    from app import project_events  # the module chalice local serves (project root)

    def invoke(event: dict[str, Any]) -> Any:
        return project_events(json.loads(json.dumps(event)), context)
    return invoke
