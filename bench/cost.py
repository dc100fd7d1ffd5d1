"""What a whole event costs on DynamoDB: read and write units, and the on-demand price.

    python -m bench cost [--vtes 64] [--draft 256] [--swiss 1024,2048] [--extrapolate 4096]

Each event runs through the HTTP app in-process on the DynamoDB adapters (moto
in-process, ``bench/scale.py``'s runtime: every POST with an Idempotency-Key, as clients
send; the projector's view and checkpoint writes included, run after each commit as the
stream's Lambda runs them), each in a fresh set of tables, with every call's units
counted from item sizes (``bench/capacity.py``; prices there):

* ``--vtes``: a V:EKN (V:TES) event: registration, each player's pool recorded, three
  seated rounds with every table reported, the final, finish, the federation report
  (``bench.scale.tables_event``);
* ``--draft``: a Munchkin booster draft with Swiss: self-registration, the draft picked by
  every player from their phone, decks registered, every planned Swiss round paired and
  each match reported and confirmed by its players, finish and report (the demo's own
  steps: ``demo/scenarios``);
* ``--swiss``: a Swiss event of each size (players' pools recorded by staff, log2(N)
  rounds, ``bench.scale.swiss_event``); ``--extrapolate N`` then estimates N players from
  the largest two measured sizes: units per player-round of the larger, after showing how
  much it moved between the two (a 4,096-player event on moto in-process takes longer
  than a run may: moto keeps every item and stream record as Python objects).

Stream reads by the projector's Lambda trigger are free (DynamoDB Streams' GetRecords
from a Lambda event source mapping is not billed); storage, Lambda and API Gateway are
not counted."""
from __future__ import annotations

import argparse
import json
import logging
import math
import time
import uuid
from collections import Counter
from typing import Any

from demo.client import Api, start_event
from demo.transport import Response

from .capacity import PRICE_PER_MILLION_READS, PRICE_PER_MILLION_WRITES, Ledger
from .counting import CountingClient
from .scale import ADMIN, Http, moto_runtime, swiss_event, tables_event


class InProcess:
    """demo's Transport over ``scale.Http``'s in-process client (a POST without an
    Idempotency-Key gets one, as the apps send)."""

    def __init__(self, http: Http):
        self.http = http

    def request(self, method: str, path: str, body: Any = None, token: str | None = None,
                headers: dict[str, str] | None = None) -> Response:
        sent = {"Content-Type": "application/json", **(headers or {})}
        if token:
            sent["Authorization"] = f"Bearer {token}"
        if method == "POST":
            sent.setdefault("Idempotency-Key", uuid.uuid4().hex)
        raw = b"" if body is None else json.dumps(body).encode()
        reply = self.http.client.http.request(method, path, headers=sent, body=raw)
        self.http.calls += 1
        text = reply.body.decode() if isinstance(reply.body, bytes) else reply.body
        try:
            parsed = json.loads(text) if text else None
        except ValueError:                                 # CSV, HTML, JavaScript
            parsed = text
        return Response(reply.status_code, parsed, dict(reply.headers))


def vtes_event(http: Http, players: int) -> dict[str, Any]:
    tables_event(http, players)
    return {"players": players, "rounds": 3}


def draft_swiss_event(http: Http, players: int) -> dict[str, Any]:
    from demo.scenarios.booster import run_draft
    from demo.scenarios.decks import munchkin_deck, register_pool_decks
    from demo.scenarios.finish import finish_and_report
    from demo.scenarios.swiss import play_swiss, play_top_cut
    api = Api(InProcess(http), ADMIN)
    ev = start_event(api, "Cost bench", "munchkin", "booster-draft", players)
    drafted = run_draft(api, ev)
    register_pool_decks(api, ev, "sample-munchkin", munchkin_deck)
    played = play_swiss(api, ev)
    if played["planned_cut"]:
        play_top_cut(api, ev)
    finish_and_report(api, ev)
    return {"players": players, "picks": drafted["picks"], "rounds": played["rounds"],
            "matches": played["matches"]}


def swiss_only(http: Http, players: int) -> dict[str, Any]:
    rounds = max(1, math.ceil(math.log2(players)))
    swiss_event(http, players, rounds)
    return {"players": players, "rounds": rounds}


def measure(name: str, run, size: int) -> dict[str, Any]:
    ledger = Ledger()
    clients: list[CountingClient] = []

    def counting(client):
        clients.append(CountingClient(client, ledger))
        return clients[-1]
    rt, mock = moto_runtime(wrap=counting)
    try:
        started = time.perf_counter()
        http = Http(rt)
        facts = run(http, size)
        return {"name": name, **facts, "calls": http.calls, "ledger": ledger,
                "kinds": sum((c.kinds for c in clients), Counter()),
                "seconds": time.perf_counter() - started}
    finally:
        mock.stop()


def print_event(row: dict[str, Any], top: int = 6) -> None:
    ledger: Ledger = row["ledger"]
    facts = ", ".join(f"{k} {v:,}" for k, v in row.items()
                      if k in ("picks", "rounds", "matches"))
    print(f"== {row['name']}: {row['players']:,} players ({facts}), {row['calls']:,} HTTP "
          f"calls, {row['seconds']:.0f} s")
    print(f"   {ledger.reads:,.0f} read units, {ledger.writes:,.0f} write units: "
          f"${ledger.dollars():.4f} per event (${ledger.dollars() / row['players']:.6f} "
          f"per player)")
    for table, operation, calls, reads, writes, dollars in ledger.by_cost()[:top]:
        share = 100 * dollars / ledger.dollars() if ledger.dollars() else 0
        print(f"   {share:5.1f} %  {table:<7} {operation:<34} {calls:>8,} calls "
              f"{reads:>11,.0f} RRU {writes:>11,.0f} WRU")
    kinds = row.get("kinds") or Counter()
    total = sum(kinds.values())
    if total:
        print("   view writes by kind (table and index units): " + ", ".join(
            f"{kind} {100 * units / total:.0f} %" for kind, units in kinds.most_common(8)))


def extrapolate(rows: list[dict[str, Any]], players: int, rounds_of=None) -> None:
    """From the largest two measured sizes: units per player-round of the larger (rounds:
    ``rounds_of(players)``), or per player without ``rounds_of``, after showing how much
    that moved between the two."""
    small, large = rows[-2], rows[-1]

    def per(row, value):
        return value / (row["players"] * (row["rounds"] if rounds_of else 1))
    ratio = per(large, large["ledger"].dollars()) / per(small, small["ledger"].dollars())
    rounds = rounds_of(players) if rounds_of else 1
    reads = per(large, large["ledger"].reads) * players * rounds
    writes = per(large, large["ledger"].writes) * players * rounds
    dollars = (reads * PRICE_PER_MILLION_READS + writes * PRICE_PER_MILLION_WRITES) / 1e6
    unit = "player-round" if rounds_of else "player"
    print(f"== {large['name']}: {players:,} players"
          f"{f', {rounds} rounds' if rounds_of else ''}: EXTRAPOLATED from "
          f"{large['players']:,} players (cost per {unit} x{ratio:.2f} from "
          f"{small['players']:,} to {large['players']:,}): ~{reads:,.0f} read units, "
          f"~{writes:,.0f} write units, ~${dollars:.4f} per event")


def swiss_rounds(players: int) -> int:
    return max(1, math.ceil(math.log2(players)))


def _sizes(text: str) -> list[int]:
    return [int(s) for s in text.split(",") if s]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench cost", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--vtes", default="64", help="sizes, comma-separated")
    parser.add_argument("--draft", default="256", help="sizes, comma-separated")
    parser.add_argument("--swiss", default="1024,2048", help="sizes, comma-separated")
    parser.add_argument("--extrapolate-draft", type=int, default=0,
                        help="estimate this many drafting players from the last two --draft")
    parser.add_argument("--extrapolate", type=int, default=4096,
                        help="estimate this many Swiss players from the last two --swiss")
    args = parser.parse_args(argv)
    logging.disable(logging.WARNING)
    print(f"prices: ${PRICE_PER_MILLION_WRITES} per million write units, "
          f"${PRICE_PER_MILLION_READS} per million read units (on-demand, us-east-1)")
    for size in _sizes(args.vtes):
        print_event(measure("V:TES (V:EKN tables)", vtes_event, size))
    drafts, swiss = [], []
    for size in _sizes(args.draft):
        drafts.append(measure("booster draft + Swiss", draft_swiss_event, size))
        print_event(drafts[-1])
    if args.extrapolate_draft and len(drafts) >= 2:
        extrapolate(drafts, args.extrapolate_draft)         # per player: picks dominate
    for size in _sizes(args.swiss):
        swiss.append(measure("Swiss", swiss_only, size))
        print_event(swiss[-1])
    if args.extrapolate and len(swiss) >= 2 and args.extrapolate > swiss[-1]["players"]:
        extrapolate(swiss, args.extrapolate, swiss_rounds)
    return 0
