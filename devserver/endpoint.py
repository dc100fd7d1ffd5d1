"""The DynamoDB endpoint of a local run: moto's server on loopback (in memory: its data
ends with the process), or the endpoint ``PODIUM_DYNAMODB_ENDPOINT`` names (e.g. DynamoDB
Local, durable), with the template's tables created on it."""
from __future__ import annotations

import socket
import threading

import boto3

from chalicelib.config import Config
from chalicelib.store.dynamo_tables import create_tables


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as sock:
        sock.bind((host, 0))
        return sock.getsockname()[1]


# moto records every model object it creates (for its dashboard) and never lets go of
# them: every item ever written or replaced, and with moto's own TransactWriteItems a copy
# of each table it touches per item (~1 GB per 400 events, until the process ran out of
# memory). tools/moto_speedups.py replaces its transactions (no copies) and key queries,
# and the records are dropped now and then (moto's own reset of them; tables stay).
FORGET_EVERY_SECONDS = 2.0


def _forget_model_records(stop: threading.Event) -> None:
    from moto.core.model_instances import reset_model_data
    while not stop.wait(FORGET_EVERY_SECONDS):
        reset_model_data()


class LocalEndpoint:
    def __init__(self, url: str | None = None, port: int | None = None,
                 host: str = "127.0.0.1"):
        self.url = url
        self.host, self.port = host, port
        self.server = None
        self._stop = threading.Event()

    @property
    def in_memory(self) -> bool:
        return self.server is not None

    def start(self) -> LocalEndpoint:
        if self.url is None:
            from moto.server import ThreadedMotoServer

            from tools import moto_speedups
            moto_speedups.install()
            self.port = self.port or free_port(self.host)
            self.server = ThreadedMotoServer(ip_address=self.host, port=self.port, verbose=False)
            self.server.start()
            self.url = f"http://{self.host}:{self.port}"
            threading.Thread(target=_forget_model_records, args=(self._stop,),
                             name="moto-janitor", daemon=True).start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self.server is not None:
            self.server.stop()
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
