"""What the limited-format blueprints share over HTTP: the request bodies of the table and
mixed drafts. The rules are in ``application/``."""
from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..domain.product.cards import ID_PATTERN
from .bodies import Body

CardId = Field(pattern=ID_PATTERN)


class DraftStartBody(Body):
    pods: list[list[str]] | None = Field(default=None, max_length=500)
    first_seats: dict[str, str] | None = Field(default=None, max_length=500)
    packs: dict[str, list[list[str]]] | None = Field(default=None, max_length=5000)
    pick_seconds: int | None = Field(default=None, ge=5, le=900)
    review_seconds: int | None = Field(default=None, ge=0, le=300)


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
