"""Podium's Chalice app: every route under /v1, the stream projector and the schedules.
Routes come from ``chalicelib/api/route_table.py`` and each blueprint module loads on
the first request of one of its routes, so a cold start imports little more than
Chalice. Everything else lives in chalicelib/ (see docs/CONVENTIONS.md)."""
from __future__ import annotations

import gc

# A cold start allocates what lives as long as the process (modules, classes, the runtime)
# and hardly any garbage: until the first invocation ends, the collector waits for
# 200,000 new objects rather than 700 (its passes cost ~8 % of a cold first command and
# freed almost nothing: bench/README.md); then what startup made is frozen (left out of
# every later collection: gc.freeze) and the collector runs as Python's defaults say.
STARTUP_GC_THRESHOLD = 200_000
_GC_DEFAULTS = gc.get_threshold()
gc.set_threshold(STARTUP_GC_THRESHOLD, *_GC_DEFAULTS[1:])

import os  # noqa: E402 - after the collector's startup threshold
import threading  # noqa: E402

# Podium uses no pydantic plugin; looking for them reads the metadata of every installed
# distribution on the first model's build (9 ms of a cold start beside 134 of them).
# Set the variable empty to load them (e.g. an observability plugin).
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

from chalice import Chalice, CORSConfig, Rate  # noqa: E402

from chalicelib.api import edge, lazy_routes  # noqa: E402
from chalicelib.telemetry import metrics  # noqa: E402


class PodiumApp(Chalice):
    """Chalice keeps the request being handled on the app object; the local server runs
    requests on several threads, so it is kept per thread (in Lambda one invocation runs
    at a time and nothing changes)."""

    _local = threading.local()

    @property
    def current_request(self):
        return getattr(self._local, "request", None)

    @current_request.setter
    def current_request(self, value):
        self._local.request = value


def end_of_startup() -> None:
    if gc.get_threshold()[0] == STARTUP_GC_THRESHOLD:
        gc.freeze()         # no collection of the whole startup heap before the reply
        gc.set_threshold(*_GC_DEFAULTS)


app = PodiumApp(app_name="podium", configure_logs=False)
app.experimental_feature_flags.update({"WEBSOCKETS"})    # the feeds' WebSocket API
# Browser front ends (store websites, the widget) call every route cross-origin: the
# preflight allows the API's own request headers, and clients may read the ones it sets.
app.api.cors = CORSConfig(allow_origin="*",
                          allow_headers=["Idempotency-Key", "If-None-Match", "X-Podium-Position",
                                         "X-Request-Id"],
                          expose_headers=["ETag", "Location", "Retry-After",
                                          "Idempotent-Replayed", "X-Podium-Incomplete",
                                          "X-Podium-Position", "X-Request-Id"],
                          max_age=600)
# the check-in QR code (api/checkin.py), the Archon spreadsheet (api/reports.py)
app.api.binary_types = ["image/png",
                        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"]

lazy_routes.register(app)


@app.middleware("http")
def http_edge(event, get_response):
    """Request ids, the common error shape, public links, the request log line."""
    return edge.handle(event, get_response)


@app.middleware("all")
def publish_metrics(event, get_response):
    """Each Lambda invocation (API, projector, schedules) publishes the metrics it
    recorded; outside Lambda nothing is recorded (chalicelib/telemetry/metrics.py)."""
    try:
        return get_response(event)
    finally:
        metrics.flush()
        end_of_startup()


# In AWS the projector runs from the events table's stream (infra/ sets the real ARN and
# the mapping's bisect-on-error, retries, on-failure queue and partial batch responses).
STREAM_ARN = os.environ.get(
    "PODIUM_EVENTS_STREAM_ARN",
    "arn:aws:dynamodb:us-east-1:000000000000:table/podium-events/stream/2026-01-01T00:00:00.000")


@app.on_dynamodb_record(stream_arn=STREAM_ARN, batch_size=100, starting_position="TRIM_HORIZON")
def project_events(event):
    from chalicelib.entrypoints.stream import project
    from chalicelib.runtime import runtime
    return project(event.to_dict(), runtime())


# -- the change feeds over a WebSocket API (issue #24; entrypoints/websocket.py) ---------
@app.on_ws_connect()
def ws_connect(event):
    from chalicelib.entrypoints import websocket
    from chalicelib.runtime import runtime
    return websocket.connect(event.to_dict(), runtime())


@app.on_ws_message()
def ws_message(event):
    from chalicelib.entrypoints import websocket
    from chalicelib.runtime import runtime
    return websocket.message(event.to_dict(), runtime())


@app.on_ws_disconnect()
def ws_disconnect(event):
    from chalicelib.entrypoints import websocket
    from chalicelib.runtime import runtime
    return websocket.disconnect(event.to_dict(), runtime())


# the fan-out's batches, sent by parallel senders (entrypoints/fanout.py; infra/resources.json
# names the queue and gives the projector its URL, PODIUM_FANOUT_QUEUE_URL)
@app.on_sqs_message(queue="podium-feed-batches", batch_size=10, name="send_feed_batches")
def send_feed_batches(event):
    from chalicelib.entrypoints import fanout
    from chalicelib.runtime import runtime
    fanout.send_batches((record.body for record in event), runtime())


# -- webhooks (issue #8): the delivery worker, every minute in AWS ----------------------
@app.schedule("rate(1 minute)", name="deliver_webhooks")
def deliver_webhooks(event):
    from chalicelib.entrypoints import schedules
    return schedules.deliver_webhooks(event)


# -- Web Push deliveries and the WebSocket feeds' backstop, every minute in AWS ----------
@app.schedule("rate(1 minute)", name="deliver_push")
def deliver_push(event):
    from chalicelib.entrypoints import schedules
    return schedules.deliver_push(event)


# -- pick timers: every minute in AWS, applied on each read and command locally too ----
@app.schedule(Rate(1, unit=Rate.MINUTES))
def sweep_drafts(event):
    from chalicelib.entrypoints import schedules
    return schedules.sweep_drafts(event)


@app.schedule(Rate(1, unit=Rate.MINUTES))
def sweep_limited_drafts(event):
    from chalicelib.entrypoints import schedules
    return schedules.sweep_limited_drafts(event)


# -- read views: a rebuild runs in its own function, outside the API (issue #23) ---------
@app.lambda_function(name="rebuild_views")
def rebuild_views(event, context):
    from chalicelib.entrypoints.rebuild import handle
    from chalicelib.runtime import runtime
    return handle(event, context, runtime())
