"""A 10-player V:TES mixed draft (V:EKN 7.8): crypt table then library piles in two pods of
five, 12 / 40 decks registered from the drafted pools and published, three preliminary rounds
seated on multiplayer tables, the five-player final with the seat-choice row, and the finish
that reveals the seed."""
from __future__ import annotations

from collections import Counter

from ..client import Api, start_event
from .decks import card_kinds, open_decks, publish, register_deck, vtes_deck
from .finish import finish_and_report
from .members import vekn_numbers
from .outcome import Outcome
from .tables import final, play_rounds, table_standings


def draft(api: Api, ev) -> dict[str, int]:
    base = f"{ev.base}/mixed-draft"
    started = api.post(base, {"pile_size": 6, "review_seconds": 0}, token=ev.org)
    pods = [p["pod"] for p in started["pods"]]
    handed, drafted, picks, pools = Counter(), Counter(), 0, {}
    for n in pods:
        pod = f"{base}/pods/{n}"
        opened = api.get(pod + "/log", token=ev.org)["events"][0]["data"]
        handed += Counter(c for seat in opened["crypt"] for c in seat)
        handed += Counter(c for seat in opened["piles"] for pile in seat for c in pile)
        for _ in range(2000):                          # bounded: a pod has < 200 picks
            view = api.get(pod)
            if view["status"] == "crypt":
                crypt = view["crypt_draft"]
                api.post(pod + "/crypt-picks", {"card": crypt["table"][0]["card"]},
                         token=ev.token[crypt["picker"]])
            elif view["status"] == "library":
                waiting = [p for p, s in view["library_draft"].items() if s["waiting"]]
                for player in waiting:
                    me = api.get(pod + "/me", token=ev.token[player])
                    api.post(pod + "/library-picks", {"card": me["pack"]["cards"][-1],
                                                      "pack": me["pack"]["id"]},
                             token=ev.token[player])
                    picks += 1
                continue
            else:
                break
            picks += 1
        log = api.get(pod + "/log", token=ev.org)
        if log["events"][-1]["type"] != "MixedDraftCompleted":
            raise AssertionError(f"pod {n} did not complete: {view['status']}")
        drafted += Counter(c for p in log["state"]["pools"].values()
                           for c in p["crypt"] + p["library"])
        pools.update({p: v["crypt"] + v["library"] for p, v in log["state"]["pools"].items()})
    if handed != drafted:
        raise AssertionError("mixed draft lost or duplicated cards")
    return {"pods": len(pods), "picks": picks, "cards": sum(drafted.values()), "pools": pools}


def run(api: Api) -> Outcome:
    ev = start_event(api, "Elysium Games", "vtes", "mixed-draft", 10,
                     member_ids=vekn_numbers(10))
    drafted = draft(api, ev)
    kinds = card_kinds(api, "sample-vtes")
    open_decks(api, ev)
    for player, pool in drafted.pop("pools").items():
        register_deck(api, ev, player, vtes_deck(pool, kinds))
    drafted["decks"] = len(publish(api, ev)["decklists"])
    tables = play_rounds(api, ev)
    qualifiers = final(api, ev)
    rows = table_standings(api, ev)
    report = finish_and_report(api, ev)
    return Outcome("vtes-mixed-draft", ev.tid, ev.org, rows,
                   {**drafted, "tables": tables, "finalists": len(qualifiers),
                    "time_extensions": len(report["time_extensions"]),
                    "events": api.event_count(ev.tid, ev.org)}, report)
