"""A throwaway local server on 127.0.0.1, a free port and a fresh data dir, with its own
admin key; stopped (and its data removed) on exit. ``store="sqlite"``: ``chalice local``
on the embedded store. ``store="dynamodb"``: ``python -m devserver``, the deployed shape
(moto's DynamoDB server on another free port, stream projection by the stream poller)."""
from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class LocalServer:
    def __init__(self, data_dir: str | None = None, env: dict[str, str] | None = None,
                 startup_seconds: float = 60.0, store: str = "sqlite"):
        if store not in ("sqlite", "dynamodb"):
            raise ValueError(f"unknown store {store!r}")
        self.store = store
        self._own_dir = data_dir is None
        self.data_dir = data_dir or tempfile.mkdtemp(prefix="podium-demo-")
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.dynamodb_endpoint: str | None = None
        self.views_table = "podium-views"
        self.admin_key = "pdm_admin_" + secrets.token_urlsafe(24)
        self.extra_env = env or {}
        self.startup_seconds = startup_seconds
        self.process: subprocess.Popen | None = None
        self._log = None
        self.log_path = os.path.join(self.data_dir, "server.log")

    def _command(self) -> tuple[list[str], dict[str, str]]:
        if self.store == "dynamodb":
            moto_port = free_port()
            self.dynamodb_endpoint = f"http://127.0.0.1:{moto_port}"
            command = [sys.executable, "-m", "devserver", "serve", "--host", "127.0.0.1",
                       "--port", str(self.port), "--dynamodb-port", str(moto_port),
                       "--data-dir", self.data_dir]
            env = {k: v for k, v in os.environ.items()
                   if k not in ("PODIUM_DYNAMODB_ENDPOINT", "PODIUM_TOKEN_SECRET")}
            return command, {**env, "PODIUM_ADMIN_KEY": self.admin_key,
                             "PODIUM_VIEWS_TABLE": self.views_table,
                             # a client here reads only once the stream is projected
                             # (demo/consistency.py), so no finish can land behind a feed
                             # cursor: the deployed settle window (a day) is not needed
                             "PODIUM_REPORT_FEED_SETTLE_SECONDS": "0", **self.extra_env}
        command = [sys.executable, "-m", "devserver", "serve", "--store", "sqlite",
                   "--host", "127.0.0.1", "--port", str(self.port), "--data-dir", self.data_dir]
        return command, {**os.environ, "PODIUM_STORE": "sqlite", "PODIUM_DATA_DIR": self.data_dir,
                         "PODIUM_ADMIN_KEY": self.admin_key,
                         "PODIUM_SQLITE_SYNCHRONOUS": "NORMAL", **self.extra_env}

    def start(self) -> LocalServer:
        command, env = self._command()
        self._log = open(self.log_path, "wb")  # noqa: SIM115 - the child writes to it until stop()
        self.process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=self._log,
                                        stderr=subprocess.STDOUT)
        deadline = time.monotonic() + self.startup_seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.log()}")
            try:
                with urllib.request.urlopen(self.url + "/v1/health", timeout=2) as reply:
                    if reply.status == 200:
                        return self
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"server did not answer in {self.startup_seconds}s: {self.log()}")

    def log(self) -> str:
        try:
            with open(self.log_path, encoding="utf-8", errors="replace") as handle:
                return handle.read()[-4000:]
        except OSError:
            return ""

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        if self._log is not None:
            self._log.close()
            self._log = None
        if self._own_dir:
            shutil.rmtree(self.data_dir, ignore_errors=True)

    def __enter__(self) -> LocalServer:  # noqa: PYI034 - start() returns self
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
