"""The event's clock from the rule text: time limits (V:EKN 3.1.1, Munchkin's guidelines)
and time extensions (V:EKN 2.8 lengthy rulings, 3.3.3 in-game breaks)."""
from __future__ import annotations

import pytest

from chalicelib.domain.clock import CLOCK, FINAL, ExtendTime, limit_minutes, plus_minutes
from chalicelib.domain.clock.decide import MAX_PER_TARGET
from chalicelib.domain.decider import fold
from chalicelib.domain.errors import Conflict, Invalid
from chalicelib.domain.profiles import resolve_settings

NOW = "2026-12-04T19:10:00+00:00"


def extend(state=None, target="T2-3", minutes=5, reason="lengthy ruling", **facts):
    state = CLOCK.initial() if state is None else state
    facts = {"playing": "open", "limit": 120, **facts}
    events = CLOCK.decide(ExtendTime(target, minutes, reason, "o1", NOW, **facts), state)
    return fold(CLOCK, state, events), events


def test_a_judges_extension_is_recorded_with_its_reason():
    """2.8: "The extra time must be clearly communicated and recorded immediately"."""
    state, events = extend(minutes=4, reason="  ruling on Dominate  ")
    assert [(e.type, e.data) for e in events] == [("TimeExtended", {
        "target": "T2-3", "minutes": 4, "reason": "ruling on Dominate", "by": "o1",
        "at": NOW})]
    state, _ = extend(state, minutes=6, reason="a break (3.3.3)")
    assert state.minutes == {"T2-3": 10} and state.counts == {"T2-3": 2}
    with pytest.raises(Invalid) as refused:
        extend(reason="   ")
    assert refused.value.code == "invalid_extension"


@pytest.mark.parametrize("minutes", [0, -5, 61, True, 2.5])
def test_minutes_are_whole_and_bounded(minutes):
    with pytest.raises(Invalid):
        extend(minutes=minutes)


@pytest.mark.parametrize("playing,code", [("finished", "result_recorded"),
                                          ("waiting", "not_started")])
def test_only_a_game_being_played_is_extended(playing, code):
    with pytest.raises(Conflict) as refused:
        extend(playing=playing)
    assert refused.value.code == code


def test_an_untimed_match_has_nothing_to_extend():
    """Munchkin: the final match is "a best of three series, with no time limit"."""
    with pytest.raises(Conflict) as refused:
        extend(target="C3-1", limit=None)
    assert refused.value.code == "untimed"


def test_a_target_is_extended_a_bounded_number_of_times():
    state = CLOCK.initial()
    for _ in range(MAX_PER_TARGET):
        state, _ = extend(state, target="R3-12", minutes=1)
    with pytest.raises(Conflict) as refused:
        extend(state, target="R3-12")
    assert refused.value.code == "too_many_extensions"
    assert extend(state, target="R3-13")[1]


def test_deadlines_move_by_the_minutes_added():
    assert plus_minutes("2026-12-04T18:00:00+00:00", 125) == "2026-12-04T20:05:00+00:00"
    assert plus_minutes(None, 120) is None and plus_minutes("2026-12-04T18:00:00+00:00",
                                                            None) is None


def test_munchkin_times_every_round_but_the_final():
    """Munchkin: "Each round except the final match should have a 40-minute time
    limit" (the top cut's rounds too); the final "with no time limit"."""
    swiss = resolve_settings("munchkin", structure="swiss")["swiss"]
    assert limit_minutes(swiss, "R2-1") == 40
    assert limit_minutes(swiss, "C1-1") == 40
    assert limit_minutes(swiss, "C2-1") == 40
    assert limit_minutes(swiss, "C3-1", final=True) is None


def test_vekn_rounds_and_final_default_to_two_hours():
    """V:EKN 3.1.1: "The minimum time limit used in V:TES rounds is two hours"."""
    tables = resolve_settings("vtes", structure="multiplayer-tables")["tables"]
    assert limit_minutes(tables, "T1-1") == 120 and limit_minutes(tables, FINAL) == 120
    longer = resolve_settings("vtes", {"tables": {"round_minutes": 150, "final_minutes": 180}},
                              structure="multiplayer-tables")["tables"]
    # "The final round may last longer than the preliminary rounds, at the judge's option."
    assert limit_minutes(longer, "T2-4") == 150 and limit_minutes(longer, FINAL) == 180


def test_older_settings_time_the_cut_as_the_swiss_rounds():
    assert limit_minutes({"round_minutes": 50}, "C1-2") == 50
