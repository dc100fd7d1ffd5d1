"""The largest drafts registration accepts, through the HTTP app in-process (SQLite):
``--players`` (default the general limit, 20,000) register, the draft starts for all of
them (every pod formed, every pack collated), then every pick of ``--finish-pods`` pods
(default: all) runs to the pod's end, by its players, each ``--miss``-th pick missed:
an expired timer takes it (the server's clock moved past the pick timer; the booster
draft, untimed by default, has a judge take it as the timer would, V:EKN 7.5.3).

    python -m bench drafts [--kinds booster,table,mixed] [--players N]
                           [--finish-pods K] [--miss M]

Prints per kind: registration and start times, picks and auto-picks, p50 / p99 / max
per pick, the picks of the last finished pods against the first ones (state or views
growing with the draft would show), and the process's peak memory. Fails when a call is
refused, a pod does not finish, or the last pods' picks cost over 1.5x the first's."""
from __future__ import annotations

import argparse
import json
import logging
import resource
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from bench.guard import target
from bench.scale import ADMIN, sqlite_runtime
from chalicelib.domain.profiles.registration import MAX_PLAYERS
from demo.client import Api
from demo.scenarios.booster import pick_body
from demo.transport import Response

TIMER = 90          # seconds per pick (table and mixed drafts)


class InProcess:
    """The demo client's transport over the Chalice app in-process, with the service's
    clock movable (``Api.let_time_pass``: a pick timer runs out at once)."""

    def __init__(self, rt):
        from chalice.test import Client

        from app import app
        from chalicelib.runtime import set_runtime
        set_runtime(rt)
        self.client = Client(app)
        self.offset = timedelta(0)
        rt.service.clock = lambda: datetime.now(UTC) + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += timedelta(seconds=seconds)

    def request(self, method: str, path: str, body: Any = None, token: str | None = None,
                headers: dict[str, str] | None = None) -> Response:
        sent = {"Content-Type": "application/json", **(headers or {})}
        if token:
            sent["Authorization"] = f"Bearer {token}"
        if method == "POST":
            sent.setdefault("Idempotency-Key", uuid.uuid4().hex)
        raw = b"" if body is None else json.dumps(body).encode()
        reply = self.client.http.request(method, path, headers=sent, body=raw)
        return Response(reply.status_code, json.loads(reply.body) if reply.body else None,
                        dict(reply.headers))


class Timed:
    """Each pick's seconds, per pod in order: wall time, and the process's CPU time
    (what the machine's other work does not add to: the growth check uses it)."""

    def __init__(self) -> None:
        self.pods: list[list[float]] = []
        self.cpu: list[list[float]] = []
        self.auto = 0

    def start_pod(self) -> None:
        self.pods.append([])
        self.cpu.append([])

    def __call__(self, work: Callable[[], Any]) -> Any:
        started, cpu = time.perf_counter(), time.process_time()
        got = work()
        self.pods[-1].append(time.perf_counter() - started)
        self.cpu[-1].append(time.process_time() - cpu)
        return got


def _booster(api: Api, org: str, base: str, pod: int, seats: list[str],
             token: dict[str, str], timed: Timed, miss: int) -> None:
    path = f"{base}/draft/pods/{pod}"
    for _ in range(100):                                # bounded: a pass per pick round
        if api.get(path, token=org)["status"] == "finished":
            return
        for player in seats:
            view = api.get(path + "/me", token=token[player])
            while view.get("pack"):
                if (sum(map(len, timed.pods)) + 1) % miss == 0:
                    timed(lambda p=player: api.post(f"{path}/players/{p}/pick-for",
                                                    token=org))
                    timed.auto += 1
                    view = api.get(path + "/me", token=token[player])
                    continue
                view = timed(lambda v=view, p=player: api.post(
                    path + "/picks", pick_body(v), token=token[p]))["me"]
    raise AssertionError(f"booster pod {pod} did not finish")


def _table(api: Api, org: str, base: str, pod: int, seats: list[str],
           token: dict[str, str], timed: Timed, miss: int) -> None:
    path = f"{base}/table-draft/pods/{pod}"
    for _ in range(5000):                               # bounded: a pod has < 400 picks
        view = api.get(path)
        if view["status"] == "completed":
            return
        if (sum(map(len, timed.pods)) + 1) % miss == 0:
            api.let_time_pass(TIMER + 1)                # the picker is away: the timer
            timed(lambda: api.get(path))                # issues the card on this read
            timed.auto += 1
            continue
        timed(lambda v=view: api.post(path + "/picks", {
            "card": v["table"][0]["card"], "pick": v["pick"]}, token=token[v["picker"]]))
    raise AssertionError(f"table draft pod {pod} did not complete")


def _mixed(api: Api, org: str, base: str, pod: int, seats: list[str],
           token: dict[str, str], timed: Timed, miss: int) -> None:
    path = f"{base}/mixed-draft/pods/{pod}"
    for _ in range(5000):                               # bounded: a pod has < 200 picks
        view = api.get(path)
        if view["status"] not in ("crypt", "library"):
            return
        if (sum(map(len, timed.pods)) + 1) % miss == 0:
            api.let_time_pass(TIMER + 1)
            timed(lambda: api.get(path))
            timed.auto += 1
            continue
        if view["status"] == "crypt":
            crypt = view["crypt_draft"]
            timed(lambda c=crypt: api.post(path + "/crypt-picks", {
                "card": c["table"][0]["card"]}, token=token[c["picker"]]))
            continue
        for player in [p for p, s in view["library_draft"].items() if s["waiting"]]:
            me = api.get(path + "/me", token=token[player])
            if me["pack"] is None:
                continue
            timed(lambda m=me, p=player: api.post(path + "/library-picks", {
                "card": m["pack"]["cards"][-1], "pack": m["pack"]["id"]}, token=token[p]))
    raise AssertionError(f"mixed draft pod {pod} did not complete")


KINDS = {   # kind: (game, format, start path, start body, the pod's pick loop)
    "booster": ("munchkin", "booster-draft", "draft", {}, _booster),
    "table": ("vtes", "table-draft", "table-draft",
              {"pick_seconds": TIMER, "review_seconds": 0}, _table),
    "mixed": ("vtes", "mixed-draft", "mixed-draft",
              {"pile_size": 6, "review_seconds": 0, "pick_seconds": TIMER}, _mixed),
}


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _ms(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def run_kind(kind: str, players: int, finish: int | None, miss: int) -> bool:
    game, fmt, start_path, start_body, loop = KINDS[kind]
    with tempfile.TemporaryDirectory() as directory:
        api = Api(InProcess(sqlite_runtime(directory)[0]), ADMIN)
        org = api.organizer("Largest drafts")
        tid = api.tournament(org, f"{players} drafting", game, fmt,
                             settings={"registration": {"max_players": players}})
        base = f"/v1/tournaments/{tid}"
        started, cpu = time.perf_counter(), time.process_time()
        token = {}
        for i in range(players):
            got = api.register(tid, f"Player {i:05d}")
            token[got["player_id"]] = got["token"]
        api.post(f"{base}/start", token=org)
        registered, registered_cpu = time.perf_counter() - started, time.process_time() - cpu
        started, cpu = time.perf_counter(), time.process_time()
        pods = api.post(f"{base}/{start_path}", start_body, token=org)["pods"]
        opened, opened_cpu = time.perf_counter() - started, time.process_time() - cpu
        seats = {p["pod"]: [s["player_id"] for s in p["seats"]] if "seats" in p
                 else list(p["players"]) for p in pods}
        print(f"\n== {kind} draft ({game} {fmt}), {players} players ==")
        print(f"registered {players} in {registered:.1f} s ({registered_cpu:.1f} s CPU); "
              f"draft started ({len(pods)} pods, {sum(map(len, seats.values()))} seats) in "
              f"one request of {opened:.1f} s ({opened_cpu:.1f} s CPU); "
              f"peak memory {_peak_mb():.0f} MB")
        ok = target(f"{kind}: every player seated", sum(map(len, seats.values())) == players)
        timed = Timed()
        chosen = sorted(seats)[:finish] if finish else sorted(seats)
        started = time.perf_counter()
        for n in chosen:
            timed.start_pod()
            loop(api, org, base, n, seats[n], token, timed, miss)
        spent = time.perf_counter() - started
        every = [t for pod in timed.pods for t in pod]
        k = max(1, len(chosen) // 10)
        first = statistics.mean([t for pod in timed.cpu[:k] for t in pod])
        last = statistics.mean([t for pod in timed.cpu[-k:] for t in pod])
        print(f"{len(chosen)} of {len(pods)} pods drafted to their end: {len(every)} picks "
              f"({timed.auto} by expired timers or a judge) in {spent:.1f} s "
              f"({len(every) / spent:.0f} picks/s); per pick p50 {_ms(every, .5):.1f} ms, "
              f"p99 {_ms(every, .99):.1f} ms, max {_ms(every, 1):.1f} ms; "
              f"peak memory {_peak_mb():.0f} MB")
        print(f"mean CPU per pick, the last {k} pods / the first {k}: {last * 1000:.2f} / "
              f"{first * 1000:.2f} ms (x{last / first:.2f})")
        ok &= target(f"{kind}: the last pods' picks within 1.5x the first's "
                     f"(x{last / first:.2f})", last <= 1.5 * first)
        return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench drafts")
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--players", type=int, default=MAX_PLAYERS)
    parser.add_argument("--finish-pods", type=int, default=None,
                        help="draft only the first K pods to their end (default: all)")
    parser.add_argument("--miss", type=int, default=50,
                        help="every M-th pick is missed and taken by the timer")
    args = parser.parse_args(argv or [])
    logging.disable(logging.WARNING)
    ok = True
    for kind in args.kinds.split(","):
        try:
            ok &= run_kind(kind, args.players, args.finish_pods, args.miss)
        except AssertionError as failed:
            ok &= target(f"{kind} at {args.players} players runs to its end ({failed})",
                         False)
    return 0 if ok else 1
