"""Munchkin CCG: a 20-player event: 19 players booster-draft (a judge replaces a short pack
and takes a pick for an absent player), the twentieth arrives late and receives sealed
product; Swiss rounds reported from the players' phones (a judge enters table 1), a drop
between rounds, then the top cut to a champion."""
from __future__ import annotations

from ..client import Api, start_event
from .booster import run_draft
from .decks import munchkin_deck, register_pool_decks
from .finish import finish_and_report
from .outcome import Outcome
from .swiss import play_swiss, play_top_cut, standings


def run(api: Api, drop: bool = True) -> Outcome:
    """``drop``: the last-ranked player drops after round 2 (3.1.4)."""
    ev = start_event(api, "Spyke's Dungeon", "munchkin", "booster-draft", 19)
    judge = api.post(f"{ev.base}/judges", {"name": "Judge Dee"}, token=ev.org)["token"]
    drafted = run_draft(api, ev, judge=judge)
    if drafted["pooled"] != drafted["opened"]:
        raise AssertionError("booster draft lost or duplicated cards")
    decks = register_pool_decks(api, ev, "sample-munchkin", munchkin_deck)
    swiss = play_swiss(api, ev, judge=judge, drop_after=2 if drop else None)
    cut = play_top_cut(api, ev, extend=True)
    rows = standings(api, ev, cut)
    if swiss["dropped"] in cut["seeds"]:
        raise AssertionError("a dropped player made the cut")
    if rows[0]["player_id"] != cut["champion"]:
        raise AssertionError("champion is not first")
    report = finish_and_report(api, ev)
    return Outcome("munchkin-draft", ev.tid, ev.org, rows,
                   {"pods": drafted["pods"], "picks": drafted["picks"], "decks": decks,
                    "replacements": drafted["replacements"],
                    "late_arrivals": drafted["late_arrivals"], **swiss,
                    "cut": len(cut["seeds"]), "cut_matches": cut["matches"],
                    "time_extensions": len(report["time_extensions"]),
                    "events": api.event_count(ev.tid, ev.org)}, report)
