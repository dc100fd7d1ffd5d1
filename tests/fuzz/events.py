"""Read-only counts straight from the live server's SQLite event store: what a rejected
request must leave unchanged."""
from __future__ import annotations

import os
import sqlite3


class EventCounter:
    def __init__(self, data_dir: str):
        self.path = os.path.join(data_dir, "events.db")

    def __call__(self) -> tuple[int, int]:
        """(events, idempotency records)."""
        with sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=10) as db:
            events = db.execute("SELECT count(*) FROM events").fetchone()[0]
            idem = db.execute("SELECT count(*) FROM idempotency").fetchone()[0]
        return events, idem
