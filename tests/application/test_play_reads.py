"""The public reads of play through the use cases: the tables' plan, index, standings
(one ranking for the standings route and the widget), the free-for-all pods' games and
the finish's open play, a Swiss round's page and standings, the match ids the result
commands accept, the widget's live document and the game profiles."""
from __future__ import annotations

import pytest

from chalicelib.application import (
    ffa,
    play,
    swiss_results,
    swiss_rounds,
    swiss_views,
    system,
    tables,
    tables_views,
    widget,
)
from chalicelib.application.reads import Reads
from chalicelib.auth import Principal
from chalicelib.domain.errors import BadRequest, Conflict, Forbidden, NotFound
from chalicelib.domain.tournament import TOURNAMENT
from tests.application import seeds
from tests.application.conftest import organizer, player


def reads(rt):
    return Reads(rt.service, rt.views)


def test_the_plan_needs_a_player_count():
    with pytest.raises(BadRequest) as refused:
        tables_views.plan(None, 3)
    assert (refused.value.status, refused.value.code) == (400, "invalid_query")
    eleven = tables_views.plan(11, 3)
    assert eleven["seatable"] is False and eleven["equal_games"] is True
    assert [r["tables"] for r in eleven["plan"]] == [[5, 4], [4, 4], [5]]


def test_tables_reads_and_the_widget_rank_alike(world):
    event = world.given(seeds.ready("vtes", "sealed", players=8))
    tid, org = event["tid"], organizer(event)
    with pytest.raises(NotFound):
        tables_views.index(reads(world.rt), tid)
    seating = world.run(tables.seat_round, org, tid)
    first = seating["tables"][0]
    world.run(tables.report, org, tid, 1, 1, {p: (8 if i == 0 else 0)
                                              for i, p in enumerate(first)})
    index = tables_views.index(reads(world.rt), tid)
    assert index["rounds"][0]["reported"] == 1 and "per_table" not in index["rounds"][0]
    assert tables_views.seated_round(reads(world.rt), tid, 1)["tables"][0]["result"] is not None
    with pytest.raises(NotFound):
        tables_views.seated_round(reads(world.rt), tid, 2)
    ranked = tables_views.standings(reads(world.rt), tid)
    assert ranked["complete_rounds"] == 0 and ranked["standings"][0]["player"] == first[0]
    live = widget.live(reads(world.rt), tid)
    assert live["round"]["kind"] == "tables" and live["round"]["tables"][0]["reported"]
    assert [(r["player_id"], r["rank"]) for r in live["standings"]["rows"]] == [
        (r["player"], r["rank"]) for r in ranked["standings"]]
    with pytest.raises(NotFound):
        tables_views.final(reads(world.rt), tid)
    left = world.run(play.open_play, world.rt.service.read(TOURNAMENT, tid)[0])
    assert [i["tables"] for i in left if i["kind"] == "round_open"] == [[2]]


def test_free_for_all_pods_and_what_is_left_to_play(world):
    event = world.given(seeds.ready("mtg", "sealed", players=6))     # pod-ffa, no draft
    tid, org = event["tid"], organizer(event)
    ids = [p["player_id"] for p in event["players"]]
    with pytest.raises(Forbidden):
        world.run(ffa.report_pod, player(event, ids[0]), tid, 1, ids[0], [ids[1]])
    with pytest.raises(NotFound):
        tables_views.ffa_results(reads(world.rt), tid)
    done = world.run(ffa.report_pod, org, tid, 1, ids[0], [ids[2], ids[1]])
    assert done["pod"] == 1 and done["places"][0]["player"] == ids[0]
    t = world.rt.service.read(TOURNAMENT, tid)[0]
    left = world.run(play.open_play, t)
    assert [item["players"] for item in left if item["kind"] == "players_without_result"] \
        == [ids[3:]]
    assert tables_views.ffa_results(reads(world.rt), tid)["pods"][0]["pod"] == 1
    assert widget.live(reads(world.rt), tid)["round"]["kind"] == "ffa"
    with pytest.raises(Conflict) as refused:                         # not multiplayer tables
        world.run(tables.seat_round, org, tid)
    assert refused.value.code == "wrong_structure"


def test_swiss_round_pages_standings_and_match_ids(world):
    event = world.given(seeds.ready("mtg", "booster-draft", players=8, structure="swiss"))
    tid, org = event["tid"], organizer(event)
    with pytest.raises(NotFound):
        swiss_views.overview(reads(world.rt), tid)
    world.run(swiss_rounds.pair_round, org, tid, None)
    whole = swiss_views.round_page(reads(world.rt), tid, 1, 0, 500)
    assert whole["total"] == 4 and len(whole["matches"]) == 4 and "pages" not in whole
    page = swiss_views.round_page(reads(world.rt), tid, 1, 1, 2)
    assert page["matches"] == whole["matches"][1:3]
    assert set(page["names"]) >= {m["a"] for m in page["matches"]}
    for bad in ("R1", "X1-1", "R1-1; drop"):
        with pytest.raises(NotFound):
            world.run(swiss_results.report, org, tid, bad, 2, 0, 0)
    for m in whole["matches"]:
        world.run(swiss_results.report, org, tid, m["match_id"], 2, 0, 0)
    overview = swiss_views.overview(reads(world.rt), tid)
    assert overview["rounds"][0]["closed"] is True
    ranked = swiss_views.standings(reads(world.rt), tid, None, 0, 3)
    assert ranked["round"] == 1 and ranked["total"] == 8 and len(ranked["rows"]) == 3
    assert ranked["rows"][0]["points"] == 3 and ranked["rows"][0]["name"]
    with pytest.raises(NotFound):
        swiss_views.standings(reads(world.rt), tid, 2, 0, 3)
    with pytest.raises(NotFound):
        swiss_views.bracket(reads(world.rt), tid)
    assert widget.live(reads(world.rt), tid)["standings"]["scoring"] == "swiss"


def test_the_widget_and_profiles_answer_404_for_what_is_not_there(world):
    for tid in ("t000000000000", "nope"):
        with pytest.raises(NotFound):
            widget.live(reads(world.rt), tid)
        with pytest.raises(NotFound):
            widget.require_public(reads(world.rt), tid)
    with pytest.raises(NotFound) as refused:
        system.game_profile("chess")
    assert "vtes" in refused.value.details["allowed"]
    assert [p["game"] for p in system.profiles()["profiles"]] == \
        refused.value.details["allowed"]
    with pytest.raises(Forbidden):
        system.start_rebuild(Principal("organizer", "o1"), world.rt.rebuilds(), lambda job: "none")
    started = system.start_rebuild(Principal("admin", "admin"), world.rt.rebuilds(),
                                   lambda job: "none")
    assert (started["state"], started["runner"]) == ("running", "none")
    done = world.rt.rebuilds().run(started["job_id"])
    assert done["state"] == "succeeded" and done["events_applied"] >= 0
    assert system.rebuild_status(Principal("admin", "admin"), world.rt.rebuilds(), 0) == done
