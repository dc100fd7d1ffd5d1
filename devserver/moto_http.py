"""The HTTP side of the local DynamoDB endpoint (``moto_process.py``): moto's own request
handler, but with HTTP/1.1 keep-alive, as DynamoDB's endpoints keep a connection open
for the next request.

Werkzeug's development server closes every connection after one reply (it cannot tell a
request's unread body from the next request line), so each boto3 call paid a new TCP
connection here and a new thread in moto, and waited ~10 ms after every reply for a body
that never comes. Here a request's body is read whole (by its ``Content-Length``) before
moto sees it, so the next request line is always where the connection's reader is; a
request without a length (chunked, which no DynamoDB client sends) is served as werkzeug
serves it and its connection closed."""
from __future__ import annotations

import io
import traceback
from typing import Any

BODY_LIMIT = 64 * 1024 * 1024        # DynamoDB's largest request (a 100-item batch) is ~16 MB


def keep_alive_handler(access_log: bool = False) -> type:
    """A request handler class for werkzeug's ``make_server``: ``MotoRequestHandler``
    keeping connections open."""
    from moto.moto_server.werkzeug_app import MotoRequestHandler

    from .journal import call_app

    class KeepAliveHandler(MotoRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True         # head and body leave without delay

        def run_wsgi(self) -> None:
            length = self.headers.get("Content-Length")
            if "Transfer-Encoding" in self.headers or length is None and \
                    self.command not in ("GET", "HEAD", "DELETE", "OPTIONS"):
                self.close_connection = True   # werkzeug's way, then closed
                return super().run_wsgi()
            try:
                size = int(length or 0)
            except ValueError:
                size = -1
            if not 0 <= size <= BODY_LIMIT:
                self.close_connection = True
                return self.send_error(400, "bad Content-Length")
            # (a 100-continue was answered by http.server's parse_request already)
            body = self.rfile.read(size) if size else b""
            if len(body) < size:               # the client went away mid-body
                self.close_connection = True
                return None
            self.environ = environ = self.make_environ()
            environ["wsgi.input"] = io.BytesIO(body)
            try:
                status, headers, reply = call_app(self.server.app, environ)
            except Exception:  # noqa: BLE001 - werkzeug's server answers 500 as well
                self.server.log("error", "Error on request:\n%s", traceback.format_exc())
                status, headers, reply = "500 INTERNAL SERVER ERROR", [
                    ("Content-Type", "text/plain")], b"internal server error"
                self.close_connection = True
            self._reply(status, headers, reply)
            return None

        def _reply(self, status: str, headers: list[tuple[str, Any]], reply: bytes) -> None:
            code, _, message = status.partition(" ")
            self.send_response(int(code), message)
            for name, value in headers:
                lowered = name.lower()
                if lowered == "connection":
                    if str(value).lower() == "close":
                        self.close_connection = True
                    continue
                if lowered not in ("content-length", "transfer-encoding"):
                    self.send_header(name, value)
            self.send_header("Content-Length", str(len(reply)))
            if self.close_connection:
                self.send_header("Connection", "close")
            self.end_headers()
            if self.command != "HEAD" and reply:
                self.wfile.write(reply)

        def log_request(self, code: Any = "-", size: Any = "-") -> None:
            if access_log:
                super().log_request(code, size)

    return KeepAliveHandler
