"""Card sets and entered product without HTTP: an upload's refusals, a player's entry
(created once, corrected after), who may read it and the progress of entering."""
from __future__ import annotations

import pytest

from chalicelib.application import product, sets
from chalicelib.application.reads import Reads
from chalicelib.auth import Principal
from chalicelib.domain.errors import Conflict, Forbidden, Invalid, NotFound
from tests.api.test_draft import TINY
from tests.api.test_product_entries import mtg_entry
from tests.application import seeds
from tests.application.conftest import player
from tests.application.test_handout import ENTERED, owner


def packs_of(pid):
    return [{"set": None, "booster": None, **p} for p in mtg_entry(pid)["packs"]]


def test_an_upload_needs_an_organizer_and_a_new_id(world):
    owner = Principal("organizer", "o0123456789a")
    with pytest.raises(Invalid) as refused:
        world.run(sets.upload, owner, {**TINY, "id": "Bad Id!"})
    assert refused.value.code == "invalid_set"
    with pytest.raises(Conflict):
        world.run(sets.upload, owner, {**TINY, "id": "sample-mtg"})
    with pytest.raises(Forbidden):
        world.run(sets.upload, Principal("federation", "f0123456789a"), TINY)
    assert world.run(sets.upload, owner, TINY)["set_id"] == TINY["id"]
    with pytest.raises(Conflict):
        world.run(sets.upload, owner, TINY)
    found = sets.listed(Reads(world.rt.service, world.rt.views), "hack", None, 10)["items"]
    assert TINY["id"] in [s["set_id"] for s in found]


def test_an_entry_is_created_once_then_corrected(world):
    s = world.given(seeds.started("mtg", "booster-draft", players=2, settings=ENTERED))
    tid = s["tid"]
    org = owner(world.rt, tid)
    pid, other = (p["player_id"] for p in s["players"])
    reads = Reads(world.rt.service, world.rt.views)
    with pytest.raises(NotFound) as refused:
        product.entry(reads, org, tid, pid)
    assert refused.value.code == "product_not_entered"
    created, doc = world.run(product.enter, org, tid, pid, packs_of(pid), [], None)
    assert created and doc["revision"] == 1 and doc["cards"] == 45
    created, doc = world.run(product.enter, org, tid, pid, packs_of(other), [], "swapped")
    assert not created and doc["revision"] == 2
    assert product.entry(reads, org, tid, pid) == doc
    with pytest.raises(NotFound) as refused:
        world.run(product.enter, org, tid, "p0000000000", packs_of(pid), [], None)
    assert refused.value.code == "player_not_found"
    with pytest.raises(Forbidden):
        product.progress(reads, player({"tid": tid}, pid), tid)
    progress = product.progress(reads, org, tid)
    assert (progress["entered"], progress["missing"]) == (1, [other])
