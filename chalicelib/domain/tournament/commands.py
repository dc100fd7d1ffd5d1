"""Commands of the tournament decider. ``now`` is an ISO-8601 UTC string."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class CreateTournament:
    """Create a tournament with its game, format, structure and seed commitment."""

    tournament_id: str
    organizer_id: str
    name: str
    game: str
    format: str
    structure: str
    seed: str
    now: str
    settings: dict[str, Any] = field(default_factory=dict)
    starts_at: str | None = None
    location: str | None = None
    # The registration code's keyed digest (application/registration_code.py), never
    # the code; None: anyone may self-register (as the settings allow).
    registration_code: str | None = None
    # set id -> SHA-256 of each card set the product comes from (application/set_pins.py)
    card_sets_sha256: dict[str, str] | None = None


@dataclass(frozen=True)
class ChangeSettings:
    """Change the settings before the start (registration code, card sets...)."""

    settings: dict[str, Any]
    now: str
    # With ``code_changed``, the new registration code's keyed digest (None: no code).
    registration_code: str | None = None
    code_changed: bool = False
    card_sets_sha256: dict[str, str] | None = None     # as CreateTournament's


@dataclass(frozen=True)
class RegisterPlayer:
    """Register a player (by staff, or the player with the registration code)."""

    player_id: str
    name: str
    member_id: str | None
    by_staff: bool
    now: str
    # The keyed digest of the registration code the player gave (None: none given).
    code: str | None = None


@dataclass(frozen=True)
class ReplacePlayerToken:
    """A new token for the player (the staff re-issues it, or the player rotates their
    own): the previous one stops authenticating."""
    player_id: str
    by_player: bool
    now: str
    # the credential number the player authenticated with (compare-and-set: refused
    # when another rotation or a re-issue came first); None for the staff
    credential: int | None = None
    by_judge: bool = False


@dataclass(frozen=True)
class RemovePlayer:
    """Remove a player registered by mistake, before the start."""

    player_id: str
    now: str


@dataclass(frozen=True)
class DropPlayer:
    """A player drops (or is dropped) from the tournament, with a reason."""

    player_id: str
    reason: str | None
    now: str
    penalty_id: str | None = None      # the disqualification the drop carries out


@dataclass(frozen=True)
class ReinstatePlayer:
    """Restore a player whose disqualification was overturned (V:EKN 5.1)."""

    player_id: str
    reason: str
    now: str


@dataclass(frozen=True)
class AddJudge:
    """Add a judge to the tournament's staff."""

    judge_id: str
    name: str
    now: str


@dataclass(frozen=True)
class StartTournament:
    """Start the tournament: registration closes."""

    now: str


@dataclass(frozen=True)
class FinishTournament:
    """Finish the tournament (or close it incomplete, with the reason)."""

    now: str
    # Fact from the Swiss, tables and free-for-all aggregates: what is left to play
    # (each item a JSON object with ``kind`` and ``message``); empty when play is done.
    open: tuple[dict[str, Any], ...] = ()
    # The organizer ends the event early on purpose (the venue closes): the finish
    # records it with ``reason`` and the open items.
    incomplete: bool = False
    reason: str | None = None
