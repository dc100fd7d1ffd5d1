"""Projection handlers by event type, and the transaction they write through."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..store.ports import StoredEvent, ViewDoc, ViewStore

Handler = Callable[[StoredEvent, "ViewTx"], None]


class Projection:
    """Collects ``@projection.on("EventType")`` handlers of one capability."""

    def __init__(self, name: str):
        self.name = name
        self.handlers: dict[str, list[Handler]] = {}

    def on(self, *event_types: str) -> Callable[[Handler], Handler]:
        def register(handler: Handler) -> Handler:
            for event_type in event_types:
                self.handlers.setdefault(event_type, []).append(handler)
            return handler
        return register


class ViewTx:
    """Reads see this transaction's own writes; nothing reaches the store until commit."""

    def __init__(self, store: ViewStore):
        self.store = store
        self.puts: dict[str, ViewDoc] = {}
        self.deletes: set[str] = set()
        self.shared: set[str] = set()

    def get(self, view_id: str) -> dict[str, Any] | None:
        if view_id in self.puts:
            return self.puts[view_id].doc
        if view_id in self.deletes:
            return None
        return self.store.get(view_id)

    def put(self, view_id: str, doc: dict[str, Any], kind: str = "doc", sort: str = "",
            shared: bool = False) -> None:
        """Write a view document. It belongs to the stream being projected; ``shared=True``
        is only for documents several streams write whose handlers converge in any order."""
        self.deletes.discard(view_id)
        self.puts[view_id] = ViewDoc(view_id, kind, sort, doc)
        if shared:
            self.shared.add(view_id)

    def delete(self, view_id: str, shared: bool = False) -> None:
        self.puts.pop(view_id, None)
        self.deletes.add(view_id)
        if shared:
            self.shared.add(view_id)

    def size(self) -> int:
        return len(self.puts) + len(self.deletes)
