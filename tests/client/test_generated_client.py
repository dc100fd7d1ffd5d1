"""A client generated from openapi.yaml by a standard generator (openapi-python-client)
drives a whole event against a live local server. The generated code parses every reply
into the spec's models and raises on undocumented statuses, so a spec that lies fails."""
from __future__ import annotations

import importlib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.once import once

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "podium_generated_client"
sys.path.insert(0, str(ROOT / "clients" / "python"))
from podium_session import PodiumSession  # noqa: E402


def _generate(workdir: Path) -> None:
    exe = Path(sys.executable).parent / "openapi-python-client"
    config = workdir / "config.yaml"
    # no formatter run over generated code; the QR code's PNG and SVG and the SSE streams
    # are bytes to it
    config.write_text("post_hooks: []\ncontent_type_overrides:\n"
                      "  image/png: application/octet-stream\n"
                      "  image/svg+xml: application/octet-stream\n"
                      "  application/vnd.openxmlformats-officedocument.spreadsheetml.sheet: "
                      "application/octet-stream\n"
                      "  text/event-stream: application/octet-stream\n")
    command = [str(exe) if exe.exists() else shutil.which("openapi-python-client"),
               "generate", "--path", str(ROOT / "openapi.yaml"), "--meta", "none",
               "--config", str(config), "--output-path", str(workdir / PACKAGE)]
    out = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert out.returncode == 0, out.stdout + out.stderr
    # A warning means a schema was dropped (e.g. two inline models given one name).
    assert not generator_warnings(out.stdout + out.stderr), out.stdout + out.stderr


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """The client generated once per run (tests/support/once.py), imported here."""
    try:
        import openapi_python_client  # noqa: F401
    except ImportError:
        pytest.skip("openapi-python-client is not installed (pip install openapi-python-client)")
    workdir = once(tmp_path_factory, "python-client", _generate)
    sys.path.insert(0, str(workdir))
    try:
        yield lambda name: importlib.import_module(f"{PACKAGE}.{name}")
    finally:
        sys.path.remove(str(workdir))
        for name in [m for m in sys.modules if m.startswith(PACKAGE)]:
            del sys.modules[name]


def generator_warnings(output: str) -> list[str]:
    return [line for line in output.splitlines()
            if "warning" in line.lower() or "unable to process" in line.lower()]


def test_generator_warnings_are_recognised():
    sample = ("Generating x\nWarning(s) encountered while generating. Client was generated\n"
              "Unable to process schema /components/schemas/A:\n")
    assert len(generator_warnings(sample)) == 2 and not generator_warnings("Generating x\n")


def ok(module, status: int, **kwargs):
    """Call a generated operation; the reply must have ``status`` and parse into its model."""
    response = module.sync_detailed(**kwargs)
    assert response.status_code == status, (module.__name__, response.status_code,
                                            response.content[:500])
    assert response.parsed is not None, module.__name__
    assert type(response.parsed).__name__ != "Error", response.parsed
    return response.parsed


def test_a_whole_vtes_event_through_the_generated_client(generated, live_server):
    client_mod = generated("client")
    models = generated("models")

    def api(name):
        return generated(f"api.{name}")

    session = PodiumSession()           # the app's session: reads see its own writes

    def as_(token):
        return client_mod.AuthenticatedClient(base_url=live_server.url, token=token,
                                              raise_on_unexpected_status=True, timeout=30,
                                              httpx_args=session.httpx_args())
    public = client_mod.Client(base_url=live_server.url, raise_on_unexpected_status=True,
                               httpx_args=session.httpx_args())
    admin = as_(live_server.admin_key)

    assert ok(api("system.health"), 200, client=public).status == "ok"
    account = ok(api("accounts.create_account"), 201, client=admin,
                 body=models.CreateAccountBody.from_dict({"role": "organizer",
                                                          "name": "Generated client store"}))
    org = as_(account.api_key)
    t = ok(api("tournaments.create_tournament"), 201, client=org,
           body=models.CreateTournamentBody.from_dict(
               {"name": "Client cup", "game": "vtes", "format": "sealed"}))
    tid = t.tournament_id
    assert t.status == "registration" and t.structure == "multiplayer-tables"
    players = {}
    for i in range(10):
        reg = ok(api("tournaments.register_player"), 201, tid=tid, client=as_(account.api_key),
                 body=models.RegisterPlayerBody.from_dict(
                     {"name": f"Client player {i + 1}", "member_id": str(3200001 + i)}))
        players[reg.player.player_id] = reg.token
    listed = ok(api("tournaments.list_players"), 200, tid=tid, client=public)
    assert len(listed.players) == 10
    assert ok(api("tournaments.start_tournament"), 200, tid=tid, client=org).status == "running"
    # the sealed product handed out and opened: play waits for it (V:EKN 7.3.1)
    ok(api("sealed.start_sealed"), 201, tid=tid, client=org)
    ok(api("sealed.open_sealed_product"), 200, tid=tid, client=org)

    # one capability's whole flow: multiplayer tables, three rounds and the final
    for rnd in (1, 2, 3):
        seating = ok(api("tables.seat_tables_round"), 201, tid=tid, client=org)
        assert seating.round_ == rnd and sum(len(x) for x in seating.tables) == 10
        for k, table in enumerate(seating.tables, start=1):
            vp = {p: 0 for p in table}
            vp[table[rnd % len(table)]] = 3
            result = ok(api("tables.report_table_result"), 200, tid=tid, n=rnd, k=k, client=org,
                        body=models.TableResultBody.from_dict({"vp": vp}))
            assert len(result.result) == len(table)
        view = ok(api("tables.get_tables_round"), 200, tid=tid, n=rnd, client=public)
        assert all(x.result is not None for x in view.tables)
    final = ok(api("tables.start_tables_final"), 201, tid=tid, client=org)
    for player in reversed(final.qualifiers):
        placed = ok(api("tables.place_final_card"), 200, tid=tid, client=as_(players[player]),
                    body=models.PlaceFinalCardBody.from_dict({"position": 0}))
    assert sorted(placed.seating) == sorted(final.qualifiers)
    vp = dict(zip(placed.seating, (3, 1, 1, 0, 0), strict=True))
    ok(api("tables.report_tables_final"), 200, tid=tid, client=org,
       body=models.FinalResultBody.from_dict({"vp": vp}))
    standings = ok(api("tables.tables_standings"), 200, tid=tid, client=public)
    assert standings.final[0].player == placed.seating[0]
    assert len(standings.standings) == 10

    done = ok(api("tournaments.finish_tournament"), 200, tid=tid, client=org)
    assert done.status == "finished" and done.seed
    # a refusal is documented too: finishing twice is a 409 in the common error shape
    again = api("tournaments.finish_tournament").sync_detailed(tid=tid, client=org)
    assert again.status_code == 409 and type(again.parsed).__name__ == "Error"
    report = ok(api("reports.get_report"), 200, tid=tid, client=org)
    assert len(report.players) == 10 and report.seed.verified
    # the session carried the position of every write (the finish's among them)
    assert f"tournament-{tid}:" in (session.position or "")


def test_the_generated_client_reads_a_report(generated, live_server):
    """Regression: Report.decklists once had no ``items``; the generator dropped the whole
    Report model and parsed the 200 reply as an Error."""
    client_mod, models = generated("client"), generated("models")
    admin = client_mod.AuthenticatedClient(base_url=live_server.url, token=live_server.admin_key,
                                           raise_on_unexpected_status=True)
    key = generated("api.accounts.create_account").sync(client=admin, body=models.
                                                         CreateAccountBody.from_dict(
        {"role": "organizer", "name": "Report store"})).api_key
    org = client_mod.AuthenticatedClient(base_url=live_server.url, token=key,
                                         raise_on_unexpected_status=True)
    tid = generated("api.tournaments.create_tournament").sync(
        client=org, body=models.CreateTournamentBody.from_dict(
            {"name": "Report cup", "game": "mtg", "format": "sealed"})).tournament_id
    for i in range(4):
        generated("api.tournaments.register_player").sync(
            tid=tid, client=org, body=models.RegisterPlayerBody.from_dict({"name": f"P{i}"}))
    generated("api.tournaments.start_tournament").sync(tid=tid, client=org)
    generated("api.tournaments.finish_tournament").sync(
        tid=tid, client=org, body=models.FinishBody.from_dict(
            {"incomplete": True, "reason": "no pod played"}))
    report = generated("api.reports.get_report").sync_detailed(tid=tid, client=org)
    assert report.status_code == 200
    assert type(report.parsed).__name__ == "ReportPage"
    assert report.parsed.tournament_id == tid and report.parsed.seed.verified
