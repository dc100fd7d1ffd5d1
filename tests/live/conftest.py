"""The deployed shape on moto: a runtime projecting from the events table's stream only
when a test polls it (``Poller``)."""
from tests.api.test_health_dynamodb import aws, stream_api  # noqa: F401
