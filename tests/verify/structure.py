"""Tamperings of a log's structure (a forger without the deployment's key): events deleted,
inserted, duplicated, reordered or cut off the end, whole streams deleted or forged. Each
returns the (stream, version, type) the verifier must name and the field it names; one
missing is named by its stream and versions, its type "(missing vA..vB)"."""
from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from chalicelib.domain.audit_chain import chain

Ident = tuple[str, int, str]


def _events(doc: dict, type_: str, where: Callable[[dict], bool] = lambda e: True) -> list:
    return [e for e in doc["events"] if e["type"] == type_ and where(e)]


def _stream(doc: dict, stream_id: str) -> list[dict]:
    return sorted((e for e in doc["events"] if e["stream_id"] == stream_id),
                  key=lambda e: e["version"])


def _missing(stream: str, first: int, last: int) -> Ident:
    return stream, first, f"(missing v{first})" if first == last else \
        f"(missing v{first}..v{last})"


def _not_last(doc: dict, e: dict) -> bool:
    return e["version"] < _stream(doc, e["stream_id"])[-1]["version"]


def rechain(doc: dict) -> None:
    """What a forger without the key can do: recompute every event's chain (the signed
    manifest still names the old heads)."""
    by: dict[str, list[dict]] = {}
    for e in doc["events"]:
        by.setdefault(e["stream_id"], []).append(e)
    for events in by.values():
        events.sort(key=lambda e: e["version"])
        for e, link in zip(events, chain(events), strict=True):
            e["chain"] = link


def delete(type_: str, nth: int = 0, rechained: bool = False):
    """The ``nth`` event of ``type_`` (not its stream's last) deleted, the rest of its
    stream renumbered; ``rechained``: the chain recomputed too."""
    def tamper(doc: dict) -> tuple[Ident, str]:
        victim = [e for e in _events(doc, type_) if _not_last(doc, e)][nth]
        stream = _stream(doc, victim["stream_id"])
        doc["events"].remove(victim)
        following = [e for e in stream if e["version"] > victim["version"]]
        for e in following:
            e["version"] -= 1
        if rechained:
            rechain(doc)
            last = stream[-1]["version"] + 1
            return _missing(victim["stream_id"], last, last), "(version)"
        moved = following[0]
        return (moved["stream_id"], moved["version"], moved["type"]), "chain"
    tamper.__name__ = f"delete_{type_}{'_rechained' if rechained else ''}"
    return tamper


def truncate(type_: str, where: Callable[[dict], bool] = lambda e: True, nth: int = -1):
    """A stream cut off from the ``nth`` event of ``type_`` on (the last round, the last
    picks, the final...)."""
    def tamper(doc: dict) -> tuple[Ident, str]:
        cut = _events(doc, type_, where)[nth]
        stream = _stream(doc, cut["stream_id"])
        gone = [e for e in stream if e["version"] >= cut["version"]]
        for e in gone:
            doc["events"].remove(e)
        return _missing(cut["stream_id"], cut["version"], stream[-1]["version"]), "(version)"
    tamper.__name__ = f"truncate_from_{type_}"
    return tamper


def drop_stream(prefix: str, nth: int = -1):
    """A whole stream (a draft pod, a match, a table) deleted."""
    def tamper(doc: dict) -> tuple[Ident, str]:
        ids = list(dict.fromkeys(e["stream_id"] for e in doc["events"]
                                 if e["stream_id"].startswith(prefix)))
        stream = _stream(doc, ids[nth])
        for e in stream:
            doc["events"].remove(e)
        return _missing(ids[nth], 1, stream[-1]["version"]), "(stream)"
    tamper.__name__ = f"drop_stream_{prefix.rstrip('-')}"
    return tamper


def duplicate(type_: str, nth: int = 0):
    """An event recorded twice (a replayed result, a second pick)."""
    def tamper(doc: dict) -> tuple[Ident, str]:
        e = _events(doc, type_)[nth]
        doc["events"].append(copy.deepcopy(e))
        return (e["stream_id"], e["version"], e["type"]), "(version)"
    tamper.__name__ = f"duplicate_{type_}"
    return tamper


def reorder(type_: str, nth: int = 0):
    """An event and the one after it in its stream exchanged (versions exchanged too)."""
    def tamper(doc: dict) -> tuple[Ident, str]:
        e = [x for x in _events(doc, type_) if _not_last(doc, x)][nth]
        after = next(x for x in _stream(doc, e["stream_id"]) if x["version"] == e["version"] + 1)
        e["version"], after["version"] = after["version"], e["version"]
        return (after["stream_id"], after["version"], after["type"]), "chain"
    tamper.__name__ = f"reorder_{type_}"
    return tamper


def insert(type_: str, nth: int = 0):
    """A copy of an event inserted after it, the rest of the stream renumbered."""
    def tamper(doc: dict) -> tuple[Ident, str]:
        e = _events(doc, type_)[nth]
        for x in _stream(doc, e["stream_id"]):
            if x["version"] > e["version"]:
                x["version"] += 1
        forged = copy.deepcopy(e)
        forged["version"] += 1
        doc["events"].append(forged)
        return (forged["stream_id"], forged["version"], forged["type"]), "chain"
    tamper.__name__ = f"insert_{type_}"
    return tamper


def forge_stream(prefix: str, suffix: str):
    """A whole stream added: a copy of one of ``prefix``'s streams under a new id, with
    its own consistent chain."""
    def tamper(doc: dict) -> tuple[Ident, str]:
        source = next(e["stream_id"] for e in doc["events"] if e["stream_id"].startswith(prefix))
        forged = [{**copy.deepcopy(e), "stream_id": source + suffix}
                  for e in _stream(doc, source)]
        for e, link in zip(forged, chain(forged), strict=True):
            e["chain"] = link
        doc["events"] += forged
        return (forged[0]["stream_id"], forged[0]["version"], forged[0]["type"]), "(stream)"
    tamper.__name__ = f"forge_stream_{prefix.rstrip('-')}"
    return tamper


STRUCTURAL: dict[str, list[Any]] = {
    "hack-booster-draft": [delete("CardPicked", 5), truncate("CardPicked"),
                           drop_stream("pod-"), truncate("RoundPaired"),
                           duplicate("ResultReported"), reorder("CardPicked", 40),
                           delete("DeckRegistered"), delete("CardPicked", 9, rechained=True)],
    "munchkin-draft": [truncate("TopCutStarted"), delete("CutAdvanced"),
                       duplicate("PackReplaced"), truncate("LateArrivalProvided"),
                       forge_stream("match-", "9"), delete("PlayerDropped")],
    "mtg-conspiracy": [truncate("FfaPodReported"), reorder("CardPicked", 100),
                       insert("CardPicked", 7)],
    "vtes-mixed-draft": [truncate("TablesFinalStarted"), delete("TablesRoundClosed", 1),
                         delete("MixedLibraryCardPicked", 30), drop_stream("table-"),
                         duplicate("TableSetRevealed", 3)],
    "vtes-table-draft": [truncate("TableCardPicked"), reorder("TableCardPicked", 11),
                         delete("TablePackReplaced")],
    "vtes-sealed-swap": [delete("SealedSwapDealt"), duplicate("SealedLateArrival"),
                         truncate("TablesFinalSeated")],
    "vtes-restricted-trade": [delete("TradeAccepted", 3), reorder("TradeOffered", 5),
                              truncate("TradeTurnStarted"), delete("TradeDeckSet", 2),
                              delete("TradeOffered", 2, rechained=True)],
}
