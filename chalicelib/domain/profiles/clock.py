"""Time limits: which settings hold an event's clock, and the limits a game's rules set.

A Swiss event's clock is the ``swiss`` section's (rounds, top-cut rounds, the final
match); multiplayer tables and free-for-all pods read the ``tables`` section's (rounds,
the final table). ``None`` means no time limit. A time limit set in the section the
tournament's structure does not play is refused rather than silently ignored."""
from __future__ import annotations

from typing import Any

CLOCK_KEYS = {"swiss": ("round_minutes", "top_cut_minutes", "final_minutes"),
              "tables": ("round_minutes", "final_minutes")}
CLOCK_SECTION = {"swiss": "swiss", "multiplayer-tables": "tables", "pod-ffa": "tables"}
VEKN_MIN_ROUND_MINUTES = 120   # V:EKN 3.1.1: "The minimum time limit ... is two hours."


def clock_section(structure: str) -> str:
    return CLOCK_SECTION.get(structure, "swiss")


def misplaced_time_limits(structure: str, override: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The time limits ``override`` sets in a section ``structure`` does not play."""
    in_force = clock_section(structure)
    problems = []
    for section, keys in CLOCK_KEYS.items():
        given = (override or {}).get(section)
        if section == in_force or not isinstance(given, dict):
            continue
        problems += [{"loc": f"{section}.{key}",
                      "msg": f"a {structure} tournament keeps its time limits in "
                             f"{in_force} ({', '.join(CLOCK_KEYS[in_force])})"}
                     for key in keys if key in given]
    return problems


def vekn_time_limits(section: str, values: dict[str, int | None]) -> list[str]:
    """V:EKN 3.1.1: every round, the final included, has a time limit of two hours at
    least (the final may last longer, never less)."""
    return [f"{section}.{key}: V:EKN 3.1.1 rounds last at least {VEKN_MIN_ROUND_MINUTES} "
            "minutes and always have a time limit"
            for key, value in values.items()
            if value is None or value < VEKN_MIN_ROUND_MINUTES]


def checks_vekn_clock(context: dict[str, Any] | None, section: str) -> bool:
    """A V:EKN event's ``section`` holds its clock (or which one does is not known)."""
    context = context or {}
    return context.get("game") == "vtes" and context.get("clock") in (None, section)
