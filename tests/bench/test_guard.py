"""A bench run counts only when nothing logged an error, every target passed and its
inputs were real: ``bench.guard.judged`` withholds the figures otherwise."""
from __future__ import annotations

import logging

from bench import draft
from bench.guard import judged, require, target


def _run(capsys, bench) -> tuple[int, str]:
    code = judged("demo", bench)
    return code, capsys.readouterr().out


def test_a_clean_run_prints_its_figures_and_the_commit(capsys):
    def bench():
        print("figure 42 ms")
        target("fast enough", True)
        return 0
    code, out = _run(capsys, bench)
    assert code == 0
    assert out.startswith("bench demo at commit ")
    assert "figure 42 ms" in out and "INVALID" not in out


def test_an_error_logged_under_chalicelib_invalidates_the_run(capsys):
    def bench():
        print("figure 42 ms")
        logging.getLogger("chalicelib.projections.projector").error("projection failed")
        return 0
    code, out = _run(capsys, bench)
    assert code == 1
    assert out.startswith("INVALID RUN of bench demo")
    assert "projection failed" in out
    assert "\nfigure 42 ms" not in out and "(no result) figure 42 ms" in out


def test_a_failed_target_invalidates_the_run_even_if_the_bench_returns_0(capsys):
    def bench():
        target("worst round under 0.5 s", False)
        return 0
    code, out = _run(capsys, bench)
    assert code == 1 and "target failed: worst round under 0.5 s" in out


def test_inputs_real_events_would_not_produce_invalidate_the_run(capsys):
    def bench():
        require(False, "pod-tbench-1 names no tournament")
        return 0
    code, out = _run(capsys, bench)
    assert code == 1 and "pod-tbench-1 names no tournament" in out


def test_a_non_zero_exit_alone_invalidates_the_run(capsys):
    code, out = _run(capsys, lambda: 3)
    assert code == 1 and "exited 3" in out


def test_the_draft_bench_runs_clean_on_a_real_tournament_id(capsys, tmp_path):
    """Nothing logged, every card picked; its timing target (last picks within 1.5x the
    first) is the bench's to judge on a quiet machine, not this test's on a busy one."""
    code, out = _run(capsys, lambda: draft.main(["--pods", "2", "--packs", "1",
                                                  "--data-dir", str(tmp_path)]))
    assert "picks: 240 (expected 240)" in out, out
    assert "ERROR" not in out and "names no" not in out, out
    failed = [line for line in out.splitlines() if line.strip().startswith("target failed:")]
    assert all("last picks within" in line for line in failed), out
    assert code == (1 if failed else 0), out
