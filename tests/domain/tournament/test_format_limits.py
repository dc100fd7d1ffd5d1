"""Registration accepts no more players than every later step of the format carries:
a sealed hand-out holds every player's product in one event, so sealed formats stop at
2,000 players, refused up front with the limit named; the other formats take 20,000."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chalicelib.domain import tournament as t
from chalicelib.domain.errors import Invalid
from chalicelib.domain.profiles.registration import (
    MAX_PLAYERS,
    MAX_PLAYERS_BY_FORMAT,
    MAX_PLAYERS_ENTERED_DRAFT,
)
from chalicelib.domain.sealed.commands import StartSealed


def _create(fmt: str, max_players: int):
    return t.decide(t.CreateTournament(
        "t0123456789ab", "o1", "Big", "vtes", fmt, "swiss", "seed", "2026-01-01T00:00:00Z",
        settings={"registration": {"max_players": max_players}}), t.TOURNAMENT.initial())


@pytest.mark.parametrize("fmt", ["sealed", "sealed-swap", "restricted-trade"])
def test_sealed_formats_refuse_more_players_than_a_hand_out_carries(fmt):
    limit = MAX_PLAYERS_BY_FORMAT[fmt]
    assert _create(fmt, limit)
    with pytest.raises(Invalid) as refused:
        _create(fmt, limit + 1)
    assert refused.value.code == "invalid_settings"
    assert refused.value.details[0]["limit"] == limit
    assert str(limit) in refused.value.details[0]["msg"]


def test_a_settings_change_is_held_to_the_same_limit():
    state = t.TOURNAMENT.initial()
    for e in _create("sealed", 100):
        state = t.evolve(state, e)
    with pytest.raises(Invalid) as refused:
        t.decide(t.ChangeSettings({"registration": {"max_players": 2001}}, "now"), state)
    assert refused.value.details[0]["loc"] == "registration.max_players"


@pytest.mark.parametrize("fmt", ["booster-draft", "table-draft", "mixed-draft"])
def test_draft_formats_take_the_largest_field(fmt):
    assert _create(fmt, MAX_PLAYERS)


def test_the_sealed_hand_out_command_takes_the_largest_sealed_field():
    players = [f"p{i:010x}" for i in range(MAX_PLAYERS_BY_FORMAT["sealed"])]
    command = StartSealed(players=players, allocations={p: {"packs": []} for p in players},
                          now=datetime.now(UTC))
    assert len(command.players) == len(players)


def _create_entered(fmt: str, max_players: int):
    return t.decide(t.CreateTournament(
        "t0123456789ab", "o1", "Big", "vtes", fmt, "swiss", "seed", "2026-01-01T00:00:00Z",
        settings={"registration": {"max_players": max_players},
                  "product": {"source": "entered"}}), t.TOURNAMENT.initial())


@pytest.mark.parametrize("fmt", ["booster-draft", "table-draft", "mixed-draft"])
def test_a_draft_of_product_entered_per_player_takes_the_sealed_limit(fmt):
    """Its start records every player's entered packs in one event (no seed to collate
    them from pod by pod), so it stops where sealed does, refused up front."""
    assert MAX_PLAYERS_ENTERED_DRAFT == 2000
    assert _create_entered(fmt, MAX_PLAYERS_ENTERED_DRAFT)
    with pytest.raises(Invalid) as refused:
        _create_entered(fmt, MAX_PLAYERS_ENTERED_DRAFT + 1)
    assert refused.value.code == "invalid_settings"
    assert refused.value.details[0]["limit"] == MAX_PLAYERS_ENTERED_DRAFT
    assert "product entered per player" in refused.value.details[0]["msg"]


def test_switching_a_large_draft_to_entered_product_is_refused():
    state = t.TOURNAMENT.initial()
    for e in _create("booster-draft", MAX_PLAYERS):
        state = t.evolve(state, e)
    with pytest.raises(Invalid) as refused:
        t.decide(t.ChangeSettings({"product": {"source": "entered"}}, "now"), state)
    assert refused.value.details[0]["limit"] == MAX_PLAYERS_ENTERED_DRAFT
