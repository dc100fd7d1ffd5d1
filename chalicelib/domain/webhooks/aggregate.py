"""The aggregates of this package (DELIVERY, WEBHOOKS): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import delivery, endpoints

DELIVERY = FunctionDecider(
    "webhook-delivery",
    delivery.DeliveryState,
    delivery.decide,
    delivery.evolve,
    stream=streams.webhook_delivery,
)
WEBHOOKS = FunctionDecider(
    "webhooks",
    endpoints.EndpointsState,
    endpoints.decide,
    endpoints.evolve,
    stream=streams.webhooks,
)
