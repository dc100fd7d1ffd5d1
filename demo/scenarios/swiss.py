"""Swiss rounds played by phone (one player reports, the opponent confirms), then the
single-elimination top cut when the event has one."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from ..client import Api


def score(match: dict[str, Any], a_wins: bool) -> dict[str, int]:
    need = match.get("best_of", 1) // 2 + 1
    loser = need - 1 if match.get("best_of", 1) > 1 else 0
    return {"a": need, "b": loser} if a_wins else {"a": loser, "b": need}


def play_match(api: Api, ev, match: dict[str, Any], a_wins: bool, judge: str | None = None):
    url = f"{ev.base}/swiss/matches/{match['match_id']}"
    if judge:
        return api.post(url + "/result", score(match, a_wins), token=judge)
    reported = api.post(url + "/result", score(match, a_wins), token=ev.token[match["a"]])
    if reported["status"] != "reported":
        raise AssertionError(reported)
    return api.post(url + "/confirm", token=ev.token[match["b"]])


def a_wins(match: dict[str, Any], rnd: int) -> bool:
    """Deterministic but mixed outcomes, so standings have every score group."""
    return (match["table"] + rnd) % 3 != 0


def play_swiss(api: Api, ev, pods: dict[str, int] | None = None,
               judge: str | None = None, drop_after: int | None = None) -> dict[str, Any]:
    """Pair and play every planned round; ``drop_after``: the last-ranked player drops
    after that round (V:EKN 3.1.4: it takes effect before the next pairing)."""
    rounds = matches = 0
    dropped = None
    body = {"pods": pods} if pods else None
    for rnd in range(1, 30):                           # bounded by the planned rounds
        r = api.call("POST", f"{ev.base}/swiss/rounds", body if rnd == 1 else None, ev.org)
        if r.status == 409 and rnd > 1:
            break
        if r.status != 201:
            raise AssertionError(f"pairing round {rnd}: {r.status} {r.body}")
        for match in r.body["matches"]:
            play_match(api, ev, match, a_wins(match, rnd),
                       judge if match["table"] == 1 else None)
            matches += 1
        rounds += 1
        if rounds == drop_after:
            dropped = api.get(f"{ev.base}/swiss/standings")["rows"][-1]["player_id"]
            api.post(f"{ev.base}/players/{dropped}/drop", {"reason": "had to leave"},
                     token=ev.token[dropped])
        elif dropped and any(dropped in (m["a"], m["b"]) for m in r.body["matches"]):
            raise AssertionError("a dropped player was paired")
    overview = api.get(f"{ev.base}/swiss")
    if rounds != overview["planned_rounds"]:
        raise AssertionError(f"played {rounds} rounds, planned {overview['planned_rounds']}")
    return {"rounds": rounds, "matches": matches, "planned_cut": overview["planned_cut"],
            "dropped": dropped}


def extend_first_cut_match(api: Api, ev) -> None:
    """A judge call held up the first cut match: it gets three more minutes on its own
    clock (timed from the cut's start; Munchkin: every round but the final has 40)."""
    before = api.get(f"{ev.base}/swiss/bracket")["rounds"][0]["match_ends_at"]["C1-1"]
    api.post(f"{ev.base}/swiss/matches/C1-1/extensions",
             {"minutes": 3, "reason": "judge call"}, token=ev.org)
    after = api.get(f"{ev.base}/swiss/bracket")["rounds"][0]["match_ends_at"]["C1-1"]
    if before is None or (datetime.fromisoformat(after)
                          - datetime.fromisoformat(before)).total_seconds() != 180:
        raise AssertionError(f"the cut match's clock did not move: {before} -> {after}")


def play_top_cut(api: Api, ev, extend: bool = False) -> dict[str, Any]:
    cut = api.post(f"{ev.base}/swiss/top-cut", token=ev.org)
    if extend:
        extend_first_cut_match(api, ev)
    played = 0
    for _ in range(10):                                # bounded: log2(cut) rounds
        bracket = api.get(f"{ev.base}/swiss/bracket")
        if bracket.get("champion"):
            break
        for rnd in bracket["rounds"]:
            for match in rnd["matches"]:
                if match["status"] == "open" and match["a"] and match["b"]:
                    play_match(api, ev, match, a_wins(match, played))
                    played += 1
    else:
        raise AssertionError("top cut did not finish")
    return {"seeds": cut["seeds"], "champion": bracket["champion"], "matches": played,
            "bracket": bracket}


def standings(api: Api, ev, cut: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Final places: the top cut by how far each seed went, then the Swiss order."""
    rows = api.get(f"{ev.base}/swiss/standings")["rows"]
    out = [{"place": 0, "player_id": r["player_id"], "name": ev.name[r["player_id"]],
            "swiss_rank": r["rank"], "points": r["points"], "wins": r["wins"],
            "losses": r["losses"], "dropped": r["dropped"]} for r in rows]
    order = _cut_order(cut) if cut else {}
    out.sort(key=lambda r: (order.get(r["player_id"], len(order)), r["swiss_rank"]))
    for k, row in enumerate(out):
        row["place"] = k + 1
    return out


def _cut_order(cut: dict[str, Any]) -> dict[str, int]:
    """Champion first, then by the bracket round each seed lost in (later is better)."""
    lost_in: dict[str, int] = {}
    for k, rnd in enumerate(cut["bracket"]["rounds"]):
        for m in rnd["matches"]:
            if m["status"] == "final" and m["a"] and m["b"]:
                a_won = m["score"]["a"] > m["score"]["b"]
                lost_in[m["b"] if a_won else m["a"]] = k
    seeds = cut["seeds"]
    ordered = sorted(seeds, key=lambda p: (-(lost_in.get(p, 99)), seeds.index(p)))
    return {p: i for i, p in enumerate(ordered)}
