""".hack//ENEMY: a 12-player booster draft (pods of six, four packs, picks hidden until the
end), then Swiss rounds paired within the drafting pods, best of three."""
from __future__ import annotations

from ..client import Api, start_event
from .booster import run_draft
from .decks import hack_deck, register_pool_decks
from .finish import finish_and_report
from .hack_set import SET_ID, ensure_set
from .outcome import Outcome
from .swiss import play_swiss, standings


def run(api: Api) -> Outcome:
    org = api.organizer("Net Slum Cards")
    product = {"boosters": [{"set": ensure_set(api, org), "count": 4}]}
    ev = start_event(api, "Net Slum Cards", "hack", "booster-draft", 12, org=org,
                     settings={"product": product})
    drafted = run_draft(api, ev)
    if drafted["pooled"] != drafted["opened"]:
        raise AssertionError("booster draft lost or duplicated cards")
    decks = register_pool_decks(api, ev, SET_ID, hack_deck)
    pods = {p: n for n, players in drafted["seats"].items() for p in players}
    swiss = play_swiss(api, ev, pods=pods)
    rows = standings(api, ev)
    report = finish_and_report(api, ev)
    return Outcome("hack-booster-draft", ev.tid, ev.org, rows,
                   {"pods": drafted["pods"], "picks": drafted["picks"], "decks": decks, **swiss,
                    "events": api.event_count(ev.tid, ev.org)}, report)
