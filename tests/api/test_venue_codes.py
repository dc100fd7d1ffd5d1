"""A tournament's registration code on a venue node: the node receives the tournament's
registration key with its streams (never the deployment's secret) and checks the code
exactly as the deployment does; a code the organizer changes on the node is checked the
same way upstream once pushed and given back. Players check in on the node too."""
from __future__ import annotations

from tests.api.test_venue import venue  # noqa: F401 - the fixture, shared

CODE = "SPYKE-2026"


def _register(api, tid, name, code):
    return api.post(f"/v1/tournaments/{tid}/players",
                    {"name": name, **({"registration_code": code} if code else {})})


def test_players_register_on_the_node_with_the_code_as_on_the_deployment(api, rt, venue):  # noqa: F811
    link, node = venue
    org = api.organizer()
    tid = api.tournament(org, "munchkin", settings={"registration": {"code": CODE}})[
        "tournament_id"]
    assert _register(api, tid, "Early", CODE).status == 201       # on the deployment
    assert _register(api, tid, "Guess", "WRONG-CODE").status == 403

    taken = node.take_over("http://deployment", org, tid)
    assert "registration_key" not in taken                     # kept, never shown
    assert node.settings.tournaments[tid].registration_key
    on_node = link.on(node.rt, lambda: _register(api, tid, "At the venue", CODE))
    assert on_node.status == 201, on_node.body
    for wrong in ("WRONG-CODE", None):
        refused = link.on(node.rt, lambda code=wrong: _register(api, tid, "Guess", code))
        assert (refused.status, refused.body["error"]) == (403, "invalid_registration_code")
    assert _register(api, tid, "Upstream", CODE).body["error"] == "tournament_held_by_venue"
    # check-in on the node: its code is drawn from the tournament's seed, held there too
    opened = link.on(node.rt, lambda: api.post(f"/v1/tournaments/{tid}/checkin/open",
                                               token=org))
    assert opened.status == 200 and opened.body["code"], opened.body
    player = on_node.body["token"]
    checkin = f"/v1/tournaments/{tid}/checkin"
    wrong = link.on(node.rt, lambda: api.post(checkin, {"code": "NOPE-NOPE"}, token=player))
    assert (wrong.status, wrong.body["error"]) == (403, "wrong_checkin_code"), wrong.body
    done = link.on(node.rt, lambda: api.post(checkin, {"code": opened.body["code"]},
                                             token=player))
    assert done.status == 201, done.body

    # the organizer changes the code on the node: the new one holds there and upstream
    changed = link.on(node.rt, lambda: api.post(f"/v1/tournaments/{tid}/settings", {
        "settings": {"registration": {"code": "NEW-CODE-99"}}}, token=org))
    assert changed.status == 200, changed.body
    assert link.on(node.rt, lambda: _register(api, tid, "Old", CODE)).status == 403
    assert link.on(node.rt, lambda: _register(api, tid, "New", "NEW-CODE-99")).status == 201
    assert node.give_back(tid)["holder"] == "deployment"
    assert _register(api, tid, "Back home", "NEW-CODE-99").status == 201
    assert _register(api, tid, "Old again", CODE).status == 403
    names = {p["name"] for p in api.get(f"/v1/tournaments/{tid}/players").body["players"]}
    assert names == {"Early", "At the venue", "New", "Back home"}


def test_a_code_stored_before_registration_keys_is_still_checked(api, rt):
    """A digest keyed by the server secret itself (stored before the registration key
    existed) keeps working on the deployment."""
    from chalicelib.application import admission
    from chalicelib.auth.tokens import keyed_digest
    org = api.organizer()
    tid = api.tournament(org, "munchkin")["tournament_id"]
    legacy = keyed_digest(rt.token_secret, f"registration-code:{tid}", CODE)
    assert admission.given_digest(legacy, rt.token_secret, "any", tid, CODE) == legacy
    keyed = admission.code_digest(admission.registration_key(rt.token_secret, tid), CODE)
    assert keyed.startswith(admission.KEYED) and keyed != legacy
    assert admission.given_digest(keyed, rt.token_secret,
                                  admission.registration_key(rt.token_secret, tid), tid,
                                  CODE) == keyed
