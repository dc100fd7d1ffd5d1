"""Environment switches of webhook delivery (see the README's configuration table)."""
from __future__ import annotations

import os


def backoff_base_seconds() -> float:
    return float(os.environ.get("PODIUM_WEBHOOK_BACKOFF_SECONDS", "30"))


def loopback_allowed() -> bool:
    return os.environ.get("PODIUM_WEBHOOK_ALLOW_LOOPBACK", "").lower() in ("1", "true", "yes")
