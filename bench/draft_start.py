"""The start of the largest booster draft registration accepts (``--players``, default
the general limit, 20,000: 2,500 pods of 8), or of a V:TES table or mixed draft
(``--format``; default pods of 4 to 6), in-process on SQLite through the HTTP app,
measured alone: the players are registered by the registration use case itself,
``--batch`` of them per unit of work (the real events, in seconds rather than the
minutes one request each takes: ``python -m bench drafts`` measures those).

    python -m bench draft_start [--players N] [--batch B]
                                [--format booster-draft|table-draft|mixed-draft]

Prints the start request's wall and CPU time; when its own commit landed (what the
request costs deployed, where pods open from the events table's stream: here they open
inline, before the reply); when every pod was open; the commits and the most events one
wrote, and the start's own event as stored (compressed when large). Fails when a pod is
left unopened, when a commit holds more than a DynamoDB transaction's 100 items' worth
of events, when the start's own event stored is over DynamoDB's 400 KB item, or when the
start's own commit takes 29 s (API Gateway's limit) or more."""
from __future__ import annotations

import argparse
import logging
import tempfile
import time
import uuid
from typing import Any

from bench.drafts import InProcess, _peak_mb
from bench.guard import target
from bench.scale import ADMIN, sqlite_runtime
from chalicelib.domain.profiles.registration import MAX_PLAYERS
from chalicelib.store.item_size import MAX_ITEM_BYTES, event_item, item_size
from demo.client import Api

GATEWAY_SECONDS = 29        # API Gateway's integration timeout
TRANSACTION_ITEMS = 100     # DynamoDB's TransactWriteItems
ITEM_BYTES = MAX_ITEM_BYTES  # DynamoDB's largest item less the stores' margin
# format -> (game, route, start body, the start's own event, a pod's first event)
FORMATS = {
    "booster-draft": ("munchkin", "draft", {}, "DraftStarted", "PodOpened"),
    "table-draft": ("vtes", "table-draft", {}, "LimitedPodsFormed", "TableDraftStarted"),
    "mixed-draft": ("vtes", "mixed-draft", {"pile_size": 11}, "LimitedPodsFormed",
                    "MixedDraftStarted"),
}


def _register(rt: Any, tid: str, players: int, batch: int) -> None:
    from chalicelib.application import registration
    from chalicelib.service import Reply

    def work(first: int, count: int):
        def registered(uow):
            for i in range(first, first + count):
                registration.register(uow, None, tid, f"Player {i:05d}", None,
                                      f"pdm_bench_{uuid.uuid4().hex}")
            return Reply(201, None)
        return registered
    for first in range(0, players, batch):
        rt.service.run(work(first, min(batch, players - first)))


def started_draft(directory: str, game: str, fmt: str, players: int, batch: int,
                  name: str) -> tuple[Any, Api, str, str]:
    """A SQLite runtime in ``directory`` with a started ``fmt`` tournament of ``players``
    (registered ``batch`` a unit of work): (runtime, api, organizer key, tournament id)."""
    rt = sqlite_runtime(directory)[0]
    api = Api(InProcess(rt), ADMIN)
    org = api.organizer(name)
    tid = api.tournament(org, f"{players} drafting", game, fmt,
                         settings={"registration": {"max_players": players}})
    _register(rt, tid, players, batch)
    api.post(f"/v1/tournaments/{tid}/start", token=org)
    return rt, api, org, tid


def run(players: int, batch: int, fmt: str = "booster-draft") -> bool:
    game, route, body, own_type, pod_type = FORMATS[fmt]
    with tempfile.TemporaryDirectory() as directory:
        started = time.perf_counter()
        rt, api, org, tid = started_draft(directory, game, fmt, players, batch,
                                          "Largest draft start")
        registered = time.perf_counter() - started
        commits: list[tuple[float, list[Any]]] = []
        rt.service.after_commit.insert(0, lambda stored: commits.append(
            (time.perf_counter(), stored)))
        started, cpu = time.perf_counter(), time.process_time()
        pods = api.post(f"/v1/tournaments/{tid}/{route}", body, token=org)["pods"]
        wall, cpu = time.perf_counter() - started, time.process_time() - cpu
        own, start_event = next((at, e) for at, stored in commits for e in stored
                                if e.type == own_type)
        opened = [at for at, stored in commits if any(e.type == pod_type for e in stored)]
        largest = max(len(stored) for _, stored in commits)
        stored_bytes = item_size(event_item(start_event))    # as every store counts it
        print(f"\n== {fmt} start ({game}), {players} players, {len(pods)} pods ==")
        print(f"registered and started the tournament in {registered:.1f} s "
              f"({batch} registrations a unit of work)")
        print(f"the start request: {wall:.1f} s wall, {cpu:.1f} s CPU; its own commit "
              f"({own_type}, {stored_bytes / 1024:.0f} KB stored) landed after "
              f"{own - started:.2f} s; every pod open after "
              f"{(max(opened) if opened else own) - started:.1f} s, in {len(commits)} "
              f"commits of at most {largest} events; peak memory {_peak_mb():.0f} MB")
        ok = target(f"every pod opened ({len(opened)} of {len(pods)})", len(opened) == len(pods))
        ok &= target(f"no commit over {TRANSACTION_ITEMS} items ({largest} events at most)",
                     largest < TRANSACTION_ITEMS)
        ok &= target(f"the start's own event within the stores' {ITEM_BYTES // 1024} KB item limit "
                     f"({stored_bytes / 1024:.0f} KB stored)", stored_bytes < ITEM_BYTES)
        ok &= target(f"the start's own commit within API Gateway's {GATEWAY_SECONDS} s "
                     f"({own - started:.2f} s)", own - started < GATEWAY_SECONDS)
        return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench draft_start")
    parser.add_argument("--players", type=int, default=MAX_PLAYERS)
    parser.add_argument("--batch", type=int, default=500)
    parser.add_argument("--format", choices=sorted(FORMATS), default="booster-draft")
    args = parser.parse_args(argv or [])
    logging.disable(logging.WARNING)
    return 0 if run(args.players, args.batch, args.format) else 1
