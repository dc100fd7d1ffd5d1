"""A DynamoDB client wrapper that injects failures into chosen operations: a queue of
faults per operation, each an exception to raise or a callable run before the real call
(to make a competing write land first). Calls are serialised: moto's in-memory backend is
not thread-safe (DynamoDB is)."""
from __future__ import annotations

import threading
from collections import defaultdict, deque
from collections.abc import Callable
from typing import Any

from botocore.exceptions import ClientError


def client_error(code: str, operation: str = "TransactWriteItems",
                 reasons: list[str] | None = None) -> ClientError:
    response: dict[str, Any] = {"Error": {"Code": code, "Message": f"injected {code}"},
                                "ResponseMetadata": {"HTTPStatusCode": 400}}
    if reasons is not None:
        response["CancellationReasons"] = [{"Code": r} for r in reasons]
    return ClientError(response, operation)


class FaultyClient:
    def __init__(self, client):
        self._client = client
        self._lock = threading.RLock()
        self.faults: dict[str, deque] = defaultdict(deque)
        self.injected: dict[str, int] = defaultdict(int)
        self.calls: dict[str, int] = defaultdict(int)

    def inject(self, operation: str, *faults: Exception | Callable[[], None]) -> None:
        self.faults[operation].extend(faults)

    def __getattr__(self, name: str):
        attr = getattr(self._client, name)
        if not callable(attr):
            return attr

        def call(*args, **kwargs):
            with self._lock:
                self.calls[name] += 1
                if self.faults[name]:
                    fault = self.faults[name].popleft()
                    self.injected[name] += 1
                    if isinstance(fault, BaseException):
                        raise fault
                    fault()
                return attr(*args, **kwargs)
        return call
