"""Drops after the round is paired (MTR): the dropping player's match is a loss recorded
as an event, standings and tiebreakers count it, and they are not paired again."""
import pytest
from swiss_helpers import NOW, Harness, players

from chalicelib.domain.errors import NotFound
from chalicelib.domain.swiss import (
    ConfirmResult,
    CorrectResult,
    DropPlayer,
    ReportResult,
    SetStructure,
    StartTopCut,
)
from chalicelib.domain.swiss.standings import standings


def _rows(h, through=None):
    return {s.record.player: s for s in standings(h.state, through)}


def test_drop_after_pairing_concedes_the_match_two_nil_in_mtg():
    h = Harness("mtg", "drop-1")
    first = h.pair(players(8))
    match = first["matches"][2]
    dropper, opponent = match["b"], match["a"]
    events = h.run(DropPlayer(dropper, "judge-1", NOW))
    assert [e.type for e in events] == ["SwissPlayerDropped", "ResultEntered"]
    assert events[0].data == {"player": dropper, "after_round": 1, "by": "judge-1"}
    assert events[1].data == {"match": match["id"], "by": "judge-1", "at": NOW,
                              "score": {"a": 2, "b": 0, "draws": 0}, "loss_by_drop": dropper}
    assert h.match(match["id"]).record.loss_by_drop == dropper   # in the match's stream
    # The others play out the round; the last result closes it.
    rest = [m for m in first["matches"] if m["id"] != match["id"]]
    for m in rest[:-1]:
        assert [e.type for e in h.enter(m["id"], 2, 1)] == ["ResultEntered"]
    assert [e.type for e in h.enter(rest[-1]["id"], 2, 1)] == ["ResultEntered", "RoundClosed"]
    assert h.state.rounds[0].drop_losses.get(match["id"]) == dropper   # brought by the close
    rows = _rows(h)
    assert (rows[opponent].record.points, rows[opponent].record.wins,
            rows[opponent].record.game_wins) == (3, 1, 2)
    assert (rows[dropper].record.points, rows[dropper].record.losses,
            rows[dropper].record.game_losses, rows[dropper].dropped) == (0, 1, 2, True)
    assert dropper in rows[opponent].record.defeated       # counts for OMW/SoS like any win
    assert rows[opponent].rank < rows[dropper].rank
    second = h.pair(players(8))
    seated = {p for m in second["matches"] for p in (m["a"], m["b"])} | {second["bye"]}
    assert dropper not in seated and second["bye"] is not None and len(seated) == 7


def test_best_of_one_concedes_one_nil_and_the_last_open_match_closes_the_round():
    h = Harness("munchkin", "drop-2")
    first = h.pair(players(4))
    h.enter(first["matches"][0]["id"], 1, 0)
    last = first["matches"][1]
    events = h.run(DropPlayer(last["a"], last["a"], NOW))
    assert [e.type for e in events] == ["SwissPlayerDropped", "ResultEntered", "RoundClosed"]
    assert events[1].data["score"] == {"a": 0, "b": 1, "draws": 0}
    assert _rows(h)[last["b"]].record.points == 2      # the profile's win score


def test_a_pending_report_does_not_save_the_match_but_a_final_result_does():
    h = Harness("mtg", "drop-3")
    first = h.pair(players(6))
    m1, m2 = first["matches"][0], first["matches"][1]
    h.run(ReportResult(m1["id"], m1["a"], 2, 0, NOW))      # a reports a win, b has not confirmed
    events = h.run(DropPlayer(m1["a"], m1["a"], NOW))
    assert events[1].data["score"] == {"a": 0, "b": 2, "draws": 0}
    assert h.match(m1["id"]).record.pending is None
    h.run(ReportResult(m2["id"], m2["a"], 2, 1, NOW))
    h.run(ConfirmResult(m2["id"], m2["b"], NOW))
    events = h.run(DropPlayer(m2["b"], m2["b"], NOW))      # already played: the result stands
    assert [e.type for e in events] == ["SwissPlayerDropped"]
    assert h.match(m2["id"]).record.score.as_dict() == {"a": 2, "b": 1, "draws": 0}


def test_the_player_with_the_bye_keeps_it():
    h = Harness("mtg", "drop-4")
    first = h.pair(players(5))
    events = h.run(DropPlayer(first["bye"], "j", NOW))
    assert [e.type for e in events] == ["SwissPlayerDropped"]
    h.play(first, lambda m: (2, 0, 0))
    assert _rows(h)[first["bye"]].record.byes == 1


def test_a_correction_replaces_the_loss_by_drop():
    h = Harness("mtg", "drop-5")
    first = h.pair(players(4))
    m = first["matches"][0]
    h.run(DropPlayer(m["a"], "j", NOW))
    h.enter(first["matches"][1]["id"], 2, 0)
    assert _rows(h)[m["a"]].record.losses == 1
    h.run(CorrectResult(m["id"], "j", 2, 1, NOW, reason="they played it before leaving"))
    assert m["id"] not in h.state.rounds[0].drop_losses
    assert _rows(h)[m["a"]].record.wins == 1 and _rows(h)[m["a"]].dropped


def test_drop_before_the_first_pairing_is_unknown_to_the_swiss():
    h = Harness("mtg", "drop-6")
    h.pair(players(4))
    with pytest.raises(NotFound):
        h.run(DropPlayer("p999", "j", NOW))


def test_a_player_leaving_the_top_cut_concedes_their_ready_match():
    h = Harness("munchkin", "drop-cut")
    h.run(SetStructure("org", NOW, rounds=1, top_cut=4))
    h.play(h.pair(players(8)), lambda m: (1, 0, 0))
    cut = h.run(StartTopCut("org", NOW))[0].data
    c1 = cut["rounds"][0][0]
    events = h.run(DropPlayer(c1["a"], "j", NOW))
    assert [e.type for e in events] == ["SwissPlayerDropped", "ResultEntered", "CutAdvanced"]
    assert events[1].data["score"] == {"a": 0, "b": 1, "draws": 0}
    assert events[2].data["winner"] == c1["b"]
    assert h.state.cut.drop_losses.get(c1["id"]) == c1["a"]
    h.enter(cut["rounds"][0][1]["id"], 1, 0)
    final = h.state.cut.rounds[1][0]
    events = h.run(DropPlayer(final.b, "j", NOW))         # the final is a best of three
    assert [e.type for e in events] == ["SwissPlayerDropped", "ResultEntered", "CutFinished"]
    assert events[1].data["score"] == {"a": 2, "b": 0, "draws": 0}
    assert h.state.cut.champion == final.a
