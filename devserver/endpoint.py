"""The DynamoDB endpoint of a local run: moto's server on loopback in a process of its own
(in memory: its data ends with that process), or the endpoint ``PODIUM_DYNAMODB_ENDPOINT``
names (e.g. DynamoDB Local, durable), with the template's tables created on it."""
from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

import boto3

from chalicelib.config import Config
from chalicelib.store.dynamo_tables import create_tables

ROOT = Path(__file__).resolve().parents[1]


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as sock:
        sock.bind((host, 0))
        return sock.getsockname()[1]


class LocalEndpoint:
    """moto's server in a process of its own (``moto_process.py``) unless ``url`` names
    an endpoint to use."""

    def __init__(self, url: str | None = None, port: int | None = None,
                 host: str = "127.0.0.1", forget_every: float | None = None,
                 startup_seconds: float = 30.0):
        self.url = url
        self.host, self.port = host, port
        self.forget_every = forget_every
        self.startup_seconds = startup_seconds
        self.server: subprocess.Popen | None = None

    @property
    def in_memory(self) -> bool:
        return self.server is not None

    def start(self) -> LocalEndpoint:
        if self.url is not None:
            return self
        self.port = self.port or free_port(self.host)
        command = [sys.executable, "-m", "devserver.moto_process", "--host", self.host,
                   "--port", str(self.port)]
        if self.forget_every is not None:
            command += ["--forget-every", str(self.forget_every)]
        self.server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL)
        self.url = f"http://{self.host}:{self.port}"
        deadline = time.monotonic() + self.startup_seconds
        while time.monotonic() < deadline:
            if self.server.poll() is not None:
                raise RuntimeError(f"moto's server exited ({self.server.returncode})")
            try:
                with socket.create_connection((self.host, self.port), timeout=0.5):
                    return self
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"moto's server did not listen in {self.startup_seconds} s")

    def stop(self) -> None:
        if self.server is not None:
            self.server.terminate()
            try:
                self.server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.server.kill()
                self.server.wait(timeout=10)
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
