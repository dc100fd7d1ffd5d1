"""``python -m bench largest`` runs each format at its largest accepted size; here every
scenario runs at 16 players through the same code, so a route, a body or a reply shape
it relies on cannot change without this failing (the bench's own run takes minutes)."""
from __future__ import annotations

import logging

import pytest

from bench import largest
from bench.guard import judged


@pytest.fixture
def logging_restored():
    yield
    logging.disable(logging.NOTSET)             # the bench quiets warnings for its run


@pytest.mark.parametrize("name", sorted(largest.SCENARIOS))
def test_each_scenario_runs_to_its_end_at_a_small_size(name, capsys, logging_restored):
    code = judged("largest", lambda: largest.main(["--formats", name, "--players", "16"]))
    out = capsys.readouterr().out
    assert code == 0, out
    assert f"target {name} at 16 players runs to its end: PASS" in out
    assert "16 players" in out and "HTTP calls" in out
