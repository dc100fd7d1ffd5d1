"""The aggregates of this package (DELIVERY, WEBHOOKS): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import decide, evolve, state
from .delivery import decide as delivery_decide
from .delivery import evolve as delivery_evolve
from .delivery import state as delivery_state

DELIVERY = FunctionDecider("webhook-delivery", delivery_state.DeliveryState, delivery_decide.decide,
                           delivery_evolve.evolve, stream=streams.webhook_delivery)
WEBHOOKS = FunctionDecider("webhooks", state.EndpointsState, decide.decide, evolve.evolve,
                           stream=streams.webhooks)
