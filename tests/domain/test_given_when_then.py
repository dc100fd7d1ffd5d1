"""The given / when / then helpers (tests/support/deciders.py) fail when they should."""
from __future__ import annotations

import pytest

from chalicelib.domain import streams
from chalicelib.domain.decider import FunctionDecider
from chalicelib.domain.decks.aggregate import DECKS
from chalicelib.domain.decks.events import DecklistsPublished, DeckReopened
from chalicelib.domain.errors import Conflict, NotFound
from tests.support.deciders import given, past


def _counter(mutate: bool):
    def decide(command, state):
        if command == "boom":
            raise Conflict("no", code="boom")
        if mutate:
            state.append(command)
        return [DeckReopened(player=command, until=None, at="t", by="x")]

    def evolve(state, event):
        return [*state, event.player]
    return FunctionDecider("counter", list, decide, evolve, stream=streams.tournament)


def test_then_compares_events_by_value_class_or_name():
    counter = _counter(mutate=False)
    outcome = given(counter).when("p1")
    outcome.then(DeckReopened(player="p1", until=None, at="t", by="x"))
    outcome.then(DeckReopened).then("DeckReopened")
    assert outcome.state == ["p1"]
    with pytest.raises(AssertionError, match="expected"):
        outcome.then(DeckReopened(player="p2", until=None, at="t", by="x"))
    with pytest.raises(AssertionError):
        outcome.then(DecklistsPublished)
    with pytest.raises(AssertionError):
        outcome.then()
    with pytest.raises(AssertionError, match="not refused"):
        outcome.then_refused("boom")


def test_then_refused_checks_the_code_class_and_message():
    refusal = given(_counter(mutate=False)).when("boom").then_refused("boom", match="^no$")
    assert refusal.code == "boom"
    given(_counter(mutate=False)).when("boom").then_refused(Conflict)
    with pytest.raises(AssertionError):
        given(_counter(mutate=False)).when("boom").then_refused(NotFound)
    with pytest.raises(AssertionError):
        given(_counter(mutate=False)).when("boom").then_refused("other")
    with pytest.raises(AssertionError, match="refused"):
        given(_counter(mutate=False)).when("boom").then()


def test_a_decide_that_changes_its_state_is_caught():
    with pytest.raises(AssertionError, match="decide changed the state"):
        given(_counter(mutate=True)).when("p1")


def test_past_decides_commands_in_turn_after_a_history():
    counter = _counter(mutate=False)
    first = past(counter, "a")
    assert [e.player for e in past(counter, "b", "c", after=first)] == ["a", "b", "c"]
    assert given(counter, first, past(counter, "b")).state == ["a", "b"]
    assert given(DECKS).state == DECKS.initial()
