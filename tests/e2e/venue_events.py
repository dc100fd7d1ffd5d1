"""Small whole events for the venue node's end-to-end test (the default suite's budget):
the demo's building blocks on fewer players and shorter plans, still covering a booster
draft, Swiss rounds and a top cut (Munchkin) and a V:TES sealed swap with a round of
tables and the final. ``code``: players self-register with the event's registration code
(set by the organizer before anyone registers)."""
from __future__ import annotations

from collections import Counter

from demo.client import Api, Event
from demo.scenarios.booster import run_draft
from demo.scenarios.finish import finish_and_report
from demo.scenarios.swiss import play_swiss, play_top_cut, standings
from demo.scenarios.tables import final, table_standings, vp_for

MUNCHKIN = {"product": {"boosters": [{"set": "sample-munchkin", "count": 1}],
                        "starters": [{"set": "sample-munchkin", "choices": ["draft-hero"]}]},
            "swiss": {"structure": [{"rounds": 2, "top_cut": 2}]}}
VTES = {"tables": {"rounds": 2}}


def _event(api: Api, game: str, fmt: str, players: int, settings: dict,
           code: str | None, hold) -> Event:
    """Created (with its registration code) on the deployment, then ``hold(tid, org)``
    (the node takes it over); players self-register, and the event starts."""
    org = api.organizer(f"Venue {game}")
    if code is not None:
        settings = {**settings, "registration": {"code": code}}
    tid = api.tournament(org, f"Venue {game} {fmt}", game, fmt, settings=settings)
    hold(tid, org)
    roster = []
    for i in range(players):
        body = {"name": f"{game.title()} player {i + 1}", **(
            {"registration_code": code} if code else {}),
            **({"member_id": f"{3000000 + i}"} if game == "vtes" else {})}
        reply = api.post(f"/v1/tournaments/{tid}/players", body)
        roster.append({"player_id": reply["player"]["player_id"], "token": reply["token"],
                       "name": body["name"]})
    api.post(f"/v1/tournaments/{tid}/start", token=org)
    return Event(api, org, tid, roster)


def munchkin(api: Api, hold, code: str | None = None) -> tuple[str, str, dict]:
    """Four players draft a booster each, two Swiss rounds, a top 2."""
    ev = _event(api, "munchkin", "booster-draft", 4, MUNCHKIN, code, hold)
    drafted = run_draft(api, ev)
    if drafted["pooled"] != drafted["opened"]:
        raise AssertionError("booster draft lost or duplicated cards")
    swiss = play_swiss(api, ev)
    cut = play_top_cut(api, ev)
    rows = standings(api, ev, cut)
    if rows[0]["player_id"] != cut["champion"]:
        raise AssertionError("champion is not first")
    finish_and_report(api, ev)
    return ev.tid, ev.org, {"picks": drafted["picks"], **swiss}


def vtes(api: Api, hold, code: str | None = None) -> tuple[str, str, dict]:
    """Five players open sealed product, 20 % handed back and dealt again, two rounds of
    one table and the final."""
    ev = _event(api, "vtes", "sealed-swap", 5, VTES, code, hold)
    base = f"{ev.base}/sealed"
    api.post(base, {"hand_back_percent": 20}, token=ev.org)
    api.post(base + "/open", token=ev.org)
    opened = {}
    for player in ev.token:
        opened[player] = api.get(base, token=ev.token[player])["opened"][player]
        api.post(base + "/registrations", {"cards": opened[player]}, token=ev.token[player])
    staff = api.post(base + "/swap", token=ev.org)
    if Counter(map(tuple, staff["pools"].values())) != Counter(map(tuple, opened.values())):
        raise AssertionError("the swap lost or duplicated a deck's cards")
    tables = 0
    for rnd in (1, 2):
        seating = api.post(f"{ev.base}/tables/rounds", token=ev.org)
        for k, table in enumerate(seating["tables"], start=1):
            api.post(f"{ev.base}/tables/rounds/{seating['round']}/tables/{k}/result",
                     {"vp": vp_for(table, rnd)}, token=ev.org)
            tables += 1
    qualifiers = final(api, ev)
    rows = table_standings(api, ev)
    if rows[0]["place"] != 1 or len(rows) != 5:
        raise AssertionError(f"standings: {rows}")
    finish_and_report(api, ev)
    return ev.tid, ev.org, {"tables": tables, "finalists": len(qualifiers)}
