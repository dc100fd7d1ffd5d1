"""Deck registration deadlines: the phase's, the organizer's extension of it, one
player's own extension (a late arrival without a deck) and a reopened deck's."""
from __future__ import annotations

from datetime import datetime

from ..errors import Conflict, Invalid
from ..events import Event
from .commands import ExtendDeadline, ExtendPlayerDeadline, RegisterDeck
from .events import DeckDeadlineExtended, PlayerDeadlineExtended
from .state import DecksState


def require_open(state: DecksState) -> None:
    if not state.opened:
        raise Conflict("deck building has not started", code="deckbuilding_not_open")


def parse_time(value: str, what: str) -> datetime:
    try:
        parsed = datetime.fromisoformat(value)
    except (ValueError, TypeError):
        raise Invalid(f"{what} is not an ISO 8601 time", [{"field": what, "value": value}],
                      code="invalid_time") from None
    if parsed.tzinfo is None:
        raise Invalid(f"{what} needs a time zone", [{"field": what, "value": value}],
                      code="invalid_time")
    return parsed


def iso(value: datetime) -> str:
    return value.isoformat().replace("+00:00", "Z")


def deadline_for(state: DecksState, player: str) -> datetime | None:
    """The deadline that applies to ``player``: a reopened deck has its own (or none:
    the organizer reopened it explicitly), otherwise the phase's or the player's own
    extension, whichever is later."""
    if player in state.reopened:
        until = state.reopened[player]
        return parse_time(until, "until") if until else None
    if state.deadline is None:
        return None
    deadline = parse_time(state.deadline, "deadline")
    if player in state.extensions:
        deadline = max(deadline, parse_time(state.extensions[player], "deadline"))
    return deadline


def check_deadline(cmd: RegisterDeck, state: DecksState) -> None:
    deadline = deadline_for(state, cmd.player)
    if deadline is not None and parse_time(cmd.now, "now") > deadline:
        raise Conflict(f"the deck registration deadline ({iso(deadline)}) has passed",
                       {"deadline": iso(deadline), "now": cmd.now}, code="deadline_passed")


def extend(cmd: ExtendDeadline, state: DecksState) -> list[Event]:
    require_open(state)
    new = parse_time(cmd.deadline, "deadline")
    if state.deadline is not None and new <= parse_time(state.deadline, "deadline"):
        raise Invalid("an extended deadline must be later than the current one",
                      [{"field": "deadline", "value": cmd.deadline,
                        "current": state.deadline}])
    return [DeckDeadlineExtended(deadline=iso(new), previous=state.deadline, at=cmd.now,
                                 by=cmd.by)]


def extend_player(cmd: ExtendPlayerDeadline, state: DecksState) -> list[Event]:
    require_open(state)
    registered = sorted(state.decks.get(cmd.player, {}))
    if registered and not state.multi_deck and cmd.player not in state.reopened:
        # Without the multi-deck system (3.1.5) a registered deck changes only once the
        # organizer reopens it: a later deadline alone would change nothing.
        raise Conflict(f"player {cmd.player} already has a registered deck, which a later "
                       "deadline does not let them change: reopen the deck instead (POST "
                       f".../decks/players/{cmd.player}/reopen, with 'until' for its deadline)",
                       {"player": cmd.player, "decks": registered,
                        "reopen": f"decks/players/{cmd.player}/reopen"},
                       code="deck_registered")
    new = parse_time(cmd.deadline, "deadline")
    current = deadline_for(state, cmd.player)
    problems = []
    if new <= parse_time(cmd.now, "now"):
        problems.append({"field": "deadline", "value": cmd.deadline,
                         "message": "the deadline must be in the future"})
    if cmd.player in state.reopened:
        problems.append({"field": "player", "value": cmd.player,
                         "message": "the player's deck is reopened; reopen it with "
                                    "'until' to change that deadline"})
    elif current is not None and new <= current:
        problems.append({"field": "deadline", "value": cmd.deadline,
                         "current": iso(current),
                         "message": "an extension must be later than the player's "
                                    "current deadline"})
    if problems:
        raise Invalid("invalid deadline extension", problems)
    return [PlayerDeadlineExtended(player=cmd.player, deadline=iso(new),
                                   previous=iso(current) if current else None, at=cmd.now,
                                   by=cmd.by)]
