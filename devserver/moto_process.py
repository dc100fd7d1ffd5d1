"""``python -m devserver.moto_process --port N [--data-dir D]``: moto's DynamoDB server in a
process of its own, as DynamoDB is a service of its own: the API and the poller do not
share one Python interpreter (and its one running thread at a time) with the store.

With ``--data-dir`` its tables outlive it: a snapshot and a journal of every acknowledged
write since are kept there and restored at the next start (``durable.py``). With
``--parent-pid`` it dies with the process that started it, even a killed one (Linux's
parent-death signal, and a watchdog on the parent's pid elsewhere). It prints one line,
``ready <url> ...``, once it listens; a port already taken is an error, never shared. Its
access log goes to stderr only with ``--access-log``. It keeps its memory flat (see
``janitor``) and stops on SIGTERM."""
from __future__ import annotations

import argparse
import ctypes
import logging
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

# moto records every model object it creates (for its dashboard) and never lets go of
# them: every item ever written or replaced, and with moto's own TransactWriteItems a copy
# of each table it touches per item (~1 GB per 400 events, until the process ran out of
# memory). tools/moto_speedups.py replaces its transactions (no copies) and key queries,
# and the records are dropped now and then (moto's own reset of them; tables stay).
FORGET_EVERY_SECONDS = 2.0
PR_SET_PDEATHSIG = 1
EXIT_BUSY, EXIT_PORT = 3, 4
STOP_POLL_SECONDS = 0.1


def janitor(stop: threading.Event, every: float = FORGET_EVERY_SECONDS) -> None:
    from moto.core.model_instances import reset_model_data
    while not stop.wait(every):
        reset_model_data()


def noting(asked: list[int]) -> Callable[[int, Any], None]:
    """A signal handler that only notes the signal. A handler runs in the main thread
    between two bytecodes, possibly inside ``stop.wait()`` or another handler's
    ``stop.set()`` while the event's lock is held: setting the event there waits for that
    lock forever (the parent's death and a SIGTERM together left an endpoint running so).
    The main thread looks at the notes every ``STOP_POLL_SECONDS``."""
    def handler(signum: int, _frame: Any) -> None:
        asked.append(signum)
    return handler


def die_with(parent: int, stop: threading.Event, every: float = 0.5) -> None:
    """Stop when ``parent`` is gone: SIGTERM from the kernel at its death (Linux), and a
    watchdog for the rest (we are re-parented, so our parent pid changes)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):
        pass

    def watch() -> None:
        while not stop.wait(every):
            if os.getppid() != parent:
                stop.set()
    if os.getppid() != parent:               # it died before the signal was asked for
        stop.set()
    threading.Thread(target=watch, name="parent-watchdog", daemon=True).start()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m devserver.moto_process")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--forget-every", type=float, default=FORGET_EVERY_SECONDS)
    parser.add_argument("--data-dir", default=None, help="journal the tables there")
    parser.add_argument("--parent-pid", type=int, default=None)
    parser.add_argument("--access-log", action="store_true")
    args = parser.parse_args(argv)
    stop = threading.Event()
    asked: list[int] = []
    signal.signal(signal.SIGTERM, noting(asked))
    signal.signal(signal.SIGINT, noting(asked))
    if args.parent_pid is not None:
        die_with(args.parent_pid, stop)
    logging.getLogger("werkzeug").setLevel(logging.INFO if args.access_log else logging.WARNING)
    from moto.moto_server.werkzeug_app import DomainDispatcherApplication, create_backend_app
    from werkzeug.serving import make_server

    from tools import moto_speedups

    from .durable import DataDirBusy, DurableTables
    from .journal import JournalingApp
    from .moto_http import keep_alive_handler
    moto_speedups.install()
    started, durable = time.monotonic(), None
    if args.data_dir is not None:
        try:
            durable = DurableTables(args.data_dir)
        except DataDirBusy as exc:
            print(f"moto: {exc}", file=sys.stderr, flush=True)
            return EXIT_BUSY
    app = JournalingApp(DomainDispatcherApplication(create_backend_app), durable)
    replayed = refused = 0
    if durable is not None:
        replayed, refused = durable.restore(app)
        if refused:
            print(f"moto: {refused} of {replayed} journaled writes were refused on replay "
                  f"({durable.journal.path})", file=sys.stderr, flush=True)
    try:
        server = make_server(args.host, args.port, app, threaded=True,
                             request_handler=keep_alive_handler(args.access_log))
    except OSError as exc:
        print(f"moto: cannot listen on {args.host}:{args.port} ({exc.strerror}): another "
              "endpoint left running there? it is not adopted", file=sys.stderr, flush=True)
        return EXIT_PORT
    threading.Thread(target=server.serve_forever, name="moto-server", daemon=True).start()
    threading.Thread(target=janitor, args=(stop, args.forget_every), name="moto-janitor",
                     daemon=True).start()
    print(f"ready http://{args.host}:{args.port} pid={os.getpid()} replayed={replayed} "
          f"seconds={time.monotonic() - started:.2f}", flush=True)
    while not asked and not stop.wait(STOP_POLL_SECONDS):
        pass
    stop.set()                           # the janitor and the watchdog end too
    server.shutdown()
    with app.lock:                       # a write in progress finishes and is journaled
        if durable is not None:
            durable.close()              # with a snapshot: the next start replays nothing
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
