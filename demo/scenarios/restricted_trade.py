"""An 8-player V:TES restricted-trade event (V:EKN 7.4): sealed product (a booster and two
starters each), every player sets aside a 50-card library, 15-card trade stock, 10-card crypt
and a sideboard; two trading pods of four trade in turn (offers accepted or declined), each
adds two crypt cards (12 / 65), registers exactly the deck the trade left, then three
preliminary rounds and the final."""
from __future__ import annotations

from ..client import Api, start_event
from .decks import card_kinds, open_decks, publish, register_deck
from .finish import finish_and_report
from .members import vekn_numbers
from .outcome import Outcome
from .tables import final, play_rounds, table_standings

PRODUCT = {"boosters": [{"set": "sample-vtes", "count": 1}],
           "starters": [{"set": "sample-vtes", "count": 2}]}


def split_pool(pool: list[str], kinds: dict[str, str]) -> dict[str, list[str]]:
    library = [c for c in pool if kinds[c] != "crypt"]
    crypt = [c for c in pool if kinds[c] == "crypt"]
    return {"library": library[:50], "stock": library[50:65], "crypt": crypt[:10],
            "sideboard": crypt[10:]}


def trade_pod(api: Api, ev, n: int) -> dict[str, int]:
    pod = f"{ev.base}/trade/pods/{n}"
    offers = accepts = declines = 0
    for _ in range(1000):                              # bounded: each turn ends in <= 4 offers
        view = api.get(pod, token=ev.org)
        if view["status"] != "trading":
            break
        seats, me = view["players"], view["active"]
        others = seats[seats.index(me) + 1:] + seats[:seats.index(me)]
        target = next(p for p in others
                      if p not in view["declined"] and view["face_up_counts"][p])
        slot = next(s["slot"] for s in view["stock"][target] if s["face_up"])
        offered = api.post(pod + "/offers", {"target": target, "slot": slot}, token=ev.token[me])
        offers += 1
        if offers % 3 == 0:
            api.post(pod + "/decline", token=ev.token[target])
            declines += 1
        else:
            mine = next(s["slot"] for s in offered["pod"]["stock"][me] if s["face_up"])
            api.post(pod + "/accept", {"slot": mine}, token=ev.token[target])
            accepts += 1
    else:
        raise AssertionError(f"trading pod {n} did not finish")
    return {"offers": offers, "accepts": accepts, "declines": declines}


def run(api: Api) -> Outcome:
    ev = start_event(api, "Anarch Free Trade", "vtes", "restricted-trade", 8,
                     member_ids=vekn_numbers(8),
                     settings={"product": PRODUCT})
    sealed, trade = f"{ev.base}/sealed", f"{ev.base}/trade"
    api.post(sealed, {}, token=ev.org)
    api.post(sealed + "/open", token=ev.org)
    kinds = card_kinds(api, "sample-vtes")
    setups = {}
    for player in ev.token:
        pool = api.get(sealed, token=ev.token[player])["pools"][player]
        setups[player] = split_pool(pool, kinds)
        api.post(trade + "/setup", setups[player], token=ev.token[player])
    formed = api.post(trade + "/pods", {}, token=ev.org)
    totals = {"offers": 0, "accepts": 0, "declines": 0}
    decks = {}
    for entry in formed["pods"]:
        n = entry["pod"]
        for key, value in trade_pod(api, ev, n).items():
            totals[key] += value
        for player in entry["players"]:
            api.post(f"{trade}/pods/{n}/crypt", {"cards": setups[player]["sideboard"][:2]},
                     token=ev.token[player])
        done = api.every_event(f"{trade}/pods/{n}/log", ev.org)[-1]
        if done["type"] != "TradePodCompleted":
            raise AssertionError(f"pod {n} ended with {done['type']}")
        decks.update(done["data"]["decks"])
    open_decks(api, ev)
    for player, deck in decks.items():
        if (len(deck["crypt"]), len(deck["library"])) != (12, 65):
            raise AssertionError(f"{player}: trade left "
                                 f"{len(deck['crypt'])}/{len(deck['library'])}")
        register_deck(api, ev, player, {"crypt": deck["crypt"], "library": deck["library"]})
    published = publish(api, ev)
    tables = play_rounds(api, ev)
    qualifiers = final(api, ev)
    rows = table_standings(api, ev)
    report = finish_and_report(api, ev)
    return Outcome("vtes-restricted-trade", ev.tid, ev.org, rows,
                   {"pods": len(formed["pods"]), **totals,
                    "decks": len(published["decklists"]), "tables": tables,
                    "finalists": len(qualifiers), "events": api.event_count(ev.tid, ev.org)},
                   report)
