"""A 10-player V:TES sealed-swap event (V:EKN 7.3.2): nine players open and register their
product, 20 % of the decks are handed back and the rest dealt at random; a tenth player
arriving after the swap receives their own product (7.2.6); each player builds a 12-card
crypt and 40-card library from what they received, then three preliminary rounds and the
final."""
from __future__ import annotations

from collections import Counter

from ..client import Api, start_event
from .decks import card_kinds, open_decks, publish, register_deck, vtes_deck
from .finish import finish_and_report
from .members import vekn_numbers
from .outcome import Outcome
from .tables import final, play_rounds, table_standings


def run(api: Api) -> Outcome:
    ev = start_event(api, "Camarilla Cards", "vtes", "sealed-swap", 9,
                     member_ids=vekn_numbers(9))
    base = f"{ev.base}/sealed"
    api.post(base, {"hand_back_percent": 20}, token=ev.org)
    api.post(base + "/open", token=ev.org)
    opened = {}
    for player in ev.token:
        mine = api.get(base, token=ev.token[player])
        opened[player] = mine["opened"][player]
        api.post(base + "/registrations", {"cards": opened[player]}, token=ev.token[player])
    staff = api.post(base + "/swap", token=ev.org)
    if Counter(map(tuple, staff["pools"].values())) != Counter(map(tuple, opened.values())):
        raise AssertionError("the swap lost or duplicated a deck's cards")
    if sorted(staff["received_from"].values()) != sorted(ev.token):
        raise AssertionError("the swap did not deal each product exactly once")
    # 7.2.6: a tenth player arrives after the swap and receives their own product
    late = ev.late_arrival("Vtes late arrival")
    if not api.post(base + "/late-arrivals", {"player_id": late}, token=ev.org)["pools"][late]:
        raise AssertionError("the late arrival received no product")
    kinds = card_kinds(api, "sample-vtes")
    open_decks(api, ev)
    for player in ev.token:
        pool = api.get(base, token=ev.token[player])["pools"][player]
        register_deck(api, ev, player, vtes_deck(pool, kinds))
    decks = publish(api, ev)
    tables = play_rounds(api, ev)
    qualifiers = final(api, ev)
    rows = table_standings(api, ev)
    report = finish_and_report(api, ev)
    return Outcome("vtes-sealed-swap", ev.tid, ev.org, rows,
                   {"handed_back": len(staff["handed_back"]), "late_arrivals": 1,
                    "decks": len(decks["decklists"]), "tables": tables,
                    "finalists": len(qualifiers), "events": api.event_count(ev.tid, ev.org)},
                   report)
