"""The commands of the booster draft pod aggregate (stream ``pod-<tid>-<n>``)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..product.cards import CardSet


@dataclass(frozen=True)
class OpenPod:
    tournament: str
    pod: int
    seed: str
    seats: list[str]
    packs: list[list[list[str]]]        # packs[round][seat]
    now: int
    pack_meta: list[list[dict[str, Any]]] | None = None
    timer: dict[str, Any] | None = None  # pick_seconds, pick_seconds_by_cards_left, review
    own_picks: str = "always"
    specials: dict[str, dict[str, Any]] | None = None
    # the starters the pod's players keep, dealt from the seed ({player: [starter]})
    starters: dict[str, list[dict[str, Any]]] | None = None


@dataclass(frozen=True)
class MakePick:
    player: str
    card: str
    now: int
    round: int | None = None  # when given, must match (a stale pick is refused)
    pick: int | None = None
    note: str | None = None


@dataclass(frozen=True)
class Preselect:
    player: str
    card: str | None
    now: int


@dataclass(frozen=True)
class TurnFaceDown:
    player: str
    card: str
    now: int


@dataclass(frozen=True)
class ReplacePack:
    """V:EKN 7.2.5: the judge replaces an abnormal pack before it is picked from, with
    the ``cards`` they give, or (``cards`` None) a fresh pack of the same booster
    collated from the pod's seed out of ``sets`` (:func:`replacement_pack`)."""
    seat: int       # 1-based seat that opens the pack
    round: int
    cards: list[str] | None
    reason: str
    by: str
    now: int
    sets: Mapping[str, CardSet] = field(default_factory=dict)


@dataclass(frozen=True)
class PickFor:
    """A judge takes the pick of an absent player, as an expired timer would (V:EKN
    7.5.3): the pre-selected card, else one drawn from the seed. For untimed drafts. A
    card revealed as drafted takes the information the player chose (MTG 905.2b), which
    the judge enters in ``note`` as the player would."""

    player: str
    by: str
    now: int
    note: str | None = None


@dataclass(frozen=True)
class Sweep:
    now: int
