"""The state of the announcements aggregate: how many announcements were made."""
from __future__ import annotations


def initial() -> int:
    return 0
