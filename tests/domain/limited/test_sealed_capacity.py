"""The field one sealed hand-out carries (domain/sealed/capacity.py): a player's share of
``SealedStarted`` is what the event really grows by per player, and the bound keeps the
event within the 4 MB every store holds."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chalicelib.data.sets import sample_sets
from chalicelib.domain.events import encode
from chalicelib.domain.product.allocation import allocate, largest_one
from chalicelib.domain.sealed import SEALED, StartSealed, capacity
from chalicelib.store import codec, item_size

SETS = sample_sets()
PRODUCTS = {
    "V:EKN default": {"boosters": [{"set": "sample-vtes", "count": 3}],
                      "starters": [{"set": "sample-vtes"}]},
    "24 boosters, 4 starters": {"boosters": [{"set": "sample-vtes", "count": 24}],
                                "starters": [{"set": "sample-vtes", "count": 4}]},
    "Munchkin": {"boosters": [{"set": "sample-munchkin", "count": 4}],
                 "starters": [{"set": "sample-munchkin", "choices": ["draft-hero"]}]},
}


def _event_bytes(product: dict, players: list[str]) -> int:
    allocations = allocate(product, SETS, "seed", players)
    [event] = SEALED.decide(StartSealed(
        players=players, allocations=allocations, swap=False, hand_back_percent=15,
        starter_trading=False, now=datetime(2026, 11, 28, tzinfo=UTC)), SEALED.initial())
    return len(codec.dumps(encode(event)[1]).encode("utf-8"))


@pytest.mark.parametrize("name", list(PRODUCTS))
def test_a_players_share_is_what_the_event_grows_by(name):
    product = PRODUCTS[name]
    grown = (_event_bytes(product, [f"p{n:010x}" for n in range(41)])
             - _event_bytes(product, [f"p{n:010x}" for n in range(1)])) / 40
    share = capacity.share_bytes(largest_one(product, SETS, "seed", capacity.SAMPLE_PLAYER))
    assert grown * 0.97 <= share <= grown * 1.1, (grown, share)


def test_the_bound_keeps_the_hand_out_within_every_stores_event_limit():
    assert capacity.EVENT_JSON_BYTES == item_size.MAX_EVENT_JSON_BYTES
    product = PRODUCTS["24 boosters, 4 starters"]
    most = capacity.most_players(largest_one(product, SETS, "seed", capacity.SAMPLE_PLAYER))
    assert 300 < most < 500
    players = [f"p{n:010x}" for n in range(most)]
    assert _event_bytes(product, players) <= capacity.EVENT_JSON_BYTES * 0.95
    default = capacity.most_players(largest_one(PRODUCTS["V:EKN default"], SETS, "seed",
                                                capacity.SAMPLE_PLAYER))
    assert default >= 2000                  # the default product keeps the sealed cap
