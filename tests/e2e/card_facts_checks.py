"""Issue 17's check, shared by the whole-event test (each demo scenario, played once) and
tests/e2e/test_card_facts.py (two more events): every reply of the run that names cards of
the tournament's sets carries each one's facts in ``card_facts``, equal to the set data
(``GET /v1/sets/{id}``, the sets ``GET .../product`` lists), and ``card_facts`` names no
card the reply does not show."""
from __future__ import annotations

import re
from collections import Counter
from typing import Any

from demo.client import Api
from tests.e2e.transport import InProcessTransport, MovableClock

TOURNAMENT_PATH = re.compile(r"^/v1/tournaments/(t[0-9a-f]{12})(/|$|\?)")


class Recording(InProcessTransport):
    """The scenarios' transport, keeping every successful JSON reply about a tournament."""

    def __init__(self, api_client, clock: MovableClock):
        super().__init__(api_client, clock)
        self.replies: list[tuple[str, str, Any]] = []     # (tid, "METHOD template", body)

    def request(self, method, path, body=None, token=None, headers=None):
        r = super().request(method, path, body, token, headers)
        found = TOURNAMENT_PATH.match(path)
        if found and 200 <= r.status < 300 and isinstance(r.body, dict):
            self.replies.append((found.group(1), f"{method} {self._template(path)}", r.body))
        return r


def named(value: Any) -> set[str]:
    """Every string of a reply, values and keys, at any depth, its card facts left out."""
    if isinstance(value, dict):
        return {s for k, v in value.items() if k != "card_facts" for s in {k} | named(v)}
    if isinstance(value, list):
        return {s for v in value for s in named(v)}
    return {value} if isinstance(value, str) else set()


def set_data(api: Api, tid: str) -> dict[str, dict[str, Any]]:
    """card id -> (its set, the card) over the sets the tournament's product lists."""
    cards = {}
    for set_id in api.get(f"/v1/tournaments/{tid}/product")["sets"]:
        for card in api.get(f"/v1/sets/{set_id}")["definition"]["cards"]:
            cards.setdefault(card["id"], {"set": set_id, **card})
    return cards


def read_everything(api: Api, tid: str, org: str) -> None:
    """As staff, the card-listing reads a scenario may not have taken: every player's pool
    and decks, the decks overview, the whole event log and the audit log."""
    players = api.get(f"/v1/tournaments/{tid}/players?limit=500", token=org)["players"]
    for p in players:
        for path in (f"players/{p['player_id']}/pool", f"decks/players/{p['player_id']}",
                     f"decks/pools/{p['player_id']}"):
            api.call("GET", f"/v1/tournaments/{tid}/{path}", token=org)
    for path in ("decks", "decks/checks", "events?limit=5000", "audit", "report"):
        api.call("GET", f"/v1/tournaments/{tid}/{path}", token=org)


def check_replies(api: Api, replies: list[tuple[str, str, Any]]) -> Counter:
    """Every reply's card facts; the card-listing operations seen (with a card)."""
    sets: dict[str, dict[str, dict[str, Any]]] = {}
    listing: Counter = Counter()
    problems = []
    for tid, operation, body in replies:
        known = sets.get(tid)
        if known is None:
            known = sets[tid] = set_data(api, tid)
        cards = named(body) & known.keys()
        facts = body.get("card_facts")
        if not cards:
            if facts:
                problems.append((operation, "facts without cards", sorted(facts)[:3]))
            continue
        listing[operation] += 1
        if facts is None:
            problems.append((operation, "no card_facts", sorted(cards)[:3]))
            continue
        if set(facts) != cards:
            problems.append((operation, "facts are not the cards shown",
                             sorted(set(facts) ^ cards)[:3]))
        for card_id in cards & set(facts):
            card, fact = known[card_id], facts[card_id]
            expected = {"name": card["name"], "set": card["set"],
                        "kind": card.get("kind", "other"),
                        "rarity": card.get("rarity", "common"),
                        "attributes": card.get("attributes", {})}
            if not fact.get("name") or {k: fact.get(k) for k in expected} != expected:
                problems.append((operation, card_id, fact))
            if fact.get("draft_action") != card.get("draft_action"):
                problems.append((operation, card_id, "draft_action", fact))
    assert not problems, problems[:10]
    return listing


# What each event must have shown with its cards (so a test that saw nothing fails).
EXPECTED = {
    "hack-booster-draft": {"GET /v1/tournaments/{tid}/draft/pods/{n}/me",
                           "POST /v1/tournaments/{tid}/draft/pods/{n}/picks",
                           "GET /v1/tournaments/{tid}/players/{pid}/pool"},
    "mtg-conspiracy": {"GET /v1/tournaments/{tid}/draft/pods/{n}/me",
                       "GET /v1/tournaments/{tid}/draft/pods/{n}/log"},
    "munchkin-draft": {"GET /v1/tournaments/{tid}/draft/pods/{n}/me",
                       "GET /v1/tournaments/{tid}/decks/players/{pid}"},
    "vtes-mixed-draft": {"GET /v1/tournaments/{tid}/mixed-draft/pods/{n}",
                         "GET /v1/tournaments/{tid}/mixed-draft/pods/{n}/me",
                         "POST /v1/tournaments/{tid}/mixed-draft/pods/{n}/library-picks",
                         "GET /v1/tournaments/{tid}/decks"},
    "vtes-sealed-swap": {"GET /v1/tournaments/{tid}/sealed",
                         "POST /v1/tournaments/{tid}/sealed/swap",
                         "POST /v1/tournaments/{tid}/sealed/registrations"},
    "vtes-restricted-trade": {"GET /v1/tournaments/{tid}/trade/pods/{n}",
                              "POST /v1/tournaments/{tid}/trade/pods/{n}/offers",
                              "POST /v1/tournaments/{tid}/trade/setup",
                              "GET /v1/tournaments/{tid}/report"},
    "vtes-table-draft": {"GET /v1/tournaments/{tid}/table-draft/pods/{n}",
                         "POST /v1/tournaments/{tid}/table-draft/pods/{n}/picks",
                         "POST /v1/tournaments/{tid}/table-draft/pods/{n}/replacements",
                         "POST /v1/tournaments/{tid}/table-draft/late-arrivals",
                         "GET /v1/tournaments/{tid}/table-draft/pods/{n}/log",
                         "GET /v1/tournaments/{tid}/players/{pid}/pool"},
    "vtes-table-draft-seats": {"GET /v1/tournaments/{tid}/table-draft/pods/{n}",
                               "GET /v1/tournaments/{tid}/table-draft/pods/{n}/me",
                               "POST /v1/tournaments/{tid}/table-draft/pods/{n}/picks",
                               "GET /v1/tournaments/{tid}/table-draft/pods/{n}/events"},
    "vtes-sealed": {"GET /v1/tournaments/{tid}/sealed",
                    "POST /v1/tournaments/{tid}/sealed/open",
                    "GET /v1/tournaments/{tid}/sealed/events"},
}
EVERY_EVENT = {"GET /v1/tournaments/{tid}/events", "GET /v1/tournaments/{tid}/audit"}


def card_facts_hold(demo: Api, transport: Recording, name: str, tid: str, org: str) -> None:
    """Reads what the event's scenario may not have read, then checks every reply kept."""
    read_everything(demo, tid, org)
    listing = check_replies(demo, transport.replies)
    assert EXPECTED[name] | EVERY_EVENT <= set(listing), sorted(
        EXPECTED[name] | EVERY_EVENT - set(listing))
