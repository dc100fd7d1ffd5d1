"""Plain-text tables for the demo's output."""
from __future__ import annotations

from typing import Any

HIDDEN = {"player_id"}


def table(rows: list[dict[str, Any]], limit: int | None = None) -> str:
    if not rows:
        return "  (no rows)"
    columns = [c for c in rows[0] if c not in HIDDEN]
    shown = rows[:limit] if limit else rows
    cells = [[_fmt(r.get(c)) for c in columns] for r in shown]
    widths = [max(len(c), *(len(row[i]) for row in cells)) for i, c in enumerate(columns)]
    lines = ["  " + "  ".join(c.ljust(w) for c, w in zip(columns, widths, strict=True)),
             "  " + "  ".join("-" * w for w in widths)]
    lines += ["  " + "  ".join(v.ljust(w) for v, w in zip(row, widths, strict=True))
              for row in cells]
    if limit and len(rows) > limit:
        lines.append(f"  ... {len(rows) - limit} more")
    return "\n".join(lines)


def _fmt(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def report_summary(report: dict[str, Any]) -> str:
    standings = report.get("standings") or {}
    members = report.get("member_ids") or {}
    reporting = report.get("reporting") or {}
    decklists = len(report["decklists"]) if report.get("decklists") else 0
    placeholders = len(members.get("placeholders") or [])
    lines = [
        (f"  {report['name']} ({report['game']}, {report['format']}, "
         f"{report['structure']}) on {report.get('date')}"),
        (f"  players {len(report['players'])}, rounds {len(report['rounds'])}, "
         f"scoring {standings.get('scoring')}, decklists {decklists}"),
        (f"  seed verified: {report['seed']['verified']}  ratings eligible: "
         f"{members.get('ratings_eligible')}  placeholders: {placeholders}"),
        f"  reporting: {', '.join(f'{k}={v}' for k, v in reporting.items())}"]
    top = (standings.get("rows") or [])[:3]
    lines += [f"  #{r['rank']} {r['name']} (member {r['member_id'] or '-'})" for r in top]
    return "\n".join(lines)
