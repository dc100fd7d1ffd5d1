"""Every aggregate's event classes, imported so that each name is registered before any
stored event is decoded (``events.decode`` imports this module first)."""
from __future__ import annotations
