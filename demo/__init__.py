"""Whole events end to end: scenario functions that drive the API through a tiny transport
(in-process Chalice client in tests, real HTTP for ``make demo``). See demo/README.md."""
