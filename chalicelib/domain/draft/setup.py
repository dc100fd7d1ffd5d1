"""Turning settings, sets and the roster into the commands that start a booster draft."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import Invalid
from ..pods.assignment import assign_pods, check_explicit, pod_sizes
from ..product.allocation import booster_plan, collate_packs, deal_starters, require_product
from ..product.cards import CardSet, card_index
from ..profiles.draft import DraftSettings
from ..profiles.product import ProductSettings
from .commands import OpenPod
from .roster.commands import StartDraft


def rounds_for(product: ProductSettings, draft: DraftSettings) -> int:
    total = product.booster_count
    rounds = draft.packs if draft.packs is not None else total
    if rounds < 1 or rounds > total:
        raise Invalid("the draft needs as many boosters as packs drafted",
                      {"packs": rounds, "boosters_per_player": total})
    return rounds


def plan_pods(players: list[str], draft: DraftSettings, seed: str,
              explicit: list[list[str]] | None = None) -> list[list[str]]:
    if explicit is not None:
        return check_explicit(explicit, players)
    sizes = pod_sizes(len(players), draft.pod_min, draft.pod_max, draft.pod_preferred,
                      draft.pod_even)
    return assign_pods(players, sizes, seed)


def specials_of(sets: Mapping[str, CardSet], product: ProductSettings) -> dict[str, dict[str, Any]]:
    used = {spec.set for spec in product.boosters}
    index = card_index(sets[s] for s in sorted(used))
    return {cid: {"action": c.draft_action, "prompt": c.reveal_prompt,
                  "choices": c.reveal_choices}
            for cid, c in index.items() if c.draft_action}


def start_commands(*, tournament: str, seed: str, players: list[str],
                   product: Mapping[str, Any], draft: Mapping[str, Any],
                   sets: Mapping[str, CardSet], now: int, by: str,
                   explicit_pods: list[list[str]] | None = None,
                   entered: Mapping[str, list[list[str]]] | None = None,
                   ) -> tuple[StartDraft, list[OpenPod]]:
    """The ``StartDraft`` for ``draft-<tid>`` and one ``OpenPod`` per pod. Packs are
    collated from the seed unless the organizer ``entered`` each player's physical packs
    (``{player: [[card ids] per round]}``)."""
    p = require_product(product, sets)
    d = DraftSettings.model_validate(dict(draft))
    rounds = rounds_for(p, d)
    pods = plan_pods(players, d, seed, explicit_pods)
    plan = booster_plan(p)[:rounds]
    starters = deal_starters(p, sets, seed, players) if p.starters else {pl: [] for pl in players}
    timer = {"pick_seconds": d.pick_seconds,
             "pick_seconds_by_cards_left": d.pick_seconds_by_cards_left,
             "review_seconds": d.review_seconds}
    specials = specials_of(sets, p)
    if entered is not None:
        _check_entered(entered, players, rounds, sets, plan)
    commands = []
    for n, pod in enumerate(pods, start=1):
        if entered is not None:
            per_player = {pl: [list(c) for c in entered[pl][:rounds]] for pl in pod}
        else:
            per_player = {pl: [x["cards"] for x in collate_packs(p, sets, seed, pl, 0, rounds)]
                          for pl in pod}
        packs = [[per_player[pl][r] for pl in pod] for r in range(rounds)]
        meta = [[{"set": plan[r]["set"], "booster": plan[r]["booster"],
                  "size": sets[plan[r]["set"]].booster(plan[r]["booster"]).size}
                 for _ in pod] for r in range(rounds)]
        commands.append(OpenPod(tournament=tournament, pod=n, seed=seed, seats=list(pod),
                                packs=packs, now=now, pack_meta=meta, timer=timer,
                                own_picks=d.own_picks, specials=specials))
    chosen = tuple(name for name, given in (("pods", explicit_pods), ("packs", entered))
                   if given is not None)
    return StartDraft(pods=pods, rounds=rounds, starters=starters, now=now, by=by,
                      chosen=chosen), commands


def _check_entered(entered: Mapping[str, list[list[str]]], players: list[str], rounds: int,
                   sets: Mapping[str, CardSet], plan: list[dict[str, str]]) -> None:
    """Entered packs must cover every player and name known cards; a wrong count is
    accepted here and shown as abnormal so the judge replaces the pack (V:EKN 7.2.5)."""
    problems: list[dict[str, Any]] = []
    for pl in players:
        packs = entered.get(pl)
        if packs is None or len(packs) < rounds:
            problems.append({"player": pl, "msg": f"needs {rounds} entered packs"})
            continue
        for r in range(rounds):
            known = sets[plan[r]["set"]].card_index
            unknown = sorted({c for c in packs[r] if c not in known})
            if unknown:
                problems.append({"player": pl, "pack": r + 1, "unknown": unknown})
            if not packs[r]:
                problems.append({"player": pl, "pack": r + 1, "msg": "empty pack"})
    extra = sorted(set(entered) - set(players))
    if extra:
        problems.append({"players": extra, "msg": "not active players"})
    if problems:
        raise Invalid("invalid entered packs", problems, code="invalid_packs")
