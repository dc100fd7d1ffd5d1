"""Not a blueprint any more: the limited formats' routes live in ``table_draft``,
``mixed_draft``, ``sealed`` and ``trade`` (shared parts in ``limited_common``).

Kept only because tests/api/test_limited.py imports the scheduled sweep from here; remove
it once that test imports ``chalicelib.api.table_draft.sweep_limited_drafts``."""
from .table_draft import sweep_limited_drafts  # noqa: F401
