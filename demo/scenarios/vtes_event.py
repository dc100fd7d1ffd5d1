"""The part every drafted V:TES limited event shares after its draft: each pool built into a
deck, three seated rounds, the final, the standings, the finish and the report."""
from __future__ import annotations

from typing import Any

from ..client import Api
from .decks import card_kinds, open_decks, publish, register_deck, vtes_deck
from .finish import finish_and_report
from .outcome import Outcome
from .tables import final, play_rounds, table_standings


def play_drafted(api: Api, ev, name: str, drafted: dict[str, Any],
                 **facts: Any) -> Outcome:
    """``drafted``: the draft's figures with ``pools`` (player -> the cards drafted);
    ``facts``: more figures for the outcome."""
    kinds = card_kinds(api, "sample-vtes")
    open_decks(api, ev)
    for player, pool in drafted.pop("pools").items():
        register_deck(api, ev, player, vtes_deck(pool, kinds))
    drafted["decks"] = len(publish(api, ev)["decklists"])
    tables = play_rounds(api, ev)
    qualifiers = final(api, ev)
    rows = table_standings(api, ev)
    report = finish_and_report(api, ev)
    return Outcome(name, ev.tid, ev.org, rows,
                   {**drafted, **facts, "tables": tables, "finalists": len(qualifiers),
                    "time_extensions": len(report["time_extensions"]),
                    "events": api.event_count(ev.tid, ev.org)}, report)
