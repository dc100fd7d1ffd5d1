"""The V:TES report as the Archon tournament spreadsheet (v1.5 layout), read back by that
layout the way the community platform's import reads it: sheet positions and cells."""
from __future__ import annotations

import base64
import io

import openpyxl

from tests.api.test_ledger import podium_event
from tests.api.test_reports import federation


def test_the_archon_spreadsheet_reads_back_by_its_layout(api):
    members = [f"10000{i:02d}" for i in range(1, 11)]
    tid = podium_event(api, members)
    fed = federation(api)
    r = api.get(f"/v1/tournaments/{tid}/report/archon-xlsx", token=fed)
    assert r.status == 200, r.body
    assert r.body["filename"] == f"archon-{tid}.xlsx" and r.body["incomplete"] is False
    report = api.get(f"/v1/tournaments/{tid}/report", token=fed).body
    # the same workbook as a file, for a download link
    xlsx = r.body["content_type"]
    file = api._client.http.request("GET", f"/v1/tournaments/{tid}/report/archon.xlsx",
                                    body=b"", headers={"Accept": xlsx,
                                                       "Authorization": f"Bearer {fed}"})
    assert file.status_code == 200 and file.headers["Content-Type"] == xlsx
    assert file.headers["Content-Disposition"] == f'attachment; filename="archon-{tid}.xlsx"'
    assert file.body == base64.b64decode(r.body["base64"])
    wb = openpyxl.load_workbook(io.BytesIO(file.body), data_only=True)
    sheets = wb.sheetnames
    assert sheets[:4] == ["Instructions", "Tournament Info", "Methuselahs", "Standings"]
    info = wb[sheets[1]]
    assert info.cell(row=3, column=2).value == report["name"]
    assert info.cell(row=11, column=2).value == 3                    # rounds
    # the player list: number, first and last name, city, V:EKN number, from row 7
    roster = wb[sheets[2]]
    by_number = {}
    for row in range(7, 7 + len(report["players"])):
        number = roster.cell(row=row, column=1).value
        name = f"{roster.cell(row=row, column=2).value} {roster.cell(row=row, column=3).value}"
        by_number[number] = (name, roster.cell(row=row, column=5).value)
    assert roster.cell(row=7 + len(report["players"]), column=1).value is None
    assert sorted(v[1] for v in by_number.values()) == members
    pid_of = {p["member_id"]: p["player_id"] for p in report["players"]}
    # each round sheet: number, table, VP from row 7, tables in order and seats in order
    for k, rnd in enumerate(report["rounds"]):
        sheet = wb[sheets[4 + k]]
        got, row = [], 7
        while sheet.cell(row=row, column=1).value is not None:
            member = by_number[sheet.cell(row=row, column=1).value][1]
            got.append((sheet.cell(row=row, column=4).value, pid_of[member],
                        sheet.cell(row=row, column=5).value))
            row += 1
        assert got == [(t["table"], s["player_id"], s["vp"]) for t in rnd["tables"]
                       for s in t["seats"]]
    # the final: rows 14-18, number in A, VP in F
    final = wb[sheets[4 + len(report["rounds"])]]
    assert final.title == "Final Round"
    seats = [(pid_of[by_number[final.cell(row=row, column=1).value][1]],
              final.cell(row=row, column=6).value) for row in range(14, 19)]
    result = {x["player_id"]: x["vp"] for x in report["final"]["result"]}
    assert seats == [(pid, result[pid]) for pid in report["final"]["seating"]]
    assert sum(vp for _, vp in seats) == 5


def test_the_archon_spreadsheet_is_for_vtes_and_finished_events(api):
    fed = federation(api)
    org = api.organizer()
    tid = api.tournament(org, "vtes", "sealed")["tournament_id"]
    r = api.get(f"/v1/tournaments/{tid}/report/archon-xlsx", token=fed)
    assert (r.status, r.body["error"]) == (409, "not_finished")
