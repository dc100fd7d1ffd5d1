"""Registration section: who may enter and how federation member ids look."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from .member_ids import PatternError, compiled

# V:EKN numbers are 7 digits (9.6); the other games' ids are looser.
MEMBER_ID_PATTERNS = {
    "vtes": r"^\d{7}$",
    "hack": r"^[A-Za-z0-9-]{4,20}$",
    "munchkin": r"^[A-Za-z0-9-]{4,20}$",
    "mtg": r"^\d{6,12}$",
}


# The largest field registration accepts, and per format where a later step holds every
# player in one item: a sealed hand-out records each player's product in one event (about
# 100 bytes a player compressed, 2 KB in the staff reply), so 2,000 players keep that event
# near 200 KB of DynamoDB's 400 KB item and the reply near 4 MB of Lambda's 6 MB.
MAX_PLAYERS = 20000
MAX_PLAYERS_BY_FORMAT = {"sealed": 2000, "sealed-swap": 2000, "restricted-trade": 2000}
# A draft whose product is entered per player (source ``entered`` or ``own``) cannot
# collate its packs from the seed pod by pod: its start records every player's packs in
# one event (about 105 bytes a player compressed with the sample set's ids), so it takes
# the sealed formats' limit: 2,000 players keep that event near 210 KB of the item.
ENTERED_DRAFT_FORMATS = ("booster-draft", "table-draft", "mixed-draft")
MAX_PLAYERS_ENTERED_DRAFT = 2000


def player_limit(format_: str, settings: dict[str, Any]) -> tuple[int, str]:
    """The most players ``format_`` with ``settings`` carries to its end, and what for."""
    source = (settings.get("product") or {}).get("source", "collated")
    if format_ in ENTERED_DRAFT_FORMATS and source != "collated":
        return MAX_PLAYERS_ENTERED_DRAFT, f"{format_} events with product {source} per player"
    return MAX_PLAYERS_BY_FORMAT.get(format_, MAX_PLAYERS), f"{format_} events"


def format_limit_problems(format_: str, settings: dict[str, Any]) -> list[dict[str, Any]]:
    """``registration.max_players`` above what ``format_`` can carry to its end."""
    limit, what = player_limit(format_, settings)
    asked = settings["registration"]["max_players"]
    if asked <= limit:
        return []
    return [{"loc": "registration.max_players",
             "msg": f"{what} take at most {limit} players (asked {asked})",
             "limit": limit}]


class RegistrationSettings(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    self_registration: bool = True
    max_players: int = Field(default=512, ge=2, le=MAX_PLAYERS)
    member_id_pattern: str = r"^[A-Za-z0-9-]{4,20}$"
    member_id_required: bool = False
    late_arrivals: bool = True
    # Self-registration needs the organizer's code (set it with ``registration.code`` in
    # a settings change: only its keyed digest is kept; this flag follows it).
    code_required: bool = False
    # At most this many self-registrations from one client (network address) per window;
    # None: no per-client limit (the API's throttling still applies).
    anonymous_per_client: int | None = Field(default=None, ge=1, le=10000)
    anonymous_window_seconds: int = Field(default=3600, ge=60, le=604800)
    # After the staff re-issue a player's token (a lost or stolen phone), the player may
    # not rotate it for this long: a thief who saw the new token cannot take it over.
    rotation_lock_seconds: int = Field(default=3600, ge=0, le=604800)

    @field_validator("member_id_pattern")
    @classmethod
    def _re2_pattern(cls, pattern: str) -> str:
        try:
            compiled(pattern)
        except PatternError as exc:
            raise ValueError(str(exc)) from None
        return pattern

    @classmethod
    def for_game(cls, game: str) -> RegistrationSettings:
        return cls(member_id_pattern=MEMBER_ID_PATTERNS.get(game, cls().member_id_pattern))
