"""Operational signals: structured logs carrying the request id (``logs``) and CloudWatch
metrics in the embedded metric format (``metrics``, ``picks``)."""
