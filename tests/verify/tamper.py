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


def _other(cards: list[str], doc: dict) -> str:
    """A card id of the log's card sets that is not among ``cards``."""
    return next(c["id"] for cs in doc["card_sets"].values() for c in cs["cards"]
                if c["id"] not in cards)


def _swap_card(doc: dict, event: dict, cards: list[str], index: int = 0) -> None:
    cards[index] = _other(cards, doc)


def card_of_replacement_pack(doc: dict) -> tuple[tuple[str, int, str], str]:
    """One card of a replacement pack the seed drew (7.2.5), in any draft."""
    replaced = _first(doc, "PackReplaced", lambda e: e["data"].get("drawn")) if any(
        e["type"] == "PackReplaced" for e in doc["events"]) else _first(
        doc, "TablePackReplaced", lambda e: e["stream_id"].startswith("tdraft")) if any(
        e["stream_id"].startswith("tdraft") for e in doc["events"]) else _first(
        doc, "MixedProductReplaced")
    _swap_card(doc, replaced, replaced["data"]["cards"], 1)
    return _ident(replaced), "cards[1]"


def card_of_table_draft_pack(doc: dict) -> tuple[tuple[str, int, str], str]:
    """One card of a table draft's pack as collated at its start."""
    started = _first(doc, "TableDraftStarted", lambda e: e["stream_id"].startswith("tdraft"))
    pack = started["data"]["packs"][1][2]
    _swap_card(doc, started, pack, 5)
    return _ident(started), "packs[1][2]"


def card_of_kept_starter(doc: dict) -> tuple[tuple[str, int, str], str]:
    """One card of a starter a table or booster draft's player keeps (7.5.2), as dealt
    from the seed and recorded by their pod's opening."""
    started = next(e for e in doc["events"] if e["type"] in ("TableDraftStarted", "PodOpened")
                   and e["stream_id"].startswith(("tdraft", "pod")) and e["data"].get("starters"))
    player = sorted(started["data"]["starters"])[0]
    cards = started["data"]["starters"][player][0]["cards"]
    _swap_card(doc, started, cards, len(cards) - 1)
    return _ident(started), "starters"


def card_of_later_crypt_set(doc: dict) -> tuple[tuple[str, int, str], str]:
    """One card of a set laid on a table after some picks (not the first)."""
    revealed = _first(doc, "TableSetRevealed", lambda e: e["data"]["set"] == 3)
    card = revealed["data"]["table"][1]
    card["card"] = _other([c["card"] for c in revealed["data"]["table"]], doc)
    return _ident(revealed), "table[1]"


def card_of_library_pile(doc: dict) -> tuple[tuple[str, int, str], str]:
    """One card of a pile of a mixed draft's second library round."""
    started = _first(doc, "MixedLibraryRoundStarted", lambda e: e["data"]["round"] == 2)
    _swap_card(doc, started, started["data"]["packs"][0]["cards"], 0)
    return _ident(started), "packs[0]"


def timed_out_table_pick(doc: dict) -> tuple[tuple[str, int, str], str]:
    """The card the timer issued a player who missed a pick at the table (7.7)."""
    picked = _first(doc, "TableCardPicked", lambda e: e["data"]["auto"])
    picked["data"]["card"] = _other([picked["data"]["card"]], doc)
    return _ident(picked), "card"


def timed_out_library_pick(doc: dict) -> tuple[tuple[str, int, str], str]:
    """The seed's card of the pile a player who missed a library pick received (7.5.3)."""
    picked = _first(doc, "MixedLibraryCardPicked", lambda e: e["data"]["auto"])
    picked["data"]["card"] = _other([picked["data"]["card"]], doc)
    return _ident(picked), "card"


def card_of_late_product(doc: dict) -> tuple[tuple[str, int, str], str]:
    """One card of the sealed product a late arrival received (7.2.6)."""
    for type_, field in (("LateArrivalProvided", "product"), ("LimitedLateArrival",
                                                              "allocation")):
        if any(e["type"] == type_ for e in doc["events"]):
            late = _first(doc, type_)
            _swap_card(doc, late, late["data"][field]["packs"][0]["cards"], 2)
            return _ident(late), f"{field}.packs[0].cards[2]"
    late = _first(doc, "SealedLateArrival")
    _swap_card(doc, late, late["data"]["pool"], 60)
    return _ident(late), "pool[60]"


# Each scenario's tamperings; each is applied to its own copy of the audit log.
TAMPERING: dict[str, list[Any]] = {
    "hack-booster-draft": [swap_card_in_pack],
    "munchkin-draft": [swap_pairing, card_of_replacement_pack, card_of_late_product,
                       card_of_kept_starter],
    "vtes-sealed-swap": [change_vp, card_of_late_product],
    "vtes-mixed-draft": [change_first_player, card_of_replacement_pack,
                         card_of_later_crypt_set, card_of_library_pile, timed_out_table_pick,
                         timed_out_library_pick, card_of_late_product],
    "vtes-table-draft": [card_of_table_draft_pack, card_of_kept_starter,
                         card_of_replacement_pack, card_of_later_crypt_set,
                         timed_out_table_pick, card_of_late_product],
    "mtg-conspiracy": [change_ffa_places],
    "vtes-restricted-trade": [swap_in_trade_pods],
}


def _own_picks(doc: dict) -> list[dict]:
    return [e for e in doc["events"] if e["type"] == "CardPicked" and not e["data"]["auto"]]


def pick_from_a_pack_never_held(doc: dict) -> tuple[tuple[str, int, str], str]:
    """A pick of a card that was in another seat's pack of that round (7.5.3)."""
    picked = _own_picks(doc)[3]
    opened = _first(doc, "PodOpened", lambda e: e["stream_id"] == picked["stream_id"])
    packs = opened["data"]["packs"][picked["data"]["round"] - 1]
    held = set(packs[picked["data"]["origin"]])
    picked["data"]["card"] = next(c for pack in packs for c in pack if c not in held)
    return _ident(picked), "card"


def picks_swapped_with_their_packs(doc: dict) -> tuple[tuple[str, int, str], str]:
    """Two seats' picks of the same pick number exchanged, each with its pack's origin."""
    picks = _own_picks(doc)
    a = picks[0]
    b = next(e for e in picks if e["stream_id"] == a["stream_id"] and e is not a
             and e["data"]["round"] == a["data"]["round"]
             and e["data"]["pick"] == a["data"]["pick"])
    for key in ("card", "origin"):
        a["data"][key], b["data"][key] = b["data"][key], a["data"][key]
    return _ident(a), "origin"


def table_report_rewritten_at_close(doc: dict) -> tuple[tuple[str, int, str], str]:
    """The round's close gives a table other results than the table reported, consistent
    in themselves (TP, GW and places follow from the new VP)."""
    from chalicelib.domain.tables.scoring import score
    closed = _first(doc, "TablesRoundClosed")
    table = closed["data"]["tables"][0]
    vp = {p: r["vp_halves"] for p, r in table["results"].items()}
    top = max(vp, key=vp.get)
    other = next(p for p in vp if vp[p] == 0)
    vp[top], vp[other] = vp[other], vp[top]
    table["results"] = score(list(table["seats"]), vp, list(table.get("dropped", [])))
    return _ident(closed), "tables[0].results"


def draft_started_with_another_seed(doc: dict) -> tuple[tuple[str, int, str], str]:
    """The draft's start names a seed other than the tournament's (its pods open after
    it from the seed it names)."""
    started = _first(doc, "DraftStarted")
    started["data"]["seed"] = "0" * 64
    return _ident(started), "seed"


def pod_seated_unlike_the_start(doc: dict) -> tuple[tuple[str, int, str], str]:
    """A pod opened after the start with its seats in another order than the start's pod."""
    opened = _first(doc, "PodOpened")
    seats = opened["data"]["seats"]
    seats[0], seats[1] = seats[1], seats[0]
    return _ident(opened), "seats"


TAMPERING["hack-booster-draft"] += [pick_from_a_pack_never_held, picks_swapped_with_their_packs,
                                    draft_started_with_another_seed,
                                    pod_seated_unlike_the_start]
TAMPERING["mtg-conspiracy"] += [pick_from_a_pack_never_held]
TAMPERING["vtes-sealed-swap"] += [table_report_rewritten_at_close]
TAMPERING["vtes-table-draft"] += [table_report_rewritten_at_close]


def deck_with_cards_never_received(doc: dict) -> tuple[tuple[str, int, str], str]:
    """A registered deck holding more copies of a card than the player's pool gave them
    (the pool as the draft, the sealed product and swap, or the trade left it)."""
    registered = _first(doc, "DeckRegistered", lambda e: isinstance(e["data"]["deck"], dict))
    deck = registered["data"]["deck"]
    zone = next(z for z in ("library", "main", "crypt") if deck.get(z))
    deck[zone] += [deck[zone][0]] * 12
    return _ident(registered), f"deck ({deck[zone][0]})"


for _name in ("hack-booster-draft", "vtes-sealed-swap", "vtes-restricted-trade",
              "vtes-table-draft", "vtes-mixed-draft", "munchkin-draft"):
    TAMPERING[_name].append(deck_with_cards_never_received)

from . import tamper_deadlines  # noqa: E402,F401 - adds the moved deadlines
