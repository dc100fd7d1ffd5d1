"""The shape of a card, set, booster or starter id: kept apart from ``cards.py`` (its
pydantic models) so that request bodies can name it without building those models."""
from __future__ import annotations

ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$"
