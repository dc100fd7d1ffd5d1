"""The federation's feed of announced tournaments: every tournament from its creation,
with its public facts and the seed's commitment (``seed_sha256``), never the seed.

A federation that keeps each entry holds the commitment from before any draw, outside
the server: ``python -m chalicelib.verify LOG --record ENTRY.json`` then compares the
finished log's published hash with it, so a server that rewrote the whole log with a
new seed is caught. It reads the tournaments' summaries (kind ``tournament``, sorted by
creation time, then id), held back like the report feed (:func:`reports.settle_seconds`)
so that no creation is projected behind a cursor already handed out."""
from __future__ import annotations

import os
from datetime import timedelta
from typing import Any

from ..auth import Principal
from ..auth.principal import require_role
from ..projections.webhooks import CREATED_PUBLIC
from .reads import Reads
from .reports import settle_seconds

KIND = "tournament"
SCAN = 100


def announced(reads: Reads, actor: Principal, projection: str, since: str | None,
              game: str | None, limit: int) -> dict[str, Any]:
    """Tournaments created after the cursor ``since`` (a summary's sort key), oldest
    first; each item's ``cursor`` and the reply's ``next`` are sort keys."""
    require_role(actor, "federation")
    now = reads.service.clock()
    cutoff = (now - timedelta(seconds=settle_seconds(projection, os.environ))).isoformat()
    items: list[dict[str, Any]] = []
    cursor, more = since, False
    while True:
        page = reads.views.list(KIND, after=cursor, limit=SCAN)
        for view in page:
            if view.sort.split("|", 1)[0] > cutoff:
                page = []
                break
            if len(items) == limit:
                more = True
                break
            if game is None or view.doc.get("game") == game:
                items.append({**{k: view.doc.get(k) for k in CREATED_PUBLIC},
                              "cursor": view.sort})
            cursor = view.sort
        if more or len(page) < SCAN:
            return {"items": items, "next": cursor, "more": more}
