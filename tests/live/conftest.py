"""The deployed shape on moto: a runtime projecting from the events table's stream only
when a test polls it (``Poller``)."""
import pytest

from chalicelib.application import feeds
from chalicelib.push.sockets import Poster
from chalicelib.runtime import set_runtime
from tests.api.test_health_dynamodb import Poller, aws, stream_api  # noqa: F401
from tests.live import sockets_support as ss
from tests.support.client import ApiClient


@pytest.fixture
def ws(aws, chalice_app, monkeypatch):  # noqa: F811 - the imported fixture
    from tests.conftest import ADMIN_KEY
    monkeypatch.setenv("PODIUM_FEED_SETTLE_SECONDS", "0")
    monkeypatch.setattr(feeds, "HORIZON_CACHE_SECONDS", 0)
    monkeypatch.setenv("PODIUM_CONNECTIONS_TABLE", ss.CONNECTIONS)
    monkeypatch.setenv("PODIUM_WEBSOCKET_ENDPOINT", ss.ENDPOINT)
    ss.create_all(aws)
    gateway = ss.LoopbackGateway()
    endpoints = []
    monkeypatch.setattr(Poster, "connect", classmethod(
        lambda cls, endpoint: endpoints.append(endpoint) or cls(gateway)))
    rt = ss.runtime()
    set_runtime(rt)
    # the projector as Lambda runs it: the batch, then one fan-out, then the watermark
    from chalicelib.entrypoints.stream import project
    from tests.api import test_health_dynamodb
    monkeypatch.setattr(test_health_dynamodb, "handle_stream_batch",
                        lambda event, projector: project(event, rt))
    yield ss.SimpleNamespace(api=ApiClient(chalice_app, ADMIN_KEY), rt=rt, gw=gateway,
                             poller=Poller(rt), ws=ss.handlers(), endpoints=endpoints)
    set_runtime(None)
