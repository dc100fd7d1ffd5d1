"""One tampering per whole-event scenario, applied to its audit document: each returns the
(stream, version, type) of the event changed and the field the verifier must name."""
from __future__ import annotations

from typing import Any


def _first(doc: dict, type_: str, where=lambda e: True) -> dict:
    return next(e for e in doc["events"] if e["type"] == type_ and where(e))


def _ident(e: dict) -> tuple[str, int, str]:
    return e["stream_id"], e["version"], e["type"]


def swap_card_in_pack(doc: dict) -> tuple[tuple[str, int, str], str]:
    """A card of one booster replaced by another card of the same set."""
    opened = _first(doc, "PodOpened")
    pack = opened["data"]["packs"][0][1]
    others = [c for c in opened["data"]["packs"][0][0] if c not in pack]
    pack[0] = others[0]
    return _ident(opened), "packs[0][1]"


def change_vp(doc: dict) -> tuple[tuple[str, int, str], str]:
    """The winner of a table is given half a VP less (TP and places no longer follow)."""
    reported = _first(doc, "TablesTableReported")
    results = reported["data"]["results"]
    winner = max(results, key=lambda p: results[p]["vp_halves"])
    results[winner]["vp_halves"] -= 1
    others = [p for p in results if p != winner]
    results[others[0]]["vp_halves"] += 1
    return _ident(reported), "results."


def swap_pairing(doc: dict) -> tuple[tuple[str, int, str], str]:
    paired = _first(doc, "RoundPaired", lambda e: e["data"]["round"] == 2)
    pairs = paired["data"]["pairs"]
    pairs[0][1], pairs[1][1] = pairs[1][1], pairs[0][1]
    return _ident(paired), "pairs[0]"


def change_first_player(doc: dict) -> tuple[tuple[str, int, str], str]:
    seated = _first(doc, "TablesFinalSeated")
    row = seated["data"]["row"]
    seated["data"]["first_player"] = next(p for p in row if p != seated["data"]["first_player"])
    return _ident(seated), "first_player"


def change_ffa_places(doc: dict) -> tuple[tuple[str, int, str], str]:
    reported = _first(doc, "FfaPodReported")
    places = reported["data"]["places"]
    places[0]["outlasted"], places[1]["outlasted"] = places[1]["outlasted"], \
        places[0]["outlasted"]
    return _ident(reported), "places"


def swap_in_trade_pods(doc: dict) -> tuple[tuple[str, int, str], str]:
    formed = _first(doc, "TradePodsFormed")
    pods = formed["data"]["pods"]
    pods[0][0], pods[1][0] = pods[1][0], pods[0][0]
    return _ident(formed), "pods[0]"


TAMPERING: dict[str, Any] = {
    "hack-booster-draft": swap_card_in_pack,
    "munchkin-draft": swap_pairing,
    "vtes-sealed-swap": change_vp,
    "vtes-mixed-draft": change_first_player,
    "mtg-conspiracy": change_ffa_places,
    "vtes-restricted-trade": swap_in_trade_pods,
}
