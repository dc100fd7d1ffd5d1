"""The whole tamper corpus, each case named and sorted into the aggregate it forges: the
whole-event tamperings (``tamper.py``, ``tamper_deadlines.py``), the structural ones
(``structure.py``) and the judges' records' and the clock's (``tamper_judging.py``)."""
from __future__ import annotations

from .structure import STRUCTURAL
from .tamper import TAMPERING
from .tamper_judging import JUDGED

# What each scenario drafts: a draft tampering of it forges that kind of draft.
DRAFT_OF = {"hack-booster-draft": "booster draft", "munchkin-draft": "booster draft",
            "mtg-conspiracy": "conspiracy draft", "vtes-table-draft": "table draft",
            "vtes-mixed-draft": "mixed draft", "vtes-sealed-swap": "sealed",
            "vtes-restricted-trade": "trade"}
# A case's name (the tampering and the event type it hits) -> its aggregate; first match.
BY_NAME = (("deck_with", "decks"), ("DeckRegistered", "decks"), ("Trade", "trade"),
           ("trade", "trade"), ("SealedSwap", "swap"), ("Sealed", "sealed"),
           ("TopCut", "top cut"), ("Cut", "top cut"), ("cut_", "top cut"),
           ("TablesFinal", "V:TES final"), ("first_player", "V:TES final"),
           ("Tables", "V:TES tables"), ("stream_table", "V:TES tables"),
           ("change_vp", "V:TES tables"), ("table_report", "V:TES tables"),
           ("Ffa", "free-for-all"), ("ffa", "free-for-all"),
           ("RoundPaired", "Swiss"), ("pairing", "Swiss"), ("ResultReported", "Swiss"),
           ("round_deadline", "Swiss"), ("stream_match", "Swiss"), ("PlayerDropped", "Swiss"))
REQUIRED = {"booster draft", "conspiracy draft", "table draft", "mixed draft", "sealed", "swap",
            "trade", "decks", "Swiss", "top cut", "V:TES tables", "V:TES final", "penalties",
            "clock"}


def category(scenario: str, name: str) -> str:
    if scenario.startswith("judged-"):
        return "clock" if "extension" in name or "clock" in name or "TimeExtended" in name \
            else "penalties"
    return next((c for key, c in BY_NAME if key in name), DRAFT_OF[scenario])


def cases() -> list[tuple[str, str, str]]:
    """(scenario, case, aggregate) of every case of the corpus."""
    out = [(s, t.__name__, category(s, t.__name__)) for s in TAMPERING
           for t in TAMPERING[s] + STRUCTURAL[s]]
    out += [(f"judged-{s}", t.__name__, category(f"judged-{s}", t.__name__))
            for s, tampers in JUDGED.items() for t in tampers]
    return out
