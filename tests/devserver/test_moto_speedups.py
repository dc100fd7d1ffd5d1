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


def test_attribute_values_serialize_as_moto_serializes_them():
    """The fast path for DynamoDB's AttributeValue writes the very JSON moto's own
    serializer writes, for every kind of value, nested ones and binary ones included."""
    from moto.core.serialize import BaseJSONSerializer, XFormedAttributePicker, get_serializer_class
    from moto.core.utils import get_service_model
    moto_speedups.install()
    fast = BaseJSONSerializer._serialize_type_structure
    assert hasattr(fast, "motos")
    values = [{"S": "x"}, {"S": ""}, {"N": "12.5"}, {"B": "AAEC"}, {"SS": ["a", "b"]},
              {"NS": ["1", "2"]}, {"BS": ["AA==", "AQ=="]}, {"NULL": True}, {"BOOL": False},
              {"L": [{"S": "a"}, {"N": "1"}, {"NULL": True}, {"L": []}, {"M": {}}]},
              {"M": {"inner": {"M": {"deep": {"SS": ["z"]}, "bin": {"B": "AA=="}}},
                     "n": {"NULL": True}}}]
    item = {f"a{n}": value for n, value in enumerate(values)}
    results = {
        ("dynamodb", "Query"): {"Items": [item, {"k": {"S": "only"}}], "Count": 2,
                                "ScannedCount": 2, "LastEvaluatedKey": {"k": {"S": "only"}}},
        ("dynamodb", "GetItem"): {"Item": item},
        ("dynamodb", "BatchGetItem"): {"Responses": {"t": [item]}, "UnprocessedKeys": {}},
        ("dynamodbstreams", "GetRecords"): {"Records": [{"eventName": "INSERT", "dynamodb": {
            "Keys": {"k": {"S": "a"}}, "NewImage": item, "SequenceNumber": "1",
            "StreamViewType": "NEW_AND_OLD_IMAGES"}}], "NextShardIterator": "it"}}

    def body(service, operation, result):
        operation_model = get_service_model(service).operation_model(operation)
        serializer = get_serializer_class(service, "json")(
            operation_model=operation_model, value_picker=XFormedAttributePicker())
        return serializer.serialize(result)["body"]

    for (service, operation), result in results.items():
        with_fast = body(service, operation, result)
        BaseJSONSerializer._serialize_type_structure = fast.motos
        try:
            with_motos = body(service, operation, result)
        finally:
            BaseJSONSerializer._serialize_type_structure = fast
        assert with_fast == with_motos, operation
        assert '"a10": {"M": {"inner"' in with_fast


def test_a_handler_class_is_listed_once(monkeypatch):
    import inspect

    from moto.core import responses
    from moto.dynamodb.responses import DynamoHandler
    moto_speedups.install()
    listed = responses.method_names_from_class(DynamoHandler)
    assert "get_item" in listed and "transact_write_items" in listed
    assert listed == [name for name, _ in inspect.getmembers(DynamoHandler, inspect.isfunction)]

    def no_listing(*_args, **_kwargs):
        raise AssertionError("listed again")
    monkeypatch.setattr(inspect, "getmembers", no_listing)
    assert responses.method_names_from_class(DynamoHandler) == listed
