"""The state of the report aggregate (stream ``report-<tid>``)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ReceiptState:
    received_at: str | None = None
    federation_id: str | None = None
