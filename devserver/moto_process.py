"""``python -m devserver.moto_process --port N``: moto's DynamoDB server in a process of
its own, as DynamoDB is a service of its own: the API and the poller do not share one
Python interpreter (and its one running thread at a time) with the store. It keeps its
memory flat (see ``janitor``) and stops on SIGTERM."""
from __future__ import annotations

import argparse
import signal
import sys
import threading

# moto records every model object it creates (for its dashboard) and never lets go of
# them: every item ever written or replaced, and with moto's own TransactWriteItems a copy
# of each table it touches per item (~1 GB per 400 events, until the process ran out of
# memory). tools/moto_speedups.py replaces its transactions (no copies) and key queries,
# and the records are dropped now and then (moto's own reset of them; tables stay).
FORGET_EVERY_SECONDS = 2.0


def janitor(stop: threading.Event, every: float = FORGET_EVERY_SECONDS) -> None:
    from moto.core.model_instances import reset_model_data
    while not stop.wait(every):
        reset_model_data()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m devserver.moto_process")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--forget-every", type=float, default=FORGET_EVERY_SECONDS)
    args = parser.parse_args(argv)
    from moto.server import ThreadedMotoServer

    from tools import moto_speedups
    moto_speedups.install()
    server = ThreadedMotoServer(ip_address=args.host, port=args.port, verbose=False)
    server.start()
    stop = threading.Event()
    threading.Thread(target=janitor, args=(stop, args.forget_every), name="moto-janitor",
                     daemon=True).start()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    print(f"moto on http://{args.host}:{args.port}", flush=True)
    stop.wait()
    server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
