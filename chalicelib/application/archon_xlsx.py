"""A V:TES event's report as the Archon tournament spreadsheet (the v1.5 layout that
organizers fill in by hand and the V:EKN's community platform imports), written with
openpyxl (a well-kept xlsx library; the layout is cells in fixed places, which a
templating library would not make simpler).

The layout, by sheet position: 0 Instructions; 1 Tournament Info (B3 the event's name,
B4 its date, B5 where, B6 the organizer, B11 the number of rounds); 2 Methuselahs (from
row 7: A the player's number, B first name, C last name, D city, E V:EKN number); 3
Standings (not read by importers); 4.. one sheet per preliminary round (from row 7, table
by table in seat order: A the player's number, B first name, C last name, D table, E VP);
then Final Round (rows 14-18 in seat order: A the player's number, B first name, C last
name, D seed, F VP)."""
from __future__ import annotations

import base64
import io
import zipfile
from datetime import UTC, datetime
from typing import Any

from openpyxl import Workbook
from openpyxl.worksheet.worksheet import Worksheet
from openpyxl.writer.excel import ExcelWriter

from ..auth import Principal
from ..domain.errors import Conflict
from . import reports
from .reads import Reads

CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
FIRST_ROW = 7
FINAL_FIRST_ROW = 14


def _names(name: str | None) -> tuple[str, str]:
    first, _, last = (name or "").strip().partition(" ")
    return first, last


def _vp(halves: int | None) -> float | int | None:
    if halves is None:
        return None
    return halves // 2 if halves % 2 == 0 else halves / 2


def workbook(report: dict[str, Any]) -> bytes:
    """The spreadsheet of a V:TES report, as xlsx bytes."""
    number = {p["player_id"]: n for n, p in enumerate(report["players"], 1)}
    people = {p["player_id"]: p for p in report["players"]}
    rounds = report.get("rounds") or []
    wb = Workbook()
    intro = wb.active
    assert isinstance(intro, Worksheet)           # a new workbook's first sheet
    intro.title = "Instructions"
    intro["A1"] = "The Archon v1.5 layout, written by Podium from the event's report"
    intro["A2"] = f"Audit log: {report['seed']['audit_log']}"

    info = wb.create_sheet("Tournament Info")
    for row, (label, value) in enumerate([
            ("Event Name", report["name"]), ("Event Date", report.get("date")),
            ("Location", report.get("location")), ("Organizer", report.get("organizer_name")),
            ("Game", report["game"]), ("Format", report["format"]),
            ("Players", len(report["players"])),
            ("Rated", "yes" if report["member_ids"]["ratings_eligible"] else "no"),
            ("Number of Rounds", len(rounds)),
            ("Final", "yes" if report.get("final") else "no")], start=3):
        info.cell(row=row, column=1, value=label)
        info.cell(row=row, column=2, value=value)

    methuselahs = wb.create_sheet("Methuselahs")
    for col, label in enumerate(["#", "First Name", "Last Name", "City", "V:EKN #"], 1):
        methuselahs.cell(row=FIRST_ROW - 1, column=col, value=label)
    for p in report["players"]:
        row = FIRST_ROW + number[p["player_id"]] - 1
        first, last = _names(p["name"])
        for col, value in enumerate([number[p["player_id"]], first, last, None,
                                     p.get("member_id")], 1):
            methuselahs.cell(row=row, column=col, value=value)

    standings = wb.create_sheet("Standings")
    for col, label in enumerate(["Rank", "#", "Name", "GW", "VP", "TP", "Finalist"], 1):
        standings.cell(row=FIRST_ROW - 1, column=col, value=label)
    for i, r in enumerate((report.get("standings") or {}).get("rows") or []):
        for col, value in enumerate([r["rank"], number.get(r["player_id"]), r.get("name"),
                                     r.get("gw"), r.get("vp"), r.get("tp"),
                                     1 if r.get("finalist") else 0], 1):
            standings.cell(row=FIRST_ROW + i, column=col, value=value)

    for rnd in rounds:
        sheet = wb.create_sheet(f"Round {rnd['round']}")
        for col, label in enumerate(["#", "First Name", "Last Name", "Table", "VP", "GW",
                                     "TP"], 1):
            sheet.cell(row=FIRST_ROW - 1, column=col, value=label)
        row = FIRST_ROW
        for table in rnd["tables"]:
            for seat in table["seats"]:
                first, last = _names(people.get(seat["player_id"], {}).get("name"))
                for col, value in enumerate([number[seat["player_id"]], first, last,
                                             table["table"], seat.get("vp"), seat.get("gw"),
                                             seat.get("tp")], 1):
                    sheet.cell(row=row, column=col, value=value)
                row += 1

    final = report.get("final")
    sheet = wb.create_sheet("Final Round")
    sheet["A3"] = "Final Round"
    for col, label in enumerate(["#", "First Name", "Last Name", "Seed", "", "VP"], 1):
        sheet.cell(row=FINAL_FIRST_ROW - 1, column=col, value=label)
    if final:
        seeds = {pid: i for i, pid in enumerate(final["qualifiers"], 1)}
        vps = {r["player_id"]: r["vp_halves"] for r in final.get("result") or []}
        for i, pid in enumerate(final.get("seating") or final["qualifiers"]):
            first, last = _names(people.get(pid, {}).get("name"))
            for col, value in [(1, number[pid]), (2, first), (3, last), (4, seeds.get(pid)),
                               (6, _vp(vps.get(pid)))]:
                sheet.cell(row=FINAL_FIRST_ROW + i, column=col, value=value)
    return _fixed_bytes(wb, report.get("finished_at") or report.get("started_at"))


def _fixed_bytes(wb: Workbook, when: str | None) -> bytes:
    """The workbook's bytes, the same for the same report: its document dates and every
    zip entry's time are the event's (``openpyxl``'s save stamps the clock's)."""
    moment = datetime(1980, 1, 1)
    if when:
        moment = max(moment, datetime.fromisoformat(when).astimezone(UTC).replace(tzinfo=None))
    wb.properties.created = wb.properties.modified = moment
    written = io.BytesIO()
    with zipfile.ZipFile(written, "w", zipfile.ZIP_DEFLATED) as archive:
        ExcelWriter(wb, archive).write_data()
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(written.getvalue())) as source, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for entry in source.infolist():
            fixed = zipfile.ZipInfo(entry.filename, date_time=moment.timetuple()[:6])
            archive.writestr(fixed, source.read(entry.filename), zipfile.ZIP_DEFLATED)
    return out.getvalue()


def spreadsheet(reads: Reads, actor: Principal, tid: str) -> tuple[bytes, dict[str, Any]]:
    """The spreadsheet of a finished V:TES tournament (409 ``not_vtes`` for other games)
    and the report it was written from."""
    found = reports.report(reads, actor, tid)
    if found["game"] != "vtes":
        raise Conflict("the Archon spreadsheet is for V:TES tournaments only",
                       {"game": found["game"]}, code="not_vtes")
    return workbook(found), found


def filename(tid: str) -> str:
    return f"archon-{tid}.xlsx"


def archon_xlsx(reads: Reads, actor: Principal, tid: str) -> dict[str, Any]:
    """The spreadsheet, base64 in a JSON reply with its file name and content type."""
    data, found = spreadsheet(reads, actor, tid)
    return {"tournament_id": tid, "filename": filename(tid), "layout": "archon-1.5",
            "content_type": CONTENT_TYPE, "incomplete": found.get("incomplete") is not None,
            "base64": base64.b64encode(data).decode("ascii")}
