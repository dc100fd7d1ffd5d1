"""Tests too slow for the default run (the CI budget): marked ``slow`` and skipped unless
PODIUM_SLOW=1 (``make e2e-slow`` / ``make load`` set it)."""
from __future__ import annotations

import os

import pytest

RUN_SLOW = os.environ.get("PODIUM_SLOW") == "1"


def slow(test):
    return pytest.mark.slow(pytest.mark.skipif(
        not RUN_SLOW, reason="slow: set PODIUM_SLOW=1 to run it")(test))
