"""Podium's Chalice app: mounts the blueprints under /v1 and wires the event handlers.
Everything else lives in chalicelib/ (see docs/CONVENTIONS.md)."""
from __future__ import annotations

import importlib
import logging
import os
import re
import time

from aws_lambda_powertools import Logger
from chalice import Chalice, CORSConfig

from chalicelib.api.http import error

app = Chalice(app_name="podium", configure_logs=False)
logger = Logger(service="podium")
# Browser front ends (store websites, the widget) call every route cross-origin: the
# preflight allows the API's own request headers, and clients may read the ones it sets.
app.api.cors = CORSConfig(allow_origin="*", allow_headers=["Idempotency-Key", "If-None-Match"],
                          expose_headers=["ETag", "Location", "Retry-After",
                                          "Idempotent-Replayed", "X-Podium-Incomplete"],
                          max_age=600)
app.api.binary_types = []

BLUEPRINTS = [
    "chalicelib.api.system",
    "chalicelib.api.accounts",
    "chalicelib.api.tournaments",
    "chalicelib.api.product",
    "chalicelib.api.draft",
    "chalicelib.api.decks",
    "chalicelib.api.table_draft",
    "chalicelib.api.mixed_draft",
    "chalicelib.api.sealed",
    "chalicelib.api.trade",
    "chalicelib.api.tables",
    "chalicelib.api.swiss",
    "chalicelib.api.reports",
    "chalicelib.api.webhooks",
    "chalicelib.api.widget",
]

for _name in BLUEPRINTS:
    app.register_blueprint(importlib.import_module(_name).bp, url_prefix="/v1")


@app.middleware("http")
def json_errors(event, get_response):
    """Chalice answers some refusals itself (405 method not allowed, 415 media type, its
    500 safety net) as ``{"Code", "Message"}``; give them the common error shape too."""
    started = time.perf_counter()
    response = get_response(event)
    _log_request(event, response.status_code, started)
    body = response.body
    if isinstance(body, dict) and set(body) == {"Code", "Message"}:
        code = re.sub(r"(?<!^)(?=[A-Z])", "_", body["Code"]).lower().removesuffix("_error")
        if response.status_code >= 500:
            return error(500, "internal", "an internal error occurred", None)
        normalised = error(response.status_code, code, body["Message"], None)
        normalised.headers.update({k: v for k, v in response.headers.items()
                                   if k.lower() != "content-type"})
        return normalised
    return response


def _log_request(request, status: int, started: float) -> None:
    """One structured line per request; the route template, never tokens or bodies."""
    level = logging.WARNING if status >= 500 else logging.INFO
    logger.log(level, "request", extra={
        "method": request.method, "route": request.path, "status": status,
        "ms": round((time.perf_counter() - started) * 1000, 2),
        "authenticated": "authorization" in request.headers})


# In AWS the projector runs from the events table's stream (infra/ sets the real ARN and
# the mapping's bisect-on-error, retries, on-failure queue and partial batch responses).
STREAM_ARN = os.environ.get(
    "PODIUM_EVENTS_STREAM_ARN",
    "arn:aws:dynamodb:us-east-1:000000000000:table/podium-events/stream/2026-01-01T00:00:00.000")


@app.on_dynamodb_record(stream_arn=STREAM_ARN, batch_size=100, starting_position="TRIM_HORIZON")
def project_events(event):
    from chalicelib.projections.stream_handler import handle_stream_batch
    from chalicelib.runtime import runtime
    return handle_stream_batch(event.to_dict(), runtime().projector)


# -- webhooks (issue #8): the delivery worker, every minute in AWS ----------------------
@app.schedule("rate(1 minute)", name="deliver_webhooks")
def deliver_webhooks(event):
    from chalicelib.runtime import runtime
    from chalicelib.webhooks.worker import run_scheduled
    return run_scheduled(runtime())
