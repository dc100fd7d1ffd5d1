"""Clients for ``python -m bench live``: many SSE subscribers on one selector (no thread
per connection), and a loopback Web Push service that checks and decrypts every message
(RFC 8292 VAPID signature, RFC 8291 aes128gcm) as a browser's push service would."""
from __future__ import annotations

import base64
import json
import os
import selectors
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

import http_ece
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Subscriber:
    def __init__(self, index: int):
        self.index = index
        self.sock: socket.socket | None = None
        self.buffer = b""
        self.head_done = False
        self.status: int | None = None
        self.last_id: str | None = None
        self.events: list[tuple[str, str | None, float, dict | None]] = []   # type, id, t, data


class SseCrowd:
    """``count`` SSE connections to ``path``, read by one thread."""

    def __init__(self, base_url: str, path: str, count: int):
        parts = urlsplit(base_url)
        self.address = (parts.hostname, parts.port)
        self.path = path
        self.subs = [Subscriber(i) for i in range(count)]
        self.selector = selectors.DefaultSelector()
        self.lock = threading.Lock()
        self._stop = False
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def connect(self, sub: Subscriber) -> None:
        sock = socket.create_connection(self.address, timeout=30)
        head = f"GET {self.path} HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n"
        if sub.last_id:
            head += f"Last-Event-ID: {sub.last_id}\r\n"
        sock.sendall((head + "\r\n").encode())
        sock.setblocking(False)
        sub.sock, sub.buffer, sub.head_done = sock, b"", False
        with self.lock:
            self.selector.register(sock, selectors.EVENT_READ, sub)

    def connect_all(self) -> None:
        for sub in self.subs:
            self.connect(sub)

    def close_all(self) -> None:
        with self.lock:
            for sub in self.subs:
                if sub.sock is not None:
                    self.selector.unregister(sub.sock)
                    sub.sock.close()
                    sub.sock = None

    def _run(self) -> None:
        while not self._stop:
            with self.lock:
                ready = self.selector.select(timeout=0.01) if self.selector.get_map() else []
            if not ready:
                time.sleep(0.002)
                continue
            now = time.time()
            for key, _ in ready:
                sub: Subscriber = key.data
                try:
                    data = sub.sock.recv(65536) if sub.sock else b""
                except (BlockingIOError, OSError):
                    continue
                if not data:
                    with self.lock:
                        if sub.sock is not None:
                            self.selector.unregister(sub.sock)
                            sub.sock.close()
                            sub.sock = None
                    continue
                self._feed(sub, data, now)

    def _feed(self, sub: Subscriber, data: bytes, now: float) -> None:
        sub.buffer += data
        if not sub.head_done:
            if b"\r\n\r\n" not in sub.buffer:
                return
            head, sub.buffer = sub.buffer.split(b"\r\n\r\n", 1)
            sub.status = int(head.split(b" ", 2)[1])
            sub.head_done = True
        while b"\n\n" in sub.buffer:
            block, sub.buffer = sub.buffer.split(b"\n\n", 1)
            name, ident, payload = "message", None, None
            for line in block.decode().split("\n"):
                if line.startswith("event: "):
                    name = line[7:]
                elif line.startswith("id: "):
                    ident = line[4:]
                elif line.startswith("data: "):
                    payload = json.loads(line[6:])
            if payload is None:
                continue
            if ident:
                sub.last_id = ident
            sub.events.append((name, ident, now, payload))

    def stop(self) -> None:
        self._stop = True
        self.close_all()


class PushService:
    """Accepts every message (201), checking its VAPID signature and decrypting it."""

    def __init__(self, vapid_public_key: str):
        self.keys: dict[str, tuple[Any, bytes]] = {}
        self.received: list[tuple[float, str, dict]] = []
        self.problems: list[str] = []
        self.lock = threading.Lock()
        self.vapid = ec.EllipticCurvePublicKey.from_encoded_point(
            ec.SECP256R1(), unb64(vapid_public_key))
        service = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self):  # noqa: N802
                body = self.rfile.read(int(self.headers["Content-Length"]))
                service.check(self.path.rsplit("/", 1)[1], self.headers, body)
                self.send_response(201)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass
        ThreadingHTTPServer.request_queue_size = 256
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.server.server_port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def subscription(self, name: str) -> dict[str, Any]:
        key, auth = ec.generate_private_key(ec.SECP256R1()), os.urandom(16)
        self.keys[name] = (key, auth)
        point = key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        return {"endpoint": f"{self.base}/push/{name}",
                "keys": {"p256dh": b64(point), "auth": b64(auth)}}

    def check(self, name: str, headers: Any, body: bytes) -> None:
        try:
            fields = dict(p.strip().split("=", 1)
                          for p in headers["Authorization"][6:].split(","))
            head, claims, signature = fields["t"].split(".")
            raw = unb64(signature)
            self.vapid.verify(encode_dss_signature(int.from_bytes(raw[:32], "big"),
                                                   int.from_bytes(raw[32:], "big")),
                              f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
            key, auth = self.keys[name]
            plain = json.loads(http_ece.decrypt(body, private_key=key, auth_secret=auth,
                                                version="aes128gcm"))
            with self.lock:
                self.received.append((time.time(), name, plain))
        except Exception as exc:  # noqa: BLE001 - counted as a failure of the run
            with self.lock:
                self.problems.append(f"{name}: {type(exc).__name__}: {exc}")

    def stop(self) -> None:
        self.server.shutdown()
