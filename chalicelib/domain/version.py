"""The Podium version: recorded with every event (``meta["podium"]``), named by the audit
log, and compared by the offline verifier, which re-derives draws with its own deciders and
so can only vouch for logs its version knows how to draw.

Bump it (``MAJOR.MINOR.PATCH``) in the change that makes a decider draw, seat, pair or
score differently, or that adds an event or an event shape: a verifier older than the log
then refuses it instead of reporting differences that are only a newer algorithm. A
change that draws nothing differently needs no bump."""
from __future__ import annotations

# 1.1.0: replacement packs drawn by the deciders and marked ``drawn`` (issue 18); logs
# from before 1.1.0 do not name their version
# 1.2.0 (both in one release):
#  - Swiss fields of up to 512 players that the fast pairing leaves above its bound are
#    solved exactly (was 256; issue 31)
#  - the audit log is chained, carries a signed manifest and withholds private fields
#    behind commitments (issue 25): an older verifier cannot read it
# 1.3.0: a booster draft's start records its seed (DraftStarted version 2) and each pod
#  opens in a commit of its own after it (issue 31)
# 1.4.0 (both in one release, issue 31):
#  - the starters players keep are recorded by each pod's opening, not the draft's start,
#    which stays under DynamoDB's item at 20,000 players: a table draft's
#    (TableDraftStarted version 3, LimitedPodsFormed version 2) and a booster draft's
#    (PodOpened version 3, DraftStarted version 3)
#  - a Swiss round of up to 1,024 players that the repair leaves above the middle groups'
#    bound is solved exactly (``LAST_RESORT_FACTOR``)
# 1.5.0 (issue 31): a Swiss field of up to 256 players is solved exactly at once (was 64,
#  then the fast pairing first); the middle groups' bound keeps the parity of the pairs
#  crossing a group's upper boundary for groups of any size (was up to 96 players), so
#  the repair aims at it and stops there
PODIUM_VERSION = "1.5.0"


def parse(version: object) -> tuple[int, int, int] | None:
    """``"1.2.3"`` -> (1, 2, 3); None for anything else (an unknown version)."""
    if not isinstance(version, str):
        return None
    parts = version.split(".")
    if len(parts) != 3 or not all(p.isdigit() and len(p) <= 6 for p in parts):
        return None
    return int(parts[0]), int(parts[1]), int(parts[2])
