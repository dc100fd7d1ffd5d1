"""The decks aggregate (stream ``decks-<tid>``): the deck-building phase and its
deadline, pools received (7.2.3), deck registration, reopening, multi-deck switching
(3.1.5), publication (1.6) and deck checks."""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from ..errors import Conflict, Invalid, NotFound
from ..events import Event
from ..profiles.deck import DeckSettings
from .check import discrepancies
from .commands import (
    DeckCheck,
    ExtendDeadline,
    ExtendPlayerDeadline,
    OpenDeckbuilding,
    PublishDecklists,
    RecordPool,
    RegisterDeck,
    ReopenDeck,
    SwitchDeck,
)
from .deadlines import check_deadline, extend, extend_player, iso, parse_time, require_open
from .decklist import Decklist, counts
from .events import (
    ActiveDeckSwitched,
    DeckbuildingOpened,
    DeckCheckRecorded,
    DecklistsPublished,
    DeckRegistered,
    DeckReopened,
    PoolRecorded,
)
from .limits import Limits, resolve_limits
from .state import DecksState
from .unverified import Unverified, kinds_unverified, pool_unverified
from .validate import Violation, validate_deck


def assess(state: DecksState, cmd: RegisterDeck
           ) -> tuple[Limits, list[Violation], list[str], list[Unverified]]:
    """The limits that apply to ``cmd.player``, every violation of the deck, the pool it
    was checked against and what could not be verified. Shared by registration and the
    dry-run check."""
    require_open(state)
    settings = state.deck_settings
    recorded = state.pools.get(cmd.player)
    pool = cmd.pool if cmd.pool is not None else (recorded or {}).get("cards")
    source = "known" if pool is not None else "none"
    violations: list[Violation] = []
    if settings.require_received_list and cmd.received is None:
        violations.append({"code": "received_list_missing", "zone": "received",
                           "message": "the organizer requires the list of every card "
                                      "received (7.2.3)"})
    if cmd.received is not None:
        if pool is None:
            # 7.2.3/7.2.4: staff record what a player received; a player's own list is
            # used, but the registration says nobody verified it.
            pool = list(cmd.received)
            source = "staff" if cmd.by_staff else "declared"
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
    unverified = kinds_unverified(settings, cmd.kinds) + pool_unverified(source)
    return limits, violations, list(pool), unverified


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
    now = parse_time(cmd.now, "now")
    if cmd.deadline is None:
        deadline = now + timedelta(minutes=settings.build_minutes)
    else:
        deadline = parse_time(cmd.deadline, "deadline")
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
    return [DeckbuildingOpened(
        game=cmd.game, format=cmd.format, settings=settings.model_dump(mode="json"),
        deadline=iso(deadline), opened_at=cmd.now, by=cmd.by, multi_deck=settings.multi_deck)]


def _record_pool(cmd: RecordPool, state: DecksState) -> list[Event]:
    if not cmd.cards:
        raise Invalid("a pool needs at least one card", [{"field": "cards"}])
    return [PoolRecorded(player=cmd.player, cards=list(cmd.cards), recorded_at=cmd.now,
                         by=cmd.by, product=cmd.product)]


def _may_register(cmd: RegisterDeck, state: DecksState) -> None:
    existing = state.decks.get(cmd.player, {})
    if state.multi_deck and existing:
        # 3.1.5: between rounds a player may freely switch decks or cards; before the
        # first round, adding or changing decks is bound by the registration deadline.
        if cmd.round_in_progress:
            raise Conflict("decks can only be changed between rounds",
                           code="round_in_progress")
        if not cmd.play_started:
            check_deadline(cmd, state)
        limit = state.deck_settings.max_decks
        if cmd.label not in existing and len(existing) >= limit:
            raise Conflict(f"at most {limit} decks per player", code="too_many_decks")
        return
    check_deadline(cmd, state)
    if existing:
        if cmd.label not in existing:
            raise Conflict("only one deck per player without the multi-deck system (3.1.5)",
                           code="deck_registered")
        if cmd.player not in state.reopened:
            raise Conflict("the deck is registered; the organizer must reopen it to "
                           "change it", code="deck_registered")


def _register(cmd: RegisterDeck, state: DecksState) -> list[Event]:
    require_open(state)
    _may_register(cmd, state)
    limits, violations, pool, unverified = assess(state, cmd)
    if violations:
        raise Invalid(f"the deck breaks {len(violations)} rule"
                      f"{'s' if len(violations) != 1 else ''}", violations,
                      code="invalid_deck")
    previous = state.decks.get(cmd.player, {}).get(cmd.label)
    return [DeckRegistered(
        player=cmd.player, label=cmd.label, deck=cmd.deck.to_json(),
        limits=limits.to_json(), recursions=limits.recursions,
        sizes={zone: len(cards) for zone, cards in cmd.deck.zones().items()},
        registered_at=cmd.now, by=cmd.by, version=(previous or {}).get("version", 0) + 1,
        pool_size=len(pool), unverified=unverified,
        received=None if cmd.received is None else list(cmd.received))]


def _reopen(cmd: ReopenDeck, state: DecksState) -> list[Event]:
    require_open(state)
    if cmd.player not in state.decks:
        raise NotFound(f"player {cmd.player} has no registered deck", code="deck_not_found")
    until = None
    if cmd.until is not None:
        until = iso(parse_time(cmd.until, "until"))
        if parse_time(until, "until") <= parse_time(cmd.now, "now"):
            raise Invalid("the reopened deck's deadline must be in the future",
                          [{"field": "until", "value": cmd.until}])
    return [DeckReopened(player=cmd.player, until=until, at=cmd.now, by=cmd.by)]


def _switch(cmd: SwitchDeck, state: DecksState) -> list[Event]:
    require_open(state)
    if not state.multi_deck:
        raise Conflict("switching decks needs the multi-deck system (3.1.5)",
                       code="multi_deck_off")
    if cmd.label not in state.decks.get(cmd.player, {}):
        raise NotFound(f"player {cmd.player} has no deck {cmd.label!r}", code="deck_not_found")
    if cmd.round_in_progress:
        raise Conflict("decks can only be switched between rounds", code="round_in_progress")
    if state.active.get(cmd.player) == cmd.label:
        raise Conflict(f"{cmd.label!r} is already the active deck", code="already_active")
    return [ActiveDeckSwitched(player=cmd.player, label=cmd.label,
                               previous=state.active.get(cmd.player), at=cmd.now, by=cmd.by)]


def _publish(cmd: PublishDecklists, state: DecksState) -> list[Event]:
    require_open(state)
    if state.published:
        raise Conflict("decklists are already published", code="already_published")
    return [DecklistsPublished(at=cmd.now, by=cmd.by, registered=len(state.decks))]


def _deck_check(cmd: DeckCheck, state: DecksState) -> list[Event]:
    require_open(state)
    record = state.registration(cmd.player, cmd.label)
    if record is None:
        raise NotFound(f"player {cmd.player} has no registered deck"
                       + (f" {cmd.label!r}" if cmd.label else ""), code="deck_not_found")
    found = discrepancies(Decklist.model_validate(record["deck"]), cmd.presented)
    return [DeckCheckRecorded(
        check=len(state.checks) + 1, player=cmd.player, label=record["label"],
        version=record["version"], round=cmd.round, note=cmd.note,
        presented={zone: counts(cards) for zone, cards in cmd.presented.zones().items()},
        discrepancies=found, matches=not found, at=cmd.now, by=cmd.by)]


HANDLERS: dict[type, Callable[[Any, DecksState], list[Event]]] = {
            OpenDeckbuilding: _open, ExtendDeadline: extend, RecordPool: _record_pool,
            ExtendPlayerDeadline: extend_player,
            RegisterDeck: _register, ReopenDeck: _reopen, SwitchDeck: _switch,
            PublishDecklists: _publish, DeckCheck: _deck_check}


def decide(command: Any, state: DecksState) -> list[Event]:
    handler = HANDLERS.get(type(command))
    if handler is None:
        raise Invalid(f"unknown command {type(command).__name__}")
    return handler(command, state)
