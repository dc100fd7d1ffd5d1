"""The decks aggregate (stream ``decks-<tid>``): the deck-building phase and its
deadline, pools received (7.2.3), deck registration, reopening, multi-deck switching
(3.1.5), publication (1.6) and deck checks."""
from __future__ import annotations

from collections import Counter
from datetime import datetime, timedelta
from typing import Any

from ..decider import FunctionDecider
from ..errors import Conflict, Invalid, NotFound
from ..events import Event
from ..profiles.deck import DeckSettings
from .check import discrepancies
from .commands import (
    DeckCheck,
    ExtendDeadline,
    OpenDeckbuilding,
    PublishDecklists,
    RecordPool,
    RegisterDeck,
    ReopenDeck,
    SwitchDeck,
)
from .decklist import Decklist, counts
from .limits import Limits, resolve_limits
from .state import DecksState, evolve, initial
from .validate import Violation, validate_deck


def _time(value: str, what: str) -> datetime:
    try:
        parsed = datetime.fromisoformat(value)
    except (ValueError, TypeError):
        raise Invalid(f"{what} is not an ISO 8601 time", [{"field": what, "value": value}],
                      code="invalid_time") from None
    if parsed.tzinfo is None:
        raise Invalid(f"{what} needs a time zone", [{"field": what, "value": value}],
                      code="invalid_time")
    return parsed


def _iso(value: datetime) -> str:
    return value.isoformat().replace("+00:00", "Z")


def _require_open(state: DecksState) -> None:
    if not state.opened:
        raise Conflict("deck building has not started", code="deckbuilding_not_open")


def assess(state: DecksState, cmd: RegisterDeck) -> tuple[Limits, list[Violation], list[str]]:
    """The limits that apply to ``cmd.player``, every violation of the deck and the
    pool it was checked against. Shared by registration and the dry-run check."""
    _require_open(state)
    settings = state.deck_settings
    recorded = state.pools.get(cmd.player)
    pool = cmd.pool if cmd.pool is not None else (recorded or {}).get("cards")
    violations: list[Violation] = []
    if settings.require_received_list and cmd.received is None:
        violations.append({"code": "received_list_missing", "zone": "received",
                           "message": "the organizer requires the list of every card "
                                      "received (7.2.3)"})
    if cmd.received is not None:
        if pool is None:
            pool = list(cmd.received)
        else:
            violations += _received_mismatch(pool, cmd.received)
    if pool is None and violations:
        raise Invalid("the list of every card received is required", violations,
                      code="invalid_deck")
    if pool is None:
        raise Conflict(f"no pool is known for player {cmd.player}: record the cards "
                       "received first", code="no_pool")
    product = cmd.product if cmd.product is not None else (recorded or {}).get("product")
    limits = resolve_limits(settings, state.format, product)
    violations += validate_deck(cmd.deck, settings=settings, limits=limits, pool=pool,
                                kinds=cmd.kinds)
    return limits, violations, list(pool)


def _received_mismatch(pool: list[str], received: list[str]) -> list[Violation]:
    have, listed = Counter(pool), Counter(received)
    out: list[Violation] = []
    for card in sorted(set(have) | set(listed)):
        if have[card] != listed[card]:
            out.append({"code": "received_mismatch", "zone": "received", "card": card,
                        "count": listed[card], "limit": have[card],
                        "message": f"{card}: {listed[card]} listed as received, "
                                   f"{have[card]} actually received"})
    return out


def _open(cmd: OpenDeckbuilding, state: DecksState) -> list[Event]:
    if state.opened:
        raise Conflict("deck building is already open", code="deckbuilding_open")
    settings = DeckSettings.model_validate(cmd.settings)
    now = _time(cmd.now, "now")
    if cmd.deadline is None:
        deadline = now + timedelta(minutes=settings.build_minutes)
    else:
        deadline = _time(cmd.deadline, "deadline")
        if deadline <= now:
            raise Invalid("the deadline must be in the future",
                          [{"field": "deadline", "value": cmd.deadline}])
    if settings.multi_deck and cmd.player_count > settings.multi_deck_max_players:
        # 3.1.5: multi-deck only with fewer than 12 players (the default maximum 11).
        raise Invalid("the multi-deck system needs a smaller tournament", [{
            "code": "multi_deck_too_many_players", "count": cmd.player_count,
            "limit": settings.multi_deck_max_players,
            "message": f"{cmd.player_count} players; multi-deck allows at most "
                       f"{settings.multi_deck_max_players}"}], code="multi_deck_not_allowed")
    return [Event("DeckbuildingOpened", {
        "game": cmd.game, "format": cmd.format, "settings": settings.model_dump(mode="json"),
        "deadline": _iso(deadline), "opened_at": cmd.now, "by": cmd.by,
        "multi_deck": settings.multi_deck})]


def _extend(cmd: ExtendDeadline, state: DecksState) -> list[Event]:
    _require_open(state)
    new = _time(cmd.deadline, "deadline")
    if state.deadline is not None and new <= _time(state.deadline, "deadline"):
        raise Invalid("an extended deadline must be later than the current one",
                      [{"field": "deadline", "value": cmd.deadline,
                        "current": state.deadline}])
    return [Event("DeckDeadlineExtended", {"deadline": _iso(new), "previous": state.deadline,
                                           "at": cmd.now, "by": cmd.by})]


def _record_pool(cmd: RecordPool, state: DecksState) -> list[Event]:
    if not cmd.cards:
        raise Invalid("a pool needs at least one card", [{"field": "cards"}])
    data: dict[str, Any] = {"player": cmd.player, "cards": list(cmd.cards),
                            "recorded_at": cmd.now, "by": cmd.by}
    if cmd.product is not None:
        data["product"] = cmd.product
    return [Event("PoolRecorded", data)]


def _deadline_for(state: DecksState, player: str) -> datetime | None:
    """The deadline that applies to ``player``: a reopened deck has its own (or none:
    the organizer reopened it explicitly), otherwise the phase's."""
    if player in state.reopened:
        until = state.reopened[player]
        return _time(until, "until") if until else None
    return _time(state.deadline, "deadline") if state.deadline else None


def _may_register(cmd: RegisterDeck, state: DecksState) -> None:
    existing = state.decks.get(cmd.player, {})
    if state.multi_deck and existing:
        # 3.1.5: between rounds a player may freely switch decks or cards.
        if cmd.round_in_progress:
            raise Conflict("decks can only be changed between rounds",
                           code="round_in_progress")
        limit = state.deck_settings.max_decks
        if cmd.label not in existing and len(existing) >= limit:
            raise Conflict(f"at most {limit} decks per player", code="too_many_decks")
        return
    deadline = _deadline_for(state, cmd.player)
    if deadline is not None and _time(cmd.now, "now") > deadline:
        raise Conflict(f"the deck registration deadline ({_iso(deadline)}) has passed",
                       {"deadline": _iso(deadline), "now": cmd.now}, code="deadline_passed")
    if existing:
        if cmd.label not in existing:
            raise Conflict("only one deck per player without the multi-deck system (3.1.5)",
                           code="deck_registered")
        if cmd.player not in state.reopened:
            raise Conflict("the deck is registered; the organizer must reopen it to "
                           "change it", code="deck_registered")


def _register(cmd: RegisterDeck, state: DecksState) -> list[Event]:
    _require_open(state)
    _may_register(cmd, state)
    limits, violations, pool = assess(state, cmd)
    if violations:
        raise Invalid(f"the deck breaks {len(violations)} rule"
                      f"{'s' if len(violations) != 1 else ''}", violations,
                      code="invalid_deck")
    previous = state.decks.get(cmd.player, {}).get(cmd.label)
    data: dict[str, Any] = {
        "player": cmd.player, "label": cmd.label, "deck": cmd.deck.to_json(),
        "limits": limits.to_json(), "recursions": limits.recursions,
        "sizes": {zone: len(cards) for zone, cards in cmd.deck.zones().items()},
        "registered_at": cmd.now, "by": cmd.by,
        "version": (previous or {}).get("version", 0) + 1,
        "pool_size": len(pool)}
    if cmd.received is not None:
        data["received"] = list(cmd.received)
    return [Event("DeckRegistered", data)]


def _reopen(cmd: ReopenDeck, state: DecksState) -> list[Event]:
    _require_open(state)
    if cmd.player not in state.decks:
        raise NotFound(f"player {cmd.player} has no registered deck", code="deck_not_found")
    until = None
    if cmd.until is not None:
        until = _iso(_time(cmd.until, "until"))
        if _time(until, "until") <= _time(cmd.now, "now"):
            raise Invalid("the reopened deck's deadline must be in the future",
                          [{"field": "until", "value": cmd.until}])
    return [Event("DeckReopened", {"player": cmd.player, "until": until,
                                   "at": cmd.now, "by": cmd.by})]


def _switch(cmd: SwitchDeck, state: DecksState) -> list[Event]:
    _require_open(state)
    if not state.multi_deck:
        raise Conflict("switching decks needs the multi-deck system (3.1.5)",
                       code="multi_deck_off")
    if cmd.label not in state.decks.get(cmd.player, {}):
        raise NotFound(f"player {cmd.player} has no deck {cmd.label!r}", code="deck_not_found")
    if cmd.round_in_progress:
        raise Conflict("decks can only be switched between rounds", code="round_in_progress")
    if state.active.get(cmd.player) == cmd.label:
        raise Conflict(f"{cmd.label!r} is already the active deck", code="already_active")
    return [Event("ActiveDeckSwitched", {"player": cmd.player, "label": cmd.label,
                                         "previous": state.active.get(cmd.player),
                                         "at": cmd.now, "by": cmd.by})]


def _publish(cmd: PublishDecklists, state: DecksState) -> list[Event]:
    _require_open(state)
    if state.published:
        raise Conflict("decklists are already published", code="already_published")
    return [Event("DecklistsPublished", {"at": cmd.now, "by": cmd.by,
                                         "players": sorted(state.decks)})]


def _deck_check(cmd: DeckCheck, state: DecksState) -> list[Event]:
    _require_open(state)
    record = state.registration(cmd.player, cmd.label)
    if record is None:
        raise NotFound(f"player {cmd.player} has no registered deck"
                       + (f" {cmd.label!r}" if cmd.label else ""), code="deck_not_found")
    found = discrepancies(Decklist.model_validate(record["deck"]), cmd.presented)
    return [Event("DeckCheckRecorded", {
        "check": len(state.checks) + 1, "player": cmd.player, "label": record["label"],
        "version": record["version"], "round": cmd.round, "note": cmd.note,
        "presented": {zone: counts(cards) for zone, cards in cmd.presented.zones().items()},
        "discrepancies": found, "matches": not found, "at": cmd.now, "by": cmd.by})]


HANDLERS = {OpenDeckbuilding: _open, ExtendDeadline: _extend, RecordPool: _record_pool,
            RegisterDeck: _register, ReopenDeck: _reopen, SwitchDeck: _switch,
            PublishDecklists: _publish, DeckCheck: _deck_check}


def decide(command: Any, state: DecksState) -> list[Event]:
    handler = HANDLERS.get(type(command))
    if handler is None:
        raise Invalid(f"unknown command {type(command).__name__}")
    return handler(command, state)


DECKS = FunctionDecider("decks", initial, decide, evolve)
