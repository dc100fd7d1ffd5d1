"""Folded state of the judges' records. Frozen: evolve returns new values."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pyrsistent import PMap, pmap

# V:EKN 3.3: a player not seated 15 minutes after the round begins receives a Loss.
TARDY_AFTER_SECONDS = 15 * 60

STANDING, OVERTURNED = "standing", "overturned"


@dataclass(frozen=True)
class Penalty:
    id: str
    player: str
    kind: str
    reason: str
    infraction: str
    judge: dict[str, Any]
    at: str
    round: int | None = None
    table: int | None = None
    match_id: str | None = None
    applied: dict[str, Any] | None = None
    given_by_head_judge: bool = False
    status: str = STANDING
    appeal: dict[str, Any] | None = None
    review: dict[str, Any] | None = None   # the V:EKN's review of a disqualification (5.1)

    def as_dict(self) -> dict[str, Any]:
        return {"penalty_id": self.id, "player_id": self.player, "kind": self.kind,
                "reason": self.reason, "infraction": self.infraction, "judge": self.judge,
                "given_at": self.at, "round": self.round, "table": self.table,
                "match_id": self.match_id, "applied": self.applied, "status": self.status,
                "appeal": self.appeal, "review": self.review}


@dataclass(frozen=True)
class JudgingState:
    head_judge: str | None = None
    panel: tuple[dict[str, Any], ...] = ()          # Multi-Judge System, in order
    penalties: PMap[str, Penalty] = field(default_factory=pmap)
    starts: PMap[Any, Any] = field(default_factory=pmap)       # round -> ISO start
    present: PMap[Any, Any] = field(default_factory=pmap)      # round -> frozenset of players

    def disqualified(self, player: str) -> bool:
        return any(p.player == player and p.kind == "disqualification"
                   and p.status == STANDING for p in self.penalties.values())

    def standing(self, player: str | None = None) -> list[Penalty]:
        return sorted((p for p in self.penalties.values() if p.status == STANDING
                       and (player is None or p.player == player)),
                      key=lambda p: (p.at, p.id))

    def game_losses_at(self, round: int, table: int) -> set[str]:
        """Players of table ``table`` of round ``round`` with a standing game or match
        loss there (their VP at that table count as 0)."""
        return {p.player for p in self.penalties.values()
                if p.status == STANDING and p.kind in ("game_loss", "match_loss")
                and p.round == round and p.table == table}

    def is_present(self, round: int, player: str) -> bool:
        return player in self.present.get(round, frozenset())
