"""Read views built from events. Each capability has one module exposing ``projection``;
list it in MODULES and run ``python -m tools.build_projection_index`` so the projector
(inline locally, DynamoDB Streams in AWS) runs it (``catalog()`` loads it on demand)."""
from __future__ import annotations

import importlib

from .catalog import Catalog
from .registry import Projection

# The shape of the view documents these projections write. Bump it when one changes: every
# embedded store then rebuilds its views at start (projections/healing.py), and a deployed
# one reports itself incompatible on /v1/health until POST /v1/admin/projections/rebuild.
SCHEMA_VERSION = 4

PACKAGE = __name__
MODULES = [
    "chalicelib.projections.tournaments",
    "chalicelib.projections.draft",
    "chalicelib.projections.decks",
    "chalicelib.projections.limited",
    "chalicelib.projections.tables",
    "chalicelib.projections.table_results",
    "chalicelib.projections.swiss",
    "chalicelib.projections.swiss_matches",
    "chalicelib.projections.reports",
    "chalicelib.projections.webhooks",
    "chalicelib.projections.product",
    "chalicelib.projections.judging",
    "chalicelib.projections.clock",
    "chalicelib.projections.feeds",
    "chalicelib.projections.push",
]


def all_projections() -> list[Projection]:
    return [importlib.import_module(name).projection for name in MODULES]


def catalog() -> Catalog:
    """Every projection, each imported when an event it handles first arrives."""
    return Catalog(MODULES)
