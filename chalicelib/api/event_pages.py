"""The page of a limited format's feed or staff log (sealed, trading pods, table and
mixed draft pods), read and replied one way: ``?after=`` (a previous page's ``next``, an
opaque cursor of a stream version) and ``?limit=``; the reply's ``next`` is null on the
last page. What a page holds: ``application/limited.py``'s ``events_page``."""
from __future__ import annotations

from typing import Any

from ..application import limited
from .http import cursor_at, page_param


def event_page(request) -> tuple[int, int]:
    """(the stream version to read after, how many events at most) of the request."""
    return page_param(request, limited.EVENTS_PAGE, limited.EVENTS_PAGE_MAX)


def with_next(doc: dict[str, Any]) -> dict[str, Any]:
    """The page's document with its ``next`` version as the cursor to send back."""
    return {**doc, "next": cursor_at(doc["next"])}
