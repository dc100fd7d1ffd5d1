"""Table (Rochester) draft, V:EKN 7.7."""
from __future__ import annotations

import pytest

from chalicelib.domain.errors import Conflict, Forbidden, Invalid
from chalicelib.domain.table_draft import (
    TABLE_DRAFT,
    ExpirePick,
    Pick,
    StartTableDraft,
    view,
)
from chalicelib.domain.table_draft.order import snake

from .helpers import Run, at

PLAYERS = ["p1", "p2", "p3", "p4", "p5"]


def pack(seat: int, k: int, size: int = 11, crypt: int = 2) -> list[str]:
    """Library cards first, crypt cards last: the draft must move the crypt on top."""
    lib = [f"s{seat}k{k}L{i}" for i in range(size - crypt)]
    return lib + [f"s{seat}k{k}C{i}" for i in range(crypt)]


def kinds_for(packs) -> dict[str, str]:
    return {c: ("crypt" if "C" in c.split("k")[1] else "library")
            for seat in packs for p in seat for c in p}


def start(players=PLAYERS, packs_per_player=1, size=11, crypt=2, first=None, review=0):
    packs = [[pack(s, k, size, crypt) for k in range(packs_per_player)]
             for s in range(len(players))]
    run = Run(TABLE_DRAFT)
    run(StartTableDraft(pod=1, players=players, first_seat=first, packs=packs,
                        kinds=kinds_for(packs), pick_seconds=30, review_seconds=review,
                        now=at(0)))
    return run


def test_snake_order_of_the_rules_example():
    assert [s + 1 for s in snake(0, 5, 10)] == [1, 2, 3, 4, 5, 5, 4, 3, 2, 1]
    assert [s + 1 for s in snake(1, 5, 10)] == [2, 3, 4, 5, 1, 1, 5, 4, 3, 2]
    assert [s + 1 for s in snake(4, 5, 5)] == [5, 1, 2, 3, 4]


def test_the_five_player_example_of_7_7_3():
    run = start()
    revealed = run.events[-1]
    assert revealed.type == "TableSetRevealed"
    assert revealed.data["active"] == "p1"
    # Crypt cards on top: the first cards laid are each player's crypt cards, and the
    # chronological numbering starts with the active player's (7.7).
    table = revealed.data["table"]
    assert [(c["order"], c["player"]) for c in table] == [
        (1, "p1"), (2, "p1"), (3, "p2"), (4, "p2"), (5, "p3"), (6, "p3"),
        (7, "p4"), (8, "p4"), (9, "p5"), (10, "p5")]
    assert all("C" in c["card"].split("k")[1] for c in table)
    assert table[0]["card"] == "s0k0C0" and table[1]["card"] == "s0k0C1"
    assert revealed.data["pick_order"] == ["p1", "p2", "p3", "p4", "p5",
                                           "p5", "p4", "p3", "p2", "p1"]
    pickers = []
    for n in range(10):
        picker = run.state.picker
        pickers.append(picker)
        card = run.state.table[-1]["card"]
        run(Pick(player=picker, card=card, pick=n + 1, now=at(1 + n)))
    assert pickers == ["p1", "p2", "p3", "p4", "p5", "p5", "p4", "p3", "p2", "p1"]
    nxt = run.events[-1]
    assert nxt.type == "TableSetRevealed" and nxt.data["active"] == "p2"
    assert nxt.data["pick_order"] == ["p2", "p3", "p4", "p5", "p1",
                                      "p1", "p5", "p4", "p3", "p2"]
    assert {p: len(cards) for p, cards in run.state.pools.items()} == {p: 2 for p in PLAYERS}


def test_full_draft_of_two_packs_with_a_short_last_set():
    run = start(packs_per_player=2)
    actives = [run.events[-1].data["active"]]
    n = 0
    while run.state.status == "drafting":
        n += 1
        run(Pick(player=run.state.picker, card=run.state.table[0]["card"], now=at(n)))
        if run.events[-1].type == "TableSetRevealed" and run.events[-2].type != "TableDraftStarted":
            actives.append(run.events[-1].data["active"])
    assert n == 110
    # 11-card packs: five full sets then a set of one card each, per pack; the active
    # player keeps rotating to the left across packs.
    assert actives == [PLAYERS[k % 5] for k in range(12)]
    done = run.events[-1]
    assert done.type == "TableDraftCompleted"
    all_cards = sorted(c for s in range(5) for k in range(2) for c in pack(s, k))
    assert sorted(c for pool in done.data["pools"].values() for c in pool) == all_cards
    assert {p: len(c) for p, c in done.data["pools"].items()} == {p: 22 for p in PLAYERS}
    with pytest.raises(Conflict):
        run(Pick(player="p1", card="x", now=at(999)))


def test_short_set_order_is_the_snake_cut_short():
    run = start(size=3, crypt=1)
    for n in range(10):
        run(Pick(player=run.state.picker, card=run.state.table[0]["card"], now=at(n + 1)))
    last = run.events[-1]
    assert last.data["active"] == "p2" and len(last.data["table"]) == 5
    assert last.data["pick_order"] == ["p2", "p3", "p4", "p5", "p1"]


def test_first_seat_is_designated_by_the_judge():
    run = start(first="p4")
    assert run.events[-1].data["active"] == "p4"
    assert run.events[-1].data["pick_order"][:6] == ["p4", "p5", "p1", "p2", "p3", "p3"]
    assert run.events[-1].data["table"][0]["player"] == "p4"


def test_out_of_turn_and_unknown_picks_are_refused_and_change_nothing():
    run = start()
    before = run.state
    with pytest.raises(Conflict) as exc:
        run(Pick(player="p2", card=run.state.table[0]["card"], now=at(1)))
    assert exc.value.code == "not_your_turn"
    with pytest.raises(Forbidden):
        run(Pick(player="zz", card=run.state.table[0]["card"], now=at(1)))
    with pytest.raises(Invalid) as exc:
        run(Pick(player="p1", card="nope", now=at(1)))
    assert exc.value.code == "card_not_on_table"
    with pytest.raises(Conflict) as exc:
        run(Pick(player="p1", card=run.state.table[0]["card"], pick=7, now=at(1)))
    assert exc.value.code == "stale_pick"
    assert run.state is before


def test_review_period_blocks_picks():
    run = start(review=20)
    with pytest.raises(Conflict) as exc:
        run(Pick(player="p1", card=run.state.table[0]["card"], now=at(19)))
    assert exc.value.code == "review_period"
    run(Pick(player="p1", card=run.state.table[0]["card"], now=at(20)))


def test_timer_expiry_gives_the_oldest_card_on_the_table():
    run = start()
    deadline = run.state.deadline            # review 0 + 30 s
    with pytest.raises(Conflict) as exc:
        run(ExpirePick(now=at(29)))
    assert exc.value.code == "timer_running"
    # p1 takes the oldest card themselves; the oldest left is then order 2.
    run(Pick(player="p1", card=run.state.table[0]["card"], now=at(5)))
    assert run.state.deadline == "2026-11-22T10:00:35Z" != deadline
    events = run(ExpirePick(now=at(40)))
    got = events[0].data
    assert (got["player"], got["order"], got["card"], got["auto"]) == ("p2", 2, "s0k0C1", True)
    # The expiry is stamped at p2's deadline, not when it was noticed, and p3's clock
    # runs from there.
    assert got["at"] == "2026-11-22T10:00:35Z"
    assert run.state.picker == "p3" and run.state.deadline == "2026-11-22T10:01:05Z"


def test_views_hide_packs_and_show_latest_picks():
    run = start()
    run(Pick(player="p1", card="s2k0C0", now=at(1)))
    public = view(run.state)
    assert public["latest"] == {"p1": "s2k0C0"}
    assert "pools" not in public and "packs" not in public
    assert public["face_down"]["p1"] == [9]
    assert [c["order"] for c in public["table"]] == [1, 2, 3, 4, 6, 7, 8, 9, 10]
    mine = view(run.state, player="p1")
    assert mine["pools"] == {"p1": ["s2k0C0"]}
    assert view(run.state, player="p2")["pools"] == {"p2": []}
    staff = view(run.state, staff=True)
    assert staff["packs"]["p1"][0][0] == "s0k0L0" and len(staff["pools"]) == 5


def test_start_validation():
    with pytest.raises(ValueError):
        StartTableDraft(pod=1, players=["a", "a"], packs=[[["x"]], [["x"]]],
                        kinds={"x": "library"}, now=at(0))
    with pytest.raises(ValueError):
        StartTableDraft(pod=1, players=["a", "b"], packs=[[["x"]], [["y"]]],
                        kinds={"x": "library"}, now=at(0))
    run = start()
    with pytest.raises(Conflict):
        run(StartTableDraft(pod=1, players=["a", "b"], packs=[[["x"]], [["x"]]],
                            kinds={"x": "library"}, now=at(0)))


def test_an_untimed_draft_has_no_deadline_and_nothing_expires():
    packs = [[pack(s, 0)] for s in range(2)]
    run = Run(TABLE_DRAFT)
    run(StartTableDraft(pod=1, players=["a", "b"], packs=packs, kinds=kinds_for(packs),
                        pick_seconds=None, review_seconds=0, now=at(0)))
    assert run.state.deadline is None
    with pytest.raises(Conflict) as exc:
        run(ExpirePick(now=at(10_000)))
    assert exc.value.code == "no_timer"
    run(Pick(player="a", card=run.state.table[0]["card"], now=at(1)))
    assert run.state.deadline is None and view(run.state)["pick_seconds"] is None
