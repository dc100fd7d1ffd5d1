"""The season's events: V:TES limited events run on Podium (three rounds on multiplayer
tables and the final; a live server plays them today) and events run elsewhere that the
federation imports from their archon CSV, dated over the preceding five months."""
from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from ..client import Api
from ..scenarios.tables import vp_for
from .expected import Event

MEMBERS = {name: str(3_200_001 + i) for i, name in enumerate(
    ("Anna", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hal", "Ivo", "Jo", "Kim", "Lu",
     "Mia"))}
RELAXED = r"^[A-Za-z0-9-]{4,20}$"      # the organizer lets a temporary number in (9.6)


def podium_event(api: Api, org: str, name: str, roster: list[tuple[str, str]],
                 place: dict[str, str]) -> str:
    """A V:TES sealed event run to its end: (name, member number) per player."""
    tid = api.tournament(org, name, "vtes", "sealed", settings={
        "event": {**place, "continent": "europe"},
        "registration": {"member_id_pattern": RELAXED}})
    players = [api.register(tid, who, token=org, member_id=member) for who, member in roster]
    token = {p["player_id"]: p["token"] for p in players}
    base = f"/v1/tournaments/{tid}"
    api.post(f"{base}/start", token=org)
    api.post(f"{base}/sealed", token=org)
    api.post(f"{base}/sealed/open", token=org)
    for rnd in (1, 2, 3):
        seating = api.post(f"{base}/tables/rounds", token=org)
        for k, table in enumerate(seating["tables"], start=1):
            api.post(f"{base}/tables/rounds/{seating['round']}/tables/{k}/result",
                     {"vp": vp_for(table, rnd)}, token=org)
    qualifiers = api.post(f"{base}/tables/final", token=org)["qualifiers"]
    for pid in reversed(qualifiers):                  # 3.1.3: the seat-choice row
        placed = api.post(f"{base}/tables/final/cards", {"position": 0}, token=token[pid])
    vp = dict(zip(placed["seating"], (2.0, 1.0, 1.0, 0.5, 0.0), strict=True))
    api.post(f"{base}/tables/final/result", {"vp": vp}, token=org)
    api.post(f"{base}/finish", token=org)
    return tid


def from_report(event_id: str, report: dict[str, Any], counts: bool) -> Event:
    """The hand computation's view of a Podium event: its report's rows and final."""
    final = {r["player_id"]: r for r in (report["final"] or {}).get("result") or []}
    results = []
    for row in report["standings"]["rows"]:
        f = final.get(row["player_id"])
        standing = None if f is None else ("winner" if f["rank"] == 1 else "finalist")
        results.append((row["member_id"], row["name"], row["gw"], row["vp_halves"],
                        f["vp_halves"] if f else 0, standing, row["games"] > 0))
    return Event(event_id, "limited", "sanctioned", "europe", counts, results)


# Events run elsewhere: (rank, name, GW, VP, TP, finalist) per player.
LYON = [(1, "Anna", 2, 5, 60, 1), (2, "Ben", 1, 4, 48, 1), (3, "Cleo", 1, 3.5, 36, 1),
        (4, "Dan", 0, 2, 30, 1), (5, "Eve", 0, 1.5, 24, 1), (6, "Finn", 0, 1, 24, 0),
        (7, "Gus", 0, 1, 12, 0), (8, "Hal", 0, 0.5, 12, 0), (9, "Ivo", 0, 0, 12, 0)]
ROME = [(1, "Ben", 2, 4, 60, 1), (2, "Jo", 1, 3, 48, 1), (3, "Anna", 0, 2, 36, 1),
        (4, "Kim", 0, 1, 24, 1), (5, "Lu", 0, 0.5, 12, 1), (6, "Cleo", 0, 0, 12, 0)]
MADRID = [(1, "Dan", 3, 7, 60, 1), (2, "Eve", 1, 4, 48, 1), (3, "Finn", 0, 3, 36, 1),
          (4, "Gus", 0, 2, 24, 1), (5, "Hal", 0, 1, 12, 1), (6, "Ivo", 0, 1, 12, 0),
          (7, "Jo", 0, 0, 12, 0), (8, "Kim", 0, 0, 12, 0)]
GHENT = [(1, "Gus", 2, 5, 60, 1), (2, "Hal", 1, 3, 48, 1), (3, "Lu", 0, 1, 36, 1),
         (4, "Mia", 0, 0, 24, 1)]

# (id, name, group, tier, place, rows, days before today held, days later reported,
#  officials, counts: by hand - Madrid reported after 30 days is invalid (9.4), the
#  federation invalidates Ghent; Rome, reported 20 days late, still counts (9.3))
IMPORTS = [
    ("lyon-open", "Lyon Open", "constructed", "sanctioned", ("FR", "Lyon"), LYON, 150, 2,
     [], True),
    ("rome-ecq", "Rome EC qualifier", "limited", "continental_qualifier", ("IT", "Rome"),
     ROME, 100, 20, ["Mia"], True),
    ("madrid-open", "Madrid Open", "constructed", "sanctioned", ("ES", "Madrid"), MADRID,
     60, 40, [], False),
    ("ghent-night", "Ghent night", "constructed", "sanctioned", ("BE", "Ghent"), GHENT, 30,
     1, [], False),
]


def csv_of(rows: list[tuple[Any, ...]]) -> str:
    lines = ["rank,name,vekn,gw,vp,tp,finalist"]
    lines += [f"{r},{n},{MEMBERS[n]},{gw},{vp:g},{tp},{fin}" for r, n, gw, vp, tp, fin in rows]
    return "\r\n".join(lines) + "\r\n"


def import_body(spec: tuple[Any, ...], today: date) -> dict[str, Any]:
    eid, name, group, tier, (country, city), rows, ago, late, officials, _ = spec
    held = today - timedelta(days=ago)
    return {"external_id": eid, "name": name, "group": group, "tier": tier,
            "country": country, "city": city, "continent": "europe",
            "date": held.isoformat(), "reported_at": (held + timedelta(days=late)).isoformat(),
            "officials": [MEMBERS[o] for o in officials], "csv": csv_of(rows)}


def imported(spec: tuple[Any, ...]) -> Event:
    eid, _, group, tier, _, rows, _, _, officials, counts = spec
    results = [(MEMBERS[who], who, gw, int(vp * 2), 0,
                ("winner" if rank == 1 else "finalist") if fin else None, True)
               for rank, who, gw, vp, _tp, fin in rows]
    return Event(f"x-{eid}", group, tier, "europe", counts, results,
                 [MEMBERS[o] for o in officials])
