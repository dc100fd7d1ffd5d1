"""The fixture logs of ``tests/fixtures/events`` (recorded by ``record_logs.py``): their
events as stored, and each stream's state and every view as the recording code had them."""
from __future__ import annotations

import gzip
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from chalicelib.domain.decider import Decider
from chalicelib.store import codec
from chalicelib.store.ports import StoredEvent

LOGS = Path(__file__).resolve().parents[1] / "fixtures" / "events"


@dataclass
class FixtureLog:
    header: dict[str, Any]
    events: list[dict[str, Any]]
    states: list[dict[str, Any]]      # {stream_id, decider, sha256}
    views: dict[str, str]             # view id -> sha256

    def stored(self) -> list[StoredEvent]:
        return [StoredEvent(e["stream_id"], e["version"], e["type"], e["data"], e["meta"],
                            e["event_id"], e["recorded_at"]) for e in self.events]


def names() -> list[str]:
    return sorted(p.name.removesuffix(".jsonl.gz") for p in LOGS.glob("*.jsonl.gz"))


def load(name: str) -> FixtureLog:
    lines = [json.loads(line) for line in
             gzip.decompress((LOGS / f"{name}.jsonl.gz").read_bytes()).splitlines()]
    return FixtureLog(lines[0], [x["event"] for x in lines if "event" in x],
                      [x["state"] for x in lines if "state" in x],
                      {x["view"]["id"]: x["view"]["sha256"] for x in lines if "view" in x})


def restore(events_db, log: FixtureLog) -> None:
    """Write the log's events into a SQLite event store exactly as they were stored."""
    with events_db.db.write() as conn:
        conn.executemany(
            "INSERT INTO events (stream_id, version, type, data, meta, event_id, recorded_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(e["stream_id"], e["version"], e["type"], codec.dumps(e["data"]),
              codec.dumps(e["meta"]), e["event_id"], e["recorded_at"]) for e in log.events])


def deciders() -> dict[str, Decider]:
    """Every aggregate's decider by name (the fixture logs name the ones that read each
    stream)."""
    from chalicelib.domain.accounts.aggregate import ACCOUNT, TOKEN
    from chalicelib.domain.decks.aggregate import DECKS
    from chalicelib.domain.draft.aggregate import DRAFT, POD
    from chalicelib.domain.ffa.aggregate import FFA
    from chalicelib.domain.mixed_draft import MIXED_DRAFT
    from chalicelib.domain.product.aggregate import CARDSET, PLAYER_PRODUCT, PRODUCT_GATE
    from chalicelib.domain.reports.aggregate import REPORTS
    from chalicelib.domain.sealed import SEALED
    from chalicelib.domain.swiss.aggregate import MATCH, SWISS
    from chalicelib.domain.table_draft import TABLE_DRAFT
    from chalicelib.domain.table_draft.aggregate import MIXED_DRAFT_ROSTER, TABLE_DRAFT_ROSTER
    from chalicelib.domain.tables.aggregate import TABLE, TABLES
    from chalicelib.domain.tournament.aggregate import TOURNAMENT
    from chalicelib.domain.trade import TRADE_POD
    from chalicelib.domain.trade.aggregate import TRADE_PREP
    from chalicelib.domain.webhooks.aggregate import DELIVERY, WEBHOOKS
    every = (ACCOUNT, TOKEN, DECKS, POD, DRAFT, FFA, MIXED_DRAFT, CARDSET, PRODUCT_GATE,
             PLAYER_PRODUCT, REPORTS, SEALED, SWISS, MATCH, TABLE_DRAFT, TABLE_DRAFT_ROSTER,
             MIXED_DRAFT_ROSTER, TABLES, TABLE,
             TOURNAMENT, TRADE_POD, TRADE_PREP, DELIVERY, WEBHOOKS)
    # the logs were recorded when one roster decider ("limited-roster") folded both
    # drafts' rosters; it is now bound once per draft, with the same initial and evolve
    return {d.name: d for d in every} | {"limited-roster": TABLE_DRAFT_ROSTER}
