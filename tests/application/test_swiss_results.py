"""Swiss results through the use cases: each match's results in its own stream (reports
of different matches never contend), the round closing once, at its last final result,
whatever the interleaving, and the repairs when that closing did not happen."""
from __future__ import annotations

import threading

import pytest

from chalicelib.application import swiss_results, swiss_rounds, swiss_views
from chalicelib.application.reads import Reads
from chalicelib.domain.errors import Conflict
from chalicelib.store.ports import ConcurrencyConflict
from tests.application import seeds
from tests.application.conftest import organizer, player


def _round(world, event):
    return world.run(swiss_rounds.pair_round, organizer(event), event["tid"], None)


def _types(world, stream_id):
    return world.types(stream_id)


@pytest.fixture
def conflicts(world, monkeypatch):
    """Every optimistic-concurrency conflict the event store raised, by stream."""
    seen: list[str] = []
    rt = world.rt
    append = world.rt.events.append_batch

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
        world, conflicts):
    event = world.given(seeds.ready("munchkin", "booster-draft", players=48))
    tid = event["tid"]
    paired = _round(world, event)
    assert paired["total"] == 24 and len(paired["matches"]) == 24
    start = threading.Barrier(24)
    errors = []

    def play(match):
        try:
            start.wait()
            world.run(swiss_results.report, player(event, match["a"]), tid,
                      match["match_id"], 1, 0, 0)
            world.run(swiss_results.confirm, player(event, match["b"]), tid, match["match_id"])
        except Exception as exc:  # noqa: BLE001 - collected and asserted
            errors.append(exc)

    threads = [threading.Thread(target=play, args=(m,)) for m in paired["matches"]]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    assert not [s for s in conflicts if s.startswith("match-")]   # no two on one match
    assert _types(world, f"swiss-{tid}").count("RoundClosed") == 1
    for m in paired["matches"]:
        assert _types(world, f"match-{tid}-{m['match_id'].lower()}") == \
            ["ResultReported", "ResultConfirmed"]
    assert world.rt.events.tally(f"swiss-{tid}-r1") == 24
    closed = world.rt.events.read(f"swiss-{tid}")[-1].data
    assert closed["results"] == [[1, 0, 0]] * 24


def test_a_round_whose_closing_failed_closes_at_the_next_pairing(world, monkeypatch):
    event = world.given(seeds.ready("munchkin", "booster-draft", players=8))
    tid = event["tid"]
    paired = _round(world, event)
    monkeypatch.setattr(swiss_results, "close_round",
                        lambda *a: (_ for _ in ()).throw(RuntimeError("lost")))
    for m in paired["matches"]:
        world.run(swiss_results.report, organizer(event), tid, m["match_id"], 1, 0, 0)
    assert "RoundClosed" not in _types(world, f"swiss-{tid}")      # the closing failed
    monkeypatch.undo()
    second = _round(world, event)
    assert second["round"] == 2
    assert _types(world, f"swiss-{tid}")[-2:] == ["RoundClosed", "RoundPaired"]


def test_pairing_refuses_while_a_match_has_no_final_result(world):
    event = world.given(seeds.ready("munchkin", "booster-draft", players=8))
    tid = event["tid"]
    paired = _round(world, event)
    for m in paired["matches"][:-1]:
        world.run(swiss_results.report, organizer(event), tid, m["match_id"], 1, 0, 0)
    with pytest.raises(Conflict) as refused:
        _round(world, event)
    assert refused.value.code == "round_open" and world.appended == []
    assert refused.value.details == {"round": 1, "open_matches": [
        paired["matches"][-1]["match_id"]], "count": 1}


def test_a_correction_before_the_close_is_in_the_closed_results(world, monkeypatch):
    """The judge corrects a final result while the round is complete but not yet closed:
    the closing, which reads every match, takes the correction (both write the Swiss
    stream, so they cannot race past each other)."""
    event = world.given(seeds.ready("munchkin", "booster-draft", players=8))
    tid = event["tid"]
    paired = _round(world, event)
    without_reaction(world.rt, monkeypatch, "close-swiss-round")
    for m in paired["matches"]:
        world.run(swiss_results.report, organizer(event), tid, m["match_id"], 1, 0, 0)
    first = paired["matches"][0]["match_id"]
    corrected = world.run(swiss_results.correct, organizer(event), tid, first, 0, 1, 0, "slip")
    assert (corrected["status"], corrected["score"], corrected["corrected"]) == \
        ("final", {"a": 0, "b": 1, "draws": 0}, True)
    assert world.run(swiss_results.close_round, tid, 1) is True
    closed = world.rt.events.read(f"swiss-{tid}")[-1].data
    assert closed["results"][0] == [0, 1, 0] and closed["corrected"] == [first]
    assert world.run(swiss_results.close_round, tid, 1) is False    # once


def test_a_correction_after_the_close_goes_to_the_swiss_stream(world):
    event = world.given(seeds.ready("munchkin", "booster-draft", players=8))
    tid = event["tid"]
    paired = _round(world, event)
    for m in paired["matches"]:
        world.run(swiss_results.report, organizer(event), tid, m["match_id"], 1, 0, 0)
    first = paired["matches"][0]
    before = _types(world, f"match-{tid}-{first['match_id'].lower()}")
    doc = world.run(swiss_results.correct, organizer(event), tid, first["match_id"], 0, 1, 0,
                    "wrong slip")
    assert doc["score"] == {"a": 0, "b": 1, "draws": 0} and doc["corrected"]
    assert [(e.stream_id, e.type) for e in world.appended] == [
        (f"swiss-{tid}", "ResultCorrected")]
    assert _types(world, f"swiss-{tid}")[-1] == "ResultCorrected"
    assert _types(world, f"match-{tid}-{first['match_id'].lower()}") == before
    reads = Reads(world.rt.service, world.rt.views)
    standings = swiss_views.standings(reads, tid, None, 0, 100)["rows"]
    assert {r["player_id"]: r["points"] for r in standings}[first["b"]] == 2
