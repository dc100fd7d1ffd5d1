"""The V:TES winner's deck in the community archive's text layout (the Tournament
Winning Deck Archive kept for the V:EKN): the event's header lines (name, place, date,
rounds, players, winner, link), then the crypt with its size and capacity spread and the
library by card type, each card as ``<count>x <name>``.

Pure formatting: the caller gives the event's facts and each card's name, kind and
attributes (``capacity``, ``clan``, ``disciplines``, ``type``) from its card set.
Written by hand: ``krcg`` (the archive's own library) resolves cards in the official
card database it downloads, which Podium's own and uploaded sets are not part of."""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

# The archive's order of library card types; others follow, alphabetically.
TYPE_ORDER = ("master", "conviction", "action", "political action", "ally", "equipment",
              "retainer", "power", "action modifier", "reaction", "combat", "event")
RULE = "-" * 40


def ordinal_date(day: str | None) -> str:
    """``2026-04-05`` -> ``April 5th 2026`` (the archive's dates); '' when unknown."""
    try:
        d = date.fromisoformat((day or "")[:10])
    except ValueError:
        return ""
    n = d.day
    suffix = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{d.strftime('%B')} {n}{suffix} {d.year}"


def rounds_line(rounds: int, final: bool) -> str:
    """``3R+F``: the preliminary rounds and the final."""
    return f"{rounds}R+F" if final else f"{rounds}R"


def _attr(card: Mapping[str, Any], key: str) -> Any:
    return (card.get("attributes") or {}).get(key)


def _capacity(card: Mapping[str, Any]) -> int | None:
    value = _attr(card, "capacity")
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def crypt_lines(ids: Sequence[str], cards: Mapping[str, Mapping[str, Any]]) -> list[str]:
    counts = Counter(ids)
    caps = sorted(c for i in ids if (c := _capacity(cards.get(i, {}))) is not None)
    spread = ""
    if caps:
        low, high = sum(caps[:4]), sum(caps[-4:])
        avg = round(sum(caps) / len(caps), 2)
        spread = f", min={low}, max={high}, avg={avg:g}"
    head = f"Crypt ({len(ids)} cards{spread})"
    rows = []
    for card_id, n in sorted(counts.items(), key=lambda kv: (
            -(_capacity(cards.get(kv[0], {})) or 0), _name(cards, kv[0]))):
        card = cards.get(card_id, {})
        cells = [f"{n}x {_name(cards, card_id)}"]
        cap = _capacity(card)
        cells += [str(cap)] if cap is not None else []
        disciplines = _attr(card, "disciplines")
        if isinstance(disciplines, list):
            cells.append(" ".join(str(d) for d in disciplines))
        elif isinstance(disciplines, str):
            cells.append(disciplines)
        if _attr(card, "clan"):
            cells.append(str(_attr(card, "clan")))
        rows.append("  ".join(cells))
    return [head, "-" * len(head), *rows]


def library_lines(ids: Sequence[str], cards: Mapping[str, Mapping[str, Any]]) -> list[str]:
    groups: dict[str, Counter[str]] = {}
    for card_id in ids:
        kind = str(_attr(cards.get(card_id, {}), "type") or "other").lower()
        groups.setdefault(kind, Counter())[card_id] += 1
    order = sorted(groups, key=lambda k: (TYPE_ORDER.index(k) if k in TYPE_ORDER
                                          else len(TYPE_ORDER), k))
    out = [f"Library ({len(ids)} cards)"]
    for kind in order:
        counts = groups[kind]
        out.append(f"{kind.title()} ({sum(counts.values())})")
        out += [f"{n}x {_name(cards, i)}" for i, n in
                sorted(counts.items(), key=lambda kv: _name(cards, kv[0]))]
        out.append("")
    return out[:-1] if out[-1] == "" else out


def _name(cards: Mapping[str, Mapping[str, Any]], card_id: str) -> str:
    return str(cards.get(card_id, {}).get("name") or card_id)


def entry(event: Mapping[str, Any], deck: Mapping[str, Sequence[str]],
          cards: Mapping[str, Mapping[str, Any]]) -> str:
    """The archive entry: ``event`` holds ``name``, ``location``, ``date``, ``rounds``,
    ``final`` (bool), ``players``, ``winner``, ``link`` and optionally ``deck_name``."""
    header = [str(event.get("name") or ""), str(event.get("location") or ""),
              ordinal_date(event.get("date")),
              rounds_line(int(event.get("rounds") or 0), bool(event.get("final"))),
              f"{event.get('players')} players", str(event.get("winner") or ""),
              str(event.get("link") or "")]
    lines = [*header, ""]
    if event.get("deck_name"):
        lines += [f"Deck Name: {event['deck_name']}", ""]
    lines += crypt_lines(list(deck.get("crypt") or []), cards) + [""]
    lines += library_lines(list(deck.get("library") or []), cards)
    return "\n".join(lines) + "\n"
