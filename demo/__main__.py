"""``python -m demo [--store dynamodb] [--url URL --admin-key KEY] [--only NAME ...]``: runs
every whole event against a live server over HTTP (by default a fresh ``chalice local`` on
127.0.0.1 with a temporary SQLite data dir; ``--store dynamodb``: the local deployed shape,
``python -m devserver``, on a fresh in-memory DynamoDB), prints each event's final standings
and federation report, then a federation account pulls the report feed and acknowledges
each report; last, a federation's season (demo/season): its leaderboards, a profile,
the qualification list and a store league, each number checked against the rules.
With stream projection, reads wait until the projection has caught up with the writes
before them (demo/consistency.py), and at the end the views the stream built
must equal a full rebuild's."""
from __future__ import annotations

import argparse
import os
import sys
import time

from .client import Api
from .consistency import Session
from .printing import report_summary, table
from .registry import MODULES, scenario
from .server import LocalServer
from .transport import UrlTransport
from .views import differences, dump_views

REBUILD_TIMEOUT = 600.0


SEASON = "season"


def run_all(api: Api, names: list[str]) -> int:
    events = [n for n in names if n != SEASON]
    status = run_events(api, events) if events else 0
    if SEASON in names:
        status = run_season(api) or status
    return status


def run_season(api: Api) -> int:
    """The federation's season (demo/season): fails loudly (SeasonError) when a number
    the API gives is not the hand computation's."""
    from .season import run
    from .season.show import summary
    calls, start = api.calls, time.perf_counter()
    season = run(api)
    print(f"\n=== season: {len(season.events)} events: 3 run on Podium by 2 organizers, 4 imported "
          f"({api.calls - calls} HTTP calls, {time.perf_counter() - start:.1f} s); "
          f"every number checked against the hand computation ===")
    print(summary(season))
    return 0


def run_events(api: Api, names: list[str]) -> int:
    outcomes = []
    for name in names:
        calls, start = api.calls, time.perf_counter()
        outcome = scenario(name)(api)
        seconds = time.perf_counter() - start
        outcomes.append(outcome)
        print(f"\n=== {name}: tournament {outcome.tournament_id} "
              f"({api.calls - calls} HTTP calls, {seconds:.1f} s) ===")
        print("  checked: " + ", ".join(f"{k}={v}" for k, v in outcome.checks.items()))
        print("Final standings:")
        print(table(outcome.standings))
        print("Federation report:")
        print(report_summary(outcome.report))
    fed = api.post("/v1/accounts", {"role": "federation", "name": "Demo federation"},
                   token=api.admin_key)["api_key"]
    feed, cursor = [], None
    for _ in range(100):                               # bounded pages
        page = api.get("/v1/reports/feed" + (f"?since={cursor}" if cursor else ""), token=fed)
        feed += [r["tournament_id"] for r in page["items"]]
        cursor = page["next"]
        if not page["more"]:
            break
    ours = [o.tournament_id for o in outcomes]
    missing = [t for t in ours if feed.count(t) != 1]
    for tid in ours:
        api.post(f"/v1/tournaments/{tid}/report/receipt", {}, token=fed)
    print(f"\nFederation feed: {len(feed)} reports pulled; this run's {len(ours)} "
          f"each exactly once: {'yes' if not missing else 'NO ' + str(missing)}; receipts "
          f"recorded")
    return 1 if missing else 0


def consistent_api(url: str, admin_key: str) -> Api:
    """An Api that reads its own writes on any server (``X-Podium-Position``)."""
    return Api(Session(UrlTransport(url)), admin_key)


def views_match_rebuild(server: LocalServer, api: Api) -> bool:
    """The views the stream projected equal those of ``POST /v1/admin/projections/rebuild``
    (the views table read directly, checkpoints aside)."""
    transport = api.transport
    slow = UrlTransport(server.url, timeout=REBUILD_TIMEOUT)
    # the stream's own projector has caught up with every write (the devserver's view)
    slow.request("GET", "/_devserver/projection?wait=30")
    before = dump_views(server.dynamodb_endpoint, server.views_table)
    started = time.perf_counter()
    job = slow.request("POST", "/v1/admin/projections/rebuild", token=server.admin_key)
    while job.status in (200, 202) and job.body["state"] == "running" \
            and time.perf_counter() - started < REBUILD_TIMEOUT:
        job = slow.request("GET", "/v1/admin/projections/rebuild?wait=20",
                           token=server.admin_key)
    seconds = time.perf_counter() - started
    if job.status not in (200, 202) or job.body["state"] != "succeeded":
        print(f"rebuild failed: {job.status} {job.body}")
        return False
    after = dump_views(server.dynamodb_endpoint, server.views_table)
    diff = differences(before, after)
    print(f"Views: {len(before)} documents projected from the stream; a rebuild into a new "
          f"generation ({job.body['events_applied']} events, {seconds:.1f} s) gives the "
          f"same: {'yes' if not diff else 'NO ' + str(diff)}")
    if isinstance(transport, Session):
        print(f"Reads and writes that carried X-Podium-Position: {transport.carried}")
    return not diff


def run_local(store: str, names: list[str], keep: str | None = None) -> int:
    if keep:
        os.makedirs(keep, exist_ok=True)
    with LocalServer(store=store, data_dir=keep) as server:
        print(f"Local server {server.url} ({store}, data {server.data_dir})")
        if keep:           # serve.sh on this data dir takes the same admin key
            path = os.path.join(keep, "admin.key")
            if os.path.exists(path):
                os.remove(path)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(server.admin_key)
        try:
            api = consistent_api(server.url, server.admin_key)
            status = run_all(api, names)
            if store == "dynamodb" and not views_match_rebuild(server, api):
                status = 1
            return status
        except Exception:
            print("server log tail:\n" + server.log(), file=sys.stderr)
            raise


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m demo", description=__doc__)
    parser.add_argument("--url", help="a running server (loopback), e.g. http://127.0.0.1:8000")
    parser.add_argument("--admin-key", help="its admin key (with --url)")
    parser.add_argument("--store", choices=("sqlite", "dynamodb"), default="sqlite",
                        help="the fresh local server's store (without --url)")
    parser.add_argument("--keep", metavar="DIR",
                        help="sqlite: play on a server whose data dir DIR is kept, to explore "
                             "afterwards (PODIUM_DATA_DIR=DIR ./scripts/serve.sh)")
    parser.add_argument("--only", action="append", choices=[*sorted(MODULES), SEASON],
                        help="run only this scenario, or the federation's season "
                             "(repeatable)")
    args = parser.parse_args(argv)
    names = args.only or [*MODULES, SEASON]
    if args.url:
        if not args.admin_key:
            parser.error("--url needs --admin-key")
        return run_all(consistent_api(args.url, args.admin_key), names)
    if args.keep and args.store != "sqlite":
        parser.error("--keep keeps the embedded store's files: --store sqlite")
    status = run_local(args.store, names, args.keep)
    if args.keep:
        print(f"Data kept in {args.keep}: PODIUM_DATA_DIR={args.keep} ./scripts/serve.sh "
              f"serves these events (its admin key is in {args.keep}/admin.key)")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
