"""Webhooks: organizers' endpoints, which domain events they hear about, signed
payloads and the retry schedule of each delivery."""
from .backoff import MAX_ATTEMPTS, next_attempt_delay
from .catalog import TOPICS, topic_of
from .delivery import DELIVERY, DeliveryState, RecordAttempt
from .endpoints import (
                        WEBHOOKS,
                        Endpoint,
                        EndpointsState,
                        RegisterEndpoint,
                        RemoveEndpoint,
                        validate_url,
)
from .signing import sign, verify

__all__ = [
                        "DELIVERY",
                        "MAX_ATTEMPTS",
                        "TOPICS",
                        "WEBHOOKS",
                        "DeliveryState",
                        "Endpoint",
                        "EndpointsState",
                        "RecordAttempt",
                        "RegisterEndpoint",
                        "RemoveEndpoint",
                        "next_attempt_delay",
                        "sign",
                        "topic_of",
                        "validate_url",
                        "verify",
]
