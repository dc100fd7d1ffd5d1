"""The card sets the log carries against the ones the tournament pinned: at creation
(and at each change of its settings before the start) it recorded the SHA-256 of every
card set its product comes from (``card_sets_sha256``); the last pinning stands. A set
the log carries that was not pinned, differs from its pin, or a pinned set the log does
not carry is named at the pinning event. A log recorded before sets were pinned says so
in a note (its sets are then covered by the signed manifest only)."""
from __future__ import annotations

from typing import Any

from ..domain.audit_chain import digest
from .findings import Difference, Finding, Recorded
from .log import AuditLog

PINNING = ("TournamentCreated", "SettingsChanged")


def pinning(log: AuditLog) -> tuple[Recorded | None, dict[str, Any] | None]:
    """The last event of the tournament's stream that pinned card sets, and its pins."""
    found: tuple[Recorded | None, dict[str, Any] | None] = (None, None)
    for e in log.streams.get(f"tournament-{log.tournament_id}", []):
        if e.type in PINNING and e.data.get("card_sets_sha256") is not None:
            found = (e, e.data["card_sets_sha256"])
    return found


def pinned(log: AuditLog) -> list[Finding]:
    event, pins = pinning(log)
    if event is None:
        return []
    if not isinstance(pins, dict):
        return [Difference(event, "card_sets_sha256", pins, "set id -> SHA-256")]
    carried = log.card_sets_raw if isinstance(log.card_sets_raw, dict) else {}
    out: list[Finding] = []
    for set_id in sorted(set(carried) | set(pins)):
        if set_id not in pins:
            out.append(Difference(event, f"card_sets.{set_id}", "carried by the log",
                                  "no such set pinned by the tournament"))
        elif set_id not in carried:
            out.append(Difference(event, f"card_sets.{set_id}", "absent from the log",
                                  f"the set pinned as sha256 {pins[set_id]}"))
        elif digest(carried[set_id]) != pins[set_id]:
            out.append(Difference(event, f"card_sets.{set_id}",
                                  f"sha256 {digest(carried[set_id])} (the log's set)",
                                  f"sha256 {pins[set_id]} (pinned by the tournament)"))
    return out
