"""Membership numbers: results with placeholders are not rated (V:EKN 9.6)."""
from __future__ import annotations

import re

from ..profiles.registration import MEMBER_ID_PATTERNS


def is_placeholder(game: str, member_id: str | None) -> bool:
    """A missing id is a placeholder in every game. Where the game has a membership
    number format (V:EKN: seven digits) anything else is one too - organizers may relax
    the registration pattern for temporary numbers - and so is a number of zeros."""
    if member_id is None or not member_id.strip():
        return True
    pattern = MEMBER_ID_PATTERNS.get(game)
    if pattern is None:
        return False
    return not re.fullmatch(pattern, member_id) or set(member_id) == {"0"}
