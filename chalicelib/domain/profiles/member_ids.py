"""Member id patterns: organizer-chosen regular expressions run against anonymous input,
so they are compiled by RE2 (linear time in the input, no backtracking) and bounded in
length and in the memory RE2 may use."""
from __future__ import annotations

from functools import lru_cache

import re2

MAX_PATTERN_LENGTH = 200
_OPTIONS = re2.Options()
_OPTIONS.log_errors = False       # a refused pattern is answered, not logged by the C++ library
_OPTIONS.max_mem = 1 << 20        # a pattern that needs more than 1 MB of automaton is refused


class PatternError(ValueError):
    """The pattern is not one RE2 accepts (or is too long); the message says why."""


@lru_cache(maxsize=256)
def compiled(pattern: str) -> re2._Regexp:
    if len(pattern) > MAX_PATTERN_LENGTH:
        raise PatternError(f"at most {MAX_PATTERN_LENGTH} characters")
    try:
        return re2.compile(pattern, _OPTIONS)
    except re2.error as exc:
        reason = exc.args[0] if exc.args else "invalid pattern"
        if isinstance(reason, bytes):
            reason = reason.decode("utf-8", "replace")
        raise PatternError(f"not a valid RE2 pattern: {reason}") from None


def matches(pattern: str, member_id: str) -> bool:
    return compiled(pattern).fullmatch(member_id) is not None
