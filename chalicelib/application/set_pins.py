"""Card sets pinned by content hash: when a tournament is created (and whenever its
settings change before the start) it records the SHA-256 of each card set its product
comes from (``audit_chain.digest`` of the set as the audit log carries it), so the log's
sets are checked against what the tournament committed to before any draw, not only
against the manifest signed at the finish (``verify/card_set_checks.py``)."""
from __future__ import annotations

from typing import Any

from ..domain.audit_chain import digest
from ..domain.errors import Invalid
from ..domain.profiles import resolve_settings
from .sets import product_sets


def pins(source: Any, game: str, structure: str, settings: dict[str, Any],
         base: dict[str, Any] | None = None) -> dict[str, str]:
    """set id -> SHA-256 of each known set the resolved product draws from; {} when the
    settings are refused (the decider then says why)."""
    try:
        resolved = resolve_settings(game, settings, base=base, structure=structure)
    except Invalid:
        return {}
    return {set_id: digest(card_set.model_dump(mode="json")) for set_id, card_set
            in product_sets(source, resolved.get("product") or {}).items()}
