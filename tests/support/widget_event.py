"""One Swiss event driven phase by phase for the widget's tests (the live document's and
the browser's): registration, the draft, deck building, round 1 (with a "2–1" in and the
others still playing), a drop, round 2 with a bye, its results, the top 4 and the finish.

``swiss_event(api)`` yields ``(phase, facts)`` after each step; ``facts`` holds what a
person should read there (names, the result, the bye, the dropped player, the winner)."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

SWISS = {"rounds": 2, "top_cut": 4, "best_of": 3, "top_cut_best_of": 3, "final_best_of": 3,
         "draws_allowed": True, "points_draw": 1}


def _result(api, tid: str, org: str, match: dict[str, Any], a: int, b: int) -> None:
    r = api.post(f"/v1/tournaments/{tid}/swiss/matches/{match['match_id']}/result",
                 {"a": a, "b": b}, token=org)
    assert r.status == 200, r.body


def swiss_event(api, players: int = 8) -> Iterator[tuple[str, dict[str, Any]]]:
    org = api.organizer("Spyke's Dungeon")
    t = api.tournament(org, "munchkin", "booster-draft", settings={"swiss": SWISS},
                       name="Friday Munchkin draft")
    tid = t["tournament_id"]
    roster = [api.register(tid, name) for name in
              ["Ann Archer", "Bo Baker", "Cy Cooper", "Di Dunn", "Ed Evans",
               "Flo Finch", "Gus Gray", "Hal Hart"][:players]]
    names = {p["player_id"]: p["name"] for p in roster}
    facts: dict[str, Any] = {"tid": tid, "organizer": org, "names": names,
                             "players": len(roster)}
    yield "registration", facts

    started = api.post(f"/v1/tournaments/{tid}/start", token=org)
    assert started.status == 200, started.body
    event = {"tid": tid, "organizer": org, "players": roster}
    yield "product", facts

    api.draft(event)
    yield "deck-building", facts

    base = f"/v1/tournaments/{tid}/swiss"
    first = api.post(f"{base}/rounds", token=org)
    assert first.status == 201, first.body
    matches = first.body["matches"]
    _result(api, tid, org, matches[0], 2, 1)
    facts.update(round=1, scored=(names[matches[0]["a"]], names[matches[0]["b"]], "2\u20131"))
    yield "round-1", facts

    for k, m in enumerate(matches[1:]):
        _result(api, tid, org, m, 2, k % 2)
    loser = matches[1]["b"]            # lost 0-2 and leaves: seven left, one gets a bye
    r = api.post(f"/v1/tournaments/{tid}/players/{loser}/drop", token=org)
    assert r.status == 200, r.body
    second = api.post(f"{base}/rounds", token=org)
    assert second.status == 201, second.body
    bye = second.body["bye"]
    assert bye is not None
    facts.update(round=2, dropped=names[loser], bye=names[bye], bye_id=bye)
    yield "round-2", facts

    for m in second.body["matches"]:
        _result(api, tid, org, m, 1, 1) if m["table"] == 1 else _result(api, tid, org, m, 2, 0)
    yield "results", facts

    cut = api.post(f"{base}/top-cut", token=org)
    assert cut.status == 201, cut.body
    facts.update(seeds=[names[p] for p in cut.body["seeds"]])
    yield "top-cut", facts

    for m in cut.body["rounds"][0]["matches"]:
        _result(api, tid, org, m, 2, 1)
    final = api.get(f"{base}/bracket").body["rounds"][-1]["matches"][0]
    _result(api, tid, org, final, 1, 2)
    champion = final["b"]
    done = api.post(f"/v1/tournaments/{tid}/finish", token=org)
    assert done.status == 200, done.body
    facts.update(winner=names[champion], winner_id=champion)
    yield "finished", facts
