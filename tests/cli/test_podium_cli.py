"""``podium`` (podium_cli) runs the walkthrough's event (docs/walkthrough.md: an eight-player
Munchkin booster draft, three Swiss rounds, the finish and the report) against a live
local server, and says what failed with the server's code and request id."""
from __future__ import annotations

import csv
import json

import pytest
from click.testing import CliRunner

from podium_cli.commands import cli
from podium_cli.play import draft  # noqa: F401  (registers the play commands)
from tests.e2e.live import live_server  # noqa: F401  (fixture)

NAMES = ["Ann", "Bob", "Cyd", "Dee", "Eve", "Fay", "Gus", "Hal"]


@pytest.fixture(scope="module")
def podium(live_server):  # noqa: F811
    runner = CliRunner()
    base = live_server.url + "/v1"

    def run(*args: str, key: str | None = None, ok: bool = True):
        options = ["--base", base] + (["--key", key] if key else [])
        result = runner.invoke(cli, [*options, *args], catch_exceptions=False)
        if ok:
            assert result.exit_code == 0, result.output + result.stderr
        return result
    org = run("account", "Spyke's Dungeon", key=live_server.admin_key).stdout.strip()
    assert org.startswith("pdm_")
    return run, org


def test_the_walkthrough_event_through_the_cli(podium, tmp_path):
    run, org = podium
    (tmp_path / "event.toml").write_text(
        'name = "Friday draft"\ngame = "munchkin"\nformat = "booster-draft"\n')
    tid = run("event", "create", str(tmp_path / "event.toml"), key=org).stdout.strip()
    roster = tmp_path / "players.csv"
    roster.write_text("name\n" + "\n".join(NAMES) + "\n")
    tokens = tmp_path / "tokens.csv"
    run("players", "import", tid, str(roster), "--tokens", str(tokens), key=org)
    again = run("--json", "players", "import", tid, str(roster), key=org)   # replays, no twins
    listed = json.loads(run("--json", "players", "list", tid, key=org).stdout)
    assert sorted(p["name"] for p in listed) == NAMES
    issued = list(csv.DictReader(tokens.open()))
    assert [r["name"] for r in issued] == NAMES and all(r["token"] for r in issued)
    assert [p["player_id"] for p in json.loads(again.stdout)] == [r["player_id"] for r in issued]

    assert run("event", "start", tid, key=org).stdout.strip() == "running"
    assert "1 " in run("draft", "open", tid, key=org).stdout
    watched = run("--json", "draft", "watch", tid, "--pick-for-waiting", key=org)
    assert json.loads(watched.stdout)["status"] == "finished"

    for number in (1, 2, 3):
        paired = json.loads(run("--json", "round", "pair", tid, key=org).stdout)
        assert paired["round"] == number and len(paired["matches"]) == 4
        sheet = tmp_path / f"round{number}.csv"
        run("round", "sheet", tid, str(number), "-o", str(sheet), key=org)
        rows = list(csv.DictReader(sheet.open()))
        assert len(rows) == 4 and {r["player_a"] for r in rows} <= set(NAMES)
        for row in rows:
            row.update(a="1", b="0", draws="0")
        with sheet.open("w", newline="") as handle:
            writer = csv.DictWriter(handle, list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
        entered = run("results", "enter", tid, str(sheet), key=org).stdout
        assert "4 results entered" in entered
    over = run("round", "pair", tid, key=org, ok=False)       # every planned round played
    assert over.exit_code == 1 and "409" in over.stderr and "request id: " in over.stderr

    table = json.loads(run("--json", "standings", tid, key=org).stdout)
    assert [r["rank"] for r in table["rows"]] == sorted(r["rank"] for r in table["rows"])
    assert sum(r["wins"] for r in table["rows"]) == 12
    finished = json.loads(run("--json", "event", "finish", tid, key=org).stdout)
    assert finished["status"] == "finished" and finished["seed"]
    report = json.loads(run("report", tid, key=org).stdout)
    assert report["tournament_id"] == tid and len(report["players"]) == 8
    out = tmp_path / "report.csv"
    run("report", tid, "--format", "csv", "-o", str(out), key=org)
    assert len(out.read_text().splitlines()) >= 9


def test_a_refusal_names_the_code_and_the_request_id(podium, tmp_path):
    run, org = podium
    missing = run("event", "show", "t000000000000", key=org, ok=False)
    assert missing.exit_code == 1
    assert "404 tournament_not_found" in missing.stderr and "request id: " in missing.stderr
    assert "Traceback" not in missing.output
    bad = tmp_path / "bad.json"
    bad.write_text('{"name": "x", "game": "chess", "format": "sealed"}')
    refused = run("event", "create", str(bad), key=org, ok=False)
    assert refused.exit_code == 1 and "422" in refused.stderr
    unauthorized = run("event", "create", str(bad), ok=False)
    assert "401 unauthorized" in unauthorized.stderr
    roster = tmp_path / "roster.csv"
    roster.write_text("player\nAnn\n")
    wrong = run("players", "import", "t000000000000", str(roster), key=org, ok=False)
    assert wrong.exit_code == 2 and "missing column(s) name" in wrong.output + wrong.stderr


def test_no_server_is_an_error_not_a_traceback():
    result = CliRunner().invoke(cli, ["--base", "http://127.0.0.1:9/v1", "event", "show",
                                      "t000000000000"], catch_exceptions=False)
    assert result.exit_code == 1 and "unreachable" in result.stderr
