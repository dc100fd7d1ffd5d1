"""Registers every route of ``route_table.py`` on the app without importing its blueprint:
the blueprint module loads on the first request of one of its routes (cold start)."""
from __future__ import annotations

import importlib
from collections.abc import Callable

from chalice import Chalice

from .route_table import ROUTES


def register(app: Chalice, prefix: str = "/v1") -> None:
    handlers: dict[str, Callable] = {}
    for path, methods, module, view in ROUTES:
        app.route(prefix + path, methods=list(methods))(
            _lazy(app, handlers, path, methods, module, view))


def _lazy(app: Chalice, handlers: dict[str, Callable], path: str, methods: tuple[str, ...],
          module: str, view: str) -> Callable:
    key = f"{','.join(methods)} {path}"

    def handle(**params):
        handler = handlers.get(key)
        if handler is None:
            blueprint = importlib.import_module(module)
            blueprint.bp._current_app = app      # what registering the blueprint would set
            handler = handlers[key] = getattr(blueprint, view).routes[key]
        return handler(**params)
    handle.__name__ = view
    return handle
