"""The field one sealed hand-out carries (domain/product/capacity.py): a player's share of
``SealedStarted`` is what the event really grows by per player, and the bound keeps the
event within the 4 MB every store holds."""
from __future__ import annotations

import zlib
from datetime import UTC, datetime

import pytest

from chalicelib.data.sets import sample_sets
from chalicelib.domain.events import encode
from chalicelib.domain.product import capacity
from chalicelib.domain.product.allocation import allocate, largest_one
from chalicelib.domain.sealed import SEALED, StartSealed
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


def _event_json(product: dict, players: list[str]) -> str:
    allocations = allocate(product, SETS, "seed", players)
    [event] = SEALED.decide(StartSealed(
        players=players, allocations=allocations, swap=False, hand_back_percent=15,
        starter_trading=False, now=datetime(2026, 11, 28, tzinfo=UTC)), SEALED.initial())
    return codec.dumps(encode(event)[1])


def _event_bytes(product: dict, players: list[str]) -> int:
    return len(_event_json(product, players).encode("utf-8"))


@pytest.mark.parametrize("name", list(PRODUCTS))
def test_a_players_share_is_what_the_event_grows_by(name):
    product = PRODUCTS[name]
    grown = (_event_bytes(product, [f"p{n:010x}" for n in range(41)])
             - _event_bytes(product, [f"p{n:010x}" for n in range(1)])) / 40
    share = capacity.share_bytes(largest_one(product, SETS, "seed", capacity.SAMPLE_PLAYER))
    assert grown * 0.97 <= share <= grown * 1.1, (grown, share)


def _most(product: dict) -> int:
    return capacity.most_players(
        largest_one(product, SETS, "seed", capacity.SAMPLE_PLAYER),
        allocate(product, SETS, "seed", list(capacity.sample_players())))


@pytest.mark.parametrize("product", [
    PRODUCTS["24 boosters, 4 starters"],
    *({"boosters": [{"set": s, "count": 24}]}
      for s in ("sample-vtes", "sample-munchkin", "sample-mtg", "sample-hack")),
])
def test_the_bound_keeps_the_hand_out_within_every_stores_event_limits(product):
    assert capacity.EVENT_JSON_BYTES == item_size.MAX_EVENT_JSON_BYTES
    assert capacity.ITEM_BYTES == item_size.MAX_ITEM_BYTES
    most = _most(product)
    assert 300 < most < 700
    text = _event_json(product, [f"p{n:010x}" for n in range(most)]).encode("utf-8")
    assert len(text) <= capacity.EVENT_JSON_BYTES * 0.95
    assert len(zlib.compress(text, 6)) <= capacity.ITEM_BYTES * 0.95


def test_a_product_that_compresses_little_is_bounded_by_the_stored_item():
    """Card ids no other card shares (a large real set) compress far less than the
    samples': the stored item, not the JSON, sets the bound."""
    largest = {"packs": [{"set": "s", "booster": "b",
                          "cards": [f"{n:08x}" for n in range(15)]}] * 24, "starters": []}
    sample = {f"p{k:010x}": {"packs": [{"set": "s", "booster": "b", "cards": [
        f"{(k * 977 + p * 31 + n) * 2654435761 % 2**32:08x}" for n in range(15)]}
        for p in range(24)], "starters": []} for k in range(64)}
    json_bound = int(capacity.EVENT_JSON_BYTES * capacity.HEADROOM) // \
        capacity.share_bytes(largest)
    assert capacity.most_players(largest, sample) < json_bound / 2


def test_the_default_products_keep_the_sealed_formats_cap():
    assert _most(PRODUCTS["V:EKN default"]) >= 2000
    assert _most(PRODUCTS["Munchkin"]) >= 2000


def test_the_bound_keeps_an_entered_drafts_start_within_the_limits():
    """A booster draft whose product is entered per player records every player's packs
    in its start: the same bound keeps that event within both limits."""
    from chalicelib.domain.draft.aggregate import DRAFT
    from chalicelib.domain.draft.roster.commands import StartDraft
    product = {"source": "entered", "boosters": [{"set": "sample-mtg", "count": 24}]}
    most = _most(product)
    players = [f"p{n:010x}" for n in range(most)]
    dealt = allocate(product, SETS, "seed", players)
    packs = {p: [pack["cards"] for pack in dealt[p]["packs"]] for p in players}
    pods = [players[k:k + 8] for k in range(0, most, 8)]
    [started, *_] = DRAFT.decide(StartDraft(pods=pods, rounds=24, starters=None, now=0,
                                            by="o1", chosen=("packs",), seed="seed",
                                            packs=packs), DRAFT.initial())
    assert started.type == "DraftStarted" and started.packs == packs
    text = codec.dumps(encode(started)[1]).encode("utf-8")
    assert len(text) <= capacity.EVENT_JSON_BYTES * 0.95
    assert len(zlib.compress(text, 6)) <= capacity.ITEM_BYTES * 0.95
    assert most < 2000            # the entered drafts' own cap would not have held it
