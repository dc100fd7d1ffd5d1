"""Member id patterns are the organizer's regular expressions run on anonymous input: they
run in linear time (RE2), and a pattern RE2 refuses is refused with 422 when it is set."""
from __future__ import annotations

import time

import pytest

from chalicelib.domain.decider import fold
from chalicelib.domain.errors import Invalid
from chalicelib.domain.tournament import TOURNAMENT, CreateTournament, RegisterPlayer
from chalicelib.domain.tournament.events import SettingsChanged

CATASTROPHIC = r"^(a+)+$"   # exponential under a backtracking engine
NOW = "2026-11-25T10:00:00+00:00"


def _settings(api, org, tid, pattern):
    return api.post(f"/v1/tournaments/{tid}/settings",
                    {"settings": {"registration": {"member_id_pattern": pattern}}}, token=org)


def test_a_backtracking_pattern_cannot_stall_registration(api):
    org = api.organizer()
    tid = api.tournament(org, "mtg")["tournament_id"]
    assert _settings(api, org, tid, CATASTROPHIC).status == 200
    started = time.perf_counter()
    r = api.post(f"/v1/tournaments/{tid}/players", {"name": "Ann", "member_id": "a" * 27 + "!"})
    elapsed = time.perf_counter() - started
    assert r.status == 422 and r.body["details"][0]["field"] == "member_id"
    # Python's re takes minutes on this input; RE2 answers at once (a generous bound).
    assert elapsed < 2.0
    assert api.register(tid, "Bob", member_id="a" * 40)["name"] == "Bob"


@pytest.mark.parametrize("pattern", ["([", r"(a)\1", "(?=x)", "a{1001}", "x" * 201])
def test_a_pattern_re2_refuses_is_refused_when_set_and_changes_nothing(api, pattern):
    org = api.organizer()
    tid = api.tournament(org, "mtg")["tournament_id"]
    before = api.get(f"/v1/tournaments/{tid}").body["settings"]
    r = _settings(api, org, tid, pattern)
    assert r.status == 422 and r.body["error"] == "invalid_settings"
    assert "registration.member_id_pattern" in [d["loc"] for d in r.body["details"]]
    assert api.get(f"/v1/tournaments/{tid}").body["settings"] == before
    created = api.post("/v1/tournaments", {"name": "x", "game": "mtg", "format": "booster-draft",
                                           "settings": {"registration":
                                                        {"member_id_pattern": pattern}}},
                       token=org)
    assert created.status == 422 and created.body["error"] == "invalid_settings"


def test_a_pattern_stored_before_the_check_refuses_registration_with_422():
    """An event log may hold a pattern accepted before patterns were checked: registering
    against it is a 422 naming the pattern's fault, never a 500."""
    state = fold(TOURNAMENT, TOURNAMENT.initial(), TOURNAMENT.decide(CreateTournament(
        "t0", "o1", "Test", "mtg", "booster-draft", "swiss", "seed", NOW), TOURNAMENT.initial()))
    stored = dict(state.settings, registration={**state.settings["registration"],
                                                 "member_id_pattern": "(["})
    state = TOURNAMENT.evolve(state, SettingsChanged(settings=stored))
    with pytest.raises(Invalid) as refused:
        TOURNAMENT.decide(RegisterPlayer("p1", "Ann", "123", False, NOW), state)
    assert "cannot be used" in refused.value.details[0]["message"]
