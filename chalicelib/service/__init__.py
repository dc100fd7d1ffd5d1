"""Load a stream, decide, append with optimistic concurrency; honour idempotency keys."""
from . import positions  # noqa: F401
from .command_service import CommandService, Reply, ServiceBusy  # noqa: F401
from .idempotency import IdempotencyMismatch, IdempotencyRequest  # noqa: F401
from .unit_of_work import UnitOfWork  # noqa: F401
