"""The DynamoDB endpoint of a local run: moto's server on loopback in a process of its own
(``moto_process.py``: with a data dir, its tables are journaled there and come back at the
next start; it dies with this process), or the endpoint ``PODIUM_DYNAMODB_ENDPOINT`` names
(e.g. DynamoDB Local), with the template's tables created on it."""
from __future__ import annotations

import os
import select
import socket
import subprocess
import sys
import time
from pathlib import Path

import boto3

from chalicelib.config import Config
from chalicelib.store.dynamo_tables import create_tables

ROOT = Path(__file__).resolve().parents[1]
ACCESS_LOG_ENV = "PODIUM_DYNAMODB_ACCESS_LOG"


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as sock:
        sock.bind((host, 0))
        return sock.getsockname()[1]


def listening(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False


class EndpointError(RuntimeError):
    pass


class LocalEndpoint:
    """moto's server in a process of its own unless ``url`` names an endpoint to use;
    ``data_dir`` makes its tables durable there (``journal.py``)."""

    def __init__(self, url: str | None = None, port: int | None = None,
                 host: str = "127.0.0.1", forget_every: float | None = None,
                 startup_seconds: float = 120.0, data_dir: str | None = None,
                 access_log: bool | None = None):
        self.url = url
        self.host, self.port = host, port
        self.forget_every = forget_every
        self.startup_seconds = startup_seconds
        self.data_dir = data_dir
        self.access_log = (os.environ.get(ACCESS_LOG_ENV) == "1" if access_log is None
                           else access_log)
        self.server: subprocess.Popen | None = None
        self.ready: dict[str, str] = {}

    @property
    def local(self) -> bool:
        """moto, started (and stopped) here."""
        return self.server is not None

    @property
    def durable(self) -> bool:
        return self.local and self.data_dir is not None

    def start(self) -> LocalEndpoint:
        if self.url is not None:
            return self
        if self.port and listening(self.host, self.port):
            raise EndpointError(
                f"something already listens on {self.host}:{self.port} (a DynamoDB endpoint "
                "left from an earlier run?); not adopting it: stop it or choose another "
                "--dynamodb-port / PODIUM_DYNAMODB_PORT")
        self.port = self.port or free_port(self.host)
        command = [sys.executable, "-m", "devserver.moto_process", "--host", self.host,
                   "--port", str(self.port), "--parent-pid", str(os.getpid())]
        if self.forget_every is not None:
            command += ["--forget-every", str(self.forget_every)]
        if self.data_dir is not None:
            command += ["--data-dir", os.path.abspath(self.data_dir)]
        if self.access_log:
            command.append("--access-log")
        self.server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE)
        self.url = f"http://{self.host}:{self.port}"
        line = self._ready_line()
        self.ready = dict(part.split("=", 1) for part in line.split()[2:] if "=" in part)
        return self

    def _ready_line(self) -> str:
        """The child's one line once it listens (after replaying its journal)."""
        assert self.server is not None and self.server.stdout is not None
        deadline = time.monotonic() + self.startup_seconds
        pending = b""
        while time.monotonic() < deadline:
            readable, _, _ = select.select([self.server.stdout], [], [], 0.2)
            if readable:
                chunk = os.read(self.server.stdout.fileno(), 4096)
                pending += chunk
                if pending.startswith(b"ready ") and b"\n" in pending:
                    return pending.split(b"\n", 1)[0].decode()
                if chunk:
                    continue
            if self.server.poll() is not None:
                code = self.server.returncode
                self.server = None
                raise EndpointError(f"moto's server exited ({code}); its reason is above")
        self.stop()
        raise EndpointError(f"moto's server was not ready in {self.startup_seconds} s")

    def stop(self) -> None:
        if self.server is not None:
            self.server.terminate()
            try:
                self.server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.server.kill()
                self.server.wait(timeout=10)
            if self.server.stdout is not None:
                self.server.stdout.close()
            self.server = None


def dynamodb(config: Config):
    return boto3.client("dynamodb", endpoint_url=config.dynamodb_endpoint)


def streams(config: Config):
    return boto3.client("dynamodbstreams", endpoint_url=config.dynamodb_endpoint)


def ensure_tables(config: Config) -> str:
    """Create the missing tables; returns the events table's stream ARN."""
    client = dynamodb(config)
    create_tables(client, config.events_table, config.idempotency_table, config.views_table)
    table = client.describe_table(TableName=config.events_table)["Table"]
    if not table.get("LatestStreamArn"):
        raise RuntimeError(f"table {config.events_table} has no stream: stream projection "
                           "needs one (infra/resources.json StreamSpecification)")
    return table["LatestStreamArn"]
