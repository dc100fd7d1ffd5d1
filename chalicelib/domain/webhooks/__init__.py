"""Webhooks: organizers' endpoints, which domain events they hear about, signed
payloads and the retry schedule of each delivery."""
from .addresses import address_problem, parse_address
from .aggregate import DELIVERY, WEBHOOKS
from .backoff import MAX_ATTEMPTS, next_attempt_delay
from .catalog import TOPICS, topic_of
from .commands import RegisterEndpoint, RemoveEndpoint
from .decide import validate_url
from .delivery.commands import RecordAttempt
from .delivery.state import DeliveryState
from .rotation import (
                        DEFAULT_OVERLAP_SECONDS,
                        MAX_OVERLAP_SECONDS,
                        MAX_PREVIOUS_SECRETS,
                        PreviousSecret,
                        RotateSecret,
)
from .secret_ref import SecretRef, issued_by
from .signing import sign, signature_header, standard_headers, standard_secret, verify
from .state import Endpoint, EndpointsState

__all__ = [
                        "DEFAULT_OVERLAP_SECONDS",
                        "DELIVERY",
                        "MAX_ATTEMPTS",
                        "MAX_OVERLAP_SECONDS",
                        "MAX_PREVIOUS_SECRETS",
                        "TOPICS",
                        "WEBHOOKS",
                        "DeliveryState",
                        "Endpoint",
                        "EndpointsState",
                        "PreviousSecret",
                        "RecordAttempt",
                        "RegisterEndpoint",
                        "RemoveEndpoint",
                        "RotateSecret",
                        "SecretRef",
                        "address_problem",
                        "issued_by",
                        "next_attempt_delay",
                        "parse_address",
                        "sign",
                        "signature_header",
                        "standard_headers",
                        "standard_secret",
                        "topic_of",
                        "validate_url",
                        "verify",
]
