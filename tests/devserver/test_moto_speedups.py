"""The local endpoint's moto without the costs DynamoDB does not have (tools/moto_speedups.py):
here, the per-request listing of moto's package folder to find a host's service."""
from __future__ import annotations

import os

from moto import backends
from moto.moto_server.werkzeug_app import DomainDispatcherApplication, create_backend_app

from tools import moto_speedups


def test_a_host_finds_its_service_without_reading_the_disk(monkeypatch):
    moto_speedups.install()                  # idempotent (tests/conftest.py installed it)
    listed = set(backends.list_of_moto_modules())
    assert {"dynamodb", "dynamodbstreams"} <= listed

    def no_disk(*_args):
        raise AssertionError("moto listed its folder for a request")
    monkeypatch.setattr(os, "listdir", no_disk)
    dispatcher = DomainDispatcherApplication(create_backend_app)
    assert dispatcher.get_backend_for_host("dynamodb") == "dynamodb"
    assert set(backends.list_of_moto_modules()) == listed
