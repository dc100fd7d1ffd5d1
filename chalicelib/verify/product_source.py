"""Where a log's product came from, for the checks that re-derive it: the tournament's
product settings, and why an event is not re-collated (the organizer chose it, the staff
entered it, or the log lacks its card sets)."""
from __future__ import annotations

from typing import Any

from ..domain.profiles.product import ProductSettings
from .context import Context
from .findings import Finding, NotChecked, Recorded


def product_of(ctx: Context) -> ProductSettings:
    return ProductSettings.model_validate(ctx.section("product"))


def chosen(data: dict[str, Any], what: str) -> bool:
    """The organizer chose ``what`` ("pods", "packs") instead of the seed's draw."""
    return what in (data.get("chosen_by_organizer") or [])


def chosen_findings(event: Recorded, what: str) -> list[Finding]:
    return [NotChecked(event, f"the {what} were chosen by the organizer, not drawn")]


def not_collated(ctx: Context, event: Recorded, start: dict[str, Any] | None = None
              ) -> list[Finding] | None:
    """None when the product is collated from the seed; else why it is not checked."""
    if start is not None and chosen(start, "packs"):
        return chosen_findings(event, "packs")
    source = product_of(ctx).source
    if source != "collated":
        return [NotChecked(event, f"the product is {source} by the staff, not collated "
                                  "from the seed")]
    missing = sorted({b.set for b in product_of(ctx).boosters} - set(ctx.sets))
    if missing:
        return [NotChecked(event, f"the audit log lacks the card sets {missing}")]
    return None
