"""Every whole-event scenario, by the name ``python -m demo --only NAME`` takes."""
from __future__ import annotations

import importlib
from collections.abc import Callable

MODULES = {
    "vtes-mixed-draft": "vtes_mixed_tables",
    "vtes-table-draft": "vtes_table_draft",
    "hack-booster-draft": "hack_booster_swiss",
    "munchkin-draft": "munchkin_swiss_cut",
    "mtg-conspiracy": "mtg_conspiracy_ffa",
    "vtes-sealed-swap": "sealed_swap",
    "vtes-restricted-trade": "restricted_trade",
}


def scenario(name: str) -> Callable:
    return importlib.import_module(f"demo.scenarios.{MODULES[name]}").run
