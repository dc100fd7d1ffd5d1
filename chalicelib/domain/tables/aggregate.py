"""The aggregates of this package (TABLES, TABLE): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import decide, evolve, state
from .table import decide as table_decide
from .table import evolve as table_evolve
from .table import state as table_state

TABLES = FunctionDecider("tables", state.TablesState, decide.decide, evolve.evolve,
                         stream=streams.tables)
TABLE = FunctionDecider("table", table_state.TableState, table_decide.decide, table_evolve.evolve,
                        stream=streams.table_result)
