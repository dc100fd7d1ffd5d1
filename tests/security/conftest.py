"""Fixtures the security tests share with the webhook and fault-injection tests."""
from tests.api.test_webhooks_addresses import connects  # noqa: F401
from tests.faults.conftest import faulty, moto_client  # noqa: F401
