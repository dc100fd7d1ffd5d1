"""A V:TES table (Rochester) draft (V:EKN 7.7): nine players in two pods draft their three
boosters at the table, crypt cards on top, with a 90-second pick timer; a judge replaces a
short first pack whose set is already on the table (7.2.5: the set is laid out again) and
a later face-down pack, a player misses two picks (the timer issues the oldest card on the
table, 7.7; against a live server a judge takes them for the absent player), and a player
arriving late receives sealed product (7.2.6). Everyone keeps their starter as sealed
product (7.5.2); 12 / 40 decks registered from the pools and published, three preliminary
rounds on multiplayer tables, the final, and the finish that reveals the seed."""
from __future__ import annotations

from collections import Counter
from typing import Any

from ..client import Api, start_event
from .members import vekn_numbers
from .outcome import Outcome
from .vtes_event import play_drafted

PICK_SECONDS = 90
# (pod, pick number in the draft) at which the picker is away: their timer runs out
MISSED = {(1, 3), (2, 40)}


def on_the_table(api: Api, ev, base: str, pods: list[int]) -> Counter:
    """Every card handed out to be drafted: face down in the packs or laid on a table."""
    cards: Counter = Counter()
    for n in pods:
        state = api.get(f"{base}/pods/{n}/log", token=ev.org)["state"]
        cards += Counter(c for packs in state["packs"].values() for pack in packs for c in pack)
        cards += Counter(c["card"] for c in state["table"])
    return cards


def miss_a_pick(api: Api, ev, pod: str, view: dict[str, Any]) -> None:
    """The picker is away: their timer runs out (the next read of the pod issues them the
    oldest card on the table, 7.7), or on a live server a judge takes that card for them."""
    if not api.let_time_pass(PICK_SECONDS + 1):
        api.post(f"{pod}/players/{view['picker']}/pick-for", {"pick": view["pick"]},
                 token=ev.org)


def draft(api: Api, ev) -> dict[str, Any]:
    base = f"{ev.base}/table-draft"
    started = api.post(base, {"pick_seconds": PICK_SECONDS, "review_seconds": 0},
                       token=ev.org)
    pods = [p["pod"] for p in started["pods"]]
    # 7.2.5: seat 2's first pack in pod 1 was short (its first set is already on the
    # table: it is laid out again), and seat 1's third pack in pod 2 was torn; the judge
    # names no cards, so the seed collates fresh boosters of the same kind
    relaid = api.post(f"{base}/pods/1/replacements",
                      {"seat": 2, "pack": 1, "reason": "the pack held 10 cards"}, token=ev.org)
    later = api.post(f"{base}/pods/2/replacements",
                     {"seat": 1, "pack": 3, "reason": "a torn wrapper"}, token=ev.org)
    if not relaid["relaid"] or later["relaid"]:
        raise AssertionError(f"replacements laid out wrongly: {relaid} {later}")
    # 7.2.6: a player arrives once the draft has started and receives sealed product
    late = ev.late_arrival("Vtes late arrival")
    if not api.post(f"{base}/late-arrivals", {"player_id": late}, token=ev.org)["pool"]:
        raise AssertionError("the late arrival received no product")
    handed = on_the_table(api, ev, base, pods)
    picks, missed = 0, set()
    for n in pods:
        pod = f"{base}/pods/{n}"
        for _ in range(2000):                          # bounded: a pod has < 400 picks
            view = api.get(pod)
            if view["status"] == "completed":
                break
            if (n, view["pick"]) in MISSED - missed:
                missed.add((n, view["pick"]))
                miss_a_pick(api, ev, pod, view)
                continue
            api.post(pod + "/picks", {"card": view["table"][0]["card"], "pick": view["pick"]},
                     token=ev.token[view["picker"]])
            picks += 1
        else:
            raise AssertionError(f"table draft pod {n} did not complete")
    auto = sum(1 for n in pods for e in api.every_event(f"{base}/pods/{n}/log", ev.org)
               if e["type"] == "TableCardPicked" and e["data"]["auto"])
    if auto < len(MISSED):
        raise AssertionError(f"{len(MISSED)} missed picks but {auto} issued by the timer "
                             "or a judge")
    pools = {p: api.get(f"{ev.base}/players/{p}/pool", token=ev.org) for p in ev.token}
    drafted = Counter(c for p, pool in pools.items() if p != late for c in pool["picks"])
    if drafted != handed:
        raise AssertionError("table draft lost or duplicated cards")
    return {"pods": len(pods), "picks": picks, "auto_picks": auto,
            "cards": sum(drafted.values()), "pools": {p: v["pool"] for p, v in pools.items()}}


def run(api: Api) -> Outcome:
    ev = start_event(api, "Rochester Games", "vtes", "table-draft", 9,
                     member_ids=vekn_numbers(9))
    return play_drafted(api, ev, "vtes-table-draft", draft(api, ev), late_arrivals=1)
