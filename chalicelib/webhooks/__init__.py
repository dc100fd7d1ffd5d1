"""Webhook delivery: the worker that drains the outbox view (signed HTTP POSTs with
retries), run in-process after projection locally and on a schedule in AWS."""
