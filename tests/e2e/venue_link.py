"""The network between a venue node and its deployment, on loopback: a TCP proxy that
forwards to the deployment's port until it is cut (every open connection is closed and
new ones are refused at once) and restored, and that can be pointed at a restarted
deployment's new port."""
from __future__ import annotations

import socket
import threading


class Link:
    def __init__(self, target_port: int):
        self.target_port = target_port
        self.up = True
        self.cuts = 0
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()
        self._closed = False
        threading.Thread(target=self._accept, daemon=True, name="venue-link").start()

    def cut(self) -> None:
        with self._lock:
            self.up = False
            self.cuts += 1
            for sock in self._open:
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                sock.close()
            self._open.clear()

    def restore(self, target_port: int | None = None) -> None:
        with self._lock:
            if target_port is not None:
                self.target_port = target_port
            self.up = True

    def close(self) -> None:
        self._closed = True
        self.cut()
        self._listener.close()

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            with self._lock:
                if not self.up:
                    client.close()
                    continue
                try:
                    upstream = socket.create_connection(("127.0.0.1", self.target_port), 5)
                except OSError:
                    client.close()
                    continue
                self._open.update((client, upstream))
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    def _pipe(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while chunk := source.recv(65536):
                sink.sendall(chunk)
        except OSError:
            pass
        finally:
            for sock in (source, sink):
                with self._lock:
                    self._open.discard(sock)
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                sock.close()
