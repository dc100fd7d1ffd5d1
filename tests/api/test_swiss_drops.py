"""Swiss drops through HTTP (MTR): after the round is paired the dropping player's match
is a loss recorded in the same transaction as the drop; standings, tiebreakers, the
federation report and a projection rebuild all see it; the player is not paired again."""
from __future__ import annotations

from chalicelib.domain.swiss import SWISS
from chalicelib.domain.swiss.standings import as_json
from chalicelib.domain.swiss.standings import standings as standings_of


def _event(api, players=8):
    event = api.ready("mtg", "booster-draft", players=players, structure="swiss")
    event["tokens"] = {p["player_id"]: p["token"] for p in event["players"]}
    return event


def _pair(api, event):
    r = api.post(f"/v1/tournaments/{event['tid']}/swiss/rounds", token=event["organizer"])
    assert r.status == 201, r.body
    return r.body


def _enter(api, event, match_id, a, b):
    r = api.post(f"/v1/tournaments/{event['tid']}/swiss/matches/{match_id}/result",
                 {"a": a, "b": b}, token=event["organizer"])
    assert r.status == 200, r.body
    return r.body


def _drop(api, event, pid, token=None):
    return api.post(f"/v1/tournaments/{event['tid']}/players/{pid}/drop",
                    token=token or event["tokens"][pid])


def test_drop_after_pairing_is_a_two_nil_loss_and_the_player_is_not_paired_again(api, rt):
    event = _event(api)
    tid = event["tid"]
    first = _pair(api, event)
    match = first["matches"][1]
    dropper, opponent = match["a"], match["b"]
    # The dropper had reported a win their opponent never confirmed: it does not stand.
    api.post(f"/v1/tournaments/{tid}/swiss/matches/{match['match_id']}/result",
             {"a": 2, "b": 0}, token=event["tokens"][dropper])
    r = _drop(api, event, dropper)
    assert r.status == 200, r.body
    assert r.body["round_result"] == {"round": 1, "table": None,
                                      "match_id": match["match_id"], "result": "loss"}
    view = api.get(f"/v1/tournaments/{tid}/swiss/rounds/1").body
    m = next(x for x in view["matches"] if x["match_id"] == match["match_id"])
    assert (m["status"], m["score"], m["reported"], m["loss_by_drop"]) == \
        ("final", {"a": 0, "b": 2, "draws": 0}, None, dropper)
    assert api.get(f"/v1/tournaments/{tid}/swiss").body["rounds"][0]["results"] == 1
    # The result is final: entering another one is refused (a judge corrects instead).
    assert api.post(f"/v1/tournaments/{tid}/swiss/matches/{match['match_id']}/result",
                    {"a": 1, "b": 2}, token=event["organizer"]).status == 409
    for x in first["matches"]:
        if x["match_id"] != match["match_id"]:
            _enter(api, event, x["match_id"], 2, 1)

    table = api.get(f"/v1/tournaments/{tid}/swiss/standings").body
    rows = {row["player_id"]: row for row in table["rows"]}
    assert (rows[dropper]["dropped"], rows[dropper]["losses"], rows[dropper]["points"],
            rows[dropper]["games"]) == (True, 1, 0, {"won": 0, "lost": 2, "drawn": 0})
    assert rows[dropper]["loss_by_drop"] == {"round": 1, "match_id": match["match_id"]}
    assert (rows[opponent]["points"], rows[opponent]["games"]["won"]) == (3, 2)
    assert rows[opponent]["loss_by_drop"] is None and rows[opponent]["dropped"] is False
    state, _ = rt.service.read(SWISS, tid)
    assert [(r["player_id"], r["points"], r["dropped"], r["tiebreakers"])
            for r in table["rows"]] == \
        [(s.record.player, s.record.points, s.dropped,
          {k: as_json(v) for k, v in s.tiebreakers.items()}) for s in standings_of(state)]

    second = _pair(api, event)
    paired = {p for x in second["matches"] for p in (x["a"], x["b"])}
    assert dropper not in paired | {second["bye"]} and len(paired) == 6 and second["bye"]

    log = [e for e in rt.events.read(f"swiss-{tid}")]
    assert [e.type for e in log[:4]] == ["SwissStarted", "RoundPaired", "SwissPlayerDropped",
                                         "RoundClosed"]
    assert log[3].data["drop_losses"] == {match["match_id"]: dropper}
    own = rt.events.read(f"match-{tid}-{match['match_id'].lower()}")    # the match's stream
    assert [e.type for e in own] == ["ResultReported", "ResultEntered"]
    assert own[1].data["loss_by_drop"] == dropper

    before = rt.views.dump()
    assert api.rebuild_views()["state"] == "succeeded"
    assert rt.views.dump() == before


def test_drop_between_rounds_and_a_correction_of_a_loss_by_drop(api):
    event = _event(api, players=6)
    tid, org = event["tid"], event["organizer"]
    first = _pair(api, event)
    for x in first["matches"]:
        _enter(api, event, x["match_id"], 2, 0)
    between = first["matches"][0]["b"]
    r = _drop(api, event, between)
    assert r.status == 200 and r.body["round_result"] is None
    row = next(x for x in api.get(f"/v1/tournaments/{tid}/swiss/standings").body["rows"]
               if x["player_id"] == between)
    assert row["dropped"] is True and row["loss_by_drop"] is None and row["losses"] == 1
    second = _pair(api, event)
    assert between not in {p for x in second["matches"] for p in (x["a"], x["b"])} | \
        {second["bye"]}

    # A judge records the drop; the match was in fact played: the judge corrects it.
    m = second["matches"][0]
    r = _drop(api, event, m["b"], token=org)
    assert r.body["round_result"]["match_id"] == m["match_id"]
    for x in second["matches"][1:]:
        _enter(api, event, x["match_id"], 2, 1)
    rows = {x["player_id"]: x for x in
            api.get(f"/v1/tournaments/{tid}/swiss/standings").body["rows"]}
    assert rows[m["b"]]["loss_by_drop"] == {"round": 2, "match_id": m["match_id"]}
    fixed = api.post(f"/v1/tournaments/{tid}/swiss/matches/{m['match_id']}/correction",
                     {"a": 1, "b": 2, "reason": "played before leaving"}, token=org)
    assert fixed.status == 200 and fixed.body["loss_by_drop"] is None, fixed.body
    rows = {x["player_id"]: x for x in
            api.get(f"/v1/tournaments/{tid}/swiss/standings").body["rows"]}
    assert rows[m["b"]]["loss_by_drop"] is None and rows[m["b"]]["dropped"] is True
    assert rows[m["b"]]["wins"] == 2


def test_the_last_open_match_lost_by_drop_closes_the_round_and_reaches_the_report(api):
    event = _event(api, players=4)
    tid, org = event["tid"], event["organizer"]
    first = _pair(api, event)
    _enter(api, event, first["matches"][0]["match_id"], 2, 0)
    last = first["matches"][1]
    assert _drop(api, event, last["b"]).status == 200
    view = api.get(f"/v1/tournaments/{tid}/swiss/rounds/1").body
    assert view["closed"] is True
    standings = api.get(f"/v1/tournaments/{tid}/swiss/standings").body
    assert standings["round"] == 1
    assert api.post(f"/v1/tournaments/{tid}/finish", {"incomplete": True,
                    "reason": "one round is enough here"}, token=org).status == 200
    fed = api.post("/v1/accounts", {"role": "federation", "name": "DCI"},
                   token=api.admin_key).body["api_key"]
    report = api.get(f"/v1/tournaments/{tid}/report", token=fed).body
    match = next(m for m in report["rounds"][0]["matches"] if m["match_id"] == last["match_id"])
    assert match["score"] == {"a": 2, "b": 0, "draws": 0}
    row = next(r for r in report["standings"]["rows"] if r["player_id"] == last["b"])
    assert row["dropped"] is True and row["losses"] == 1
    assert row["loss_by_drop"] == {"round": 1, "match_id": last["match_id"]}


def test_drop_before_the_first_pairing_only_leaves_the_player_out(api):
    event = _event(api, players=5)
    gone = event["players"][0]["player_id"]
    r = _drop(api, event, gone)
    assert r.status == 200 and r.body["round_result"] is None
    first = _pair(api, event)
    assert gone not in {p for x in first["matches"] for p in (x["a"], x["b"])}
    assert first["bye"] is None and len(first["matches"]) == 2
