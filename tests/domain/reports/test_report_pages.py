"""A report read a page at a time is the whole report, whatever the page size."""
from __future__ import annotations

import copy

import pytest

from chalicelib.domain.reports.pages import page, size


def _report(players: int, rounds: int, kind: str = "matches", decklists: bool = True):
    ids = [f"p{i:03d}" for i in range(players)]
    per_round = {"matches": players // 2, "tables": players // 5, "pods": 2}[kind]
    return {
        "tournament_id": "t1", "name": "x", "seed": {"seed": "s"},
        "players": [{"player_id": p} for p in ids],
        "standings": {"scoring": "swiss", "rows": [{"rank": i + 1, "player_id": p}
                                                   for i, p in enumerate(ids)]},
        "rounds": [{"round": r, "bye": None,
                    kind: [{"n": f"{r}-{k}"} for k in range(per_round if r != 2 else 0)]}
                   for r in range(1, rounds + 1)],
        "final": {"champion": ids[0] if ids else None},
        "decklists": [{"player_id": p} for p in ids] if decklists else None,
    }


def _merged(report, limit):
    pages, position = [], 0
    while position is not None:
        got, position = page(report, position, limit)
        pages.append(got)
    merged = copy.deepcopy(pages[0])
    for got in pages[1:]:
        merged["players"] += got["players"]
        merged["standings"]["rows"] += got["standings"]["rows"]
        if merged["decklists"] is not None:
            merged["decklists"] += got["decklists"]
        for rnd in got["rounds"]:
            mine = next((r for r in merged["rounds"] if r["round"] == rnd["round"]), None)
            key = next(k for k in ("matches", "tables", "pods") if k in rnd)
            if mine is None:
                merged["rounds"].append(rnd)
            else:
                mine[key] += rnd[key]
    merged["rounds"].sort(key=lambda r: r["round"])
    return merged, len(pages)


@pytest.mark.parametrize("kind", ["matches", "tables", "pods"])
@pytest.mark.parametrize("players,rounds,limit", [(0, 0, 5), (10, 3, 1), (10, 3, 7),
                                                   (31, 4, 13), (40, 5, 1000)])
def test_pages_concatenate_to_the_whole_report(kind, players, rounds, limit):
    report = _report(players, rounds, kind, decklists=players % 2 == 0)
    merged, count = _merged(report, limit)
    assert merged == report
    assert count == max(1, -(-size(report) // limit))


def test_a_small_report_is_one_page_and_every_field_is_on_every_page():
    report = _report(10, 3)
    whole, following = page(report, 0, 10_000)
    assert whole == report and following is None
    later, _ = page(_report(100, 5), 150, 10)
    assert later["tournament_id"] == "t1" and later["final"] == {"champion": "p000"}
    assert later["players"] == [] and [r["rank"] for r in later["standings"]["rows"]] == \
        list(range(51, 61))
