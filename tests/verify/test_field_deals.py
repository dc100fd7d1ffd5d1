"""Verifying a draft's pods grows with the field, not with pods times players (issue 31):
the whole field's starters are dealt once per roster, and each player's boosters are
collated once, however many pods open. Counted, not timed: a pod's check that deals or
collates for the whole field again multiplies both counts by the pods (30 here)."""
from __future__ import annotations

import pytest

from bench.verify_draft_log import audit_log
from chalicelib.domain.product import allocation
from chalicelib.runtime import set_runtime
from chalicelib.verify.engine import verify

PLAYERS = 150       # V:TES pods of 4 to 6: 30 in each draft


@pytest.fixture(scope="module")
def logs():
    built = {fmt: audit_log(fmt, PLAYERS) for fmt in ("table-draft", "mixed-draft",
                                                      "booster-draft")}
    set_runtime(None)
    return built


@pytest.fixture
def counted(monkeypatch):
    """Whole-field deals (one per starter dealt to a field of every player) and boosters
    collated, while the test runs."""
    counts = {"deals": 0, "collated": 0}
    dealing, collate = allocation._dealing, allocation.collate

    def deal(seed, k, copy, field, choices):
        counts["deals"] += len(field) == PLAYERS
        return dealing(seed, k, copy, field, choices)

    def collated(*args, **kwargs):
        counts["collated"] += 1
        return collate(*args, **kwargs)
    monkeypatch.setattr(allocation, "_dealing", deal)
    monkeypatch.setattr(allocation, "collate", collated)
    return counts


@pytest.mark.parametrize("fmt", ["table-draft", "mixed-draft", "booster-draft"])
def test_the_field_is_dealt_once_and_each_player_collated_once(fmt, logs, counted):
    doc, keys, pods = logs[fmt]
    assert pods >= 25
    outcome = verify(doc, keys=keys)
    assert outcome.ok, [d.line() for d in outcome.differences]
    assert outcome.not_checked == []
    # the V:TES product: 3 boosters and 1 starter a player (the table draft drafts every
    # booster; the mixed draft opens all; the booster draft drafts all)
    assert counted["deals"] == 1, counted
    assert counted["collated"] == 3 * PLAYERS, counted


def test_a_tampered_kept_starter_is_still_named_with_the_deal_made_once(logs):
    """The deal made once is the field's: a pod whose recorded starters differ from its
    players' share is named, the pods before and after it are not."""
    import copy

    from tests.verify.seal import reseal
    doc, keys, _ = logs["table-draft"]
    tampered = copy.deepcopy(doc)
    opened = [e for e in tampered["events"] if e["type"] == "TableDraftStarted"]
    victim = opened[len(opened) // 2]
    player = next(iter(victim["data"]["starters"]))
    victim["data"]["starters"][player][0]["cards"][0] += "x"
    reseal(tampered)
    found = verify(tampered).differences
    assert {(d.event.stream, d.event.version) for d in found} == \
        {(victim["stream_id"], victim["version"])}, [d.line() for d in found]


def test_one_pods_bad_time_is_named_in_that_pod_alone(logs):
    """Every pod's start is made once at a placeholder time and stamped with each pod's
    own ``at``: an ``at`` that is no time fails that pod's check, not the others'."""
    import copy

    from tests.verify.seal import reseal
    doc, keys, _ = logs["mixed-draft"]
    tampered = copy.deepcopy(doc)
    opened = [e for e in tampered["events"] if e["type"] == "MixedDraftStarted"]
    victim = opened[0]          # the first pod checked: the one that makes every start
    victim["data"]["at"] = "not a time"
    reseal(tampered)
    found = verify(tampered).differences
    assert any((d.event.stream, d.event.version) == (victim["stream_id"], victim["version"])
               for d in found), [d.line() for d in found]
    assert {d.event.stream for d in found} == {victim["stream_id"]}, [d.line() for d in found]
