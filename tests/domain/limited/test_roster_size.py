"""A table or mixed draft's roster (``LimitedPodsFormed``) and a booster draft's start
(``DraftStarted``) stay one small event at the largest field registration accepts: they
record the pods, first seats and seed, not the starters each player keeps (each pod's
opening records its own players', dealt from the seed as to the whole field). Rosters
recorded before (version 1, every player's starters in the roster) still replay, and
their pods record none."""
from __future__ import annotations

import uuid
from dataclasses import replace

import pytest

from chalicelib.data.sets import sample_sets
from chalicelib.domain.draft.aggregate import DRAFT as BOOSTER_DRAFT
from chalicelib.domain.draft.setup import start_command
from chalicelib.domain.events import Event, decode
from chalicelib.domain.mixed_draft.setup import mixed_draft_commands
from chalicelib.domain.product.allocation import deal_starters
from chalicelib.domain.profiles.draft import DraftSettings
from chalicelib.domain.profiles.product import ProductSettings
from chalicelib.domain.profiles.registration import MAX_PLAYERS
from chalicelib.domain.table_draft import TABLE_DRAFT
from chalicelib.domain.table_draft.aggregate import TABLE_DRAFT_ROSTER
from chalicelib.domain.table_draft.opening import open_table_pod
from chalicelib.domain.table_draft.pools import final_pool
from chalicelib.domain.table_draft.setup import table_draft_commands
from chalicelib.store import codec

ITEM_BYTES = 400 * 1024      # DynamoDB's largest item: the roster must stay well under it
BUDGET = ITEM_BYTES // 2     # a clear margin for the item's keys, meta and id lengths
SETS = sample_sets()
PRODUCT = ProductSettings.for_game("vtes").model_dump()   # 3 boosters and a starter
DRAFT = DraftSettings.for_game("vtes").model_dump()       # pods of 4 to 6
NOW = "2026-11-28T00:00:00+00:00"


def _players(n: int) -> list[str]:
    return ["p" + uuid.uuid4().hex[:10] for _ in range(n)]     # as registration makes them


def _table(players: list[str], with_pods: bool = False):
    return table_draft_commands(seed="seed-31", players=players, product=PRODUCT, draft=DRAFT,
                                sets=SETS, now=NOW, pick_seconds=60, review_seconds=20,
                                with_pods=with_pods)


def _roster_event(form) -> Event:
    events = TABLE_DRAFT_ROSTER.decide(form, TABLE_DRAFT_ROSTER.initial())
    assert [e.type for e in events] == ["LimitedPodsFormed"]
    return events[0]


def _stored_bytes(event: Event) -> int:
    """The payload as the store writes it (zlib-compressed when large)."""
    return len(codec.pack(event.data)[1])


def test_the_table_drafts_roster_of_the_largest_field_is_stored_well_under_dynamodbs_item():
    form, _ = _table(_players(MAX_PLAYERS))
    event = _roster_event(form)
    assert "starters" not in event.data         # each pod's opening records its own
    assert len(event.data["pods"]) == MAX_PLAYERS // 5
    size = _stored_bytes(event)
    assert size < BUDGET, f"roster of {MAX_PLAYERS} players: {size} bytes stored"


def test_the_mixed_drafts_roster_grows_by_a_per_player_share_that_fits_the_largest_field():
    # its start collates every player's product (refusing a draft with nothing to draft):
    # seconds at 20,000, so a tenth of the field, whose share per player the whole
    # field's roster (the same pods and seats, one a player) cannot exceed by much
    players = _players(MAX_PLAYERS // 10)
    form, _ = mixed_draft_commands(
        seed="seed-31", players=players, product=PRODUCT, draft=DRAFT, sets=SETS, now=NOW,
        pile_size=11, pick_seconds=60, review_seconds=20, library_pick_seconds=60,
        with_pods=False)
    event = _roster_event(form)
    assert "starters" not in event.data
    per_player = _stored_bytes(event) / len(players)
    assert per_player * MAX_PLAYERS < BUDGET, f"{per_player:.1f} bytes a player"


@pytest.mark.parametrize("game", ["vtes", "munchkin"])
def test_a_booster_drafts_start_of_the_largest_field_is_stored_well_under_dynamodbs_item(game):
    players = _players(MAX_PLAYERS)
    command = start_command(seed="seed-31", players=players,
                            product=ProductSettings.for_game(game).model_dump(),
                            draft=DraftSettings.for_game(game).model_dump(), sets=SETS, now=0,
                            by="org")
    (event,) = BOOSTER_DRAFT.decide(command, BOOSTER_DRAFT.initial())
    assert event.type == "DraftStarted" and "starters" not in event.data
    size = _stored_bytes(event)
    assert size < BUDGET, f"{game} booster draft of {MAX_PLAYERS} players: {size} bytes"


def test_each_pod_records_the_starters_its_players_keep_as_dealt_to_the_whole_field():
    players = _players(30)
    form, starts = _table(players, with_pods=True)
    roster = TABLE_DRAFT_ROSTER.evolve(TABLE_DRAFT_ROSTER.initial(), _roster_event(form))
    assert roster.starters is None
    dealt = deal_starters(PRODUCT, SETS, "seed-31", players)
    for n, start in enumerate(starts, start=1):
        # the one-commit start and the pod opened after it give the same starters
        opened = open_table_pod(roster=roster, n=n, product=PRODUCT, sets=SETS)
        assert opened.starters == start.starters == {p: dealt[p] for p in start.players}
        state = TABLE_DRAFT.initial()
        for event in TABLE_DRAFT.decide(opened, state):
            state = TABLE_DRAFT.evolve(state, event)
        for p in start.players:
            assert roster.starters_of(p, state) == dealt[p] and dealt[p]
        # the kept starters come first in the player's final pool once the pod completes
        p = start.players[0]
        pool = final_pool(roster, replace(state, status="completed"), p)
        assert pool is not None and pool[:len(dealt[p][0]["cards"])] == dealt[p][0]["cards"]


def test_a_roster_recorded_with_every_players_starters_still_replays_and_its_pods_record_none():
    players = _players(12)
    form, _ = _table(players)
    dealt = deal_starters(PRODUCT, SETS, "seed-31", players)
    new = _roster_event(form).data
    old = {**new, "starters": dealt}                    # as version 1 stored it
    event = decode("LimitedPodsFormed", old, 1)
    roster = TABLE_DRAFT_ROSTER.evolve(TABLE_DRAFT_ROSTER.initial(), event)
    assert roster.starters == dealt
    opened = open_table_pod(roster=roster, n=1, product=PRODUCT, sets=SETS)
    assert opened.starters is None                      # the roster holds them
    p = roster.pods[0][0]
    assert roster.starters_of(p, None) == dealt[p]
