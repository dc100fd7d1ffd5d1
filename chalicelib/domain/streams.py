"""Stream ids and tally names: built and parsed here only.

A tournament's streams are named ``<kind>-<tid>[-<rest>]`` with a tournament id of the
form ``t`` + 12 hex digits; token streams (``token-<64 hex>``) belong to no tournament."""
from __future__ import annotations

import re

_TOURNAMENT_STREAM = re.compile(r"^[a-z]+-(t[0-9a-f]{12})(-[0-9a-z-]+)?$")
_MATCH_STREAM = re.compile(r"^match-t[0-9a-f]{12}-([rc])([0-9]+)-([0-9]+)$")
_TABLE_STREAM = re.compile(r"^table-t[0-9a-f]{12}-r([0-9]+)-t([0-9]+)$")


def tournament(tid: str) -> str:
    return f"tournament-{tid}"


def swiss(tid: str) -> str:
    return f"swiss-{tid}"


def swiss_match(tid: str, match_id: str) -> str:
    """The stream of one Swiss match's results: ``R3-12`` -> ``match-<tid>-r3-12``."""
    return f"match-{tid}-{match_id.lower()}"


def swiss_round_tally(tid: str, number: int) -> str:
    """The tally of a Swiss round's tables whose result is final."""
    return f"swiss-{tid}-r{number}"


def tables(tid: str) -> str:
    return f"tables-{tid}"


def table_result(tid: str, number: int, table: int) -> str:
    """The stream of one V:EKN table of round ``number``: ``table-<tid>-r2-t7``."""
    return f"table-{tid}-r{number}-t{table}"


def tables_round_tally(tid: str, number: int) -> str:
    """The tally of a V:EKN round's tables that have their result."""
    return f"tables-{tid}-r{number}"


def table_of(stream_id: str) -> tuple[int, int] | None:
    """``table-<tid>-r2-t7`` -> (2, 7); None for any other stream."""
    match = _TABLE_STREAM.match(stream_id)
    return (int(match.group(1)), int(match.group(2))) if match else None


def tournament_of(stream_id: str) -> str | None:
    """The tournament a stream belongs to, or None (tokens, accounts, sets...)."""
    match = _TOURNAMENT_STREAM.match(stream_id)
    return match.group(1) if match else None


def match_id_of(stream_id: str) -> str | None:
    """``match-<tid>-r3-12`` -> ``R3-12``; None for any other stream."""
    match = _MATCH_STREAM.match(stream_id)
    if match is None:
        return None
    kind, number, table = match.groups()
    return f"{kind.upper()}{number}-{table}"
