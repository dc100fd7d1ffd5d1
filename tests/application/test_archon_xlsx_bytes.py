"""The Archon spreadsheet is the same bytes for the same report, whenever it is written:
the JSON route's base64 and the file download (two requests) must agree byte for byte."""
from __future__ import annotations

import io
import time
import zipfile

from openpyxl import Workbook, load_workbook

from chalicelib.application.archon_xlsx import _fixed_bytes


def _book() -> Workbook:
    wb = Workbook()
    wb.active["A1"] = "Podium"
    return wb


def test_two_writes_seconds_apart_give_the_same_bytes(monkeypatch):
    real = time.time
    first = _fixed_bytes(_book(), "2026-11-27T18:30:00+00:00")
    monkeypatch.setattr(time, "time", lambda: real() + 3_600)   # an hour later
    second = _fixed_bytes(_book(), "2026-11-27T18:30:00+00:00")
    assert first == second
    with zipfile.ZipFile(io.BytesIO(first)) as archive:
        assert {i.date_time for i in archive.infolist()} == {(2026, 11, 27, 18, 30, 0)}
    book = load_workbook(io.BytesIO(first))
    assert book.active["A1"].value == "Podium"
    assert book.properties.modified.isoformat() == "2026-11-27T18:30:00"
