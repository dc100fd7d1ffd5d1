"""The season as the demo prints it: the leaderboards, a member's profile, the
qualification list and the store league, as the API gave them (and checked)."""
from __future__ import annotations

from ..printing import table
from . import PROFILE, Season
from .events import MEMBERS

NAMES = {member: name for name, member in MEMBERS.items()}


def summary(season: Season) -> str:
    shown = season.shown
    out = [f"Federation {season.fid}, as of {season.today}: {len(season.events)} events, "
           f"{sum(e.counts for e in season.events)} rated"]
    for e in season.events:
        out.append(f"  {e.event_id:<16} {e.group:<11} {e.tier:<22} {e.size:>2} players  "
                   f"{'rated' if e.counts else 'not rated'}")
    for group in ("limited", "constructed"):
        out.append(f"Leaderboard, {group}:")
        out.append(table([{"rank": r, "member": m, "name": NAMES.get(m), "rating": p}
                          for r, m, p in shown[group]], limit=8))
    profile = shown["profile"]
    out.append(f"Profile of {PROFILE} ({profile['member_id']}): "
               + ", ".join(f"{g} {v['rating']} (rank {v['rank']})"
                           for g, v in profile["groups"].items())
               + f"; {profile['totals']['events']} events, {profile['totals']['gw']} GW, "
               f"{profile['totals']['vp']:g} VP, {profile['totals']['finals']} finals")
    out.append(table([{"date": e["date"], "event": e["event_id"], "group": e["group"],
                       "gw": e["gw"], "vp": e["vp"], "standing": e["standing"],
                       "points": e["points"]["total"], "counts": e["counts"]}
                      for e in profile["events"]]))
    out.append("Qualified for the European championship:")
    out.append(table([{"member": m, "name": NAMES.get(m), "by": ", ".join(rules)}
                      for m, rules in shown["qualified"].items()]))
    league = shown["league"]
    out.append(f"Store league {league['name']} ({len(league['events'])} events), "
               f"invited: {', '.join(NAMES.get(m, m) for m in league['invited'])}")
    out.append(table([{"rank": r["rank"], "member": r["player"],
                       "name": NAMES.get(r["player"]), "points": r["points"]}
                      for r in league["standings"]], limit=8))
    return "\n".join(out)
