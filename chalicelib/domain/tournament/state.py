"""Folded state of a tournament stream. Immutable: ``evolve`` returns new objects."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from pyrsistent import PMap, PVector, pmap, pvector

REGISTRATION, RUNNING, FINISHED = "registration", "running", "finished"
# Formats where players receive sealed product at the event (V:EKN 7.2.6).
LIMITED_FORMATS = frozenset({"sealed", "sealed-swap", "restricted-trade", "booster-draft",
                             "table-draft", "mixed-draft"})


@dataclass(frozen=True)
class Player:
    id: str
    name: str
    member_id: str | None
    status: str              # "active" | "dropped"
    late: bool
    registered_at: str
    dropped_at: str | None = None
    drop_reason: str | None = None
    # Which of the player's tokens authenticates: the one issued with this number (0 at
    # registration, one more at each re-issue or rotation).
    credential: int = 0
    reissued_at: str | None = None     # the staff's last re-issue (locks self-rotation)

    def public(self) -> dict[str, Any]:
        return {"player_id": self.id, "name": self.name, "member_id": self.member_id,
                "status": self.status, "late": self.late,
                "registered_at": self.registered_at, "dropped_at": self.dropped_at}


@dataclass(frozen=True)
class TournamentState:
    id: str = ""
    exists: bool = False
    name: str = ""
    game: str = ""
    format: str = ""
    structure: str = ""
    organizer_id: str = ""
    seed: str = ""
    seed_sha256: str = ""
    settings: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    status: str = REGISTRATION
    # Persistent maps: registering player 4,000 costs what registering player 10 does.
    players: PMap[str, Player] = field(default_factory=pmap)
    order: PVector[Any] = field(default_factory=pvector)        # ids in registration order
    member_ids: PMap[Any, Any] = field(default_factory=pmap)         # member id -> player id
    active_count: int = 0
    judges: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    starts_at: str | None = None
    location: str | None = None
    created_at: str = ""
    started_at: str | None = None
    finished_at: str | None = None
    # {"reason", "open": [...]} when the organizer ended the event before play was done
    incomplete: Mapping[str, Any] | None = None
    # the registration code's keyed digest (never the code), None without one
    registration_code: str | None = None

    @property
    def limited(self) -> bool:
        return self.format in LIMITED_FORMATS

    def active_players(self) -> list[Player]:
        """Players still in the event, in registration order."""
        return [p for p in self.in_order() if p.status == "active"]

    def in_order(self) -> list[Player]:
        """Every registered player, in registration order."""
        return [self.players[pid] for pid in self.order]

    def player(self, player_id: str) -> Player | None:
        return self.players.get(player_id)

    def section(self, name: str) -> dict[str, Any]:
        """One settings section as plain JSON (a copy the caller may keep or change)."""
        section: dict[str, Any] = plain(self.settings.get(name, {}))
        return section


def plain(value: Any) -> Any:
    """Read-only mappings (the resolved settings) and tuples as plain JSON values."""
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value
