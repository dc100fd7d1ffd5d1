"""Time limits are settings validated per game profile (V:EKN 3.1.1; Munchkin's
guidelines), in the section the tournament's structure plays."""
from __future__ import annotations

import pytest

from chalicelib.domain.errors import Invalid
from chalicelib.domain.profiles import profile, resolve_settings


def test_vekn_rounds_last_two_hours_unless_announced_longer():
    """3.1.1: "The minimum time limit used in V:TES rounds is two hours. The time limit
    must be announced before play begins.\""""
    assert resolve_settings("vtes", structure="multiplayer-tables")["tables"][
        "round_minutes"] == 120
    chosen = resolve_settings("vtes", {"tables": {"round_minutes": 150}},
                              structure="multiplayer-tables")
    assert chosen["tables"]["round_minutes"] == 150
    for short in ({"round_minutes": 90}, {"final_minutes": 119}, {"round_minutes": None},
                  {"final_minutes": None}):
        with pytest.raises(Invalid) as refused:
            resolve_settings("vtes", {"tables": short}, structure="multiplayer-tables")
        assert refused.value.code == "invalid_settings"
        assert "3.1.1" in str(refused.value.details)


def test_a_time_limit_in_a_section_the_structure_does_not_play_is_refused():
    with pytest.raises(Invalid) as refused:
        resolve_settings("vtes", {"swiss": {"round_minutes": 150}},
                         structure="multiplayer-tables")
    assert refused.value.details == [{"loc": "swiss.round_minutes", "msg": (
        "a multiplayer-tables tournament keeps its time limits in tables "
        "(round_minutes, final_minutes)")}]
    with pytest.raises(Invalid):
        resolve_settings("munchkin", {"tables": {"final_minutes": 30}}, structure="swiss")
    # other swiss settings of a tables event stay as they were
    assert resolve_settings("vtes", {"swiss": {"best_of": 1}},
                            structure="multiplayer-tables")["swiss"]["best_of"] == 1


def test_other_games_set_their_own_clock():
    """Munchkin: "The tournament organizer declares the time limit for that round"."""
    munchkin = resolve_settings("munchkin", {"swiss": {"round_minutes": 30,
                                                       "top_cut_minutes": 45}},
                                structure="swiss")["swiss"]
    assert (munchkin["round_minutes"], munchkin["top_cut_minutes"],
            munchkin["final_minutes"]) == (30, 45, None)
    assert profile("mtg")["settings"]["tables"]["round_minutes"] is None   # 905.3 pods
