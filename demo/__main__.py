"""``python -m demo [--url URL --admin-key KEY] [--only NAME ...]``: runs every whole event
against a live server over HTTP (by default a fresh ``chalice local`` on 127.0.0.1 with a
temporary SQLite data dir), prints each event's final standings and federation report,
then a federation account pulls the report feed and acknowledges each report."""
from __future__ import annotations

import argparse
import sys
import time

from .client import Api
from .printing import report_summary, table
from .registry import MODULES, scenario
from .server import LocalServer
from .transport import UrlTransport


def run_all(api: Api, names: list[str]) -> int:
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


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m demo", description=__doc__)
    parser.add_argument("--url", help="a running server (loopback), e.g. http://127.0.0.1:8000")
    parser.add_argument("--admin-key", help="its admin key (with --url)")
    parser.add_argument("--only", action="append", choices=sorted(MODULES),
                        help="run only this scenario (repeatable)")
    args = parser.parse_args(argv)
    names = args.only or list(MODULES)
    if args.url:
        if not args.admin_key:
            parser.error("--url needs --admin-key")
        return run_all(Api(UrlTransport(args.url), args.admin_key), names)
    with LocalServer() as server:
        print(f"Local server {server.url} (data {server.data_dir})")
        try:
            return run_all(Api(UrlTransport(server.url), server.admin_key), names)
        except Exception:
            print("server log tail:\n" + server.log(), file=sys.stderr)
            raise


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
