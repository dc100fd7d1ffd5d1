"""Bugs found by the whole-event runs in other capabilities' code (not ours to fix), with
the (METHOD, path template) they affect; tests/e2e/test_known_bugs.py reproduces each."""
from __future__ import annotations

# GET /v1/tournaments/{tid}/report of a finished Swiss tournament answers
# standings.tiebreakers as a string ("mtr", "munchkin-sos"); openapi.yaml says array|null.
SWISS_REPORT_TIEBREAKERS = {("GET", "/v1/tournaments/{tid}/report"):
                            "standings.tiebreakers is a string, spec says array|null"}
