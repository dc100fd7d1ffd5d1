"""Tamperings of the judges' records and the clock, on the judged events of
``judged_events.py``: each returns the (stream, version, type) the verifier must name and
the field it names (``(unknown)``: the event is refused as unknown, exit 3). The ones in
``RESEALED`` are re-sealed first (a forger holding the key); the others are checked as the
forger left them."""
from __future__ import annotations

import copy
from typing import Any

from chalicelib.domain.audit_chain import chain
from chalicelib.domain.tables.scoring import score

from .structure import delete, drop_stream
from .tamper import _first, _ident


def _scored(results: dict, vp: dict) -> dict:
    return score(list(results), vp, [])


def _penalty(doc: dict, kind: str, nth: int = 0) -> dict:
    return [e for e in doc["events"] if e["type"] == "PenaltyGiven"
            and e["data"]["kind"] == kind][nth]


def _renumbered_without(doc: dict, victim: dict) -> None:
    doc["events"].remove(victim)
    for e in doc["events"]:
        if e["stream_id"] == victim["stream_id"] and e["version"] > victim["version"]:
            e["version"] -= 1


def penalty_player_changed(doc: dict) -> tuple[Any, str]:
    """A match loss moved onto another registered player (not in that match)."""
    loss = _penalty(doc, "match_loss")
    loss["data"]["player_id"] = _penalty(doc, "disqualification")["data"]["player_id"]
    return _ident(loss), "match_id"


def penalty_of_a_stranger(doc: dict) -> tuple[Any, str]:
    """A warning given to someone who never registered."""
    warning = _penalty(doc, "warning")
    warning["data"]["player_id"] = "pffffffffff"
    return _ident(warning), "player_id"


def dq_removed_drop_stays(doc: dict) -> tuple[Any, str]:
    """The disqualification deleted from the judges' records, its drop left in place."""
    dq = _penalty(doc, "disqualification")
    _renumbered_without(doc, dq)
    drop = _first(doc, "PlayerDropped", lambda e: e["data"].get("penalty_id"))
    return _ident(drop), "penalty_id"


def dq_without_its_drop(doc: dict) -> tuple[Any, str]:
    """The drop of a disqualified player no longer names the disqualification."""
    drop = _first(doc, "PlayerDropped", lambda e: e["data"].get("penalty_id"))
    del drop["data"]["penalty_id"]
    return _ident(_penalty(doc, "disqualification")), "applied.drop"


def dq_left_in_the_pairings(doc: dict) -> tuple[Any, str]:
    """The disqualified player's drop from the Swiss pairings deleted (re-sealed)."""
    dq = _penalty(doc, "disqualification")
    swiss_drop = next(e for e in doc["events"] if e["stream_id"].startswith("swiss-")
                      and e["type"] in ("SwissPlayerDropped", "PlayerDropped")
                      and e["data"].get("player") == dq["data"]["player_id"])
    _renumbered_without(doc, swiss_drop)
    return _ident(dq), "applied.drop"


def match_loss_score_changed(doc: dict) -> tuple[Any, str]:
    """The result a match loss entered is not the rule's (2-0 to the opponent)."""
    loss = _penalty(doc, "match_loss")
    loss["data"]["applied"]["swiss"]["score"] = {"a": 1, "b": 2, "draws": 0}
    return _ident(loss), "applied.swiss.score"


def game_loss_result_rewritten(doc: dict) -> tuple[Any, str]:
    """The match result a game loss entered rewritten in the match's stream."""
    loss = _penalty(doc, "game_loss")
    entered = _first(doc, "ResultEntered",
                     lambda e: e["data"]["match"] == loss["data"]["match_id"])
    entered["data"]["score"] = {"a": 2, "b": 0, "draws": 0}
    return _ident(loss), "applied.swiss"


def overturn_not_compensated(doc: dict) -> tuple[Any, str]:
    """The appeal overturned the match loss, but its result was never given back (the
    compensating correction deleted)."""
    decided = _first(doc, "AppealDecided")
    back = [e for e in doc["events"] if e["type"] == "ResultCorrected"][-1]
    _renumbered_without(doc, back)
    return _ident(decided), "decision"


def allegation_names_another_penalty(doc: dict) -> tuple[Any, str]:
    """A penalized allegation pointed at the disqualification (not a cheating penalty)."""
    decided = _first(doc, "AllegationDecided")
    decided["data"]["penalty_id"] = _penalty(doc, "disqualification")["data"]["penalty_id"]
    return _ident(decided), "penalty_id"


def forged_penalty_stream(doc: dict) -> tuple[Any, str]:
    """A second judges' records stream added, holding a forged penalty."""
    source = _penalty(doc, "warning")
    forged = {**copy.deepcopy(source), "stream_id": source["stream_id"] + "-2", "version": 1}
    forged["chain"] = chain([forged])[0]
    doc["events"].append(forged)
    return _ident(forged), "(unknown)"


def foreign_type_in_clock(doc: dict) -> tuple[Any, str]:
    """A penalty hidden in the clock's stream."""
    clock = [e for e in doc["events"] if e["stream_id"].startswith("clock-")]
    forged = {**copy.deepcopy(_penalty(doc, "warning")), "stream_id": clock[0]["stream_id"],
              "version": len(clock) + 1}
    doc["events"].append(forged)
    return _ident(forged), "(unknown)"


def extension_moved_to_a_finished_match(doc: dict) -> tuple[Any, str]:
    """The extension given to a match whose result was already entered."""
    extended = _first(doc, "TimeExtended")
    extended["data"]["target"] = _penalty(doc, "match_loss")["data"]["match_id"]
    return _ident(extended), "(command)"


def extension_of_no_match(doc: dict) -> tuple[Any, str]:
    extended = _first(doc, "TimeExtended")
    extended["data"]["target"] = "R1-99"
    return _ident(extended), "target"


def extension_added_after_the_result(doc: dict) -> tuple[Any, str]:
    """A second extension of the match appended after its result."""
    extended = _first(doc, "TimeExtended")
    forged = copy.deepcopy(extended)
    forged["version"] += 1
    forged["recorded_at"] = doc["events"][-1]["recorded_at"]
    doc["events"].append(forged)
    return _ident(forged), "(command)"


def extension_over_the_limit(doc: dict) -> tuple[Any, str]:
    extended = _first(doc, "TimeExtended")
    extended["data"]["minutes"] = 90
    return _ident(extended), "(command)"


def extensions_out_of_order(doc: dict) -> tuple[Any, str]:
    """The round's extension dated before the table's written ahead of it."""
    first, second = [e for e in doc["events"] if e["type"] == "TimeExtended"][:2]
    first["data"]["at"], second["data"]["at"] = second["data"]["at"], first["data"]["at"]
    return _ident(second), "at"


def extension_moved_to_a_reported_table(doc: dict) -> tuple[Any, str]:
    extended = _first(doc, "TimeExtended", lambda e: "-" in e["data"]["target"])
    extended["data"]["target"] = "T1-1"
    return _ident(extended), "(command)"


def table_loss_undone(doc: dict) -> tuple[Any, str]:
    """The correction a game loss made at a reported table gives the VP back."""
    loss = _penalty(doc, "game_loss", 0)
    applied = loss["data"]["applied"]["table"]
    fixed = _first(doc, "TablesTableReported", lambda e: e["stream_id"].startswith("tables-"))
    fixed["data"]["results"] = _scored(fixed["data"]["results"], applied["before"])
    return _ident(loss), "applied.table"


def table_loss_not_counted(doc: dict) -> tuple[Any, str]:
    """A game loss given before its table reported, the report counting the VP anyway."""
    loss = _penalty(doc, "game_loss", 1)
    player = loss["data"]["player_id"]
    report = _first(doc, "TablesTableReported", lambda e: player in e["data"]["results"])
    vp = {p: r["vp_halves"] for p, r in report["data"]["results"].items()}
    vp[player] = 1
    report["data"]["results"] = _scored(report["data"]["results"], vp)
    return _ident(loss), "applied.table"


def table_penalty_moved(doc: dict) -> tuple[Any, str]:
    loss = _penalty(doc, "game_loss", 0)
    loss["data"]["table"] = 2
    return _ident(loss), "table"


def sealed_reason_altered(doc: dict) -> tuple[Any, str]:
    """A penalty's withheld reason swapped for another commitment (no key: not re-sealed)."""
    loss = _penalty(doc, "match_loss")
    loss["withheld"]["reason"] = "0" * 64
    return _ident(loss), "chain"


SWISS_RESEALED = [penalty_player_changed, penalty_of_a_stranger, dq_removed_drop_stays,
                  dq_without_its_drop, dq_left_in_the_pairings, match_loss_score_changed,
                  game_loss_result_rewritten,
                  overturn_not_compensated, allegation_names_another_penalty,
                  forged_penalty_stream, foreign_type_in_clock,
                  extension_moved_to_a_finished_match, extension_of_no_match,
                  extension_added_after_the_result, extension_over_the_limit]
TABLES_RESEALED = [extensions_out_of_order, extension_moved_to_a_reported_table,
                   table_loss_undone, table_loss_not_counted, table_penalty_moved]
RESEALED = SWISS_RESEALED + TABLES_RESEALED
# structural, as a forger without the key leaves them
SWISS_STRUCTURAL = [delete("PenaltyGiven"), sealed_reason_altered]
TABLES_STRUCTURAL = [drop_stream("clock-"), delete("TimeExtended")]
JUDGED: dict[str, list[Any]] = {"swiss": SWISS_RESEALED + SWISS_STRUCTURAL,
                                "tables": TABLES_RESEALED + TABLES_STRUCTURAL}
