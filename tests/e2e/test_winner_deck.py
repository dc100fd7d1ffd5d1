"""The V:TES winner's deck in the deck archive's text layout: the header of the event,
the winner, the crypt with its capacity spread and the library by type, from the
published decklist; private until the organizer publishes decklists."""
from __future__ import annotations

from collections import Counter

from chalicelib.application.twda_text import entry, ordinal_date
from demo.registry import scenario

EARLY = {"incomplete": True, "reason": "the test stops here"}


def test_the_winner_deck_of_a_whole_vtes_event(scenario_api, api, rt):
    demo, _ = scenario_api
    outcome = scenario("vtes-restricted-trade")(demo)
    tid = outcome.tournament_id
    r = api.get(f"/v1/tournaments/{tid}/report/winner-deck")     # public: published
    assert r.status == 200, r.body
    text = r.body if isinstance(r.body, str) else r.body.decode()
    lines = text.splitlines()
    report = outcome.report
    winner = next(x["player_id"] for x in report["final"]["result"] if x["rank"] == 1)
    names = {p["player_id"]: p["name"] for p in report["players"]}
    assert lines[0] == report["name"] and lines[2] == ordinal_date(report["date"])
    assert lines[3] == f"{len(report['rounds'])}R+F" and lines[4] == "8 players"
    assert lines[5] == names[winner]
    deck = next(e for e in report["decklists"] if e["player_id"] == winner)["decks"][0]["deck"]
    sets = api.get("/v1/sets/sample-vtes").body["definition"]["cards"]
    cards = {c["id"]: c for c in sets}
    caps = sorted(cards[c]["attributes"]["capacity"] for c in deck["crypt"])
    assert f"Crypt (12 cards, min={sum(caps[:4])}, max={sum(caps[-4:])}, " \
           f"avg={round(sum(caps) / 12, 2):g})" in lines
    assert "Library (65 cards)" in lines
    counted = Counter()
    for line in lines[lines.index("Library (65 cards)") + 1:]:
        if "x " in line and line.split("x ", 1)[0].isdigit():
            n, name = line.split("x ", 1)
            counted[name] += int(n)
    assert counted == Counter(cards[c]["name"] for c in deck["library"])
    crypt_names = Counter(cards[c]["name"] for c in deck["crypt"])
    assert all(any(line.startswith(f"{n}x {name}  ") for line in lines)
               for name, n in crypt_names.items())


def test_private_until_published_and_vtes_only(api):
    ev = api.started("vtes", "sealed", players=4)
    tid, org = ev["tid"], ev["organizer"]
    assert api.get(f"/v1/tournaments/{tid}/report/winner-deck").body["error"] == \
        "not_finished"
    assert api.post(f"/v1/tournaments/{tid}/finish", EARLY, token=org).status == 200
    assert api.get(f"/v1/tournaments/{tid}/report/winner-deck").status == 401
    refused = api.get(f"/v1/tournaments/{tid}/report/winner-deck", token=org)
    assert refused.status == 403 and refused.body["error"] == "decklists_not_published"
    other = api.started("hack", "booster-draft", players=4)
    assert api.get(f"/v1/tournaments/{other['tid']}/report/winner-deck").body["error"] == \
        "not_vtes"


def test_the_layout():
    cards = {"a": {"name": "Anna", "kind": "crypt", "attributes": {"capacity": 9,
                                                                   "clan": "Sable"}},
             "b": {"name": "Bo", "kind": "crypt", "attributes": {"capacity": 3}},
             "m": {"name": "Blood Doll", "kind": "library", "attributes": {"type": "master"}},
             "x": {"name": "Zap", "kind": "library", "attributes": {"type": "action"}}}
    text = entry({"name": "Cup", "location": "Lyon", "date": "2026-03-22", "rounds": 3,
                  "final": True, "players": 15, "winner": "Ann", "link": "/v1/x"},
                 {"crypt": ["a", "b", "a"], "library": ["x", "m", "m"]}, cards)
    assert text == ("Cup\nLyon\nMarch 22nd 2026\n3R+F\n15 players\nAnn\n/v1/x\n\n"
                    "Crypt (3 cards, min=21, max=21, avg=7)\n"
                    "--------------------------------------\n"
                    "2x Anna  9  Sable\n1x Bo  3\n\n"
                    "Library (3 cards)\nMaster (2)\n2x Blood Doll\n\nAction (1)\n1x Zap\n")
    assert [ordinal_date(d) for d in ("2026-01-01", "2026-01-02", "2026-01-03",
                                      "2026-01-11", "2026-01-23")] == [
        "January 1st 2026", "January 2nd 2026", "January 3rd 2026", "January 11th 2026",
        "January 23rd 2026"]
