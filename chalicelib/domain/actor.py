"""Who did something, as commands and events record it."""
from __future__ import annotations

from typing import Any, TypeAlias

ActorRef: TypeAlias = dict[str, Any]
"""The acting principal's reference, ``{"role": ..., "id": ...}`` (``Principal.ref()``;
never a token)."""
