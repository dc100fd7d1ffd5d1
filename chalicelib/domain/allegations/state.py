"""The state of the allegations aggregate (stream ``allegations-<tid>``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class AllegationsState:
    allegations: dict[str, dict[str, Any]] = field(default_factory=dict)
