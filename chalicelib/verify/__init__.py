"""The offline verifier of a finished tournament's audit log: the seed against the
SHA-256 published at creation, every seeded draw and every score re-derived by the
domain's own pure functions and deciders. It imports only ``chalicelib.domain`` and the
standard library (import-linter holds it to that), so a federation can vendor
``chalicelib/__init__.py``, ``chalicelib/domain`` and ``chalicelib/verify`` and run
``python -m chalicelib.verify <file or URL>``."""
from .engine import Outcome, verify  # noqa: F401
