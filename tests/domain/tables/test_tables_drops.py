"""Drops after the seating (V:EKN 3.1.4, 3.3.2, 7.2.6): a Loss at the table, or at the
judge's choice a five-player table played by four; nothing before the seating."""
import pytest

from chalicelib.domain.errors import Conflict, Invalid
from chalicelib.domain.tables.aggregate import TABLES  # noqa: F401
from chalicelib.domain.tables.commands import DropPlayer, ReportTable, SeatRound, SwapPlayers
from chalicelib.domain.tables.scoring import score, validate

from . import tables_helpers

SEED = "seed-drops"


def run(state, command):
    return tables_helpers.run(state, command)


def seated(count, rounds_played=0):
    players = [f"p{i}" for i in range(count)]
    state = tables_helpers.initial()
    for _ in range(rounds_played):
        state, _ = run(state, SeatRound(players, SEED, {}))
        for n, table in enumerate(state.current.tables, start=1):
            state, _ = run(state, ReportTable(state.current.number, n, {p: 0 for p in table}))
    state, _ = run(state, SeatRound(players, SEED, {}))
    return state


def test_the_leaver_is_last_and_the_others_keep_the_top_places_of_a_five():
    r = score(list("ABCDE"), {"A": 3, "B": 0, "C": 3, "D": 0, "E": 0}, dropped={"E"})
    assert {p: r[p]["tp"] for p in "ABCDE"} == {"A": 54, "C": 54, "B": 30, "D": 30, "E": 12}
    assert r["E"] == {"vp_halves": 0, "tp": 12, "place": 5, "gw": 0, "dropped": True}
    assert "dropped" not in r["A"] and r["B"]["place"] == 3
    # Without the drop B, D and E would share 3rd-5th: the leaver takes no share.
    assert score(list("ABCDE"), {"A": 3, "B": 0, "C": 3, "D": 0, "E": 0})["B"]["tp"] == 24


def test_four_player_table_with_a_leaver_and_game_win_among_the_stayers():
    r = score(list("ABCD"), {"A": 4, "B": 1, "C": 0, "D": 0}, dropped=["D"])
    assert {p: (r[p]["tp"], r[p]["place"]) for p in "ABCD"} == \
        {"A": (60, 1), "B": (48, 2), "C": (24, 4), "D": (12, 5)}
    assert r["A"]["gw"] == 1 and r["D"]["gw"] == 0


def test_two_leavers_share_the_last_places():
    r = score(list("ABCDE"), {"A": 2, "B": 1, "C": 0, "D": 0, "E": 0}, dropped={"D", "E"})
    assert [r[p]["tp"] for p in "ABCDE"] == [60, 48, 36, 18, 18]
    assert r["D"]["place"] == r["E"]["place"] == 4


def test_a_leaver_may_be_left_out_of_the_report_but_scores_no_vp():
    assert validate(list("ABCD"), {"A": 2, "B": 1, "C": 0}, dropped={"D"}) == \
        {"A": 2, "B": 1, "C": 0, "D": 0}
    with pytest.raises(Invalid) as err:
        validate(list("ABCD"), {"A": 2, "B": 1, "C": 0, "D": 1, "X": 0}, dropped={"D"})
    locs = [e["loc"] for e in err.value.details]
    assert "vp.D" in locs and "vp" in locs       # every problem at once
    with pytest.raises(Invalid):                 # the others still must be reported
        validate(list("ABCD"), {"A": 2, "B": 1}, dropped={"D"})


def test_drop_after_seating_is_a_loss_at_the_table():
    state = seated(9, rounds_played=1)
    table = state.current.tables[0]
    leaver = table[2]
    state, events = run(state, DropPlayer(leaver))
    assert [(e.type, e.data) for e in events] == [("TablesPlayerDropped", {
        "round": 2, "table": 1, "player": leaver, "loss": True})]
    assert state.current.tables[0] == table and state.own(2, 1).dropped == (leaver,)
    with pytest.raises(Conflict) as exc:
        run(state, SwapPlayers(2, (leaver, state.current.tables[1][0])))
    assert exc.value.code == "player_dropped"
    vp = {p: 0 for p in table if p != leaver}
    vp[table[0]] = 4
    state, events = run(state, ReportTable(2, 1, vp))
    results = events[0].data["results"]
    assert results[leaver] == {"vp_halves": 0, "tp": 12, "place": len(table), "gw": 0,
                               "dropped": True}
    assert results[table[0]]["gw"] == 1 and results[table[0]]["tp"] == 60
    # Re-reporting the table (a correction) keeps the Loss.
    state, events = run(state, ReportTable(2, 1, {**vp, leaver: 0}))
    assert events[0].data["results"][leaver]["dropped"] is True


def test_no_consequence_before_seating_when_sitting_out_or_after_the_table_is_scored():
    assert run(tables_helpers.initial(), DropPlayer("p0"))[1] == []
    state = seated(6)                              # six players: two sit out
    out = state.current.sitting_out[0]
    assert run(state, DropPlayer(out))[1] == []
    state = seated(8)
    table = state.current.tables[0]
    state, _ = run(state, ReportTable(1, 1, {p: 0 for p in table}))
    assert run(state, DropPlayer(table[0]))[1] == []


def test_judge_may_take_a_leaver_off_a_table_of_five_after_round_one():
    state = seated(9, rounds_played=1)
    five = next(n for n, t in enumerate(state.current.tables, start=1) if len(t) == 5)
    four = next(n for n, t in enumerate(state.current.tables, start=1) if len(t) == 4)
    leaver = state.current.tables[five - 1][1]
    with pytest.raises(Conflict) as exc:
        run(state, DropPlayer(state.current.tables[four - 1][0], loss=False))
    assert exc.value.code == "loss_required"
    state, events = run(state, DropPlayer(leaver, loss=False))
    assert events[0].data["loss"] is False
    own = state.own(2, five)
    table = own.seating(tables_helpers.recording.facts(state.current, five, True))
    assert len(table) == 4 and leaver not in table and not own.dropped
    state, events = run(state, ReportTable(2, five, {p: 0 for p in table}))
    assert leaver not in events[0].data["results"]
    assert sorted(r["tp"] for r in events[0].data["results"].values()) == [36] * 4


def test_round_one_of_a_limited_event_always_gives_a_loss():
    state = seated(10)
    leaver = state.current.tables[0][0]
    with pytest.raises(Conflict, match="7.2.6") as exc:
        run(state, DropPlayer(leaver, loss=False, limited=True))
    assert exc.value.code == "loss_required"
    _, events = run(state, DropPlayer(leaver, loss=False, limited=False))
    assert events[0].data["loss"] is False
    _, events = run(state, DropPlayer(leaver))
    assert events[0].data["loss"] is True
