"""The commands of the table and mixed draft roster aggregate (streams ``tdraft-<tid>``,
``mixed-<tid>``)."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict


class FormPods(BaseModel):
    """Seat the players at table or mixed draft pods; starters kept as sealed product."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    capability: str                       # "table-draft" | "mixed-draft"
    pods: list[list[str]]
    first_seats: list[str]
    # sealed starters per player, recorded by the roster: None, each pod's opening
    # records its own players' (a table draft's ``StartTableDraft.starters``)
    starters: dict[str, list[dict[str, Any]]] | None = None
    settings: dict[str, Any] = {}
    now: datetime
    chosen: list[str] = []                # "pods", "packs": chosen instead of the seed
    # each pod opens later, in its own commit, from these: the seed its product is
    # collated from and the product the organizer chose instead ({player: [[cards]]})
    seed: str | None = None
    packs: dict[str, list[list[str]]] | None = None


class AddLateArrival(BaseModel):
    """7.2.6: a player added after the draft started receives sealed product."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    player: str
    allocation: dict[str, Any]
    now: datetime
