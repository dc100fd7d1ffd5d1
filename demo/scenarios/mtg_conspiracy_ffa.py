"""MTG Conspiracy: eight players draft in two pods of four (conspiracies face up, revealed
cards noted), each pod then plays its free-for-all game (MTG 905.3); one result is
reported, then corrected by the organizer."""
from __future__ import annotations

from ..client import Api, start_event
from .booster import run_draft
from .decks import mtg_deck, register_pool_decks
from .finish import finish_and_report
from .outcome import Outcome


def run(api: Api) -> Outcome:
    ev = start_event(api, "Paliano Games", "mtg", "booster-draft", 8)
    ids = [p["player_id"] for p in ev.players]
    drafted = run_draft(api, ev, {"pods": [ids[:4], ids[4:]]})
    if drafted["pooled"] != drafted["opened"]:
        raise AssertionError("booster draft lost or duplicated cards")
    decks = register_pool_decks(api, ev, "sample-mtg", mtg_deck)
    games = 0
    for n, seats in sorted(drafted["seats"].items()):
        # The last seat wins; the others are eliminated from the first seat on.
        winner, eliminated = seats[-1], seats[:-1]
        url = f"{ev.base}/ffa/pods/{n}/result"
        api.post(url, {"winner": winner, "eliminated": eliminated}, token=ev.org)
        if n == 1:          # the slip had the elimination order wrong: the organizer corrects
            api.post(url, {"winner": winner, "eliminated": list(reversed(eliminated))},
                     token=ev.org)
        games += 1
    body = api.get(f"{ev.base}/ffa")
    rows = [{"rank": r["rank"], "player_id": r["player"], "name": ev.name[r["player"]],
             **{k: v for k, v in r.items() if k not in ("rank", "player")}}
            for r in body["standings"]]
    report = finish_and_report(api, ev)
    return Outcome("mtg-conspiracy", ev.tid, ev.org, rows,
                   {"pods": drafted["pods"], "picks": drafted["picks"], "decks": decks,
                    "games": games, "events": api.event_count(ev.tid, ev.org)}, report)
