"""Game rules profiles: defaults per game, overridable per tournament.

Each capability owns one section (``registration``, ``product``, ``draft``, ``deck``,
``swiss``, ``tables``, ``sanctioning``, ``event``) in its own module; a section is a
pydantic model whose ``for_game(game)`` classmethod gives the profile defaults. An
organizer's override is deep-merged over the defaults and validated by the same model
(unknown keys rejected).
"""
from __future__ import annotations

from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ..errors import Invalid
from .clock import clock_section, misplaced_time_limits
from .deck import DeckSettings
from .draft import DraftSettings
from .event_tier import EventSettings, tier_problem
from .product import ProductSettings
from .registration import RegistrationSettings
from .sanctioning import SanctioningSettings
from .swiss import EXTENSIONS, SwissSettings
from .tables import TablesSettings

Game = Literal["vtes", "hack", "munchkin", "mtg"]
Format = Literal["sealed", "sealed-swap", "restricted-trade", "booster-draft",
                 "table-draft", "mixed-draft"]
Structure = Literal["swiss", "multiplayer-tables", "pod-ffa"]

GAMES: tuple[str, ...] = get_args(Game)
FORMATS: tuple[str, ...] = get_args(Format)
STRUCTURES: tuple[str, ...] = get_args(Structure)

GAME_NAMES = {
    "vtes": "Vampire: The Eternal Struggle (V:EKN)",
    "hack": ".hack//ENEMY",
    "munchkin": "Munchkin CCG",
    "mtg": "Magic: The Gathering (Conspiracy draft)",
}
# The play structure a game uses unless the organizer picks another.
DEFAULT_STRUCTURE = {"vtes": "multiplayer-tables", "hack": "swiss",
                     "munchkin": "swiss", "mtg": "pod-ffa"}


class TournamentSettings(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    registration: RegistrationSettings
    product: ProductSettings
    draft: DraftSettings
    deck: DeckSettings
    swiss: SwissSettings
    tables: TablesSettings
    # settings recorded before this section existed: not sanctioned
    sanctioning: SanctioningSettings = Field(default_factory=SanctioningSettings)
    # settings recorded before this section existed: the tier follows sanctioning
    event: EventSettings = Field(default_factory=EventSettings)

    @model_validator(mode="after")
    def _tier_and_sanctioning(self) -> TournamentSettings:
        problem = tier_problem(self.event.model_dump(), self.sanctioning.model_dump())
        if problem:
            raise ValueError(problem)
        return self

    @classmethod
    def for_game(cls, game: str) -> TournamentSettings:
        return cls(registration=RegistrationSettings.for_game(game),
                   product=ProductSettings.for_game(game),
                   draft=DraftSettings.for_game(game),
                   deck=DeckSettings.for_game(game),
                   swiss=SwissSettings.for_game(game),
                   tables=TablesSettings.for_game(game),
                   sanctioning=SanctioningSettings.for_game(game),
                   event=EventSettings.for_game(game))


def _merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def _context(game: str, structure: str | None) -> dict[str, Any]:
    """What sections validate against: the game, and the section holding the clock
    (None: every section's, as for a profile's defaults)."""
    return {"game": game, "clock": clock_section(structure) if structure else None}


def resolve_settings(game: str, override: dict[str, Any] | None = None,
                     base: dict[str, Any] | None = None,
                     structure: str | None = None) -> dict[str, Any]:
    """``override`` deep-merged over ``base`` (the profile defaults for ``game`` unless
    given), validated for ``game`` (its rules' limits, e.g. V:EKN 3.1.1's two-hour
    rounds), as plain JSON data. With ``structure``, a time limit set in a section that
    structure does not play is refused (:mod:`.clock`)."""
    if game not in GAMES:
        raise Invalid(f"unknown game {game!r}", {"allowed": list(GAMES)})
    if base is None:
        base = TournamentSettings.for_game(game).model_dump(mode="json")
    misplaced = misplaced_time_limits(structure, override) if structure else []
    if misplaced:
        raise Invalid("invalid tournament settings", misplaced, code="invalid_settings")
    try:
        settings = TournamentSettings.model_validate(_merge(base, override or {}),
                                                     context=_context(game, structure))
    except ValidationError as exc:
        raise Invalid("invalid tournament settings", [
            {"loc": ".".join(str(p) for p in err["loc"]), "msg": err["msg"]}
            for err in exc.errors(include_url=False)
        ], code="invalid_settings") from None
    return settings.model_dump(mode="json")


def profile(game: str) -> dict[str, Any]:
    """Everything a front end needs to present a game's defaults."""
    return {"game": game, "name": GAME_NAMES[game],
            "default_structure": DEFAULT_STRUCTURE[game],
            "settings": TournamentSettings.for_game(game).model_dump(mode="json"),
            "extensions": [dict(e) for e in EXTENSIONS.get(game, [])]}
