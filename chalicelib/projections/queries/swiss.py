"""The read side of ``projections/swiss.py``: the ids of its view documents and
the readers the use cases call (the handlers writing them stay in that module)."""
from __future__ import annotations

from typing import Any

from .swiss_matches import match_result_id

ROUND_PAGE = 500          # matches per round page document
STANDINGS_PAGE = 1000     # rows per standings page document


def overview_id(tid: str) -> str:
    return f"swiss:{tid}"


def meta_id(tid: str) -> str:
    return f"swiss:{tid}:meta"


def round_id(tid: str, number: int) -> str:
    return f"swiss:{tid}:round:{number}"


def round_page_id(tid: str, number: int, page: int) -> str:
    return f"swiss:{tid}:round:{number}:page:{page}"


def standings_id(tid: str, number: int) -> str:
    return f"swiss:{tid}:standings:{number}"


def standings_page_id(tid: str, number: int, page: int) -> str:
    return f"swiss:{tid}:standings:{number}:page:{page}"


def bracket_id(tid: str) -> str:
    return f"swiss:{tid}:bracket"


def merged(entry: dict[str, Any], own: dict[str, Any] | None) -> dict[str, Any]:
    """A match of the round's view: this stream's entry once it holds the final result,
    else the live result its own stream projected (``own``), if any."""
    if own is None or entry["status"] == "final":
        return entry
    return {**entry, **{k: own[k] for k in ("status", "score", "reported", "corrected",
                                            "loss_by_drop")}}


def round_pages(tx: Any, tid: str, number: int) -> tuple[dict[str, Any], list[list[dict]]]:
    """A round's header and its pages of matches (``tx``: a ViewTx or a ViewStore)."""
    header = tx.get(round_id(tid, number))
    ids = [round_page_id(tid, number, k) for k in range(header["pages"])]
    docs = tx.get_many(ids)
    return header, [docs[i]["matches"] for i in ids]


def standings_rows(views: Any, tid: str, number: int, start: int = 0,
                   count: int | None = None
                   ) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """The standings header after round ``number`` and its rows ``start`` ..
    ``start + count`` (None: all), reading only the pages they are on."""
    header = views.get(standings_id(tid, number))
    if header is None:
        return None, []
    end = header["total"] if count is None else min(header["total"], start + count)
    ids = [standings_page_id(tid, number, k)
           for k in range(start // STANDINGS_PAGE, -(-end // STANDINGS_PAGE))]
    docs = views.get_many(ids)
    rows = [row for i in ids for row in docs[i]["rows"]]
    first = (start // STANDINGS_PAGE) * STANDINGS_PAGE
    return header, rows[start - first:end - first]


def full_round(views: Any, tid: str, number: int, start: int = 0,
               count: int | None = None) -> dict[str, Any] | None:
    """A round as its view shows it with its matches ``start`` .. ``start + count`` (None:
    all), live results joined, reading only the pages they are on (the round's route,
    reports and the widget)."""
    header = views.get(round_id(tid, number))
    if header is None:
        return None
    end = header["total"] if count is None else min(start + count, header["total"])
    ids = [round_page_id(tid, number, k)
           for k in range(start // ROUND_PAGE, -(-end // ROUND_PAGE))] if end > start else []
    pages = views.get_many(ids)
    entries = [m for i in ids for m in pages[i]["matches"]][start % ROUND_PAGE:][:end - start]
    own = {} if header["closed"] else views.get_many(
        [match_result_id(tid, m["match_id"]) for m in entries])
    return {**{k: v for k, v in header.items() if k not in ("results_in", "pages")},
            "matches": [merged(m, own.get(match_result_id(tid, m["match_id"])))
                        for m in entries]}


def full_standings(views: Any, tid: str, number: int) -> dict[str, Any] | None:
    """Standings after round ``number`` with every row (reports and the widget)."""
    header, rows = standings_rows(views, tid, number)
    if header is None:
        return None
    return {**{k: v for k, v in header.items() if k != "pages"}, "rows": rows}
