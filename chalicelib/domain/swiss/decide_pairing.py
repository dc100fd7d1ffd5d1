"""Deciding PairRound, SetStructure and StartTopCut."""
from __future__ import annotations

from collections import Counter
from typing import Any

from ..clock import limit_minutes
from ..errors import Conflict, Invalid
from ..events import Event
from ..rng import derive
from .bulk_candidates import applies, bulk_candidates
from .bulk_order import best_first
from .byes import choose_bye
from .clock import deadline
from .commands import PairRound, SetStructure, StartTopCut
from .cost import Candidate
from .events import RoundPaired, StructureSet, SwissStarted, TopCutStarted
from .pairing import pair_round
from .running import running_records
from .standings import standings
from .state import SwissState
from .structure import planned
from .topcut import build


def _open_matches(state: SwissState) -> list[str]:
    rnd = state.current
    if rnd is None or rnd.closed:
        return []
    return [m.id for m in rnd.matches if m.id not in rnd.results]


def _check_players(players: list[str]) -> None:
    problems = [f"player id {p!r} is not a non-empty string" for p in players
                if not isinstance(p, str) or not p]
    counts = Counter(p for p in players if isinstance(p, str))
    problems += [f"player {p} is listed twice" for p in sorted(counts) if counts[p] > 1]
    if problems:
        raise Invalid("invalid player list", problems)


def decide_pair_round(cmd: PairRound, state: SwissState) -> list[Event]:
    if state.cut is not None:
        raise Conflict("the top cut has started; no more Swiss rounds")
    open_ids = _open_matches(state)
    if open_ids:
        raise Conflict(f"round {state.current.number} still has matches without a result",  # type: ignore[union-attr]
                       {"open_matches": open_ids[:50], "count": len(open_ids)})
    _check_players(cmd.players)
    active = [p for p in cmd.players if p not in state.dropped]
    if len(active) < 2:
        raise Invalid("at least two active players are needed to pair a round",
                      {"active": active})
    events: list[Event] = []
    settings = state.settings if state.started else cmd.settings
    seed_key = state.seed_key
    if not state.started:
        seed_key = format(derive(cmd.seed, "swiss").getrandbits(128), "032x")
        # the organizer's choice (SetStructure) wins, within the profile
        rounds, cut = planned(settings, len(active), state.fixed_rounds, state.fixed_cut)
        events.append(SwissStarted(seed_key=seed_key, settings=settings,
                                   planned_rounds=rounds, planned_cut=cut))
    elif len(state.rounds) >= state.planned_rounds:
        raise Conflict(f"all {state.planned_rounds} Swiss rounds have been paired; start "
                       "the top cut or raise the number of rounds",
                       {"planned_rounds": state.planned_rounds})
    number = len(state.rounds) + 1
    pods = dict(state.pods)
    new_pods = {}
    if cmd.pods:
        bad = [p for p, pod in cmd.pods.items()
               if not isinstance(pod, int) or isinstance(pod, bool)]
        if bad:
            raise Invalid("pod numbers must be integers", {"players": bad[:50]})
        new_pods = {p: pod for p, pod in cmd.pods.items() if pods.get(p) != pod}
        pods.update(cmd.pods)
    within_pods = bool(settings.get("pair_within_pods"))
    if within_pods:
        missing = [p for p in active if p not in pods]
        if missing:
            raise Invalid("this profile pairs within drafting pods: give every player a pod",
                          {"players_without_pod": missing[:50], "count": len(missing)})
    listed = set(cmd.players)
    # Players who left the tournament's list since the last round dropped before this one.
    left = sorted(p for p in state.joined if p not in listed and p not in state.dropped)
    bye, cands = round_candidates(state, settings, seed_key, active,
                                  pods if within_pods else None)
    pairing = pair_round(cands, derive(seed_key, "pair", number))
    events.append(RoundPaired(
        round=number, pairs=[[a.id, b.id] for a, b in pairing.pairs], bye=bye, left=left,
        pods=new_pods, ends_at=deadline(cmd.now, settings.get("round_minutes")),
        method=pairing.method, quality=pairing.quality.as_dict(), optimal=pairing.optimal,
        bound=pairing.bound, gap=pairing.gap, by=cmd.by, results_in="match"))
    return events


def round_candidates(state: SwissState, settings: dict[str, Any], seed_key: str,
                     active: list[str], pods: dict[str, int] | None
                     ) -> tuple[str | None, list[Candidate]]:
    """The next round's bye and the players to pair, ranked by current standings
    (round 1: a seeded shuffle)."""
    if applies(settings, active):
        got = bulk_candidates(state, settings, seed_key, active, pods)
        if got is not None:
            return got
    number = len(state.rounds) + 1
    recs = running_records(state.rounds, settings, active)
    playing = set(active)
    if number == 1:
        ranked = sorted(active)
        derive(seed_key, "round-order", number).shuffle(ranked)
    else:
        ranked = [p for p in best_first(recs, settings, seed_key, len(state.rounds))
                  if p in playing]
    byes = {p: recs[p].byes for p in active}
    bye = choose_bye(ranked, byes, number == 1, derive(seed_key, "bye", number), pods)
    cands = [Candidate(p, recs[p].points, i, frozenset(recs[p].opponents),
                       pods[p] if pods else None)
             for i, p in enumerate(ranked) if p != bye]
    return bye, cands


def decide_set_structure(cmd: SetStructure, state: SwissState) -> list[Event]:
    if state.cut is not None:
        raise Conflict("the top cut has started")
    problems = []
    if cmd.rounds is None and cmd.top_cut is None:
        problems.append("give rounds and/or top_cut")
    settings = state.settings if state.started else (cmd.settings or {})
    # e.g. .hack//ENEMY: "at least three rounds of Swiss play"
    least = max(1, len(state.rounds), settings.get("min_rounds", 1))
    if cmd.rounds is not None and not least <= cmd.rounds <= 30:
        problems.append(f"rounds must be between {least} (already paired or the profile's "
                        "minimum) and 30")
    if cmd.top_cut is not None and (cmd.top_cut < 0 or cmd.top_cut > 256 or
                                    (cmd.top_cut and cmd.top_cut & (cmd.top_cut - 1)) or
                                    cmd.top_cut == 1):
        problems.append("top_cut must be 0 or a power of two from 2 to 256")
    if problems:
        raise Invalid("invalid structure", problems)
    return [StructureSet(rounds=cmd.rounds, top_cut=cmd.top_cut, by=cmd.by)]


def decide_top_cut(cmd: StartTopCut, state: SwissState) -> list[Event]:
    if state.cut is not None:
        raise Conflict("the top cut has already started")
    if not state.rounds:
        raise Conflict("no Swiss round has been played")
    open_ids = _open_matches(state)
    if open_ids:
        raise Conflict(f"round {state.current.number} still has matches without a result",  # type: ignore[union-attr]
                       {"open_matches": open_ids[:50], "count": len(open_ids)})
    if len(state.rounds) < state.planned_rounds:
        raise Conflict(f"{len(state.rounds)} of {state.planned_rounds} Swiss rounds played; "
                       "play them all or lower the number of rounds first")
    size = cmd.size if cmd.size is not None else state.planned_cut
    table = standings_for_cut(state)
    if size < 2 or size & (size - 1):
        raise Invalid("the top cut needs a power of two of at least 2 players",
                      {"size": size, "planned_cut": state.planned_cut})
    if size > len(table):
        raise Invalid(f"only {len(table)} players can make the cut", {"size": size})
    seeds = table[:size]
    bracket = build(seeds)
    limit = limit_minutes(state.settings, bracket[0][0].id, final=len(bracket) == 1)
    return [TopCutStarted(
        size=size, seeds=seeds, by=cmd.by,
        rounds=[[{"id": m.id, "table": m.table, "a": m.a, "b": m.b} for m in rnd]
                for rnd in bracket],
        ends_at=deadline(cmd.now, limit))]


def standings_for_cut(state: SwissState) -> list[str]:
    """Players still in the event, best first."""
    return [s.record.player for s in standings(state) if not s.dropped]
