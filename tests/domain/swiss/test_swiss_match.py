"""One Swiss match's own aggregate (``MATCH``), given its events: a player reports, the
opponent confirms (or reports the same score), a judge enters; a player who drops after
the pairing loses the match (MTR 2.4 via ``loss_by_drop``)."""
from __future__ import annotations

from chalicelib.domain.errors import Conflict, Forbidden, Invalid
from chalicelib.domain.swiss.aggregate import MATCH
from chalicelib.domain.swiss.events import ResultConfirmed, ResultEntered, ResultReported
from chalicelib.domain.swiss.match.commands import Confirm, Enter, LossByDrop, Report
from chalicelib.domain.swiss.match_result import MatchFacts
from tests.support.deciders import given

NOW = "2026-11-22T10:00:00+00:00"
FACTS = MatchFacts("R1-1", 1, 1, "alice", "bob", best_of=3, decisive=False,
                   draws_allowed=True)
REPORTED = ResultReported(match="R1-1", by="alice", score={"a": 2, "b": 1, "draws": 0}, at=NOW)


def report(player: str, a: int, b: int, draws: int = 0) -> Report:
    return Report(FACTS, NOW, player, a, b, draws)


def test_a_report_waits_for_the_opponent_who_confirms_it():
    given(MATCH).when(report("alice", 2, 1)).then(REPORTED)
    given(MATCH, REPORTED).when(Confirm(FACTS, NOW, "bob")).then(
        ResultConfirmed(match="R1-1", by="bob", score={"a": 2, "b": 1, "draws": 0}, at=NOW))


def test_the_opponent_reporting_the_same_score_confirms_it():
    given(MATCH, REPORTED).when(report("bob", 2, 1)).then(ResultConfirmed)


def test_the_opponent_reporting_another_score_is_refused_with_theirs():
    refused = given(MATCH, REPORTED).when(report("bob", 0, 2)).then_refused(
        Conflict, match="different result")
    assert refused.details == {"reported": {"a": 2, "b": 1, "draws": 0},
                               "reported_by": "alice"}


def test_who_may_confirm_and_report():
    given(MATCH, REPORTED).when(Confirm(FACTS, NOW, "alice")).then_refused(Forbidden)
    given(MATCH).when(Confirm(FACTS, NOW, "bob")).then_refused(Conflict)
    given(MATCH).when(report("carol", 2, 0)).then_refused(Forbidden)


def test_a_final_result_takes_no_more_reports():
    confirmed = ResultConfirmed(match="R1-1", by="bob", score={"a": 2, "b": 1, "draws": 0},
                                at=NOW)
    given(MATCH, REPORTED, confirmed).when(report("alice", 2, 0)).then_refused(
        Conflict, match="already has a result")


def test_a_judge_enters_a_final_result_and_impossible_scores_are_refused():
    given(MATCH, REPORTED).when(Enter(FACTS, NOW, "judge-1", 1, 1, 1)).then(
        ResultEntered(match="R1-1", by="judge-1", score={"a": 1, "b": 1, "draws": 1}, at=NOW))
    given(MATCH).when(Enter(FACTS, NOW, "judge-1", 2, 2, 0)).then_refused(Invalid)


def test_a_player_who_drops_loses_the_match_unless_it_is_final():
    given(MATCH, REPORTED).when(LossByDrop(FACTS, NOW, "alice", "org")).then(
        ResultEntered(match="R1-1", by="org", score={"a": 0, "b": 2, "draws": 0}, at=NOW,
                      loss_by_drop="alice"))
    entered = ResultEntered(match="R1-1", by="judge-1", score={"a": 2, "b": 0, "draws": 0},
                            at=NOW)
    given(MATCH, entered).when(LossByDrop(FACTS, NOW, "alice", "org")).then_nothing()
