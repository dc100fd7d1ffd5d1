"""Metrics as Lambda publishes them: enabled by ``AWS_LAMBDA_FUNCTION_NAME``, printed as
embedded-metric-format lines on stdout."""
from __future__ import annotations

import json
from collections import defaultdict

import pytest

from chalicelib.telemetry import metrics


def emf_lines(text: str) -> list[dict]:
    out = []
    for line in text.splitlines():
        if line.startswith("{") and '"_aws"' in line:
            out.append(json.loads(line))
    return out


def totals(lines: list[dict]) -> dict[str, list[float]]:
    """Every published value by metric name (Namespace Podium only)."""
    values: dict[str, list[float]] = defaultdict(list)
    for line in lines:
        for directive in line["_aws"]["CloudWatchMetrics"]:
            assert directive["Namespace"] == "Podium"
            for metric in directive["Metrics"]:
                value = line[metric["Name"]]
                values[metric["Name"]] += value if isinstance(value, list) else [value]
    return values


@pytest.fixture
def in_lambda(monkeypatch, capsys):
    """Run as inside Lambda; returns a function giving the metrics published so far."""
    monkeypatch.setenv("AWS_LAMBDA_FUNCTION_NAME", "podium-test-function")
    monkeypatch.delenv("POWERTOOLS_METRICS_DISABLED", raising=False)
    monkeypatch.delenv("POWERTOOLS_DEV", raising=False)
    printed: list[dict] = []

    def published() -> dict[str, list[float]]:
        metrics.flush()
        printed.extend(emf_lines(capsys.readouterr().out))
        return totals(printed)
    yield published
    metrics.flush()          # leave nothing recorded for the next test
    capsys.readouterr()
