"""Request bodies of the foundation routes, the common ``Body`` base and the bodies
several capabilities share (others keep theirs beside their blueprint). Every model
refuses unknown fields and bounds its sizes."""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..domain.product.card_ids import ID_PATTERN

Name = Field(min_length=1, max_length=80)
PlayerId = Field(pattern=r"^p[0-9a-f]{10}$")


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True, str_strip_whitespace=True)


ExpiresIn = Field(default=None, ge=60, le=5 * 366 * 86400,
                  description="the credential expires this many seconds after it is "
                              "issued (no expiry when absent)")


class CreateAccountBody(Body):
    role: Literal["organizer", "federation"]
    name: str = Name
    expires_in_seconds: int | None = ExpiresIn


class KeyBody(Body):
    """A new staff credential, replacing (revoking) every active one of its owner."""
    expires_in_seconds: int | None = ExpiresIn


class CreateTournamentBody(Body):
    name: str = Field(min_length=1, max_length=120)
    game: Literal["vtes", "hack", "munchkin", "mtg"]
    format: Literal["sealed", "sealed-swap", "restricted-trade", "booster-draft",
                    "table-draft", "mixed-draft"]
    structure: Literal["swiss", "multiplayer-tables", "pod-ffa"] | None = None
    starts_at: str | None = Field(default=None, max_length=40,
                                  pattern=r"^\d{4}-\d{2}-\d{2}(T[0-9:.]+(Z|[+-]\d{2}:\d{2})?)?$")
    location: str | None = Field(default=None, max_length=200)
    settings: dict[str, Any] = Field(default_factory=dict)


class SettingsBody(Body):
    settings: dict[str, Any]


class RegisterPlayerBody(Body):
    name: str = Name
    member_id: str | None = Field(default=None, min_length=1, max_length=40)
    registration_code: str | None = Field(default=None, min_length=1, max_length=64)


class DropBody(Body):
    reason: str | None = Field(default=None, max_length=500)


class FinishBody(Body):
    incomplete: bool = False
    reason: str | None = Field(default=None, min_length=1, max_length=500)


class JudgeBody(Body):
    name: str = Name
    expires_in_seconds: int | None = ExpiresIn


class LateArrivalBody(Body):
    """V:EKN 7.2.6: the player added after the product was handed out."""
    player_id: str = PlayerId


# -- the table and mixed drafts' bodies ------------------------------------------------
CardId = Field(pattern=ID_PATTERN)


class DraftStartBody(Body):
    pods: list[list[str]] | None = Field(
        default=None, max_length=500,
        description="explicit pods, players in clockwise seat order")
    first_seats: dict[str, str] | None = Field(
        default=None, max_length=500,
        description="pod number -> the player the judge designates as first active player")
    packs: dict[str, list[list[str]]] | None = Field(
        default=None, max_length=5000, description="player id -> entered packs (card ids)")
    pick_seconds: int | None = Field(default=None, ge=5, le=900)
    review_seconds: int | None = Field(
        default=None, ge=0, le=300,
        description="V:EKN 7.7.1; default: the draft profile's table_review_seconds")


class TablePickBody(Body):
    card: str = CardId
    pick: int | None = Field(default=None, ge=1, le=10000)


class PickForBody(Body):
    """Optional guard of a staff pick: the table pick number the judge is answering."""
    pick: int | None = Field(default=None, ge=1, le=10000)


class ReplacementBody(Body):
    """V:EKN 7.2.5: which player's pack (``seat``, 1-based in the pod), why, and the new
    cards (omitted: collated from the seed, when the product says what it should be)."""
    seat: int = Field(ge=1, le=16)
    reason: str = Field(min_length=1, max_length=500)
    cards: list[Annotated[str, CardId]] | None = Field(default=None, min_length=1,
                                                      max_length=500)
