"""The largest restricted trade (Michigan, V:EKN 7.4) and sealed-deck swap (7.3.2) run to
their end through the HTTP app (see :mod:`bench.largest`), each at the sealed formats'
limit: the sealed product handed out and opened, the trade or the swap, decks, three
rounds of V:EKN tables and the final, finish, report and audit log."""
from __future__ import annotations

from typing import Any

from bench.largest_steps import event, open_sealed, tables_to_the_end
from bench.scale import Http

# 7.4: a booster and two starters each: a 50-card library, 15 to trade, 10 crypt cards
TRADE_PRODUCT = {"boosters": [{"set": "sample-vtes", "count": 1}],
                 "starters": [{"set": "sample-vtes", "count": 2}]}


def _kinds(http: Http) -> dict[str, str]:
    cards = http.call("GET", "/v1/sets/sample-vtes")["definition"]["cards"]
    return {c["id"]: c.get("kind", "other") for c in cards}


def _trade_pod(http: Http, base: str, n: int, org: str, tokens: dict[str, str]) -> int:
    """Offers in turn until every stock is face down; every third offer is declined."""
    pod, offers = f"{base}/trade/pods/{n}", 0
    view = http.call("GET", pod, token=org)
    while view["status"] == "trading":
        seats, me = view["players"], view["active"]
        others = seats[seats.index(me) + 1:] + seats[:seats.index(me)]
        target = next(p for p in others
                      if p not in view["declined"] and view["face_up_counts"][p])
        slot = next(s["slot"] for s in view["stock"][target] if s["face_up"])
        view = http.call("POST", pod + "/offers", {"target": target, "slot": slot},
                         tokens[me])["pod"]
        offers += 1
        if offers % 3 == 0:
            view = http.call("POST", pod + "/decline", None, tokens[target])["pod"]
        else:
            mine = next(s["slot"] for s in view["stock"][me] if s["face_up"])
            view = http.call("POST", pod + "/accept", {"slot": mine}, tokens[target])["pod"]
        assert offers <= 200, f"trading pod {n} did not end"
    return offers


def restricted_trade(http: Http, players: int) -> str:
    org, base, tokens = event(http, "vtes", "restricted-trade", players,
                              "multiplayer-tables", {"product": TRADE_PRODUCT})
    open_sealed(http, org, base)
    kinds, sideboards = _kinds(http), {}
    for pid, token in tokens.items():       # the sealed pool until the player's pod ends
        pool = http.call("GET", f"{base}/players/{pid}/pool", token=token)["pool"]
        library = [c for c in pool if kinds[c] != "crypt"]
        crypt = [c for c in pool if kinds[c] == "crypt"]
        sideboards[pid] = crypt[10:]
        http.call("POST", f"{base}/trade/setup", {"library": library[:50],
                  "stock": library[50:65], "crypt": crypt[:10], "sideboard": crypt[10:]}, token)
    pods = http.call("POST", f"{base}/trade/pods", {}, org)["pods"]
    offers = 0
    for entry in pods:
        offers += _trade_pod(http, base, entry["pod"], org, tokens)
        for pid in entry["players"]:
            http.call("POST", f"{base}/trade/pods/{entry['pod']}/crypt",
                      {"cards": sideboards[pid][:2]}, tokens[pid])
    _decks(http, org, base, tokens, lambda pid, pool: _split(pool, kinds, 12, 65))
    return f"{players} players, {len(pods)} trading pods, {offers} offers, 3 rounds " \
           f"and a final, audit log {tables_to_the_end(http, org, base)} events"


def _split(pool: list[str], kinds: dict[str, str], crypt: int,
           library: int) -> dict[str, list[str]]:
    return {"crypt": [c for c in pool if kinds[c] == "crypt"][:crypt],
            "library": [c for c in pool if kinds[c] != "crypt"][:library]}


def _decks(http: Http, org: str, base: str, tokens: dict[str, str], build: Any) -> None:
    """Deck building opened, every player's deck from their pool registered, published."""
    http.call("POST", f"{base}/decks/open", {"deadline": "2099-01-01T00:00:00Z"}, org)
    for pid, token in tokens.items():
        pool = http.call("GET", f"{base}/players/{pid}/pool", token=token)["pool"]
        http.call("POST", f"{base}/decks/players/{pid}", build(pid, pool), token)
    http.call("POST", f"{base}/decks/publish", None, org)


def sealed_swap(http: Http, players: int) -> str:
    org, base, tokens = event(http, "vtes", "sealed-swap", players, "multiplayer-tables")
    open_sealed(http, org, base, {"hand_back_percent": 20})
    for pid, token in tokens.items():
        opened = http.call("GET", f"{base}/sealed", token=token)["opened"][pid]
        http.call("POST", f"{base}/sealed/registrations", {"cards": opened}, token)
    swapped = http.call("POST", f"{base}/sealed/swap", None, org)
    assert sorted(swapped["received_from"].values()) == sorted(tokens), "the swap lost a deck"
    kinds = _kinds(http)
    _decks(http, org, base, tokens, lambda pid, pool: _split(pool, kinds, 12, 40))
    return f"{players} players, {len(swapped['handed_back'])} decks handed back, 3 rounds " \
           f"and a final, audit log {tables_to_the_end(http, org, base)} events"
