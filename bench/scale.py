"""What DynamoDB imposes, at the event sizes Podium claims: every call through the HTTP
app in-process (routes, idempotency keys, inline projection), on DynamoDB (moto
in-process) with every item written measured against the 400 KB item limit, and on
SQLite for comparison.

    python -m bench scale [--swiss 16384] [--rounds 5] [--tables 2000] [--register 4000]
                          [--moto-swiss 2048] [--moto-tables 1000]
                          [--stores sqlite,moto] [--quick]

* **registration**: the cost of registering player k of one tournament, on both stores:
  median of players 51-150 against players 3,951-4,050 of ``--register`` (target: x1.5),
  judged in the process's CPU time (the store runs in-process: moto too) so that other
  work on the machine cannot move the ratio; wall time printed beside it.
* **swiss**: a Swiss event of ``--swiss`` players: registration, the product phase (each
  player's pool recorded by staff, as for a draft at the tables), ``--rounds`` rounds
  paired and every match reported, standings, finish, the federation report.
* **tables**: a V:EKN event of ``--tables`` players: three seated rounds, every table
  reported, the final, finish, the report.

moto in-process holds every item, version and stream record as Python objects (a
1,024-player Swiss event of 5 rounds: ~630 MB and 166 s; 16,384 would need ~10 GB and
most of an hour), so its Swiss and V:EKN events are ``--moto-swiss`` and ``--moto-tables``
players; the items of the full-size events are measured on the SQLite leg through the
DynamoDB adapters' own encoders.

Prints the largest item of each kind (on SQLite: the items the DynamoDB adapters' encoders
make of the same writes) and exits non-zero when one is over 300 KB (the
limit with room to spare) or registration costs more than x1.5 at the far end."""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
import uuid
from typing import Any

from bench.guard import target
from chalicelib.store.item_size import DYNAMODB_ITEM_LIMIT, item_size

ITEM_LIMIT = DYNAMODB_ITEM_LIMIT
TARGET = 300 * 1024          # "well under" the limit: fail the bench above this
REGISTER_RATIO = 1.5


# -- item sizes: DynamoDB's rule (attribute names plus values), the store's own count ------

class Sizes:
    """Wraps the boto3 client: records the largest item written per table and kind."""

    def __init__(self, client):
        self._client = client
        self.largest: dict[str, tuple[int, str]] = {}

    def seen(self, table: str, item: dict[str, Any]) -> None:
        kind = item.get("type", item.get("kind", {"S": ""}))
        key = item.get("stream_id", item.get("view_id", item.get("key", {"S": "?"})))
        label = f"{table}:{next(iter(kind.values()))}"
        size = item_size(item)
        if size > self.largest.get(label, (0, ""))[0]:
            self.largest[label] = (size, next(iter(key.values())))

    def transact_write_items(self, TransactItems, **kwargs):  # noqa: N803 - boto3's name
        for entry in TransactItems:
            if "Put" in entry:
                self.seen(entry["Put"]["TableName"], entry["Put"]["Item"])
        return self._client.transact_write_items(TransactItems=TransactItems, **kwargs)

    def __getattr__(self, name):
        return getattr(self._client, name)


def dynamo_items(rt) -> Sizes:
    """On SQLite, the items DynamoDB would be given for the same writes, built by the
    DynamoDB adapters' own encoders (events, idempotency replies, views): the item sizes of
    a field too large for moto in-process (it keeps every item and stream record as Python
    objects: 4,096 Swiss players took 19 minutes and 6 GB)."""
    from chalicelib.store.dynamo_events import event_to_item, idempotency_to_item, tally_to_item
    from chalicelib.store.dynamo_views import view_to_item
    sizes = Sizes(None)
    events = rt.events
    views = getattr(rt.views, "_views", rt.views)       # under the healing wrapper
    append, commit = events.append_batch, views.commit

    def append_batch(writes, idempotency=None, tallies=()):
        stored = append(writes, idempotency, tallies)
        for record in stored:
            sizes.seen("events", event_to_item(record))
        for tally in dict.fromkeys(tallies):
            sizes.seen("events", tally_to_item(tally))
        if idempotency is not None:
            sizes.seen("idem", idempotency_to_item(idempotency))
        return stored

    def commit_views(stream_id, expected, new, puts, deletes, shared=frozenset(),
                     blind=frozenset()):
        for view in puts.values():
            sizes.seen("views", view_to_item(stream_id, view, view.view_id in shared))
        return commit(stream_id, expected, new, puts, deletes, shared, blind)

    events.append_batch, views.commit = append_batch, commit_views
    return sizes


# -- runtimes ----------------------------------------------------------------------

def sqlite_runtime(directory: str):
    from chalicelib.config import Config
    from chalicelib.runtime import build_runtime
    return build_runtime(Config(store="sqlite", data_dir=directory, admin_key=ADMIN,
                                token_secret="s" * 64, sqlite_synchronous="NORMAL")), None


def moto_runtime(wrap=None):
    """The service on moto in-process with inline projection; ``wrap`` wraps the boto3
    client every store uses (default :class:`Sizes`; ``bench/cost.py`` counts units)."""
    os.environ.update(AWS_ACCESS_KEY_ID="testing", AWS_SECRET_ACCESS_KEY="testing",
                      AWS_DEFAULT_REGION="us-east-1", AWS_ACCOUNT_ID_ENDPOINT_MODE="disabled")
    import boto3
    from moto import mock_aws

    from chalicelib.config import Config
    from chalicelib.runtime import assemble
    from chalicelib.store.dynamo_events import DynamoEventStore
    from chalicelib.store.dynamo_tables import create_tables
    from chalicelib.store.dynamo_views import DynamoViewStore
    from tools import moto_speedups
    moto_speedups.install()
    mock = mock_aws()
    mock.start()
    client = (wrap or Sizes)(boto3.client("dynamodb", region_name="us-east-1"))
    create_tables(client, "events", "idem", "views")
    events = DynamoEventStore(client, "events", "idem")
    views = DynamoViewStore(client, "views")
    config = Config(store="dynamodb", admin_key=ADMIN, token_secret="s" * 64,
                    events_table="events", idempotency_table="idem", views_table="views",
                    projection="inline")
    rt = assemble(config, events, views, ADMIN, "s" * 64)
    rt.sizes = client
    return rt, mock


ADMIN = "pdm_admin_bench_key_0123456789"


class Http:
    """The Chalice app in-process; every POST with an Idempotency-Key, as clients send."""

    def __init__(self, rt):
        from chalice.test import Client

        from app import app
        from chalicelib.runtime import set_runtime
        set_runtime(rt)
        self.client = Client(app)
        self.calls = 0
        self.largest_reply = (0, "")      # bytes of the largest reply body, and its call

    def call(self, method: str, path: str, body: Any = None, token: str | None = None,
             ok=(200, 201)) -> Any:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        if method == "POST":
            headers["Idempotency-Key"] = uuid.uuid4().hex
        raw = b"" if body is None else json.dumps(body).encode()
        response = self.client.http.request(method, path, headers=headers, body=raw)
        self.calls += 1
        if len(response.body or b"") > self.largest_reply[0]:
            self.largest_reply = (len(response.body), f"{method} {_route(path)}")
        parsed = json.loads(response.body) if response.body else None
        if response.status_code not in ok:
            raise AssertionError(f"{method} {path} -> {response.status_code} {parsed}")
        return parsed

    def every_page(self, path: str, key: str, token: str | None = None) -> list[Any]:
        out, after = [], None
        while True:
            sep = "&" if "?" in path else "?"
            page = self.call("GET", path + (f"{sep}after={after}" if after else ""), token=token)
            out += page[key]
            after = page["next"]
            if after is None:
                return out


def _route(path: str) -> str:
    """``path`` with its ids as the route's names (a tournament ``t...`` as ``{tid}``)."""
    return "/".join("{tid}" if len(part) == 13 and part[0] == "t" else
                    "{id}" if len(part) >= 12 and any(c.isdigit() for c in part) else part
                    for part in path.split("?")[0].split("/"))


# -- the scenarios -------------------------------------------------------------------

def registration_curve(http: Http, players: int) -> tuple[list[float], list[float]]:
    """Each registration's CPU seconds and wall seconds."""
    org = http.call("POST", "/v1/accounts", {"role": "organizer", "name": "Bench"},
                    ADMIN)["api_key"]
    tid = http.call("POST", "/v1/tournaments", {
        "name": "Registration", "game": "munchkin", "format": "booster-draft",
        "settings": {"registration": {"max_players": 20000}}}, org)["tournament_id"]
    cpu, wall = [], []
    for i in range(players):
        start, used = time.perf_counter(), time.process_time()
        http.call("POST", f"/v1/tournaments/{tid}/players", {"name": f"Player {i:05d}"})
        cpu.append(time.process_time() - used)
        wall.append(time.perf_counter() - start)
    return cpu, wall


def _window(samples: list[float], around: int) -> float:
    return statistics.median(samples[max(0, around - 50):around + 50])


def swiss_event(http: Http, players: int, rounds: int) -> dict[str, Any]:
    t0 = time.perf_counter()
    org = http.call("POST", "/v1/accounts", {"role": "organizer", "name": "Big store"},
                    ADMIN)["api_key"]
    tid = http.call("POST", "/v1/tournaments", {
        "name": "Swiss at scale", "game": "munchkin", "format": "booster-draft",
        "settings": {"registration": {"max_players": 20000}}}, org)["tournament_id"]
    base = f"/v1/tournaments/{tid}"
    ids = [http.call("POST", f"{base}/players", {"name": f"Player {i:05d}"})["player"]["player_id"]
           for i in range(players)]
    registered = time.perf_counter()
    http.call("POST", f"{base}/start", None, org)
    http.call("POST", f"{base}/swiss/structure", {"rounds": rounds, "top_cut": 0}, org)
    from chalicelib.data.sets import sample_sets
    munchkin = next(s for s in sample_sets().values() if s.game == "munchkin")
    cards = [c.id for c in munchkin.cards if not c.draft_action][:30]
    for pid in ids:      # drafted at the tables (physical product): staff record the pools
        http.call("POST", f"{base}/decks/pools/{pid}", {"cards": cards}, org)
    pools = time.perf_counter()
    pair_seconds, report_seconds = [], []
    for _ in range(rounds):
        start = time.perf_counter()
        first = http.call("POST", f"{base}/swiss/rounds", {}, org)
        pair_seconds.append(time.perf_counter() - start)
        number = first["round"]
        matches = http.every_page(f"{base}/swiss/rounds/{number}", "matches")
        start = time.perf_counter()
        for i, m in enumerate(matches):
            score = {"a": 1, "b": 0} if (i + number) % 3 else {"a": 0, "b": 1}
            http.call("POST", f"{base}/swiss/matches/{m['match_id']}/result", score, org)
        report_seconds.append(time.perf_counter() - start)
    standings = http.every_page(f"{base}/swiss/standings?limit=2000", "rows")
    assert len(standings) == players, len(standings)
    http.call("POST", f"{base}/finish", {}, org)
    fed = http.call("POST", "/v1/accounts", {"role": "federation", "name": "Fed"}, ADMIN)["api_key"]
    report = http.call("GET", f"{base}/report", token=fed)
    return {"tid": tid, "players": players, "register_s": registered - t0,
            "pools_s": pools - registered, "pair_s": pair_seconds, "results_s": report_seconds,
            "report_bytes": len(json.dumps(report)), "total_s": time.perf_counter() - t0}


def play_tables(http: Http, org: str, base: str, rounds: int = 3) -> list[float]:
    """``rounds`` preliminary rounds of V:EKN tables, each table's result, the final;
    returns the seconds each round's seating took."""
    seat_seconds = []
    for _ in range(rounds):
        start = time.perf_counter()
        seated = http.call("POST", f"{base}/tables/rounds", None, org)
        seat_seconds.append(time.perf_counter() - start)
        for k, table in enumerate(seated["tables"], start=1):
            vp = {p: (2 if i == 0 else 1) if i < 3 else 0 for i, p in enumerate(table)}
            http.call("POST", f"{base}/tables/rounds/{seated['round']}/tables/{k}/result",
                      {"vp": vp}, org)
    final = http.call("POST", f"{base}/tables/final", None, org)
    for _ in final["qualifiers"]:
        http.call("POST", f"{base}/tables/final/cards", {"position": 0}, org)
    seating = http.call("GET", f"{base}/tables/final")["seating"]
    http.call("POST", f"{base}/tables/final/result",
              {"vp": {p: (3 if i == 0 else 0.5) for i, p in enumerate(seating)}}, org)
    return seat_seconds


def tables_event(http: Http, players: int) -> dict[str, Any]:
    t0 = time.perf_counter()
    org = http.call("POST", "/v1/accounts", {"role": "organizer", "name": "Big V:EKN"},
                    ADMIN)["api_key"]
    tid = http.call("POST", "/v1/tournaments", {
        "name": "V:EKN at scale", "game": "vtes", "format": "booster-draft",
        "settings": {"registration": {"max_players": 20000}}}, org)["tournament_id"]
    base = f"/v1/tournaments/{tid}"
    ids = [http.call("POST", f"{base}/players", {"name": f"Methuselah {i:05d}"})["player"][
        "player_id"] for i in range(players)]
    http.call("POST", f"{base}/start", None, org)
    from chalicelib.data.sets import sample_sets
    vtes = next(s for s in sample_sets().values() if s.game == "vtes")
    cards = [c.id for c in vtes.cards][:40]
    for pid in ids:
        http.call("POST", f"{base}/decks/pools/{pid}", {"cards": cards}, org)
    seat_seconds = play_tables(http, org, base)
    http.call("POST", f"{base}/finish", {}, org)
    fed = http.call("POST", "/v1/accounts", {"role": "federation", "name": "Fed"}, ADMIN)["api_key"]
    report = http.call("GET", f"{base}/report", token=fed)
    return {"tid": tid, "players": players, "seat_s": seat_seconds,
            "report_bytes": len(json.dumps(report)), "total_s": time.perf_counter() - t0}


# -- reporting -----------------------------------------------------------------------

def print_sizes(sizes: Sizes, measured: str) -> int:
    worst = 0
    print(f"  largest item {measured}, by table and kind (DynamoDB counts names and values):")
    for label, (size, key) in sorted(sizes.largest.items(), key=lambda kv: -kv[1][0])[:12]:
        flag = "  OVER TARGET" if size > TARGET else ""
        print(f"    {size / 1024:8.1f} KB  {label:<44} {key[:60]}{flag}")
        worst = max(worst, size)
    print(f"  largest of all: {worst / 1024:.1f} KB of {ITEM_LIMIT // 1024} KB "
          f"({100 * worst / ITEM_LIMIT:.0f} %)")
    target(f"largest item {measured} under {TARGET // 1024} KB", worst <= TARGET)
    return 0 if worst <= TARGET else 1


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench scale", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--swiss", type=int, default=16384)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--tables", type=int, default=2000)
    parser.add_argument("--register", type=int, default=4000)
    parser.add_argument("--moto-swiss", type=int, default=2048,
                        help="the Swiss event's players on moto (it holds every item in memory)")
    parser.add_argument("--moto-tables", type=int, default=1000,
                        help="the V:EKN event's players on moto")
    parser.add_argument("--stores", default="sqlite,moto")
    parser.add_argument("--quick", action="store_true",
                        help="small sizes (256 Swiss, 100 V:EKN, 1,000 registrations)")
    parser.add_argument("--only", choices=["registration", "swiss", "tables"], action="append")
    args = parser.parse_args(argv)
    if args.quick:
        args.swiss, args.tables, args.register = 256, 100, 1000
        args.moto_swiss, args.moto_tables = 256, 100
    parts = args.only or ["registration", "swiss", "tables"]
    status = 0
    import logging
    logging.disable(logging.WARNING)
    for store in args.stores.split(","):
        with tempfile.TemporaryDirectory() as directory:
            rt, mock = sqlite_runtime(directory) if store == "sqlite" else moto_runtime()
            sizes = rt.sizes if mock is not None else dynamo_items(rt)
            http = Http(rt)
            print(f"== {store}")
            if "registration" in parts:
                samples, wall = registration_curve(http, args.register)
                near, far = 100, min(4000, args.register - 50)
                ratio = _window(samples, far) / _window(samples, near)
                print(f"  registration (CPU): player {near} {_window(samples, near) * 1000:.2f} "
                      f"ms, player {far} {_window(samples, far) * 1000:.2f} ms (median of 100 "
                      f"each), x{ratio:.2f}; wall {_window(wall, near) * 1000:.2f} -> "
                      f"{_window(wall, far) * 1000:.2f} ms "
                      f"(x{_window(wall, far) / _window(wall, near):.2f})")
                ok = target(f"{store}: registering player {far} within x{REGISTER_RATIO} of "
                            f"player {near}", ratio <= REGISTER_RATIO)
                status |= 0 if ok else 1
            if "swiss" in parts:
                out = swiss_event(http, args.swiss if mock is None else args.moto_swiss,
                                  args.rounds)
                print(f"  swiss {out['players']} players: registered in {out['register_s']:.0f} s, "
                      f"pools {out['pools_s']:.0f} s, pairing per round "
                      f"{', '.join(f'{s:.1f}' for s in out['pair_s'])} s, results per round "
                      f"{', '.join(f'{s:.0f}' for s in out['results_s'])} s, report "
                      f"{out['report_bytes'] / 1024:.0f} KB, total {out['total_s']:.0f} s")
            if "tables" in parts:
                out = tables_event(http, args.tables if mock is None else args.moto_tables)
                print(f"  tables {out['players']} players: seating per round "
                      f"{', '.join(f'{s:.1f}' for s in out['seat_s'])} s, report "
                      f"{out['report_bytes'] / 1024:.0f} KB, total {out['total_s']:.0f} s")
            status |= print_sizes(sizes, measured="written to moto" if mock is not None else
                                  "the DynamoDB adapters would write for SQLite's writes")
            if mock is not None:
                mock.stop()
            print(f"  {http.calls} HTTP calls")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
