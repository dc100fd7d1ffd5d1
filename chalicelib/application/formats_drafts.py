"""The drafted limited formats as :mod:`.formats` knows them: the booster draft (V:EKN
7.5, streams ``draft-<tid>`` and ``pod-<tid>-<n>``), the table draft (7.7) and the mixed
draft (7.8), whose pods are listed by a roster (``tdraft-<tid>`` / ``mixed-<tid>``) and
drafted in ``tdraft-<tid>-<n>`` / ``mixed-<tid>-<n>``."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..domain import mixed_draft, streams, table_draft
from ..domain.decks import pools
from ..domain.draft.aggregate import DRAFT, POD
from ..domain.draft.roster.state import DraftState
from ..domain.draft.views import can_see_own_picks
from ..domain.errors import NotFound
from ..domain.mixed_draft.visibility import redact as mixed_redact
from ..domain.product import phase
from ..domain.product.allocation import pool_of
from ..domain.table_draft import clock
from ..domain.table_draft.aggregate import MIXED_DRAFT_ROSTER, TABLE_DRAFT_ROSTER
from ..domain.table_draft.roster.state import RosterState
from ..domain.table_draft.visibility import redact as table_redact
from ..domain.tournament import TournamentState
from . import sources, tournament
from .draft_pods import draft_of, touched_pod
from .pod_opening import still_opening
from .pool_document import document, starters, with_starters
from .reads import Reads

Read = Callable[[Any, Any], Any]      # (aggregate, key) -> state


class BoosterDraft:
    """Packs passed around a pod, one pick at a time (7.5)."""

    name = "booster-draft"
    label = "draft"                               # in messages
    consumer = "draft"                            # of entered product

    def started_here(self, read: Read, t: TournamentState) -> bool:
        draft: DraftState = read(DRAFT, t.id)
        return draft.started

    def open_items(self, read: Read, t: TournamentState) -> list[dict[str, Any]]:
        draft = read(DRAFT, t.id)
        unfinished = [n for n in range(1, len(draft.pods) + 1)
                      if not read(POD, (t.id, n)).finished]
        return phase.draft_open(self.label, started=draft.started, unfinished=unfinished)

    def pool(self, read: Read, t: TournamentState, pid: str) -> list[str] | None:
        """7.5 / 905.1d: starters and picks; a late arrival's sealed product (7.2.6)."""
        draft = read(DRAFT, t.id)
        n = draft.pod_of.get(pid)
        if pid not in draft.late and n is None:
            return None
        pod = read(POD, (t.id, n)) if n is not None else None
        return pools.booster_draft_pool(draft, pod, pid)

    def pool_document(self, reads: Reads, t: TournamentState, pid: str,
                      staff: bool) -> dict[str, Any]:
        """The player sees their picks when the profile allows (``own_picks``); staff
        always. Due auto-picks are applied first."""
        draft = draft_of(reads, t.id)
        if pid in draft.late:
            product = draft.late[pid]
            return document(t.id, pid, "late-sealed", True, product["starters"], [],
                            pool_of(product))
        n = draft.pod_of.get(pid)
        if n is None:
            raise NotFound("this player has no draft product", {"player_id": pid})
        pod = touched_pod(reads, t.id, n)
        seat = pod.seat_of[pid]
        kept = draft.starters_of(pid, pod)
        visible = staff or can_see_own_picks(pod, seat)
        picks = [p.card for p in pod.picks[seat]] if visible else None
        return document(t.id, pid, "draft", pod.finished, kept, picks,
                        with_starters(kept, picks), pod=n)


@dataclass(frozen=True)
class RosterDraft:
    """A draft whose pods a roster lists (the table and mixed drafts)."""

    name: str
    label: str                                   # "table draft", in messages
    roster_decider: Any                          # the roster's decider
    decider: Any                                 # the pods' decider
    pod_stream: Callable[[str, int], str]
    final_pool: Callable[[RosterState, Any, str], list[str]]
    picks: Callable[[Any, str, bool], list[str] | None]   # (pod, player, staff), visible
    due: Callable[[Any, Any], bool]              # (pod, now): a pick timer ran out
    expire: Callable[[Any, str], Any]            # (uow, tid): the expiry command
    view: Callable[..., dict[str, Any]]          # view(pod, player=None, staff=False)
    redact: Callable[..., Any]                   # redact(type, data, player=, staff=, members=)

    @property
    def consumer(self) -> str:
        return self.name

    def roster(self, read: Read, tid: str) -> RosterState:
        roster: RosterState = read(self.roster_decider, tid)
        return roster

    def pod(self, source: Any, tid: str, n: int) -> Any:
        """Pod ``n`` (404 while there is none; 409 ``pod_opening`` while the roster is
        formed and the pod is still being opened, :mod:`.roster_opening`)."""
        state = sources.state(source, self.decider, (tid, n))
        if state.status == "new":
            roster = self.roster(sources.reader(source), tid)
            if roster.opens_pods and 1 <= n <= len(roster.pods):
                raise still_opening(tid, n, "its packs are being laid out")
            raise NotFound(f"no {self.label} pod {n}", {"tournament_id": tid})
        return state

    def started_here(self, read: Read, t: TournamentState) -> bool:
        return self.roster(read, t.id).formed

    def open_items(self, read: Read, t: TournamentState) -> list[dict[str, Any]]:
        roster = self.roster(read, t.id)
        unfinished = [n for n in range(1, len(roster.pods) + 1)
                      if read(self.decider, (t.id, n)).status != "completed"]
        return phase.draft_open(self.label, started=roster.formed, unfinished=unfinished)

    def pool(self, read: Read, t: TournamentState, pid: str) -> list[str] | None:
        """7.7 / 7.8: starters and picks; a late arrival's sealed product (7.2.6)."""
        roster = self.roster(read, t.id)
        n = roster.pod_of(pid)
        if n is None and pid not in roster.late:
            return None
        pod = read(self.decider, (t.id, n)) if n is not None else None
        return self.final_pool(roster, pod, pid)

    def pool_document(self, reads: Reads, t: TournamentState, pid: str,
                      staff: bool) -> dict[str, Any]:
        roster = self.roster(sources.reader(reads), t.id)
        if not roster.formed:
            raise NotFound("the draft has not started", {"tournament_id": t.id})
        if pid in roster.late:
            product = roster.late[pid]
            return document(t.id, pid, "late-sealed", True,
                            starters(product.get("starters", [])), [], pool_of(product))
        n = roster.pod_of(pid)
        if n is None:
            raise NotFound("this player has no draft product", {"player_id": pid})
        pod = self.pod(reads, t.id, n)
        kept = starters(roster.starters_of(pid, pod))
        picks = self.picks(pod, pid, staff)
        return document(t.id, pid, "draft", pod.status == "completed", kept, picks,
                        with_starters(kept, picks), pod=n)


def _table_due(pod: Any, now: Any) -> bool:
    """A table draft's (or a mixed draft's crypt table's) pick timer ran out."""
    return pod.status == "drafting" and clock.reached(now, pod.deadline)


def _mixed_due(pod: Any, now: Any) -> bool:
    if pod.status == "crypt":
        return _table_due(pod.crypt, now)
    return pod.status == "library" and any(
        q and clock.reached(now, d) for q, d in zip(pod.queues, pod.deadlines, strict=True))


def _mixed_expiry(uow: Any, tid: str) -> Any:
    """Every expiry due, each at its deadline: in the crypt phase the oldest card on the
    table (7.7), in the library phase a random card of the late player's pile (7.5.3)."""
    seed = tournament.load(uow, tid, guard=False).seed
    return mixed_draft.ExpireLibraryPicks(seed=seed, now=uow.now)


def _mixed_picks(pod: Any, pid: str, staff: bool) -> list[str] | None:
    crypt = list(pod.crypt.pools.get(pid, ()))                     # the crypt table is public
    if staff or pod.library_visible(pid):
        return crypt + list(pod.library.get(pid, ()))
    return None


BOOSTER_DRAFT = BoosterDraft()

TABLE_DRAFT = RosterDraft(
    name="table-draft", label="table draft", roster_decider=TABLE_DRAFT_ROSTER,
    decider=table_draft.TABLE_DRAFT, pod_stream=streams.table_draft_pod,
    final_pool=pools.table_draft_pool,
    picks=lambda pod, pid, staff: list(pod.pools.get(pid, ())),   # 7.7: taken in view
    due=_table_due, expire=lambda uow, tid: table_draft.ExpirePick(now=uow.now),
    view=table_draft.view, redact=table_redact)

MIXED_DRAFT = RosterDraft(
    name="mixed-draft", label="mixed draft", roster_decider=MIXED_DRAFT_ROSTER,
    decider=mixed_draft.MIXED_DRAFT, pod_stream=streams.mixed_draft_pod,
    final_pool=pools.mixed_draft_pool, picks=_mixed_picks, due=_mixed_due,
    expire=_mixed_expiry, view=mixed_draft.view, redact=mixed_redact)
