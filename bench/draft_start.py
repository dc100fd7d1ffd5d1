"""The start of the largest booster draft registration accepts (``--players``, default
the general limit, 20,000: 2,500 pods of 8), in-process on SQLite through the HTTP app,
measured alone: the players are registered by the registration use case itself,
``--batch`` of them per unit of work (the real events, in seconds rather than the
minutes one request each takes: ``python -m bench drafts`` measures those).

    python -m bench draft_start [--players N] [--batch B]

Prints the start request's wall and CPU time; when its own commit landed (what the
request costs deployed, where pods open from the events table's stream: here they open
inline, before the reply); when every pod was open; the commits and the most events one
wrote. Fails when a pod is left unopened, when a commit holds more than a DynamoDB
transaction's 100 items' worth of events, or when the start's own commit takes 29 s
(API Gateway's limit) or more."""
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
from demo.client import Api

GATEWAY_SECONDS = 29        # API Gateway's integration timeout
TRANSACTION_ITEMS = 100     # DynamoDB's TransactWriteItems


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


def run(players: int, batch: int) -> bool:
    with tempfile.TemporaryDirectory() as directory:
        rt = sqlite_runtime(directory)[0]
        api = Api(InProcess(rt), ADMIN)
        org = api.organizer("Largest draft start")
        tid = api.tournament(org, f"{players} drafting", "munchkin", "booster-draft",
                             settings={"registration": {"max_players": players}})
        started = time.perf_counter()
        _register(rt, tid, players, batch)
        api.post(f"/v1/tournaments/{tid}/start", token=org)
        registered = time.perf_counter() - started
        commits: list[tuple[float, list[Any]]] = []
        rt.service.after_commit.insert(0, lambda stored: commits.append(
            (time.perf_counter(), stored)))
        started, cpu = time.perf_counter(), time.process_time()
        pods = api.post(f"/v1/tournaments/{tid}/draft", {}, token=org)["pods"]
        wall, cpu = time.perf_counter() - started, time.process_time() - cpu
        own = next(at for at, stored in commits if any(e.type == "DraftStarted" for e in stored))
        opened = [at for at, stored in commits if any(e.type == "PodOpened" for e in stored)]
        largest = max(len(stored) for _, stored in commits)
        print(f"\n== booster draft start (munchkin), {players} players, {len(pods)} pods ==")
        print(f"registered and started the tournament in {registered:.1f} s "
              f"({batch} registrations a unit of work)")
        print(f"the start request: {wall:.1f} s wall, {cpu:.1f} s CPU; its own commit "
              f"(DraftStarted) landed after {own - started:.2f} s; every pod open after "
              f"{(max(opened) if opened else own) - started:.1f} s, in {len(commits)} "
              f"commits of at most {largest} events; peak memory {_peak_mb():.0f} MB")
        ok = target(f"every pod opened ({len(opened)} of {len(pods)})", len(opened) == len(pods))
        ok &= target(f"no commit over {TRANSACTION_ITEMS} items ({largest} events at most)",
                     largest < TRANSACTION_ITEMS)
        ok &= target(f"the start's own commit within API Gateway's {GATEWAY_SECONDS} s "
                     f"({own - started:.2f} s)", own - started < GATEWAY_SECONDS)
        return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench draft_start")
    parser.add_argument("--players", type=int, default=MAX_PLAYERS)
    parser.add_argument("--batch", type=int, default=500)
    args = parser.parse_args(argv or [])
    logging.disable(logging.WARNING)
    return 0 if run(args.players, args.batch) else 1
