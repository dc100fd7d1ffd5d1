"""The commands of the card-set aggregate (stream ``cardset-s-<set>``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class UploadSet:
    data: dict[str, Any]
    owner: dict[str, Any]
    now: str
