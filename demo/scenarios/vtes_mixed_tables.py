"""A 10-player V:TES mixed draft (V:EKN 7.8): nine players draft a crypt table then library
piles in two pods with a 90-second pick timer; a judge replaces a booster with a card too
many before the crypt's first pick (7.2.5), players miss a crypt and a library pick (the
timer issues the oldest card on the table, 7.7, and random cards of the piles from the
seed, 7.5.3; against a live server a judge takes those picks), and a tenth player arriving
late receives sealed product (7.2.6). 12 / 40 decks registered from the pools and
published, three preliminary rounds seated on multiplayer tables, the five-player final
with the seat-choice row, and the finish that reveals the seed."""
from __future__ import annotations

from collections import Counter
from typing import Any

from ..client import Api, start_event
from .members import vekn_numbers
from .outcome import Outcome
from .vtes_event import play_drafted

PICK_SECONDS = 90


def handed_out(api: Api, ev, pod: str) -> Counter:
    """Every card a pod drafts: each seat's crypt and library piles as split at the start,
    or as split again when one of its items was replaced (7.2.5)."""
    seats: dict[int, list[str]] = {}
    for e in api.every_event(pod + "/log", ev.org):
        if e["type"] == "MixedDraftStarted":
            for k, (crypt, piles) in enumerate(zip(e["data"]["crypt"], e["data"]["piles"],
                                                   strict=True), start=1):
                seats[k] = crypt + [c for pile in piles for c in pile]
        elif e["type"] == "MixedProductReplaced":
            d = e["data"]
            seats[d["seat"]] = d["crypt"] + [c for pile in d["piles"] for c in pile]
    return Counter(c for cards in seats.values() for c in cards)


def miss(api: Api, ev, pod: str, staff_pick: dict[str, Any]) -> None:
    """Players away from the table: their timers run out (the next read of the pod issues
    the crypt's oldest card on the table, 7.7, or a card of the pile drawn from the seed,
    7.5.3), or on a live server a judge takes that pick for one of them."""
    if not api.let_time_pass(PICK_SECONDS + 1):
        api.post(f"{pod}/players/{staff_pick['player']}/pick-for",
                 {k: v for k, v in staff_pick.items() if k != "player"}, token=ev.org)


def draft(api: Api, ev) -> dict[str, Any]:
    base = f"{ev.base}/mixed-draft"
    started = api.post(base, {"pile_size": 6, "review_seconds": 0,
                              "pick_seconds": PICK_SECONDS}, token=ev.org)
    pods = [p["pod"] for p in started["pods"]]
    # 7.2.5: the second booster seat 2 of pod 1 opened held a card too many; the judge
    # names no cards, so the seed collates a fresh one and the seat's crypt and library
    # are split and cut into piles again
    api.post(f"{base}/pods/1/replacements",
             {"seat": 2, "item": 2, "reason": "the booster held 12 cards"}, token=ev.org)
    # 7.2.6: a player arrives once the draft has started and receives sealed product
    late = ev.late_arrival("Vtes late arrival")
    if not api.post(f"{base}/late-arrivals", {"player_id": late}, token=ev.org)["pool"]:
        raise AssertionError("the late arrival received no product")
    handed, drafted, picks, pools = Counter(), Counter(), 0, {}
    for n in pods:
        pod = f"{base}/pods/{n}"
        handed += handed_out(api, ev, pod)
        missed = {"crypt": False, "library": False}
        for _ in range(2000):                          # bounded: a pod has < 200 picks
            view = api.get(pod)
            if view["status"] == "crypt":
                crypt = view["crypt_draft"]
                if crypt["pick"] == 4 and not missed["crypt"]:
                    missed["crypt"] = True
                    miss(api, ev, pod, {"player": crypt["picker"], "pick": crypt["pick"]})
                    continue
                api.post(pod + "/crypt-picks", {"card": crypt["table"][0]["card"]},
                         token=ev.token[crypt["picker"]])
            elif view["status"] == "library":
                waiting = [p for p, s in view["library_draft"].items() if s["waiting"]]
                if view["round"] == 2 and not missed["library"]:
                    missed["library"] = True
                    me = api.get(pod + "/me", token=ev.token[waiting[0]])
                    miss(api, ev, pod, {"player": waiting[0], "pack": me["pack"]["id"]})
                    continue
                for player in waiting:
                    me = api.get(pod + "/me", token=ev.token[player])
                    if me["pack"] is None:              # its timer issued a card meanwhile
                        continue
                    api.post(pod + "/library-picks", {"card": me["pack"]["cards"][-1],
                                                      "pack": me["pack"]["id"]},
                             token=ev.token[player])
                    picks += 1
                continue
            else:
                break
            picks += 1
        log = api.get(pod + "/log", token=ev.org)
        if api.every_event(pod + "/log", ev.org)[-1]["type"] != "MixedDraftCompleted":
            raise AssertionError(f"pod {n} did not complete: {view['status']}")
        drafted += Counter(c for p in log["state"]["pools"].values()
                           for c in p["crypt"] + p["library"])
        pools.update({p: v["crypt"] + v["library"] for p, v in log["state"]["pools"].items()})
    if handed != drafted:
        raise AssertionError("mixed draft lost or duplicated cards")
    pools[late] = api.get(f"{ev.base}/players/{late}/pool", token=ev.org)["pool"]
    return {"pods": len(pods), "picks": picks, "cards": sum(drafted.values()), "pools": pools}


def run(api: Api) -> Outcome:
    ev = start_event(api, "Elysium Games", "vtes", "mixed-draft", 9,
                     member_ids=vekn_numbers(9))
    return play_drafted(api, ev, "vtes-mixed-draft", draft(api, ev))
