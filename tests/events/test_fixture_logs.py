"""Logs recorded before the events were typed (``tests/fixtures/events``) decode, fold to
the same state in every stream and project to the same views as they did then."""
from __future__ import annotations

import dataclasses
from collections import defaultdict

import pytest

from chalicelib.domain.events import UnknownEvent
from chalicelib.projections import all_projections
from chalicelib.projections.projector import Projector
from chalicelib.store.sqlite_events import SqliteEventStore
from chalicelib.store.sqlite_views import SqliteViewStore
from tests.events import fixture_logs
from tests.events.canonical import digest

NAMES = fixture_logs.names()


def test_the_logs_cover_every_aggregate():
    kinds = {e["stream_id"].split("-", 1)[0] for name in NAMES
             for e in fixture_logs.load(name).events}
    assert {"account", "token", "tournament", "swiss", "match", "tables", "table", "pod",
            "draft", "decks", "ffa", "sealed", "trade", "webhooks", "webhook", "report",
            "mixed", "tdraft", "cardset"} <= kinds, kinds


@pytest.mark.parametrize("name", NAMES)
def test_every_stored_event_decodes_to_its_class(name):
    log = fixture_logs.load(name)
    unknown = sorted({s.type for s in log.stored() if isinstance(s.event, UnknownEvent)})
    assert unknown == []


# State fields added after the logs were recorded: a state holding such a field at its
# default is the state it was (events recorded before the field never set it).
ADDED_SINCE_RECORDING = {"TournamentState": {"registration_code"},
                         "Player": {"credential", "reissued_at"},
                         "Round": {"unmoved"},   # rounds kept for the layout migration
                         "Penalty": {"review"},  # the V:EKN review of a disqualification
                         # a booster draft's start records its seed (and chosen packs)
                         # since its pods open after it, each in its own commit
                         "DraftState": {"seed", "packs"},
                         # and so does a table or mixed draft's roster
                         "RosterState": {"seed", "packs"},
                         "TradePrepState": {"formed_at"},
                         # a table draft pod's opening records its players' starters
                         "TableDraftState": {"starters"},
                         # and so does a booster draft pod's
                         "PodState": {"starters"}}
# State fields added since, which events recorded then do set (read off a field those
# events always held): compared as if unset. A trade's set-up keeps when its pods were
# formed (``TradePodsFormed.at``): its pods open after it, each in its own commit.
LEARNED_SINCE_RECORDING = {"TradePrepState": {"formed_at": None}}


@pytest.mark.parametrize("name", NAMES)
def test_every_stream_folds_to_the_state_it_had(name):
    log = fixture_logs.load(name)
    deciders = fixture_logs.deciders()
    by_stream = defaultdict(list)
    for stored in log.stored():
        by_stream[stored.stream_id].append(stored.event)
    differ = []
    for recorded in log.states:
        decider = deciders[recorded["decider"]]
        state = decider.initial()
        for event in by_stream[recorded["stream_id"]]:
            state = decider.evolve(state, event)
        learned = LEARNED_SINCE_RECORDING.get(type(state).__name__)
        if learned:
            state = dataclasses.replace(state, **learned)
        if digest(state, ADDED_SINCE_RECORDING) != recorded["sha256"]:
            differ.append((recorded["stream_id"], recorded["decider"]))
    assert differ == [] and log.states


# Views whose projection changed after the logs were recorded, compared on neither side:
# the widget's round clock became the clock projection's documents (issue 16); the change
# feeds and Web Push outbox are new (issue 24).
CHANGED_SINCE_RECORDING = ("widget-clock:", "clock:", "feed:", "feed-pod:", "feed-call:",
                           "push-subs:", "push-due:", "push-done:")


def _compared(views: dict[str, str]) -> dict[str, str]:
    return {v: d for v, d in views.items() if not v.startswith(CHANGED_SINCE_RECORDING)}


@pytest.mark.parametrize("name", NAMES)
def test_a_rebuild_projects_the_views_it_projected(name, tmp_path):
    log = fixture_logs.load(name)
    events = SqliteEventStore(str(tmp_path / "events.db"), synchronous="OFF")
    fixture_logs.restore(events, log)
    views = SqliteViewStore(str(tmp_path / "views.db"))
    Projector(events, views, all_projections()).rebuild()
    now = _compared({view_id: digest(doc) for view_id, doc in views.dump().items()})
    recorded = _compared(log.views)
    assert sorted(now) == sorted(recorded)
    assert [v for v in recorded if now[v] != recorded[v]] == []
