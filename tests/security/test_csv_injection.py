"""Spreadsheet formula injection (issue 26, finding 4): every CSV the API produces writes
a text cell starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return with a
leading apostrophe (OWASP), so the organizer's spreadsheet shows it and never runs it."""
from __future__ import annotations

import csv
import io

import pytest

from chalicelib.domain.reports.csv_cells import csv_text, neutralized
from tests.api.test_reports import federation

# (registration trims surrounding whitespace from names: tab and CR are met in the
# helper's own tests below)
HOSTILE = ["=HYPERLINK(\"http://x.test\",\"win\")", "+1+cmd|' /C calc'!A0", "-2+3",
           "@SUM(1+1)*cmd|' /C calc'!A0", "\uff1d1+1"]
REASON = "=IMPORTXML(\"http://x.test\",\"//a\")"


def hostile_event(api):
    org = api.post("/v1/accounts", {"role": "organizer", "name": "=Store()"},
                   token=api.admin_key).body["api_key"]
    tid = api.tournament(org, "vtes", "sealed")["tournament_id"]
    names = HOSTILE + ["Plain Name", "Ann", "Bo"]      # 8: two tables of four
    for name in names:
        assert api.post(f"/v1/tournaments/{tid}/players", {"name": name}, token=org).status \
            == 201
    assert api.post(f"/v1/tournaments/{tid}/start", token=org).status == 200
    api.hand_out({"tid": tid, "organizer": org})
    seating = api.post(f"/v1/tournaments/{tid}/tables/rounds", token=org)
    assert seating.status == 201, seating.body
    for k, table in enumerate(seating.body["tables"], start=1):
        vp = {p: 0 for p in table}
        vp[table[0]] = 4
        r = api.post(f"/v1/tournaments/{tid}/tables/rounds/1/tables/{k}/result",
                     {"vp": vp}, token=org)
        assert r.status == 200, r.body
    finished = api.post(f"/v1/tournaments/{tid}/finish",
                        {"incomplete": True, "reason": REASON}, token=org)
    assert finished.status == 200, finished.body
    return tid, org


def _cells(text: str) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(text, newline="")) for cell in row]


def test_every_csv_of_the_api_neutralizes_formula_cells(api):
    tid, org = hostile_event(api)
    fed = federation(api)
    for path, token in ((f"/v1/tournaments/{tid}/report/csv", org),
                        (f"/v1/tournaments/{tid}/report/archon", fed)):
        r = api.get(path, token=token)
        assert r.status == 200, r.body
        cells = _cells(r.body)
        for name in HOSTILE:
            assert "'" + name in cells, (path, name, str(cells))
            assert name not in cells, (path, name)
        assert "Plain Name" in cells
        assert not [c for c in cells if c[:1] in ("=", "+", "@", "\t", "\r", "\uff1d")]
        # a cell starting with "-" is only ever a number (a score), never text
        assert all(c.lstrip("-").replace(".", "").isdigit() for c in cells if c[:1] == "-")
    full = _cells(api.get(f"/v1/tournaments/{tid}/report/csv", token=org).body)
    assert "'=Store()" in full and "'" + REASON in full


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_the_owasp_starts_get_an_apostrophe(start):
    assert neutralized(start + "1+1") == "'" + start + "1+1"
    assert _cells(csv_text([[start + "x", "safe"]])) == ["'" + start + "x", "safe"]


def test_numbers_and_plain_text_are_left_alone():
    assert neutralized(-3) == -3 and neutralized(2.5) == 2.5 and neutralized(None) is None
    assert neutralized("Anna-Lena") == "Anna-Lena" and neutralized("") == ""
    assert _cells(csv_text([[-1, "a=b"]])) == ["-1", "a=b"]
