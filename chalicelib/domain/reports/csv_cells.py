"""Spreadsheet-safe CSV cells (OWASP "CSV Injection"): a text cell that a spreadsheet
would read as a formula, one starting with ``=``, ``+``, ``-``, ``@``, a tab or a
carriage return (or their full-width forms, which some spreadsheets fold to ASCII), is
written with a leading apostrophe, so it shows as the text it is and never runs.
Numbers stay numbers: a negative score is data, not a formula. Every CSV the API
produces writes its rows through :func:`csv_text`."""
from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def neutralized(value: Any) -> Any:
    """``value`` as a cell no spreadsheet evaluates."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_text(rows: Iterable[Iterable[Any]]) -> str:
    """RFC 4180 text (CRLF lines) of ``rows``, every cell neutralized."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerows([neutralized(cell) for cell in row] for row in rows)
    return out.getvalue()
