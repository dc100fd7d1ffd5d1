"""A table or mixed draft whose packs the organizer chose: the roster records them and
each pod opens with them after the start; the verifier checks every pod against the
roster's record (a pod holding other cards is named) and says the packs were chosen,
not drawn."""
from __future__ import annotations

import copy

import pytest

from chalicelib.application import audit, mixed_draft, table_draft, tournaments
from chalicelib.application.reads import Reads
from chalicelib.application.sets import product_sets
from chalicelib.domain.product.allocation import collate_packs
from chalicelib.domain.tournament import TOURNAMENT
from chalicelib.service import Reply
from chalicelib.verify.engine import verify
from tests.application import seeds
from tests.application.conftest import organizer
from tests.application.test_draft_opening import given

PRODUCT = {"boosters": [{"set": "sample-vtes", "count": 1}], "starters": []}
SETTINGS = {"product": PRODUCT, "draft": {"pod_min": 2, "pod_max": 2, "pod_preferred": 2,
                                          "packs": 1}}


def audit_doc(rt, event) -> dict:
    reads = Reads(rt.service, rt.views)
    doc, after = {"events": []}, None
    while True:
        page = audit.audit_log(reads, organizer(event), event["tid"], after, 400)
        doc["events"] += page["events"]
        for key in ("card_sets", "tournament_id", "podium_version", "manifest"):
            if key in page:
                doc.setdefault(key, page[key])
        after = page["next"]
        if after is None:
            return doc


def drafted(outcome) -> list[str]:
    """The differences the verifier finds."""
    return [d.line() for d in outcome.differences]


@pytest.mark.parametrize("fmt", ["table-draft", "mixed-draft"])
def test_chosen_packs_are_checked_against_the_roster(rt, fmt):
    event = given(rt, seeds.started("vtes", fmt, players=4, settings=SETTINGS))
    tid, org = event["tid"], organizer(event)
    t = rt.service.read(TOURNAMENT, tid)[0]
    sets = product_sets(Reads(rt.service, rt.views), PRODUCT)
    chosen = {p.id: [x["cards"] for x in collate_packs(PRODUCT, sets, "not-the-seed", p.id)]
              for p in t.active_players()}
    if fmt == "table-draft":
        work = lambda uow: table_draft.start(uow, org, tid, None, None, chosen, None, None, None)  # noqa: E731
    else:
        work = lambda uow: mixed_draft.start(uow, org, tid, None, None, chosen, 3, None, None,  # noqa: E731
                                             None, None)
    rt.service.run(lambda uow: Reply(200, work(uow)))
    rt.service.run(lambda uow: Reply(200, tournaments.finish(uow, org, tid, True, "test")))
    doc = audit_doc(rt, event)
    outcome = verify(doc)
    assert drafted(outcome) == [], drafted(outcome)
    assert any("chosen by the organizer" in n.line() for n in outcome.not_checked), \
        [n.line() for n in outcome.not_checked]
    # a pod holding cards other than the ones its roster recorded is named
    forged = copy.deepcopy(doc)
    start = next(e for e in forged["events"]
                 if e["type"] in ("TableDraftStarted", "MixedDraftStarted")
                 and e["stream_id"].endswith("-1"))
    key = "packs" if start["type"] == "TableDraftStarted" else "product"
    first = start["data"][key][0][0]
    other = next(c for c in first if c != first[-1])
    first[-1] = other                               # the pack's last card made another
    lines = drafted(verify(forged))
    assert lines and all(start["stream_id"] in line for line in lines), lines
    # beside the hash chain, the start itself: the card that is not the roster's
    named = f"{start['stream_id']} v{start['version']} {start['type']}: {key}[0][0]["
    assert any(named in line for line in lines), lines
