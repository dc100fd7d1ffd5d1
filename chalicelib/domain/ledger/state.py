"""The state of the ledger aggregate (stream ``ledger-<fid>``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pyrsistent import PMap, PVector, pmap, pvector

from .index import MemberIndex


@dataclass(frozen=True)
class LedgerState:
    # event id -> {record, version, invalidated}
    records: PMap[str, dict[str, Any]] = field(default_factory=pmap)
    by_member: MemberIndex = field(default_factory=MemberIndex)  # member -> its entries
    feed: PVector[Any] = field(default_factory=pvector)   # rating changes, oldest first

    def entries(self, member: str) -> list[dict[str, Any]]:
        return list(self.by_member.get(member))

    def counting_records(self) -> list[dict[str, Any]]:
        """Records whose results count (not invalidated, not excluded)."""
        from .records import exclusions
        return [r["record"] for r in self.records.values()
                if not exclusions(r["record"], r["invalidated"])]
