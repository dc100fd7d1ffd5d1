"""Podium's Chalice app: mounts the blueprints under /v1 and wires the event handlers.
Everything else lives in chalicelib/ (see docs/CONVENTIONS.md)."""
from __future__ import annotations

import importlib
import os
import re

from chalice import Chalice

from chalicelib.api.http import error

app = Chalice(app_name="podium")
app.api.cors = True
app.api.binary_types = []

BLUEPRINTS = [
    "chalicelib.api.system",
    "chalicelib.api.accounts",
    "chalicelib.api.tournaments",
    "chalicelib.api.product",
    "chalicelib.api.draft",
    "chalicelib.api.decks",
    "chalicelib.api.limited",
    "chalicelib.api.tables",
    "chalicelib.api.swiss",
]

for _name in BLUEPRINTS:
    app.register_blueprint(importlib.import_module(_name).bp, url_prefix="/v1")


@app.middleware("http")
def json_errors(event, get_response):
    """Chalice answers some refusals itself (405 method not allowed, 415 media type, its
    500 safety net) as ``{"Code", "Message"}``; give them the common error shape too."""
    response = get_response(event)
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
