"""Membership numbers: results with placeholders are not rated (V:EKN 9.6)."""
from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from ..profiles.registration import MEMBER_ID_PATTERNS


@lru_cache(maxsize=65536)
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


def temporary_numbers(game: str,
                      participants: Iterable[tuple[str | None, bool]]) -> list[str | None]:
    """V:EKN 9.6 ("all tournament participants must be assigned a V:EKN membership
    number ...; results reported with temporary player numbers, player names, or
    placeholders will not be included in the V:EKN ratings"): the reported ids of the
    participants without a valid number. An event with any is not rated: the one rule
    the federation report's ``ratings_eligible`` and the ledger's exclusions both apply.
    ``participants``: (member id, played a round) per reported player; one who never
    played a round took no part in the results."""
    return [member for member, played in participants
            if played and is_placeholder(game, member)]
