"""What a time extension applies to, as one string: a Swiss match (``R3-12``), a top-cut
match (``C2-1``), a table of a multiplayer round (``T2-7``: round 2, table 7) or the
V:EKN final table (``F``). Extensions are kept by round: ``R3``, ``C2``, ``T2``, ``F``."""
from __future__ import annotations

FINAL = "F"


def match_target(match_id: str) -> str:
    return match_id


def table_target(number: int, table: int) -> str:
    return f"T{number}-{table}"


def round_key(target: str) -> str:
    return target.split("-", 1)[0]
