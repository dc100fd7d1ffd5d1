"""Sanctioning section (V:EKN 8): whether the event is V:EKN-sanctioned and when it was
announced. 8.1: apply for sanctioning "at least twenty-eight days prior to the event";
8.2: announce it as long before. A later announcement is not refused (the V:EKN decides
on sanctioning): the tournament view flags it to the organizer."""
from __future__ import annotations

from datetime import date
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, model_validator

NOTICE_DAYS = 28
DAY = r"^\d{4}-\d{2}-\d{2}(T[0-9:.]+(Z|[+-]\d{2}:\d{2})?)?$"


class SanctioningSettings(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    sanctioned: bool = False
    # when the event was announced (8.2) or sanctioning applied for (8.1); None: when
    # the tournament was created in Podium
    announced_at: str | None = Field(default=None, max_length=40, pattern=DAY)

    @model_validator(mode="after")
    def _vekn_only(self, info: ValidationInfo) -> SanctioningSettings:
        game = (info.context or {}).get("game")
        if self.sanctioned and game not in (None, "vtes"):
            raise ValueError("V:EKN sanctioning (8) is for V:TES events")
        return self

    @classmethod
    def for_game(cls, game: str) -> SanctioningSettings:
        return cls(sanctioned=game == "vtes")


def notice(section: dict[str, Any] | None, starts_at: str | None,
           created_at: str) -> dict[str, Any]:
    """The sanctioning facts of the tournament view: how many days ahead of the event it
    was announced and whether that is under the 28 days of 8.1/8.2 (``late_notice``;
    None while the event's date is not known or the event is not sanctioned)."""
    section = section or {}
    sanctioned = bool(section.get("sanctioned"))
    announced = section.get("announced_at") or created_at
    days = None
    if sanctioned and starts_at:
        days = (date.fromisoformat(starts_at[:10]) - date.fromisoformat(announced[:10])).days
    return {"sanctioned": sanctioned, "announced_at": announced, "starts_at": starts_at,
            "notice_days": days, "late_notice": None if days is None else days < NOTICE_DAYS,
            "required_days": NOTICE_DAYS}
