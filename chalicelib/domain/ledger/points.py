"""V:EKN rating points (RtP) of one player at one event (Appendix A; the V:EKN rating
system page): 5 for attending, 4 per victory point, 8 per game win (the final's victory
counts as one), and a finalists' bonus by the event's size, the final standing and the
tier.

The bonus: 90 for the winner, 30 for the other finalists, times a coefficient growing
with the number of players N who played a round: log15(N^2) - 1 (0 at N = 3.87, 1 at
N = 15, 2 at N = 58), plus 0.25 at national championships and qualifiers and 1 at
continental championships (the page: "a higher bonus is awarded for making the finals of
a Continental Championship or a Qualifier than for other" events). Winner 90 / finalist
30, the log-15 coefficient and the championships' 0.25 / 1 are the figures the V:TES
community's open-source platform applies; giving qualifiers the national championships'
0.25 is Podium's reading of the page. A negative coefficient (under four players) gives
no bonus. VP are integer half-points, so everything but the bonus is exact."""
from __future__ import annotations

import math
from functools import lru_cache

ATTENDANCE = 5
PER_VP = 4
PER_GW = 8
WINNER_BONUS = 90
FINALIST_BONUS = 30
TIER_BONUS = {"continental_championship": 1.0, "national_championship": 0.25,
              "continental_qualifier": 0.25, "national_qualifier": 0.25}
LOG_BASE = 15
PARTS = ("attendance", "vp", "gw", "finalist", "total")


def coefficient(players: int, tier: str) -> float:
    """The finalists' bonus multiplier for an event of ``players`` and ``tier``."""
    if players < 1:
        return 0.0
    return max(0.0, 2 * math.log(players) / math.log(LOG_BASE) - 1 + TIER_BONUS.get(tier, 0.0))


def half_up(value: float) -> int:
    """Round half away from zero (the bonus is never negative)."""
    return math.floor(value + 0.5)


@lru_cache(maxsize=4096)
def finalist_bonus(standing: str | None, players: int, tier: str) -> int:
    """``standing``: ``winner``, ``finalist`` or None."""
    base = {"winner": WINNER_BONUS, "finalist": FINALIST_BONUS}.get(standing or "", 0)
    return half_up(base * coefficient(players, tier)) if base else 0


def rating_points(vp_halves: int, gw: int, standing: str | None, players: int,
                  tier: str) -> dict[str, int]:
    """The breakdown and ``total``: attendance, vp, gw, finalist."""
    vp = PER_VP * vp_halves // 2
    bonus = finalist_bonus(standing, players, tier) if standing else 0
    return {"attendance": ATTENDANCE, "vp": vp, "gw": PER_GW * gw, "finalist": bonus,
            "total": ATTENDANCE + vp + PER_GW * gw + bonus}
