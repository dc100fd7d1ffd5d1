"""Swiss results through the use cases: each match's results in its own stream (reports
of different matches never contend), the round closing once, at its last final result,
whatever the interleaving, and the repairs when that closing did not happen."""
from __future__ import annotations

import threading

import pytest

from chalicelib.application import swiss_results, swiss_rounds
from chalicelib.domain.errors import Conflict
from chalicelib.store.ports import ConcurrencyConflict
from tests.application.conftest import organizer, player


def _round(cases, event):
    return cases.run(swiss_rounds.pair_round, organizer(event), event["tid"], None)


def _types(rt, stream_id):
    return [e.type for e in rt.events.read(stream_id)]


@pytest.fixture
def conflicts(rt, monkeypatch):
    """Every optimistic-concurrency conflict the event store raised, by stream."""
    seen: list[str] = []
    append = rt.events.append_batch

    def counted(writes, idempotency=None, tallies=()):
        try:
            return append(writes, idempotency, tallies)
        except ConcurrencyConflict as exc:
            seen.append(exc.stream_id)
            raise
    monkeypatch.setattr(rt.events, "append_batch", counted)
    return seen


def without_reaction(rt, monkeypatch, name):
    """The round-closing reaction fails to run (its commit is lost)."""
    reactor = rt.projector.reactor
    monkeypatch.setattr(reactor, "registry", tuple(r for r in reactor.registry if r.name != name))


def test_reports_of_different_matches_never_contend_and_the_round_closes_once(
        api, rt, cases, conflicts):
    event = api.ready("munchkin", "booster-draft", players=48)
    tid = event["tid"]
    paired = _round(cases, event)
    assert paired["total"] == 24 and len(paired["matches"]) == 24
    start = threading.Barrier(24)
    errors = []

    def play(match):
        try:
            start.wait()
            cases.run(swiss_results.report, player(event, match["a"]), tid,
                      match["match_id"], 1, 0, 0)
            cases.run(swiss_results.confirm, player(event, match["b"]), tid, match["match_id"])
        except Exception as exc:  # noqa: BLE001 - collected and asserted
            errors.append(exc)

    threads = [threading.Thread(target=play, args=(m,)) for m in paired["matches"]]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    assert not [s for s in conflicts if s.startswith("match-")]   # no two on one match
    assert _types(rt, f"swiss-{tid}").count("RoundClosed") == 1
    for m in paired["matches"]:
        assert _types(rt, f"match-{tid}-{m['match_id'].lower()}") == \
            ["ResultReported", "ResultConfirmed"]
    assert rt.events.tally(f"swiss-{tid}-r1") == 24
    closed = rt.events.read(f"swiss-{tid}")[-1].data
    assert closed["results"] == [[1, 0, 0]] * 24


def test_a_round_whose_closing_failed_closes_at_the_next_pairing(api, rt, cases, monkeypatch):
    event = api.ready("munchkin", "booster-draft", players=8)
    tid = event["tid"]
    paired = _round(cases, event)
    monkeypatch.setattr(swiss_results, "close_round",
                        lambda *a: (_ for _ in ()).throw(RuntimeError("lost")))
    for m in paired["matches"]:
        cases.run(swiss_results.report, organizer(event), tid, m["match_id"], 1, 0, 0)
    assert "RoundClosed" not in _types(rt, f"swiss-{tid}")      # the closing failed
    monkeypatch.undo()
    second = _round(cases, event)
    assert second["round"] == 2
    assert _types(rt, f"swiss-{tid}")[-2:] == ["RoundClosed", "RoundPaired"]


def test_pairing_refuses_while_a_match_has_no_final_result(api, rt, cases):
    event = api.ready("munchkin", "booster-draft", players=8)
    tid = event["tid"]
    paired = _round(cases, event)
    for m in paired["matches"][:-1]:
        cases.run(swiss_results.report, organizer(event), tid, m["match_id"], 1, 0, 0)
    with pytest.raises(Conflict) as refused:
        _round(cases, event)
    assert refused.value.code == "round_open"
    assert refused.value.details == {"round": 1, "open_matches": [
        paired["matches"][-1]["match_id"]], "count": 1}


def test_a_correction_before_the_close_is_in_the_closed_results(api, rt, cases, monkeypatch):
    """The judge corrects a final result while the round is complete but not yet closed:
    the closing, which reads every match, takes the correction (both write the Swiss
    stream, so they cannot race past each other)."""
    event = api.ready("munchkin", "booster-draft", players=8)
    tid = event["tid"]
    paired = _round(cases, event)
    without_reaction(rt, monkeypatch, "close-swiss-round")
    for m in paired["matches"]:
        cases.run(swiss_results.report, organizer(event), tid, m["match_id"], 1, 0, 0)
    first = paired["matches"][0]["match_id"]
    corrected = cases.run(swiss_results.correct, organizer(event), tid, first, 0, 1, 0, "slip")
    assert (corrected["status"], corrected["score"], corrected["corrected"]) == \
        ("final", {"a": 0, "b": 1, "draws": 0}, True)
    assert cases.run(swiss_results.close_round, tid, 1) is True
    closed = rt.events.read(f"swiss-{tid}")[-1].data
    assert closed["results"][0] == [0, 1, 0] and closed["corrected"] == [first]
    assert cases.run(swiss_results.close_round, tid, 1) is False    # once


def test_a_correction_after_the_close_goes_to_the_swiss_stream(api, rt, cases):
    event = api.ready("munchkin", "booster-draft", players=8)
    tid = event["tid"]
    paired = _round(cases, event)
    for m in paired["matches"]:
        cases.run(swiss_results.report, organizer(event), tid, m["match_id"], 1, 0, 0)
    first = paired["matches"][0]
    before = _types(rt, f"match-{tid}-{first['match_id'].lower()}")
    doc = cases.run(swiss_results.correct, organizer(event), tid, first["match_id"], 0, 1, 0,
                    "wrong slip")
    assert doc["score"] == {"a": 0, "b": 1, "draws": 0} and doc["corrected"]
    assert _types(rt, f"swiss-{tid}")[-1] == "ResultCorrected"
    assert _types(rt, f"match-{tid}-{first['match_id'].lower()}") == before
    standings = api.get(f"/v1/tournaments/{tid}/swiss/standings").body["rows"]
    assert {r["player_id"]: r["points"] for r in standings}[first["b"]] == 2
