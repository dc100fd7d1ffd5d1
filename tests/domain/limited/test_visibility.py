"""What each viewer may read of each event."""
from __future__ import annotations

from chalicelib.domain.mixed_draft.visibility import redact as mixed
from chalicelib.domain.sealed.visibility import redact as sealed
from chalicelib.domain.table_draft.visibility import redact as table
from chalicelib.domain.trade.visibility import redact as trade


def test_table_draft_packs_are_staff_only_and_pools_private():
    started = {"pod": 1, "players": ["a", "b"], "packs": [[["x"], ["y"]]], "at": "t"}
    assert "packs" not in table("TableDraftStarted", started)
    assert table("TableDraftStarted", started, staff=True) == started
    pick = {"player": "a", "card": "x", "order": 3, "pick": 1}
    # The pod's players witnessed the pick at the table; others learn only that it was made.
    assert table("TableCardPicked", pick, player="b", members=("a", "b")) == pick
    assert table("TableCardPicked", pick) == {"player": "a", "pick": 1}
    assert table("TableCardPicked", pick, player="z", members=("a", "b")) == \
        {"player": "a", "pick": 1}
    assert table("TableCardPicked", pick, staff=True) == pick
    done = {"pools": {"a": ["x"], "b": ["y"]}, "at": "t"}
    assert table("TableDraftCompleted", done, player="a")["pools"] == {"a": ["x"]}
    assert table("TableDraftCompleted", done)["pools"] == {}
    assert table("Unknown", {}) is None


def test_a_table_pods_kept_starters_are_each_their_owners_alone():
    kept = {"a": [{"set": "s", "starter": "one", "cards": ["s1"]}],
            "b": [{"set": "s", "starter": "two", "cards": ["s2"]}]}
    started = {"pod": 1, "players": ["a", "b"], "packs": [[["x"], ["y"]]], "at": "t",
               "starters": kept}
    assert table("TableDraftStarted", started, player="a", members=("a", "b"))["starters"] \
        == {"a": kept["a"]}
    for viewer in (None, "z"):              # anyone else, another pod's player
        seen = table("TableDraftStarted", started, player=viewer, members=("a", "b"))
        assert "starters" not in seen and "s1" not in str(seen) and "s2" not in str(seen)
    assert table("TableDraftStarted", started, staff=True) == started


def test_mixed_library_picks_show_the_card_to_the_picker_only():
    pick = {"player": "a", "card": "x", "pack": "R1S1", "passed_to": "b"}
    assert mixed("MixedLibraryCardPicked", pick, player="a") == pick
    assert "card" not in mixed("MixedLibraryCardPicked", pick, player="b")
    rnd = {"round": 1, "packs": [{"id": "R1S1", "player": "a", "cards": ["x", "y"]},
                                 {"id": "R1S2", "player": "b", "cards": ["z"]}]}
    seen = mixed("MixedLibraryRoundStarted", rnd, player="b")["packs"]
    assert seen == [{"id": "R1S1", "player": "a", "size": 2}, rnd["packs"][1]]
    started = {"pod": 1, "players": ["a", "b"], "first_seat": "a", "pile_size": 2,
               "crypt": [["c1"], ["c2", "c3"]], "piles": [[["x", "y"]], [["z"]]], "at": "t"}
    mine = mixed("MixedDraftStarted", started, player="b", members=("a", "b"))
    # 7.8: the split piles stay face down, even to their owner: counts only.
    assert mine["crypt_counts"] == [1, 2] and mine["pile_counts"] == [[2], [1]]
    assert not any("c2" in str(v) or "x" == v for v in mine.values())
    assert {"piles", "crypt", "my_crypt"}.isdisjoint(mine)
    assert mixed("MixedDraftStarted", started, staff=True) == started
    crypt_pick = {"player": "a", "card": "c1", "order": 1, "pick": 1}
    assert mixed("TableCardPicked", crypt_pick, player="b", members=("a", "b")) == crypt_pick
    assert "card" not in mixed("TableCardPicked", crypt_pick)


def test_sealed_contents_belong_to_their_owner():
    started = {"players": ["a", "b"], "packs": {"a": [{"cards": ["x"]}], "b": []},
               "starters": [{"id": "S1", "set": "s", "starter": "lumen", "cards": ["q"],
                             "owner": "a"}], "swap": True, "at": "t"}
    pub = sealed("SealedStarted", started)
    assert pub["pack_counts"] == {"a": 1, "b": 0} and "cards" not in pub["starters"][0]
    dealt = {"hand_back": 1, "handed_back": ["a"], "received_from": {"a": "a", "b": "b"},
             "pools": {"a": ["x"], "b": ["y"]}, "at": "t"}
    assert sealed("SealedSwapDealt", dealt, player="b")["pools"] == {"b": ["y"]}
    assert sealed("SealedSwapDealt", dealt)["received_from"] == {}
    assert "handed_back" not in sealed("SealedSwapDealt", dealt, player="a")


def test_trade_events_are_for_the_pod_and_decks_for_their_owner():
    decks = {"a": {"library": ["l"], "stock": ["s1"], "crypt": ["c"], "sideboard": ["d"]},
             "b": {"library": ["m"], "stock": ["s2"], "crypt": ["e"], "sideboard": ["f"]}}
    started = {"pod": 1, "players": ["a", "b"], "first_seat": "a", "decks": decks, "at": "t"}
    assert trade("TradePodStarted", started, player="z", members=["a", "b"]) is None
    seen = trade("TradePodStarted", started, player="b", members=["a", "b"])
    assert seen["stock"] == {"a": ["s1"], "b": ["s2"]} and seen["my_deck"] == decks["b"]
    assert "decks" not in seen
    offer = {"player": "a", "target": "b", "slot": 0, "card": "s2"}
    assert trade("TradeOffered", offer, player="b", members=["a", "b"]) == offer
    crypt = {"player": "a", "added": ["d"], "crypt": ["c", "d"], "library": ["l"], "at": "t"}
    assert trade("TradeCryptCompleted", crypt, player="b", members=["a", "b"]) == \
        {"player": "a", "at": "t"}
