"""``python -m devserver [serve] [--port 8000] ...``: the API on a local DynamoDB endpoint
with stream projection (see ``devserver/__init__.py``); Ctrl-C stops the server, the
poller and the endpoint. ``python -m devserver replay-dlq``: hand the records the poller
gave up on to the projector again and keep only those that still fail."""
from __future__ import annotations

import argparse
import logging
import os
import signal
import sys

from . import environment, workers
from .files import write_json

DRAFT_SWEEPS = ("sweep_drafts", "sweep_limited_drafts")


def _serve_sqlite(args: argparse.Namespace) -> int:
    """The embedded store, inline projection: the server, and the draft sweeps every
    minute (webhooks are delivered inline)."""
    from .schedules import Schedules
    from .server import local_server

    data_dir = os.path.abspath(args.data_dir)
    config = environment.configure_sqlite(data_dir)
    server = local_server(args.host, args.port, None, args.handlers)
    print(f"Podium API:  http://{args.host}:{server.server.server_address[1]}/v1   "
          f"(spec: openapi.yaml, data: {data_dir}, {args.workers} worker process(es))")
    print(f"Admin key:   {config.admin_key}", flush=True)
    if os.environ.get("PODIUM_VENUE_NODE_ID"):     # a venue node: its sync starts now
        os.environ.setdefault("PORT", str(server.server.server_address[1]))
        _venue_node()
    children = workers.fork(args.workers - 1)     # each serves the same listening socket
    if children is None:                            # a worker: requests only
        _forever(server)
        os._exit(0)
    schedules = Schedules(DRAFT_SWEEPS).start()
    return _forever(server, schedules.stop, lambda: workers.stop(children))


def _venue_node() -> None:
    """Start the node's sync (it resumes from the last acknowledged event) and print where
    phones find it (chalicelib/venue/, docs/venue.md)."""
    from chalicelib.runtime import runtime
    from chalicelib.venue.banner import banner
    from chalicelib.venue.sync import node_for

    node = node_for(runtime())
    print(banner(node.address(), node.node_id), flush=True)


def _forever(server, *cleanups) -> int:
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, _interrupt)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server.server_close()
        for cleanup in cleanups:
            cleanup()
    return 0


def _serve(args: argparse.Namespace) -> int:
    if args.store == "sqlite":
        return _serve_sqlite(args)
    from .endpoint import EndpointError, LocalEndpoint, ensure_tables, streams
    from .handler import lambda_handler
    from .mapping import from_template, with_overrides
    from .poller import StreamPoller
    from .schedules import Schedules
    from .server import local_server

    data_dir = os.path.abspath(args.data_dir)
    os.makedirs(data_dir, exist_ok=True)
    port = args.dynamodb_port or int(os.environ.get("PODIUM_DYNAMODB_PORT") or 0) or None
    endpoint = LocalEndpoint(url=os.environ.get("PODIUM_DYNAMODB_ENDPOINT") or None,
                             port=port, data_dir=data_dir,
                             access_log=args.dynamodb_access_log or None)
    try:
        endpoint.start()
    except EndpointError as exc:
        print(f"python -m devserver: {exc}", file=sys.stderr, flush=True)
        return 1
    poller = None
    try:
        config = environment.configure(data_dir, endpoint.url)
        stream_arn = ensure_tables(config)
        settings = with_overrides(from_template(env=os.environ), batch_size=args.batch_size,
                                  max_retries=args.max_retries,
                                  max_record_age_seconds=args.max_record_age)
        poller = StreamPoller(streams(config), stream_arn, lambda_handler(), settings,
                              data_dir).start()
        # a commit in this process wakes the poller at once instead of at its next turn
        from chalicelib.runtime import runtime
        runtime().service.after_commit.append(lambda stored: poller.wake())
        runtime().dead_letters = poller.dead_letters.count      # /v1/health reports them
        server = local_server(args.host, args.port, poller, args.handlers)
        api = f"http://{args.host}:{server.server.server_address[1]}"
        write_json(environment.info_path(data_dir), {
            "api": api + "/v1", "endpoint": endpoint.url, "local": endpoint.local,
            "endpoint_pid": endpoint.server.pid if endpoint.server else None,
            "tables": {"events": config.events_table, "views": config.views_table,
                       "idempotency": config.idempotency_table},
            "stream_arn": stream_arn, "pid": os.getpid()})
        kept = (f"moto, pid {endpoint.ready.get('pid')}, tables kept in {data_dir}/dynamodb "
                f"({endpoint.ready.get('replayed')} writes restored), stops with the server"
                if endpoint.local else "PODIUM_DYNAMODB_ENDPOINT, left running when stopped")
        print(f"Podium API:  {api}/v1   (spec: openapi.yaml, data: {data_dir})")
        print(f"Admin key:   {config.admin_key}")
        print(f"DynamoDB:    {endpoint.url} ({kept}); stream projection: batches of "
              f"{settings.batch_size}, {settings.max_retries} retries, dead letters in "
              f"{poller.dead_letters.path}")
        print(f"Projection:  {api}/_devserver/projection[?wait=SECONDS]", flush=True)
        schedules = Schedules((*DRAFT_SWEEPS, "deliver_webhooks")).start()
        _forever(server, schedules.stop)
    finally:
        if poller is not None:
            poller.stop()
        endpoint.stop()
    return 0


def _interrupt(signum, frame) -> None:
    raise KeyboardInterrupt


def _replay(args: argparse.Namespace) -> int:
    from .dead_letters import DeadLetters
    from .handler import lambda_handler

    data_dir = os.path.abspath(args.data_dir)
    dead = DeadLetters(data_dir)
    if not dead.entries():
        print(f"nothing to replay ({dead.path} is empty or missing)")
        return 0
    endpoint = os.environ.get("PODIUM_DYNAMODB_ENDPOINT") or environment.saved_endpoint(data_dir)
    if not endpoint:
        print("no DynamoDB endpoint: start the server (python -m devserver) or set "
              "PODIUM_DYNAMODB_ENDPOINT", file=sys.stderr)
        return 2
    environment.configure(data_dir, endpoint)
    stats = dead.replay(lambda_handler())
    print(f"replayed {stats['replayed']} records from {stats['entries']} entries; "
          f"{stats['kept']} still fail and stay in {dead.path}")
    return 0 if stats["kept"] == 0 else 1


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m devserver", description=__doc__)
    commands = parser.add_subparsers(dest="command")
    serve = commands.add_parser("serve", help="start the API (the default)")
    replay = commands.add_parser("replay-dlq", help="replay the poller's dead letters")
    for sub in (serve, replay):
        sub.add_argument("--data-dir", default=os.environ.get("PODIUM_DATA_DIR", ".data"))
    for sub in (serve,):
        sub.add_argument("--store", choices=("dynamodb", "sqlite"), default="dynamodb",
                         help="sqlite: the embedded store with inline projection (what "
                              "scripts/serve.sh starts without --dynamodb)")
        sub.add_argument("--workers", type=int, default=int(os.environ.get("WORKERS", "1")),
                         help="--store sqlite: processes serving the API (each a core's "
                              "worth of Python), default 1")
        sub.add_argument("--handlers", type=int,
                         default=int(os.environ.get("PODIUM_HANDLERS", "4")),
                         help="requests served at once per process, first come first "
                              "served, from their first byte to their reply (0: no limit); "
                              "more wait their turn instead of taking the interpreter lock "
                              "from a request that holds the store's write lock")
        sub.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
        sub.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
        sub.add_argument("--dynamodb-port", type=int, default=None,
                         help="moto's port (default PODIUM_DYNAMODB_PORT, else a free one)")
        sub.add_argument("--dynamodb-access-log", action="store_true",
                         help="show moto's access log on stderr (also "
                              "PODIUM_DYNAMODB_ACCESS_LOG=1)")
        sub.add_argument("--batch-size", type=int, default=None,
                         help="records per invocation (default: the template's BatchSize)")
        sub.add_argument("--max-retries", type=int, default=None,
                         help="default: the template's MaximumRetryAttempts")
        sub.add_argument("--max-record-age", type=float, default=None,
                         help="seconds (default: PODIUM_PROJECTOR_MAX_RECORD_AGE_SECONDS, "
                              "else the template's default)")
    if not argv or argv[0].startswith("-") and argv[0] not in ("-h", "--help"):
        argv = ["serve", *argv]
    args = parser.parse_args(argv)
    logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(message)s")
    for noisy in ("werkzeug", "botocore", "boto3"):     # moto's access log, credential notes
        logging.getLogger(noisy).setLevel(logging.WARNING)
    if args.command == "replay-dlq":
        return _replay(args)
    return _serve(args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
