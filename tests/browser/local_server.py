"""The app on 127.0.0.1 in a threaded HTTP server, as the browser tests reach it."""
from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator


@contextlib.contextmanager
def serve(chalice_app) -> Iterator[str]:
    """Serves ``chalice_app`` (one request inside the app at a time: Chalice keeps the
    current request on the app object) and yields its base address."""
    from chalice.config import Config
    from chalice.local import ChaliceRequestHandler, LocalDevServer, ThreadedHTTPServer
    lock = threading.Lock()

    class Serialized(ChaliceRequestHandler):
        def _generic_handle(self):
            with lock:
                super()._generic_handle()

        def log_message(self, *args):
            pass
    local = LocalDevServer(chalice_app, Config.create(app_name="podium"), "127.0.0.1", 0,
                           handler_cls=Serialized, server_cls=ThreadedHTTPServer)
    thread = threading.Thread(target=local.server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{local.server.server_port}"
    finally:
        local.shutdown()
        local.server.server_close()
