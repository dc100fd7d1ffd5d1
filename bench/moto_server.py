"""moto's HTTP server on a free loopback port, as the devserver runs it, with fresh
DynamoDB tables made from the template's definitions (``bench foundation``, ``bench
coldstart``)."""
from __future__ import annotations

import logging
import os
import socket
import uuid


class MotoServer:
    """moto's HTTP server on a free loopback port, for the DynamoDB adapters."""

    def __enter__(self) -> MotoServer:
        os.environ.update(AWS_ACCESS_KEY_ID="bench", AWS_SECRET_ACCESS_KEY="bench",
                          AWS_DEFAULT_REGION="us-east-1", AWS_ACCOUNT_ID_ENDPOINT_MODE="disabled")
        from moto.server import ThreadedMotoServer

        from tools import moto_speedups
        # the local endpoint as the devserver runs it: no cost that grows with what is
        # stored, no listing of moto's package folder on every request (a stand-in for
        # DynamoDB should not charge the client for moto's own slowness)
        moto_speedups.install()
        logging.getLogger("werkzeug").setLevel(logging.ERROR)   # no line per request
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        self.server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
        self.server.start()
        self.endpoint = f"http://127.0.0.1:{port}"
        return self

    def stores(self):
        import boto3
        from botocore.config import Config as BotoConfig

        from chalicelib.store import dynamo_tables
        from chalicelib.store.dynamo_events import DynamoEventStore
        from chalicelib.store.dynamo_views import DynamoViewStore
        client = boto3.client("dynamodb", endpoint_url=self.endpoint, region_name="us-east-1",
                              config=BotoConfig(retries={"mode": "standard", "max_attempts": 8}))
        suffix = uuid.uuid4().hex[:6]
        names = (f"events-{suffix}", f"idem-{suffix}", f"views-{suffix}")
        definitions = dynamo_tables.table_definitions()     # infra/resources.json
        for name, logical in zip(names, (dynamo_tables.EVENTS_ID, dynamo_tables.IDEMPOTENCY_ID,
                                         dynamo_tables.VIEWS_ID), strict=True):
            spec = dynamo_tables.create_table_request(name, definitions[logical])
            # moto deep-copies a table (its stream records included) for every item of a
            # transaction; the stream adds nothing to a client's latency in DynamoDB
            spec.pop("StreamSpecification", None)
            client.create_table(**spec)
        return DynamoEventStore(client, names[0], names[1]), DynamoViewStore(client, names[2])

    def __exit__(self, *exc) -> None:
        self.server.stop()
