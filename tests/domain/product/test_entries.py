"""One player's entered product: the configuration (7.2.4, 7.2.5), own-product limits,
the hand-out gate and the per-player decider."""
from __future__ import annotations

import pytest

from chalicelib.data.sets import sample_sets
from chalicelib.domain.decider import fold
from chalicelib.domain.errors import Conflict, Invalid
from chalicelib.domain.product.aggregate import PLAYER_PRODUCT, PRODUCT_GATE
from chalicelib.domain.product.collation import collate
from chalicelib.domain.product.commands import HandOut, LockEntries, UnlockEntries
from chalicelib.domain.product.entered import entered_product
from chalicelib.domain.product.own import own_pool_problems, own_product
from chalicelib.domain.product.player_product.commands import EnterProduct, HandOutAlone
from chalicelib.domain.product.player_product.decide import handout_problems
from chalicelib.domain.product.state import HandOutState
from chalicelib.domain.profiles.product import OwnProductLimits, ProductSettings
from chalicelib.domain.rng import derive

SETS = sample_sets()
VTES = SETS["sample-vtes"]
CONFIG = ProductSettings(source="entered", boosters=[{"set": "sample-vtes", "count": 2}],
                         starters=[{"set": "sample-vtes", "choices": ["starter-lumen",
                                                                      "starter-sable"]}])


def pack(*labels) -> list[str]:
    return collate(VTES, "booster", derive("t", *labels))


def codes(problems) -> list[str]:
    return sorted(p["code"] for p in problems)


def test_entered_product_matches_the_configuration():
    alloc, problems = entered_product(CONFIG, SETS, [{"cards": pack(1)}, {"cards": pack(2)}],
                                      [{"starter": "starter-lumen"}])
    assert problems == []
    assert [p["set"] for p in alloc["packs"]] == ["sample-vtes"] * 2
    assert alloc["starters"][0]["cards"] == list(VTES.starter("starter-lumen").cards)


def test_entered_product_lists_every_departure():
    _, problems = entered_product(CONFIG, SETS, [
        {"cards": pack(1)[:10] + ["nope"] * 2},                # 12 cards, 2 unknown
        {"set": "sample-mtg", "cards": pack(2)},               # not the configured booster
        {"cards": pack(3)}],                                   # one pack too many
        [{"starter": "starter-verdigris"}, {"starter": "starter-lumen"}])
    assert codes(problems) == ["abnormal_pack", "starter_not_allowed", "unknown_cards",
                               "wrong_booster", "wrong_pack_count", "wrong_starter_count"]


LIMITS = OwnProductLimits(sets=["sample-vtes", "sample-hack"], max_boosters=3, max_starters=1,
                          per_set={"sample-hack": {"max_boosters": 1}})


def hack_pack(*labels) -> list[str]:
    return collate(SETS["sample-hack"], "booster", derive("h", *labels))


def test_own_product_within_limits():
    alloc, problems = own_product(LIMITS, SETS, [
        {"set": "sample-vtes", "cards": pack(1)}, {"set": "sample-hack", "cards": hack_pack(1)}],
        [{"set": "sample-vtes", "starter": "starter-sable"}])
    assert problems == [] and len(alloc["packs"]) == 2 and len(alloc["starters"]) == 1


def test_own_product_every_violation():
    _, problems = own_product(LIMITS, SETS, [
        {"set": "sample-vtes", "cards": pack(1)},
        {"set": "sample-hack", "cards": hack_pack(1)},
        {"set": "sample-hack", "cards": hack_pack(2)[:5]},
        {"set": "sample-mtg", "cards": ["x"]}],
        [{"set": "sample-vtes", "starter": "starter-sable"},
         {"set": "sample-vtes", "starter": "starter-none"}])
    assert codes(problems) == ["abnormal_pack", "set_not_allowed", "too_many_boosters",
                               "too_many_boosters_of_set", "too_many_starters",
                               "unknown_starter"]
    _, empty = own_product(LIMITS, SETS, [], [])
    assert codes(empty) == ["no_product"]


def test_per_set_limits_name_allowed_sets_only():
    with pytest.raises(ValueError):
        OwnProductLimits(sets=["sample-vtes"], per_set={"sample-mtg": {"max_boosters": 1}})
    assert OwnProductLimits(per_set={"sample-mtg": {"max_boosters": 1}}).sets == []


def test_own_pool_problems():
    facts = {"boosters": [{"count": 2, "cards": 11}, {"count": 2, "cards": 11}], "starters": 2}
    problems = own_pool_problems(LIMITS, SETS, pack(1) + ["cp-iron-oath"], facts)
    assert codes(problems) == ["card_not_in_allowed_sets", "too_many_boosters",
                               "too_many_starters"]
    assert own_pool_problems(LIMITS, SETS, pack(1), {"boosters": [{"count": 3}]}) == []


def test_gate_lock_unlock_hand_out():
    gate = PRODUCT_GATE
    state = gate.initial()
    assert state.refuses("p1") is None
    with pytest.raises(Conflict):
        gate.decide(HandOut("draft", ["p1"], "t", "o"), state)     # not locked
    assert gate.decide(UnlockEntries("t", "o"), state) == []
    locked = fold(gate, state, gate.decide(LockEntries("draft", "t", "o"), state))
    assert locked.refuses("p1").code == "product_locked"
    assert gate.decide(LockEntries("sealed", "t", "o"), locked) == []   # already locked
    opened = fold(gate, locked, gate.decide(UnlockEntries("t", "o"), locked))
    assert opened.status == "open" and opened.refuses("p1") is None
    out = fold(gate, locked, gate.decide(HandOut("draft", ["p2", "p1"], "t", "o"), locked))
    assert out.status == "handed_out" and out.players == {"p1", "p2"}
    assert out.refuses("p1").code == "product_handed_out"
    assert out.refuses("p9") is None                  # a late arrival may still be entered
    assert gate.decide(UnlockEntries("t", "o"), out) == []


def enter(state, packs, starters=(), gate=HandOutState(), settings=CONFIG, reason=None):
    command = EnterProduct(tournament="t1", player="p1",
                           settings=settings.model_dump(mode="json"), sets=SETS,
                           packs=packs, starters=list(starters), gate=gate, now="now", by="o",
                           reason=reason)
    return PLAYER_PRODUCT.decide(command, state)


def test_player_product_entry_correction_and_retry():
    d = PLAYER_PRODUCT
    good = [{"cards": pack(1)}, {"cards": pack(2)}]
    starters = [{"starter": "starter-lumen"}]
    events = enter(d.initial(), good, starters)
    assert [e.type for e in events] == ["PlayerProductEntered"]
    state = fold(d, d.initial(), events)
    assert state.revision == 1 and state.allocation()["packs"][1]["cards"] == pack(2)
    assert enter(state, good, starters) == []                        # same again: nothing
    fixed = fold(d, state, enter(state, [{"cards": pack(1)}, {"cards": pack(9)}], starters,
                                 reason="7.2.5"))
    assert fixed.revision == 2 and fixed.packs[1]["cards"] == pack(9)
    with pytest.raises(Invalid) as err:
        enter(state, good[:1], starters)
    assert err.value.code == "invalid_product_entry"
    locked = HandOutState(status="locked", consumer="draft")
    with pytest.raises(Conflict):
        enter(state, good, starters, gate=locked)
    collated = CONFIG.model_copy(update={"source": "collated"})
    with pytest.raises(Conflict) as err:
        enter(state, good, starters, settings=collated)
    assert err.value.code == "product_collated"
    alone = fold(d, state, d.decide(HandOutAlone("p1", "sealed", "now", "o"), state))
    with pytest.raises(Conflict):
        enter(alone, [{"cards": pack(1)}, {"cards": pack(9)}], starters)
    with pytest.raises(Invalid):
        d.decide(HandOutAlone("p1", "sealed", "now", "o"), d.initial())


def test_handout_problems_missing_players_and_changed_configuration():
    d = PLAYER_PRODUCT
    entered = fold(d, d.initial(), enter(d.initial(), [{"cards": pack(1)}, {"cards": pack(2)}],
                                         [{"starter": "starter-lumen"}]))
    entries = {"p1": entered, "p2": d.initial()}
    settings = CONFIG.model_dump(mode="json")
    problems = handout_problems(settings, SETS, entries)
    assert problems == [{"code": "product_not_entered", "players": ["p2"],
                         "msg": "1 players have no entered product"}]
    three = {**settings, "boosters": [{"set": "sample-vtes", "count": 3}]}
    assert codes(handout_problems(three, SETS, {"p1": entered})) == ["wrong_pack_count"]
    own = {**settings, "source": "own"}
    assert codes(handout_problems(own, SETS, {"p1": entered})) == ["source_changed"]
