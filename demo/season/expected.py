"""The season by hand: what the federation's numbers must be, computed here from the
published rules (the V:EKN rating-system page and Appendix A, V:EKN 9.2-9.6, the
continental qualification rules), independently of the server's code, so the demo fails
loudly when the API says anything else.

Rating points (RtP) of a player at an event: 5 for attending + 4 per VP + 8 per game win
(the final's victory counts as one) + a finalists' bonus: 90 (winner) or 30 (other
finalists) x max(0, log15(N^2) - 1 + 0.25 at qualifiers and national championships, + 1
at continental championships), rounded half up, N = the players who played a round.
A rating is the sum of a player's best 8 counted events of the preceding 18 months in
one group (Limited, Standard Constructed); no one here has more than 8, all are within
18 and 12 months."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

TIER_BONUS = {"continental_championship": 1.0, "national_championship": 0.25,
              "continental_qualifier": 0.25, "national_qualifier": 0.25}


def rtp(vp_halves: int, gw: int, standing: str | None, players: int, tier: str) -> int:
    """e.g. the winner of 9 with 5 VP and 2 GW: 5 + 20 + 8 x 3 + 90 x 0.6227 -> 105."""
    bonus = 0
    if standing:
        coefficient = max(0.0, math.log(players ** 2, 15) - 1 + TIER_BONUS.get(tier, 0.0))
        bonus = math.floor((90 if standing == "winner" else 30) * coefficient + 0.5)
    return 5 + 2 * vp_halves + 8 * gw + bonus


@dataclass
class Event:
    """One event as the federation knows it: ``results`` are (member, name, prelim GW,
    prelim VP in halves, final VP in halves, standing, played a round)."""
    event_id: str
    group: str
    tier: str
    continent: str
    counts: bool                  # decided by hand from the rules: see the season's plan
    results: list[tuple[str, str, int, int, int, str | None, bool]]
    officials: list[str] = field(default_factory=list)

    @property
    def size(self) -> int:
        return sum(1 for r in self.results if r[6])

    def points(self) -> dict[str, int]:
        """Each numbered member's RtP (the final's victory is a game win)."""
        return {m: rtp(vp + fvp, gw + (st == "winner"), st, self.size, self.tier)
                for m, _, gw, vp, fvp, st, _p in self.results if m.isdigit()}


def ratings(events: list[Event], group: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for ev in events:
        if ev.counts and ev.group == group:
            for member, points in ev.points().items():
                out[member] = out.get(member, 0) + points
    return out


def ranked(points: dict[str, int]) -> list[tuple[int, str, int]]:
    """(rank, member, rating), best first; equal ratings share a rank (1, 2, 2, 4)."""
    rows = sorted(points.items(), key=lambda kv: (-kv[1], kv[0]))
    out, rank = [], 0
    for i, (member, rating) in enumerate(rows):
        if i == 0 or rating != rows[i - 1][1]:
            rank = i + 1
        out.append((rank, member, rating))
    return out


def qualifications(events: list[Event], continent: str) -> dict[str, list[str]]:
    """member -> the rules they qualified by for ``continent``'s championship (no
    championship held yet: every qualification is still valid): a national or
    continental championship final, a constructed win at 8+ players, 1+ GW at a
    continental qualifier, organizing or judging one without playing."""
    out: dict[str, set[str]] = {}
    for ev in events:
        if not ev.counts or ev.continent != continent:
            continue
        playing = {r[0] for r in ev.results}
        for member, _, gw, _vp, _fvp, standing, _p in ev.results:
            won = gw + (standing == "winner")
            if ev.tier.endswith("championship") and standing:
                out.setdefault(member, set()).add("championship_final")
            elif ev.group == "constructed" and standing == "winner" and ev.size >= 8:
                out.setdefault(member, set()).add("constructed_win")
            elif ev.tier == "continental_qualifier" and won >= 1:
                out.setdefault(member, set()).add("qualifier_game_win")
        if ev.tier == "continental_qualifier":
            for member in ev.officials:
                if member not in playing:
                    out.setdefault(member, set()).add("qualifier_official")
    return {m: sorted(rules) for m, rules in sorted(out.items())}


def league(reports: list[dict[str, Any]], table: dict[str, int],
           attendance: int) -> list[tuple[int, str, int]]:
    """A store season: per event, attendance + the table's points for the final rank."""
    points: dict[str, int] = {}
    for report in reports:
        for row in report["standings"]["rows"]:
            gained = attendance + table.get(str(row["rank"]), 0)
            points[row["member_id"]] = points.get(row["member_id"], 0) + gained
    return ranked(points)


class SeasonError(AssertionError):
    """The API's numbers are not the hand computation's."""


def check(what: str, got: Any, want: Any) -> None:
    if got != want:
        raise SeasonError(f"{what}: the API says {got!r}, the rules say {want!r}")
