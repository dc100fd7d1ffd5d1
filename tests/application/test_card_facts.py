"""Issue 17: the card facts helper (``application/card_facts.py``) without HTTP: which
strings of a reply it reads, which sets it reads them from, and the decorator."""
from __future__ import annotations

from chalicelib.application import card_facts as cf
from chalicelib.application import registration, sets, tournaments
from chalicelib.application.reads import Reads
from chalicelib.data.sets import sample_sets
from tests.application import seeds

VTES = sample_sets()["sample-vtes"]
RELIC = next(c for c in VTES.cards if c.id == "vt-pale-relic")
UPLOADED = {"id": "club-set", "name": "Club set", "game": "vtes", "cards": [
    {"id": "cl-lantern", "name": "Club Lantern", "kind": "library", "rarity": "rare",
     "attributes": {"type": "equipment"}},
    {"id": "vt-pale-relic", "name": "Club copy of a sample id"}]}


def test_the_strings_of_a_reply_values_and_keys_at_any_depth():
    found, named = cf.strings_in({"pack": ["a", "b"], "latest": {"p1": "c"}, "n": 3,
                                  "reveal": {"d": {"action": "reveal"}},
                                  "packs": [{"set": "s1", "cards": [["e"]]}],
                                  "card_facts": {"hidden": {"name": "x"}}})
    assert {"a", "b", "c", "d", "e", "p1", "s1"} <= found
    assert "hidden" not in found and named == {"s1"}


def test_the_sets_read_for_each_source_of_product():
    collated = {"boosters": [{"set": "b1", "count": 3}], "starters": [{"set": "s1"}]}
    assert cf.set_ids(collated, named={"elsewhere"}) == ["b1", "s1"]
    own = {"source": "own", "own": {"sets": ["o1", "o2"]}}
    assert cf.set_ids(own, named={"elsewhere"}) == ["o1", "o2"]
    anything = {"source": "own", "own": {"sets": []}}
    assert cf.set_ids(anything, named={"club-set"}) == ["club-set", *sorted(sample_sets())]


def test_a_card_fact_is_what_the_set_says_a_player_sees():
    assert cf.card_fact(RELIC, "sample-vtes") == {
        "name": "Pale Relic", "set": "sample-vtes", "kind": "crypt", "rarity": "common",
        "attributes": {"capacity": 5, "clan": "Sable"}}
    lens = next(c for c in sample_sets()["sample-mtg"].cards if c.id == "cp-lookout-lens")
    assert cf.card_fact(lens, "sample-mtg")["draft_action"] == "face-up"
    oracle = next(c for c in sample_sets()["sample-mtg"].cards if c.id == "cp-oracles-wager")
    fact = cf.card_fact(oracle, "sample-mtg")
    assert fact["reveal_prompt"] and fact["reveal_choices"] == ["1", "2", "3", "4", "5"]
    assert cf._facts_of(VTES) is cf._facts_of(VTES)            # built once per set


def created(world, settings=None) -> str:
    """A new vtes sealed tournament of the seeds' organizer (its id)."""
    return world.run(tournaments.create, seeds.ORGANIZER, "vtes sealed", "vtes", "sealed",
                     None, settings or {}, None, None)["tournament_id"]


def test_facts_come_from_the_tournaments_sets_first_and_skip_unknown_ids(world):
    rt = world.rt
    world.run(sets.upload, seeds.ORGANIZER, UPLOADED)
    own = {"tournament_id": created(world, {"product": {
        "source": "own", "boosters": [], "starters": [], "own": {"sets": []}}})}
    reads = Reads(rt.service, rt.views)
    doc = {"packs": [{"set": "club-set", "cards": ["cl-lantern", "vt-pale-relic"]}],
           "pool": ["vt-pale-gate", "nobody-knows"]}
    facts = cf.card_facts(reads, own["tournament_id"], doc)
    assert set(facts) == {"cl-lantern", "vt-pale-relic", "vt-pale-gate"}
    assert facts["cl-lantern"]["name"] == "Club Lantern"
    assert facts["vt-pale-relic"]["set"] == "club-set"         # the named set comes first
    assert facts["vt-pale-gate"]["set"] == "sample-vtes"
    collated = created(world)
    facts = cf.card_facts(reads, collated, doc)
    assert set(facts) == {"vt-pale-relic", "vt-pale-gate"}      # sample-vtes only
    assert facts["vt-pale-relic"]["set"] == "sample-vtes"
    assert cf.card_facts(reads, "t000000000000", doc) == {}       # no such tournament


def test_the_decorator_adds_the_facts_to_the_reply(world):
    rt, tid = world.rt, created(world)

    @cf.lists_cards
    def view(reads, who, tid, extra=None):
        """A view."""
        return {"who": who, "pack": ["vt-pale-relic", "vt-pale-relic"]}

    reads = Reads(rt.service, rt.views)
    for reply in (view(reads, "ann", tid), view(reads, "ann", tid=tid)):
        assert reply["who"] == "ann" and list(reply["card_facts"]) == ["vt-pale-relic"]
    assert view.__doc__ == "A view." and view.__name__ == "view"


def test_sets_are_remembered_only_once_the_settings_are_fixed(world):
    """Before the start the product may change (a query reads it again); from the start
    a query reads the tournament's sets once per runtime."""
    rt, tid = world.rt, created(world)
    reads = Reads(rt.service, rt.views)
    doc = {"pool": ["vt-pale-relic", "cp-lookout-lens"]}

    def facts_and_store_reads():
        seen, read = [], rt.service.events.read
        rt.service.events.read = lambda *a, **k: seen.append(a) or read(*a, **k)
        try:
            return set(cf.card_facts(reads, tid, doc)), len(seen)
        finally:
            rt.service.events.read = read

    assert facts_and_store_reads() == ({"vt-pale-relic"}, 1)
    world.run(tournaments.change_settings, seeds.ORGANIZER, tid, {"product": {
        "boosters": [{"set": "sample-mtg", "count": 1}], "starters": []}})
    assert facts_and_store_reads() == ({"cp-lookout-lens"}, 1)
    for i in range(2):
        world.run(registration.register, None, tid, f"Player {i}", None, f"pdm_p{i}" + "0" * 30)
    world.run(tournaments.start, seeds.ORGANIZER, tid)
    assert facts_and_store_reads() == ({"cp-lookout-lens"}, 1)
    assert facts_and_store_reads() == ({"cp-lookout-lens"}, 0)
