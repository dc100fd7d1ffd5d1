"""DynamoDB capacity units, counted the way DynamoDB bills them, for a boto3 client's calls
(moto reports no consumed capacity worth the name, so they are computed from item sizes).

Rules (Amazon DynamoDB developer guide, "Read/write capacity mode" and "Item sizes"):

* an item's size is the UTF-8 length of its attribute names plus their values' sizes
  (strings: UTF-8 bytes; binary: bytes; numbers: 1 byte per two significant digits + 1;
  booleans and null: 1; lists and maps: 3 bytes + each element's size + 1);
* a write (Put, Update, Delete) costs 1 write unit per started KB of the larger of the item
  before and after it, at least 1; a refused conditional write costs the same; a write to
  a table also writes each global secondary index the old or new item is in (the index
  item's size: ``ALL`` projection, the whole item);
* a read costs 1 read unit per started 4 KB, strongly consistent, half of it eventually
  consistent, at least one such unit per item (GetItem, each key of a BatchGetItem) or per
  page (Query and Scan: the summed size of every item read, before any filter or
  projection; ``Select=COUNT`` reads them all);
* transactions cost double: 2 write units per KB of each Put, Update, Delete and
  ConditionCheck of TransactWriteItems (a ConditionCheck counted as a write of the item it
  checks), 2 read units per 4 KB of each TransactGetItems item; a cancelled transaction is
  counted as if it had run (its conflicts are part of the workload).

On-demand prices assumed (us-east-1, standard table class, since 2024-11-01): $0.625 per
million write request units, $0.125 per million read request units."""
from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from chalicelib.store.item_size import item_size as counted_size

KB = 1024
WRITE_UNIT_BYTES, READ_UNIT_BYTES = KB, 4 * KB
PRICE_PER_MILLION_WRITES, PRICE_PER_MILLION_READS = 0.625, 0.125


def item_size(item: Mapping[str, Any] | None) -> int:
    """The size DynamoDB counts (the stores' own count, chalicelib/store/item_size.py)."""
    return counted_size(dict(item)) if item else 0


def write_units(size: int, transactional: bool = False) -> int:
    units = max(1, math.ceil(size / WRITE_UNIT_BYTES))
    return 2 * units if transactional else units


def read_units(size: int, consistent: bool, transactional: bool = False) -> float:
    units = max(1, math.ceil(size / READ_UNIT_BYTES))
    if transactional:
        return 2.0 * units
    return float(units) if consistent else units / 2


class Ledger:
    """Units per (table, operation)."""

    def __init__(self):
        self.rows: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0, 0.0, 0.0])

    def add(self, table: str, operation: str, reads: float = 0.0, writes: float = 0.0,
            calls: int = 1) -> None:
        row = self.rows[(table, operation)]
        row[0] += calls
        row[1] += reads
        row[2] += writes

    @property
    def reads(self) -> float:
        return sum(r[1] for r in self.rows.values())

    @property
    def writes(self) -> float:
        return sum(r[2] for r in self.rows.values())

    def dollars(self) -> float:
        return (self.reads * PRICE_PER_MILLION_READS
                + self.writes * PRICE_PER_MILLION_WRITES) / 1e6

    def by_cost(self) -> list[tuple[str, str, int, float, float, float]]:
        """(table, operation, calls, read units, write units, dollars), costliest first."""
        rows = [(t, op, int(c), r, w, (r * PRICE_PER_MILLION_READS
                                       + w * PRICE_PER_MILLION_WRITES) / 1e6)
                for (t, op), (c, r, w) in self.rows.items()]
        return sorted(rows, key=lambda row: -row[5])
