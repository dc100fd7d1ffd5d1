"""The aggregates of this package (TABLES, TABLE): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import decider, state, table_result

TABLES = FunctionDecider(
    "tables", state.TablesState, decider.decide, decider.evolve, stream=streams.tables
)
TABLE = FunctionDecider(
    "table",
    table_result.TableState,
    table_result.decide,
    table_result.evolve,
    stream=streams.table_result,
)
