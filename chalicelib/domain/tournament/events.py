"""Events of the tournament stream (``tournament-<tid>``): lifecycle and registration."""
from __future__ import annotations

from typing import Any

from ..events import Event, Payload, event, optional, upcaster


@event(version=2)
class TournamentCreated(Event):
    tournament_id: str
    organizer_id: str
    name: str
    game: str
    format: str
    structure: str
    settings: dict[str, Any]       # every section, resolved against the game's profile
    seed: str
    seed_sha256: str
    starts_at: str | None
    location: str | None
    created_at: str
    # The registration code's keyed digest (never the code), when the organizer set one
    registration_code: str | None = optional()
    # set id -> SHA-256 of each card set its product comes from (absent: not pinned)
    card_sets_sha256: dict[str, str] | None = optional()


@upcaster(TournamentCreated, 1)
def _when_and_where(data: Payload) -> Payload:
    """Tournaments created before they could announce a start time and a place had
    neither."""
    return {"starts_at": None, "location": None, **data}


@event
class SettingsChanged(Event):
    settings: dict[str, Any]
    # Set (True) when the change gave or removed the registration code: its digest, or
    # None for "no code any more"; absent, the code stays as it was.
    code_changed: bool | None = optional()
    registration_code: str | None = optional()
    card_sets_sha256: dict[str, str] | None = optional()    # re-pinned for the new product


@event
class PlayerRegistered(Event):
    player_id: str
    name: str
    member_id: str | None
    late: bool                     # registered by staff once the tournament ran
    registered_at: str


@event
class PlayerRemoved(Event):
    player_id: str
    at: str


@event
class PlayerDropped(Event):
    """The player leaves the tournament (the Swiss and tables aggregates record what it
    means for a round already paired or seated)."""

    player_id: str
    reason: str | None
    at: str
    penalty_id: str | None = optional()   # a disqualification's drop names its penalty


@event
class PlayerReinstated(Event):
    """A dropped player plays on: the head judge overturned their disqualification
    (V:EKN 2.7); the next pairing or seating includes them again."""

    player_id: str
    reason: str
    at: str


@event
class PlayerTokenReplaced(Event):
    """A player's token re-issued by staff or rotated by the player: tokens of earlier
    credential numbers stop working (no token material here)."""

    player_id: str
    credential: int
    by: str                        # "staff" or "player"
    at: str


@event
class JudgeAdded(Event):
    judge_id: str
    name: str
    at: str


@event(version=2)
class TournamentStarted(Event):
    at: str


@upcaster(TournamentStarted, 1)
def _without_players(data: Payload) -> Payload:
    """Version 1 could copy the whole player list (``players``), which the tournament's
    own registrations already hold."""
    return {"at": data["at"]}


@event
class TournamentFinished(Event):
    at: str
    seed: str                      # revealed now
    # {"reason", "open": [...]} when the organizer ended the event before play was done
    incomplete: dict[str, Any] | None = optional()
