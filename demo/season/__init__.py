"""A small season of a V:EKN federation (``python -m demo --only season``; the end of
``make demo``): two organizers run V:TES limited events on Podium (a store's two league
nights, and a club's night where one player has a temporary number, V:EKN 9.6), the
federation records their reports and imports four events run elsewhere over the
preceding five months (a constructed open of 9, a continental qualifier reported 20 days
late, 9.3, an open reported after 40 days, invalid, 9.4, and one the federation then
invalidates); the store opens its league. The demo then reads the leaderboards, a
member's profile, the qualification list and the league from the API, prints them and
checks every number against the hand computation of ``expected.py``."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from ..client import Api
from .events import IMPORTS, MEMBERS, from_report, import_body, imported, podium_event
from .expected import Event, check, league, qualifications, ranked, ratings

STORE_TABLE = {"1": 10, "2": 6, "3": 4}       # the store's points by final rank
INVITED = 3
NIGHT_1 = ["Anna", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hal"]
NIGHT_2 = ["Anna", "Cleo", "Finn", "Ivo", "Jo", "Kim", "Lu", "Mia"]
CLUB = [("Ben", "3200002"), ("Dan", "3200004"), ("Eve", "3200005"), ("Nora", "TEMP-42"),
        ("Hal", "3200008")]
# (event id, what the federation's record must say: reporting, excluded)
RECORDS = {"x-lyon-open": ("on_time", []), "x-rome-ecq": ("late", []),
           "x-madrid-open": ("invalid", ["reported_after_thirty_days"]),
           "x-ghent-night": ("on_time", [])}
PROFILE = "Anna"


@dataclass
class Season:
    fid: str
    today: date
    events: list[Event]
    league_id: str
    league_reports: list[dict[str, Any]] = field(default_factory=list)
    shown: dict[str, Any] = field(default_factory=dict)


def _roster(names: list[str]) -> list[tuple[str, str]]:
    return [(n, MEMBERS[n]) for n in names]


def play(api: Api) -> Season:
    fed = api.post("/v1/accounts", {"role": "federation", "name": "V:EKN demo season"},
                   token=api.admin_key)["api_key"]
    fid = api.get("/v1/me", token=fed)["id"]
    store = api.organizer("Le Donjon (Brussels)")
    club = api.organizer("Antwerp V:TES club")
    brussels = {"country": "BE", "city": "Brussels"}
    nights = [podium_event(api, store, f"Le Donjon league night {k}", _roster(names),
                           brussels) for k, names in ((1, NIGHT_1), (2, NIGHT_2))]
    temp = podium_event(api, club, "Antwerp club night", CLUB,
                        {"country": "BE", "city": "Antwerp"})
    events, reports = [], {}
    for tid in (*nights, temp):
        reports[tid] = api.get(f"/v1/tournaments/{tid}/report", token=fed)
        doc = api.post("/v1/ledger/events", {"tournament_id": tid}, token=fed)
        rated = tid != temp
        # 9.6, one rule: the report and the ledger agree that the club night is not rated
        check(f"{tid} report ratings_eligible",
              reports[tid]["member_ids"]["ratings_eligible"], rated)
        check(f"{tid} ledger exclusions", doc["excluded"],
              [] if rated else ["temporary_numbers"])
        events.append(from_report(tid, reports[tid], rated))
    today = date.fromisoformat(reports[temp]["date"])
    for spec in IMPORTS:
        doc = api.post("/v1/ledger/imports", import_body(spec, today), token=fed)
        check(f"{doc['event_id']} reporting, exclusions",
              (doc["reporting"], doc["excluded"]), RECORDS[doc["event_id"]])
        events.append(imported(spec))
    doc = api.post("/v1/ledger/events/x-ghent-night/invalidation",
                   {"reason": "results reported for players who did not attend"}, token=fed)
    check("x-ghent-night after its invalidation (9.4)", doc["excluded"], ["invalidated"])
    lid = api.post("/v1/leagues", {
        "name": "Le Donjon season", "game": "vtes",
        "starts": (today - timedelta(days=90)).isoformat(),
        "ends": (today + timedelta(days=90)).isoformat(), "points": STORE_TABLE,
        "attendance": 1, "invitations": INVITED}, token=store)["league_id"]
    return Season(fid, today, events, lid, [reports[t] for t in nights])


def verify(api: Api, season: Season) -> Season:
    """Reads the API and checks each number against the hand computation; ``shown``
    keeps what the demo prints."""
    fid, as_of = season.fid, season.today.isoformat()
    shown: dict[str, Any] = {}
    for group in ("limited", "constructed"):
        board = api.get(f"/v1/federations/{fid}/rankings/{group}?as_of={as_of}&limit=1000")
        got = [(r["rank"], r["member_id"], r["rating"]) for r in board["items"]]
        check(f"{group} leaderboard", got, ranked(ratings(season.events, group)))
        shown[group] = got
    local = {MEMBERS[n] for n in NIGHT_1 + NIGHT_2}       # their last rated event: Brussels
    board = api.get(f"/v1/federations/{fid}/rankings/limited?as_of={as_of}&city=Brussels")
    check("limited leaderboard, Brussels",
          [(r["rank"], r["member_id"], r["rating"]) for r in board["items"]],
          ranked({m: r for m, r in ratings(season.events, "limited").items() if m in local}))
    member = MEMBERS[PROFILE]
    profile = api.get(f"/v1/federations/{fid}/members/{member}?as_of={as_of}")
    for group in ("limited", "constructed"):
        check(f"{PROFILE}'s {group} rating", profile["groups"][group]["rating"],
              ratings(season.events, group)[member])
    mine = [e for e in season.events if any(r[0] == member for r in e.results)]
    check(f"{PROFILE}'s events", sorted(e["event_id"] for e in profile["events"]),
          sorted(e.event_id for e in mine))
    for e in profile["events"]:
        ev = next(x for x in mine if x.event_id == e["event_id"])
        check(f"{PROFILE} at {ev.event_id}", (e["counts"], e["points"]["total"]),
              (ev.counts, ev.points()[member]))
    shown["profile"] = profile
    q = api.get(f"/v1/federations/{fid}/qualifications/europe?as_of={as_of}")
    got_q = {i["member_id"]: sorted(x["rule"] for x in i["qualifications"])
             for i in q["items"]}
    check("European championship qualifications", got_q,
          qualifications(season.events, "europe"))
    shown["qualified"] = got_q
    lg = api.get(f"/v1/leagues/{season.league_id}")
    want = league(season.league_reports, STORE_TABLE, 1)
    check("store league standings", [(r["rank"], r["player"], r["points"])
                                     for r in lg["standings"]], want)
    check("store league invitations", lg["invited"],
          [m for rank, m, _ in want if rank <= INVITED])
    shown["league"] = lg
    season.shown = shown
    return season


def run(api: Api) -> Season:
    return verify(api, play(api))
