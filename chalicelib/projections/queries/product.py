"""The read side of ``projections/product.py``: the ids of its view documents and
the readers the use cases call (the handlers writing them stay in that module)."""
from __future__ import annotations

ENTRY_KIND = "product-entry"


def entry_view_id(tid: str, pid: str) -> str:
    return f"product-entry:{tid}:{pid}"


def entry_sort(tid: str, pid: str) -> str:
    return f"{tid}|{pid}"
