"""One structured (JSON) logger for the service. The package's stdlib loggers
(``logging.getLogger(__name__)`` under ``chalicelib``, and ``podium.*``) write through its
handler, so every line, whoever logs it, carries the keys bound to the current request
(its ``request_id``). Keys are bound per thread/context: ``chalice local`` serves requests
on threads, and one request's id never lands on another's lines."""
from __future__ import annotations

import logging

from aws_lambda_powertools import Logger

logger = Logger(service="podium")          # its stdlib logger is "podium"

_package = logging.getLogger("chalicelib")
if logger.registered_handler not in _package.handlers:
    _package.addHandler(logger.registered_handler)
_package.setLevel(logger.log_level)
_package.propagate = False    # in Lambda the root logger's handler would print it again


def bind(**keys: object) -> None:
    """Add ``keys`` to every line logged from this thread until :func:`unbind`."""
    logger.thread_safe_append_keys(**keys)


def unbind(*names: str) -> None:
    logger.thread_safe_remove_keys(names)
