"""The federation's feed of announced tournaments: every tournament from its creation,
with its public facts and the seed's commitment (``seed_sha256``), never the seed.

A federation that keeps each entry holds the commitment from before any draw, outside
the server: ``python -m chalicelib.verify LOG --record ENTRY.json`` then compares the
finished log's published hash with it, so a server that rewrote the whole log with a
new seed is caught. It reads the tournaments' summaries (kind ``tournament``, sorted by
creation time, then id), held back like the report feed (:func:`reports.settled`)
so that no creation is projected behind a cursor already handed out."""
from __future__ import annotations

from typing import Any

from ..auth import Principal
from ..auth.principal import require_role
from ..projections.webhooks import CREATED_PUBLIC
from .reads import Reads
from .reports import settled

KIND = "tournament"
SCAN = 100


def announced(reads: Reads, actor: Principal, projection: str, since: str | None,
              game: str | None, limit: int) -> dict[str, Any]:
    """Tournaments created after the cursor ``since`` (a summary's sort key), oldest
    first; each item's ``cursor`` and the reply's ``next`` are sort keys."""
    require_role(actor, "federation")
    items: list[dict[str, Any]] = []
    cursor, more = since, False
    for view in settled(reads, KIND, since, SCAN, projection):
        if len(items) == limit:
            more = True
            break
        if game is None or view.doc.get("game") == game:
            items.append({**{k: view.doc.get(k) for k in CREATED_PUBLIC}, "cursor": view.sort})
        cursor = view.sort
    return {"items": items, "next": cursor, "more": more}
