"""The command refuses what it cannot check: an unknown event type or stream exits 3
unless allowed, input it cannot read exits 2 with a one-line reason (never a traceback),
and a URL whose paging never ends or repeats a cursor is refused, not followed forever."""
from __future__ import annotations

import gzip
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from chalicelib.domain.version import PODIUM_VERSION
from chalicelib.verify.__main__ import main
from chalicelib.verify.source import SourceError, fetch

TID = "t000000000001"
CREATED = {"tournament_id": TID, "organizer_id": "o1", "name": "n", "game": "vtes",
           "format": "sealed", "structure": "swiss", "seed": None, "seed_sha256": "0" * 64,
           "settings": {}, "created_at": "2026-01-01"}


def _log(*extra: dict) -> dict:
    events = [{"stream_id": f"tournament-{TID}", "version": 1, "type": "TournamentCreated",
               "data": CREATED, "podium_version": PODIUM_VERSION}, *extra]
    return {"tournament_id": TID, "podium_version": PODIUM_VERSION, "events": events}


def _write(tmp_path, doc) -> str:
    path = tmp_path / "audit.json"
    path.write_text(json.dumps(doc))
    return str(path)


@pytest.mark.parametrize("extra, named", [
    ({"stream_id": f"tournament-{TID}", "version": 2, "type": "PlayerBribed", "data": {}},
     f"tournament-{TID} v2 PlayerBribed: an event type the verifier does not know"),
    ({"stream_id": f"penalty-{TID}", "version": 1, "type": "PenaltyGiven", "data": {}},
     f"penalty-{TID} v1 PenaltyGiven: a stream the verifier does not know"),
    ({"stream_id": f"judging-{TID}", "version": 1, "type": "PenaltyWaived", "data": {}},
     f"judging-{TID} v1 PenaltyWaived: an event type the judging stream never holds"),
    ({"stream_id": f"clock-{TID}", "version": 1, "type": "PenaltyGiven", "data": {}},
     f"clock-{TID} v1 PenaltyGiven: an event type the clock stream never holds"),
    ({"stream_id": f"judging-{TID}-2", "version": 1, "type": "PenaltyGiven", "data": {}},
     f"judging-{TID}-2 v1 PenaltyGiven: a stream the verifier does not know")])
def test_unknown_types_and_streams_exit_3_unless_allowed(tmp_path, capsys, extra, named):
    path = _write(tmp_path, _log(extra))
    assert main([path]) == 3
    out = capsys.readouterr()
    assert f"UNKNOWN  {named}" in out.out and "--allow-unknown" in out.err
    # allowed: the rest is checked (this log is unfinished: a difference, exit 1)
    assert main([path, "--allow-unknown"]) == 1
    assert "NOT CHECKED  1 event(s)" in capsys.readouterr().out


def test_an_event_no_audit_log_holds_is_a_difference(tmp_path, capsys):
    token = {"stream_id": f"tournament-{TID}", "version": 2, "type": "TokenIssued",
             "data": {}}
    assert main([_write(tmp_path, _log(token))]) == 1
    assert f"DIFFERS  tournament-{TID} v2 TokenIssued: (type)" in capsys.readouterr().out


def _unreadable(tmp_path):
    whole = gzip.compress(json.dumps(_log()).encode())
    yield "truncated gzip", whole[:len(whole) // 2], "gzip stream is truncated"
    yield "corrupt gzip", whole[:10] + b"\x00" * 40 + whole[50:], "not a valid gzip"
    yield "deep JSON", b"[" * 100_000 + b"]" * 100_000, "nested deeper than"
    yield "deep object", b'{"a":' * 5000 + b"1" + b"}" * 5000, "nested deeper than"
    yield "not JSON", b"<html>502 Bad Gateway</html>", "not JSON"
    yield "binary", b"\xff\xfe\x00garbage", "not"
    yield "a list", b"[1, 2]", "not an audit log"
    yield "empty", b"", "not JSON"
    yield "bad event", json.dumps({"tournament_id": TID, "events": [7]}).encode(), \
        "event 0 lacks"


@pytest.mark.parametrize("case", range(9))
def test_unreadable_input_exits_2_with_one_line(tmp_path, capsys, case):
    name, raw, reason = list(_unreadable(tmp_path))[case]
    path = tmp_path / "audit.bin"
    path.write_bytes(raw)
    assert main([str(path)]) == 2, name
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and reason in err and "Traceback" not in err, (name, err)


def test_a_missing_file_and_a_cap_exit_2(tmp_path, capsys):
    assert main([str(tmp_path / "nothing.json")]) == 2
    assert "No such file" in capsys.readouterr().err
    path = _write(tmp_path, _log())
    assert main([path, "--max-bytes", "100"]) == 2
    assert "larger than 100 bytes" in capsys.readouterr().err


def test_a_gzip_bomb_stops_at_the_cap(tmp_path, capsys):
    path = tmp_path / "bomb.gz"
    path.write_bytes(gzip.compress(b" " * 50_000_000))
    assert main([str(path), "--max-bytes", "1000000"]) == 2
    assert "larger than 1000000 bytes" in capsys.readouterr().err


class _Pager(BaseHTTPRequestHandler):
    mode = "endless"

    def do_GET(self):  # noqa: N802 - the stdlib's name
        if self.mode == "endless":
            cursor = str(int(self.path.rsplit("after=", 1)[-1]) + 1) if "after=" in self.path \
                else "1"
        else:
            cursor = "same"
        body = json.dumps({"tournament_id": TID, "events": [], "next": cursor}).encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.mark.parametrize("mode, reason", [("endless", "never ends"), ("repeat", "repeats")])
def test_paging_is_bounded(mode, reason):
    handler = type("Pager", (_Pager,), {"mode": mode})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with pytest.raises(SourceError, match=reason):
            fetch(f"http://127.0.0.1:{server.server_port}/v1/tournaments/{TID}/audit",
                  max_pages=25)
    finally:
        server.shutdown()
        server.server_close()
