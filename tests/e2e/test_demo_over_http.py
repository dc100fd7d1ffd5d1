"""``make demo`` as a test: every whole event over real HTTP against a fresh chalice local,
the federation feed pulled, then the federation's season, its numbers checked (~30 s:
slow, PODIUM_SLOW=1)."""
from __future__ import annotations

from demo.__main__ import main
from demo.registry import MODULES
from tests.e2e.slow import slow


@slow
def test_every_whole_event_over_real_http(capsys):
    assert main([]) == 0
    out = capsys.readouterr().out
    assert out.count("Final standings:") == len(MODULES)
    assert "each exactly once: yes" in out
    assert "every number checked against the hand computation" in out
    assert "Qualified for the European championship:" in out
