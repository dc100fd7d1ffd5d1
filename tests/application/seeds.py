"""Recorded histories to start application tests from: each built once per test session
by running the use cases themselves (never HTTP) on a scratch in-memory runtime, then
given to each test's fresh store (``World.given``). The facts name what a test needs:
``tid``, ``tournament`` (its summary), ``players`` ([{player_id, name}]) and
``organizer_id``, the same shape as the API helpers' ``event`` (minus tokens)."""
from __future__ import annotations

import functools
import json
import tempfile
import uuid
from datetime import UTC, datetime
from typing import Any

from chalicelib.application import draft, registration, sealed, tournaments
from chalicelib.auth import Principal
from chalicelib.data.sets import sample_sets
from tests.application.world import History, World, memory_runtime

ORGANIZER = Principal("organizer", "o5eed00000001", "Store")     # an account id
# the histories are recorded at one instant, so every test's given events are the same
RECORDED_AT = datetime.now(UTC).replace(microsecond=0)


def started(game: str = "vtes", format: str = "booster-draft", players: int = 8,
            settings: dict[str, Any] | None = None, structure: str | None = None,
            n: int = 0) -> History:
    """A tournament of ``ORGANIZER`` with ``players`` registered, then started (``n``:
    the n-th such recording, for a test that needs two alike)."""
    return _recorded("started", game, format, players, json.dumps(settings or {}),
                     structure, n)


def ready(game: str = "vtes", format: str = "sealed", players: int = 8,
          settings: dict[str, Any] | None = None, structure: str | None = None,
          n: int = 0, members: tuple[str, ...] = ()) -> History:
    """:func:`started`, then the product phase run to its end (a sealed hand-out opened,
    a swap dealt, or a booster draft with one card a pack, every pick taken by a
    judge), so the first round can be paired or seated; ``members``: the players'
    member ids."""
    if format not in ("booster-draft", "sealed", "sealed-swap"):
        raise ValueError(f"no quick product phase for {format}")
    return _recorded("ready", game, format, players, json.dumps(settings or {}), structure, n,
                     members)


def created(world: World, game: str = "vtes", format: str = "sealed",
            settings: dict[str, Any] | None = None) -> dict[str, Any]:
    """A tournament ``ORGANIZER`` creates in ``world`` now, not started (its summary)."""
    return world.run(tournaments.create, ORGANIZER, f"{game} {format}", game, format, None,
                     settings or {}, None, None)


def late(world: World, tid: str, name: str = "Late") -> str:
    """A player the staff register in ``world`` after the start (their id)."""
    return world.run(registration.register, ORGANIZER, tid, name, None,
                     f"pdm_late_{uuid.uuid4().hex}")["player"]["player_id"]


@functools.cache
def _recorded(stage: str, game: str, format: str, count: int, settings: str,
              structure: str | None, n: int, members: tuple[str, ...] = ()) -> History:
    with tempfile.TemporaryDirectory() as data_dir:
        world = World(memory_runtime(data_dir, clock=lambda: RECORDED_AT))
        t = world.run(tournaments.create, ORGANIZER, f"{game} {format}", game, format,
                      structure, json.loads(settings), None, None)
        tid = t["tournament_id"]
        roster = [world.run(registration.register, None, tid, f"Player {i + 1}",
                            members[i] if members else None,
                            f"pdm_seed_{uuid.uuid4().hex}_{i:04d}")["player"]
                  for i in range(count)]
        summary = world.run(tournaments.start, ORGANIZER, tid)
        facts = {"tid": tid, "tournament": summary, "organizer_id": ORGANIZER.id,
                 "players": [{"player_id": p["player_id"], "name": p["name"]} for p in roster]}
        if stage == "ready":
            _product_phase(world, summary, facts)
        return History.of(world.store, **facts)


def _product_phase(world: World, summary: dict[str, Any], facts: dict[str, Any]) -> None:
    tid, ids = facts["tid"], [p["player_id"] for p in facts["players"]]
    if summary["format"] == "booster-draft":
        settings = summary["settings"]
        plan = [b["set"] for b in settings["product"]["boosters"] for _ in range(b["count"])]
        rounds = settings["draft"].get("packs") or len(plan)
        sets = sample_sets()
        card = [next(c.id for c in sets[s].cards if not c.draft_action) for s in plan]
        packs = {pid: [[card[r]] for r in range(rounds)] for pid in ids}
        begun = world.run(draft.start, ORGANIZER, tid, None, packs, None)
        for pod in begun["pods"]:
            for _ in range(rounds):
                for seat in pod["seats"]:
                    world.run(draft.pick_for, ORGANIZER, tid, pod["pod"], seat["player_id"])
        return
    world.run(sealed.start, ORGANIZER, tid, None, None, None, None)
    opened = world.run(sealed.open_product, ORGANIZER, tid)
    if opened.get("swap"):
        for pid in ids:
            world.run(sealed.register_product, player(tid, pid), tid, None)
        world.run(sealed.deal_swap, ORGANIZER, tid)


def player(tid: str, pid: str) -> Principal:
    return Principal("player", pid, tournament_id=tid, player_id=pid)
