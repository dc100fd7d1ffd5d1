"""CloudWatch metrics, namespace ``Podium``, written as embedded-metric-format log lines
(powertools Metrics). They are recorded only inside Lambda (``AWS_LAMBDA_FUNCTION_NAME``
is set) unless ``POWERTOOLS_METRICS_DISABLED`` is true, and published at the end of each
invocation by app.py's middleware (:func:`flush`); locally and in tests nothing is
recorded or printed.

Names: ``ProjectionLag`` (seconds: the oldest record of each stream batch, when
projected), ``StreamRecordsProjected`` and ``StreamBatchFailures`` (records per batch),
``WebhookDeliveryFailures`` (failed attempts), ``AutoPicks`` (picks the server made for a
player: an expired timer, or staff picking for an absent player) and ``AutoPicksByStaff``
(the latter only)."""
from __future__ import annotations

import os

from aws_lambda_powertools import Metrics
from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.metrics.functions import is_metrics_disabled

NAMESPACE = "Podium"
_metrics = Metrics(namespace=NAMESPACE, service="podium")


def enabled() -> bool:
    return bool(os.environ.get("AWS_LAMBDA_FUNCTION_NAME")) and not is_metrics_disabled()


def count(name: str, value: int = 1) -> None:
    if enabled():
        _metrics.add_metric(name=name, unit=MetricUnit.Count, value=value)


def seconds(name: str, value: float) -> None:
    if enabled():
        _metrics.add_metric(name=name, unit=MetricUnit.Seconds, value=round(value, 3))


def flush() -> None:
    """Publish what this invocation recorded (one EMF line on stdout)."""
    if enabled() and _metrics.metric_set:
        _metrics.flush_metrics()
