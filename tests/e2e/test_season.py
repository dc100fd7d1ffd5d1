"""The demo's season (``make demo``'s last part) in-process: several organizers' events,
constructed and limited, one invalid, one late, one with a temporary number, one
invalidated, a store league; its leaderboards, profile, qualification list and league
equal the hand computation, and the demo's check fails when a number differs."""
from __future__ import annotations

import dataclasses
import time

import pytest

from demo import season as demo_season
from demo.season.expected import SeasonError, rtp


def test_the_demo_season_matches_the_hand_computation(scenario_api):
    api, transport = scenario_api
    started = time.perf_counter()
    season = demo_season.run(api)
    assert time.perf_counter() - started < 60
    assert transport.checked > 20                       # the spec was consulted too
    shown = season.shown
    # spelled out: Lyon Open (constructed, N = 9, sanctioned) is Anna's only counted
    # constructed event: 5 + 4 x 5 VP + 8 x (2 GW + the final's) + 90 x (log15(81) - 1)
    # = 5 + 20 + 24 + 56 = 105; Ben, finalist: 5 + 16 + 8 + 30 x 0.6227 (19) = 48
    assert rtp(10, 3, "winner", 9, "sanctioned") == 105
    assert shown["constructed"][:2] == [(1, "3200001", 105), (2, "3200002", 48)]
    # Madrid (reported after 40 days) and Ghent (invalidated) count for no one: Dan, who
    # won Madrid, and Gus, who won Ghent, have only their Lyon points (5 + 8 + 30 x 0.6227
    # = 32; 5 + 4 = 9)
    constructed = {m: r for _, m, r in shown["constructed"]}
    assert constructed["3200004"] == 32 and constructed["3200007"] == 9
    # Rome (continental qualifier, N = 6, 20 days late: counts): Ben and Jo won a game
    # there, Mia judged it; Anna won Lyon with 9 players; nobody else qualifies
    assert shown["qualified"] == {"3200001": ["constructed_win"],
                                  "3200002": ["qualifier_game_win"],
                                  "3200010": ["qualifier_game_win"],
                                  "3200013": ["qualifier_official"]}
    # the temporary number is nowhere; the club night counts for none of its players
    assert all(not m.startswith("TEMP") for _, m, _r in shown["limited"])
    assert len(shown["league"]["events"]) == 2

    # the demo's check is not blind: one point more anywhere and it fails
    wrong = [dataclasses.replace(e, tier="continental_qualifier")
             if e.event_id == "x-lyon-open" else e for e in season.events]
    with pytest.raises(SeasonError, match="constructed leaderboard"):
        demo_season.verify(api, dataclasses.replace(season, events=wrong))
