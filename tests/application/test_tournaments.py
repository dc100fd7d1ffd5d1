"""The tournament's, registration's and accounts' use cases without HTTP: who may create,
change, start and finish, registration by the player and by the staff (each refusal with
its one code, recording nothing), drops with their round consequence, the finish reading
what is left to play in every structure, the event log's cursor, and accounts."""
from __future__ import annotations

import pytest

from chalicelib.application import accounts, registration, tournaments
from chalicelib.application.reads import InvalidQuery, Reads
from chalicelib.auth import Principal
from chalicelib.auth.principal import ADMIN
from chalicelib.auth.tokens import new_token, token_hash
from chalicelib.domain import streams
from chalicelib.domain.accounts import TOKEN as TOKENS
from chalicelib.domain.errors import Conflict, Forbidden, Invalid, NotFound, Unauthenticated
from chalicelib.domain.tournament.events import PlayerDropped
from tests.application import seeds
from tests.application.conftest import organizer, player

TOKEN = "pdm_" + "t" * 43


def reads(rt):
    return Reads(rt.service, rt.views)


def owner(world) -> Principal:
    """A new organizer's account, opened by the admin."""
    account = world.run(accounts.create, ADMIN, "organizer", "Store", None, new_token(""))
    return Principal("organizer", account["account_id"])


def created(world, org, **settings):
    return world.run(tournaments.create, org, "Friday", "vtes", "sealed", None, settings,
                     None, None)


def versions(rt, tid):
    return len(rt.events.read(streams.tournament(tid)))


def test_create_start_and_finish_belong_to_the_organizer(world):
    org = owner(world)
    doc = created(world, org)
    tid = doc["tournament_id"]
    assert doc["status"] == "registration" and doc["structure"] == "multiplayer-tables"
    assert tournaments.get(reads(world.rt), tid) == doc
    stranger = Principal("organizer", "o000000000000")
    for use_case, args in ((tournaments.start, ()), (tournaments.change_settings, ({},)),
                           (tournaments.finish, (False, None))):
        with pytest.raises(Forbidden):
            world.run(use_case, stranger, tid, *args)
    with pytest.raises(Forbidden):
        created(world, Principal("player", "p0000000000", tournament_id=tid, player_id="x"))
    with pytest.raises(Conflict) as refused:
        world.run(tournaments.start, org, tid)
    assert refused.value.code == "too_few_players"
    for name in ("Ann", "Bob"):
        world.run(registration.register, None, tid, name, None, new_token(''))
    assert world.run(tournaments.start, org, tid)["status"] == "running"
    with pytest.raises(Conflict) as refused:
        world.run(tournaments.change_settings, org, tid, {})
    assert refused.value.code == "already_started"
    with pytest.raises(Conflict) as refused:
        world.run(tournaments.start, org, tid)
    assert refused.value.code == "already_started"
    # nothing is seated yet: play is unfinished, the open items are listed
    with pytest.raises(Conflict) as refused:
        world.run(tournaments.finish, org, tid, False, None)
    assert refused.value.code == "play_unfinished" and refused.value.details["open"]
    done = world.run(tournaments.finish, org, tid, True, "the venue closed")
    assert done["status"] == "finished" and done["incomplete"]["reason"] == "the venue closed"
    with pytest.raises(Conflict) as refused:
        world.run(tournaments.finish, org, tid, True, "again")
    assert refused.value.code == "not_running"


def test_registration_refusals_have_one_code_each_and_record_nothing(world):
    org = owner(world)
    tid = created(world, org, registration={"max_players": 2, "self_registration": False,
                                           "late_arrivals": False})["tournament_id"]
    before = versions(world.rt, tid)
    with pytest.raises(Conflict) as refused:
        world.run(registration.register, None, tid, "Ann", None, new_token(''))
    assert refused.value.code == "registration_closed"
    stranger = Principal("organizer", "o000000000000")
    with pytest.raises(Forbidden):
        world.run(registration.register, stranger, tid, "Ann", None, new_token(''))
    with pytest.raises(Invalid) as refused:
        world.run(registration.register, org, tid, "Ann", "12ab", new_token(''))
    assert refused.value.details[0]["field"] == "member_id"
    assert versions(world.rt, tid) == before
    ann = world.run(registration.register, org, tid, "Ann", "1000001", new_token(''))["player"]
    world.run(registration.register, org, tid, "Bob", None, new_token(''))
    with pytest.raises(Conflict) as refused:
        world.run(registration.register, org, tid, "Cy", None, new_token(''))
    assert refused.value.code == "tournament_full"
    with pytest.raises(NotFound) as refused:
        world.run(registration.remove, org, tid, "p0000000000")
    assert refused.value.code == "player_not_found"
    with pytest.raises(Conflict) as refused:
        world.run(registration.drop, org, tid, ann["player_id"], None, None)
    assert refused.value.code == "not_running"
    world.run(tournaments.start, org, tid)
    with pytest.raises(Conflict) as refused:
        world.run(registration.register, org, tid, "Late", None, new_token(''))
    assert refused.value.code == "late_arrivals_off"
    with pytest.raises(Conflict) as refused:
        world.run(registration.remove, org, tid, ann["player_id"])
    assert refused.value.code == "already_started"


def test_a_drop_is_the_players_or_the_staffs_and_unseating_is_the_judges(world):
    event = world.given(seeds.started("vtes", "sealed", players=4))
    tid, org = event["tid"], organizer(event)
    ann, bob = (p["player_id"] for p in event["players"][:2])
    with pytest.raises(Forbidden):
        world.run(registration.drop, player(event, bob), tid, ann, None, None)
    with pytest.raises(Forbidden):
        world.run(registration.drop, player(event, ann), tid, ann, None, "unseat")
    dropped = world.run(registration.drop, player(event, ann), tid, ann, "tired", "loss")
    assert dropped["player"]["status"] == "dropped" and dropped["round_result"] is None
    with pytest.raises(Conflict) as refused:
        world.run(registration.drop, org, tid, ann, None, None)
    assert refused.value.code == "already_dropped"
    swiss = world.given(seeds.started("mtg", "sealed", players=4, structure="swiss"))
    with pytest.raises(Invalid):
        world.run(registration.drop, organizer(swiss), swiss["tid"],
                  swiss["players"][0]["player_id"], None, "loss")


def test_a_player_given_as_dropped_has_left_the_roster_and_cannot_drop_again(world):
    event = world.given(seeds.started("vtes", "sealed", players=4))
    tid, ann = event["tid"], event["players"][0]["player_id"]
    world.record(streams.tournament(tid), PlayerDropped(player_id=ann, reason="ill",
                                                        at="2026-11-22T10:00:00+00:00"))
    with pytest.raises(Conflict) as refused:
        world.run(registration.drop, organizer(event), tid, ann, None, None)
    assert refused.value.code == "already_dropped" and world.appended == []
    roster = registration.players(world.reads, tid, None, 10)[0]["players"]
    assert {p["player_id"]: p["status"] for p in roster}[ann] == "dropped"


def test_the_finish_of_free_for_all_pods_reads_the_pods_stream(world):
    event = world.given(seeds.started("mtg", "sealed", players=4, structure="pod-ffa"))
    with pytest.raises(Conflict) as refused:
        world.run(tournaments.finish, organizer(event), event["tid"], False, None)
    assert [item["kind"] for item in refused.value.details["open"]] == \
        ["players_without_result"]


def test_judges_accounts_and_the_event_log(world):
    org = owner(world)
    tid = created(world, org)["tournament_id"]
    judge = world.run(tournaments.add_judge, org, tid, "Jo", None, TOKEN)
    assert world.rt.service.read(TOKENS, token_hash(TOKEN))[0].principal == {
        "role": "judge", "id": judge["judge_id"], "name": "Jo", "tournament_id": tid}
    as_judge = Principal("judge", judge["judge_id"], tournament_id=tid)
    with pytest.raises(Forbidden):
        world.run(tournaments.add_judge, as_judge, tid, "Another", None, "pdm_" + "u" * 43)
    page, following = tournaments.event_log(reads(world.rt), as_judge, tid, None, 1)
    assert [e["type"] for e in page["events"]] == ["TournamentCreated"]
    assert page["events"][0]["data"]["seed"] is None and following is not None
    rest, _ = tournaments.event_log(reads(world.rt), as_judge, tid, following, 10)
    assert [e["type"] for e in rest["events"]] == ["JudgeAdded"]
    with pytest.raises(InvalidQuery):
        tournaments.event_log(reads(world.rt), as_judge, tid, "not-a-cursor", 10)
    with pytest.raises(Forbidden):
        tournaments.event_log(world.reads, Principal("organizer", "o000000000000"), tid, None, 5)

    with pytest.raises(Forbidden):
        world.run(accounts.create, org, "organizer", "Store", None, "pdm_" + "v" * 43)
    account = world.run(accounts.create, ADMIN, "federation", "Fed", None, "pdm_" + "v" * 43)
    assert account["account_id"].startswith("f") and account["role"] == "federation"
    assert accounts.me(org)["id"] == org.id



def test_replacing_a_token_counts_credentials_and_only_the_player_or_staff_may(world):
    org = owner(world)
    tid = created(world, org)["tournament_id"]
    ann = world.run(registration.register, None, tid, "Ann", None, new_token(""))["player"]
    bob = world.run(registration.register, None, tid, "Bob", None, new_token(""))["player"]
    as_bob = Principal("player", bob["player_id"], tournament_id=tid,
                       player_id=bob["player_id"])
    with pytest.raises(Forbidden):
        world.run(registration.replace_token, as_bob, tid, ann["player_id"], new_token(""))
    token = new_token("")
    first = world.run(registration.replace_token, org, tid, ann["player_id"], token)
    assert first["credential"] == 1
    issued = world.rt.service.read(TOKENS, token_hash(token))[0].principal
    assert issued["credential"] == 1 and issued["player_id"] == ann["player_id"]
    stale = Principal("player", ann["player_id"], tournament_id=tid,
                      player_id=ann["player_id"], credential=0)
    with pytest.raises(Unauthenticated) as replaced:     # compare-and-set on the credential
        world.run(registration.replace_token, stale, tid, ann["player_id"], new_token(""))
    assert replaced.value.code == "credential_replaced"
    as_ann = Principal("player", ann["player_id"], tournament_id=tid,
                       player_id=ann["player_id"], credential=1)
    with pytest.raises(Conflict) as locked:      # the staff's re-issue locks self-rotation
        world.run(registration.replace_token, as_ann, tid, ann["player_id"], new_token(""))
    assert locked.value.code == "rotation_locked"


def test_self_registration_code_and_per_client_limit(world):
    from chalicelib.domain.errors import TooManyRequests

    org, secret = owner(world), "s" * 40
    tid = world.run(tournaments.create, org, "Friday", "vtes", "sealed", None, {
        "registration": {"code": "letmein", "anonymous_per_client": 1}}, None, None,
        secret)["tournament_id"]
    with pytest.raises(Forbidden) as refused:
        world.run(registration.register, None, tid, "Ann", None, new_token(""),
                  code="letmeout", client="c1", secret=secret)
    assert refused.value.code == "invalid_registration_code"
    world.run(registration.register, None, tid, "Ann", None, new_token(""),
              code="letmein", client="c1", secret=secret)
    with pytest.raises(TooManyRequests) as limited:
        world.run(registration.register, None, tid, "Bob", None, new_token(""),
                  code="letmein", client="c1", secret=secret)
    assert limited.value.retry_after >= 1
    world.run(registration.register, None, tid, "Bob", None, new_token(""),
              code="letmein", client="c2", secret=secret)
    # the same code under another server secret is another digest: refused
    with pytest.raises(Forbidden):
        world.run(registration.register, None, tid, "Cy", None, new_token(""),
                  code="letmein", client="c3", secret="t" * 40)
