"""The state of the push log aggregate: how many batches were recorded."""
from __future__ import annotations


def initial() -> int:
    return 0
