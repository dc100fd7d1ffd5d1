"""The largest event registration accepts, run to its end through the HTTP app in-process
(SQLite): registration to the limit, the product hand-out, opening, play, finish, the
federation report and the public audit log, every call answered 2xx.

    python -m bench largest [--formats NAME,...]   (default: every scenario below)
                            [--players N]   (default: each format's limit)

``vtes-sealed`` (V:EKN tables) and ``munchkin-sealed`` (Swiss) run at the sealed limit
(``MAX_PLAYERS_BY_FORMAT``, 2,000) to the report; ``vtes-restricted-trade`` (Michigan:
set-ups, trading pods traded out, crypts, decks) and ``vtes-sealed-swap`` (registration,
the swap, decks) at the same limit (:mod:`bench.largest_trades`);
``munchkin-draft-start`` registers the general limit (``MAX_PLAYERS``, 20,000) and
starts the booster draft (pods formed, packs collated: 900,000 picks to the end do not
fit a bench run); ``mtg-draft-entered-start`` enters every player's packs at the limit
of a draft whose product is entered per player (``MAX_PLAYERS_ENTERED_DRAFT``, 2,000)
and starts it (see :func:`draft_entered` for why start only); ``vtes-sealed-entered``,
``vtes-table-draft-entered-start`` and ``vtes-mixed-draft-entered-start`` hand out product
entered player by player at the same limit (:mod:`bench.largest_entered`). Every reply
must also stay under a Lambda reply's 6 MB less a tenth (the deployed API's limit)."""
from __future__ import annotations

import argparse
import logging
import tempfile
import time

from bench.guard import target
from bench.largest_entered import mixed_draft_entered, sealed_entered, table_draft_entered
from bench.largest_steps import event, open_sealed, report_and_audit, tables_to_the_end
from bench.largest_trades import restricted_trade, sealed_swap
from bench.scale import Http, sqlite_runtime
from chalicelib.data.sets import sample_sets
from chalicelib.domain.product.collation import collate
from chalicelib.domain.profiles.registration import (
    MAX_PLAYERS,
    MAX_PLAYERS_BY_FORMAT,
    MAX_PLAYERS_ENTERED_DRAFT,
)
from chalicelib.domain.rng import derive
from chalicelib.store.item_size import MAX_ITEM_BYTES, event_item, item_size


def sealed_swiss(http: Http, players: int) -> str:
    org, base, _ = event(http, "munchkin", "sealed", players, "swiss")
    open_sealed(http, org, base)
    http.call("POST", f"{base}/swiss/structure", {"rounds": 3, "top_cut": 0}, org)
    for _ in range(3):
        number = http.call("POST", f"{base}/swiss/rounds", {}, org)["round"]
        for i, m in enumerate(http.every_page(f"{base}/swiss/rounds/{number}", "matches")):
            if m.get("b") is None:
                continue
            score = {"a": 1, "b": 0} if (i + number) % 3 else {"a": 0, "b": 1}
            http.call("POST", f"{base}/swiss/matches/{m['match_id']}/result", score, org)
    rows = http.every_page(f"{base}/swiss/standings?limit=2000", "rows")
    assert len(rows) == players, len(rows)
    return f"{players} players, 3 rounds, audit log {report_and_audit(http, org, base)} events"


def sealed_tables(http: Http, players: int) -> str:
    org, base, _ = event(http, "vtes", "sealed", players, "multiplayer-tables")
    open_sealed(http, org, base)
    return f"{players} players, 3 rounds and a final, audit log " \
           f"{tables_to_the_end(http, org, base)} events"


def draft_start(http: Http, players: int) -> str:
    org, base, _ = event(http, "munchkin", "booster-draft", players, "swiss")
    started = http.call("POST", f"{base}/draft", {}, org)
    seated = sum(len(p["seats"]) for p in started["pods"])
    assert seated == players, seated
    return f"{players} players in {len(started['pods'])} pods"


def draft_entered(http: Http, players: int) -> str:
    """An MTG booster draft whose packs each player brought (source ``entered``): every
    player's three physical packs entered, the draft started (pods formed, every pack in
    its seat). Start only: the 90,000 picks to the end cost about 6 ms each through the
    app (2,880 picks of 64 players in 16.7 s), 9 minutes before decks and play."""
    org, base, tokens = event(http, "mtg", "booster-draft", players, "swiss",
                              {"product": {"source": "entered"}})
    mtg = sample_sets()["sample-mtg"]
    for pid in tokens:
        packs = [{"cards": collate(mtg, "booster", derive("bench", pid, r))} for r in range(3)]
        http.call("POST", f"{base}/product/players/{pid}", {"packs": packs}, org)
    started = http.call("POST", f"{base}/draft", {}, org)
    seated = sum(len(p["seats"]) for p in started["pods"])
    assert seated == players, seated
    pack = http.call("GET", f"{base}/draft/pods/{len(started['pods'])}/log", token=org)["packs"]
    assert len(pack) == 3, pack
    return f"{players} players' packs entered, {len(started['pods'])} pods"


SCENARIOS = {
    "munchkin-sealed": (sealed_swiss, MAX_PLAYERS_BY_FORMAT["sealed"]),
    "vtes-sealed": (sealed_tables, MAX_PLAYERS_BY_FORMAT["sealed"]),
    "munchkin-draft-start": (draft_start, MAX_PLAYERS),
    "vtes-restricted-trade": (restricted_trade, MAX_PLAYERS_BY_FORMAT["restricted-trade"]),
    "vtes-sealed-swap": (sealed_swap, MAX_PLAYERS_BY_FORMAT["sealed-swap"]),
    "mtg-draft-entered-start": (draft_entered, MAX_PLAYERS_ENTERED_DRAFT),
    "vtes-sealed-entered": (sealed_entered, MAX_PLAYERS_BY_FORMAT["sealed"]),
    "vtes-table-draft-entered-start": (table_draft_entered, MAX_PLAYERS_ENTERED_DRAFT),
    "vtes-mixed-draft-entered-start": (mixed_draft_entered, MAX_PLAYERS_ENTERED_DRAFT),
}


def _keep_largest(largest: list[tuple[int, str]]):
    """An after-commit hook keeping in ``largest[0]`` the largest event item stored."""
    def keep(stored) -> None:
        largest[0] = max(largest[0], *((item_size(event_item(e)), e.type) for e in stored))
    return keep


LAMBDA_REPLY = 6 * 1024 * 1024     # bytes: a synchronous Lambda's reply, at most


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench largest")
    parser.add_argument("--formats", default=",".join(SCENARIOS))
    parser.add_argument("--players", type=int, default=None,
                        help="instead of each format's limit (for a quick run)")
    args = parser.parse_args(argv or [])
    logging.disable(logging.WARNING)
    ok = True
    for name in args.formats.split(","):
        run, limit = SCENARIOS[name]
        players = args.players or limit
        with tempfile.TemporaryDirectory() as directory:
            rt, _ = sqlite_runtime(directory)
            largest: list[tuple[int, str]] = [(0, "")]     # the run's largest event item
            rt.service.after_commit.insert(0, _keep_largest(largest))
            http = Http(rt)
            started = time.perf_counter()
            try:
                what, passed = run(http, players), True
            except AssertionError as failed:
                what, passed = f"stopped: {failed}", False
            reply, call = http.largest_reply
            print(f"{name}: {what} in {time.perf_counter() - started:.1f} s "
                  f"({http.calls} HTTP calls); largest event {largest[0][1]}, "
                  f"{largest[0][0] / 1024:.0f} KB stored of {MAX_ITEM_BYTES / 1024:.0f} KB; "
                  f"largest reply {reply / 1e6:.2f} MB ({call})")
            ok &= target(f"{name} at {players} players runs to its end", passed)
            ok &= target(f"{name}: every reply under a Lambda reply's {LAMBDA_REPLY / 1e6:.1f} "
                         f"MB less a tenth ({reply / 1e6:.2f} MB)", reply <= 0.9 * LAMBDA_REPLY)
    return 0 if ok else 1
