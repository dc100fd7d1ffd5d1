"""The tournament's lifecycle: creation, settings, judges, start and finish (what is left
to play, read from the aggregate that runs the tournament's play), and the queries of its
summary, the list of tournaments and the staff's event log. Registration, removals and
drops are in ``registration.py``."""
from __future__ import annotations

import secrets
import uuid
from typing import Any

from ..auth import (
    Principal,
    guessing,
    is_staff,
    require_role,
    require_tournament_staff,
)
from ..domain import tournament as t
from ..domain.profiles import DEFAULT_STRUCTURE
from ..domain.profiles.sanctioning import notice
from ..domain.tournament.state import plain
from ..projections.queries.tournaments import streams_kind, summary_id
from ..service import UnitOfWork
from . import (
    admission,
    event_tiers,
    page_bytes,
    product_capacity,
    set_pins,
    staff_keys,
    tournament,
)
from .card_facts import with_card_facts
from .play import open_play
from .reads import InvalidQuery, Reads

LIST_PAGE = 200


def summary(state: t.TournamentState) -> dict[str, Any]:
    """The public summary, same shape as the projected view."""
    players = list(state.players.values())
    return {
        "tournament_id": state.id, "name": state.name, "game": state.game,
        "format": state.format, "structure": state.structure,
        "organizer_id": state.organizer_id, "status": state.status,
        "seed_sha256": state.seed_sha256,
        "seed": state.seed if state.status == t.state.FINISHED else None,
        "settings": plain(state.settings), "starts_at": state.starts_at,
        "location": state.location, "created_at": state.created_at,
        "started_at": state.started_at, "finished_at": state.finished_at,
        "incomplete": plain(state.incomplete),
        "players": {"registered": len(players),
                    "active": sum(1 for p in players if p.status == "active"),
                    "dropped": sum(1 for p in players if p.status == "dropped")},
        "judges": [{"judge_id": jid, "name": name} for jid, name in state.judges.items()],
        "sanctioning": notice(plain(state.settings).get("sanctioning"), state.starts_at,
                              state.created_at),
    }


def with_sanctioning(doc: dict[str, Any]) -> dict[str, Any]:
    """A projected summary with its sanctioning facts (V:EKN 8.1, 8.2: 28 days' notice)."""
    return {**doc, "sanctioning": notice(doc["settings"].get("sanctioning"),
                                         doc.get("starts_at"), doc["created_at"])}


def _staff(uow: UnitOfWork, actor: Principal, tid: str,
           organizer_only: bool = True) -> t.TournamentState:
    state = tournament.load(uow, tid)
    require_tournament_staff(actor, state, organizer_only=organizer_only)
    return state


# -- commands -------------------------------------------------------------------------

def create(uow: UnitOfWork, actor: Principal, name: str, game: str, format: str,
           structure: str | None, settings: dict[str, Any], starts_at: str | None,
           location: str | None, secret: str = "") -> dict[str, Any]:
    """An organizer's new tournament, its seed fixed now (its SHA-256 public at once); a
    ``registration.code`` among ``settings`` is kept only as a keyed digest."""
    require_role(actor, "organizer")
    tid = "t" + uuid.uuid4().hex[:12]
    settings, code, _ = admission.split_code(settings, secret, tid)
    structure = structure or DEFAULT_STRUCTURE[game]
    product_capacity.require_room(uow, game, format, structure, settings)
    state, _ = uow.decide(t.TOURNAMENT, tid, t.CreateTournament(
        tournament_id=tid, organizer_id=actor.id, name=name, game=game, format=format,
        structure=structure, seed=secrets.token_hex(32),
        now=uow.now.isoformat(), settings=settings, starts_at=starts_at, location=location,
        registration_code=code,
        card_sets_sha256=set_pins.pins(uow, game, structure, settings)))
    return summary(state)


def change_settings(uow: UnitOfWork, actor: Principal, tid: str,
                    settings: dict[str, Any], secret: str = "",
                    key: str | None = None) -> dict[str, Any]:
    """The organizer overrides settings before the start; ``registration.code`` sets the
    registration code (null removes it), kept only as a keyed digest."""
    before = _staff(uow, actor, tid)
    settings, code, changed = admission.split_code(settings, secret, tid, key)
    product_capacity.require_room(uow, before.game, before.format, before.structure, settings,
                                 base=plain(before.settings))
    state, _ = uow.decide(t.TOURNAMENT, tid, t.ChangeSettings(
        settings, uow.now.isoformat(), registration_code=code, code_changed=changed,
        card_sets_sha256=set_pins.pins(uow, before.game, before.structure, settings,
                                       base=plain(before.settings))))
    event_tiers.keep_multi_judge_allowed(uow, state)
    return {**summary(state), "registration_guesses": guessing.failed_codes(
        uow.tally, tid, uow.now.timestamp())}


def add_judge(uow: UnitOfWork, actor: Principal, tid: str, name: str,
              expires_in: int | None, token: str) -> dict[str, Any]:
    """The organizer delegates a judge, who acts with ``token`` (its hash is recorded,
    with its key in ``keys-<judge>``, expiring after ``expires_in`` seconds if given;
    the caller shows the token once)."""
    _staff(uow, actor, tid)
    jid = "j" + uuid.uuid4().hex[:10]
    uow.decide(t.TOURNAMENT, tid, t.AddJudge(jid, name, uow.now.isoformat()))
    key = staff_keys.issue(uow, actor, token, {"role": "judge", "id": jid, "name": name,
                                               "tournament_id": tid}, expires_in)
    return {"tournament_id": tid, "judge_id": jid, "name": name, **key}


def start(uow: UnitOfWork, actor: Principal, tid: str) -> dict[str, Any]:
    """The organizer closes registration and starts the tournament."""
    _staff(uow, actor, tid)
    state, _ = uow.decide(t.TOURNAMENT, tid,
                          t.StartTournament(uow.now.isoformat()))
    return summary(state)


def finish(uow: UnitOfWork, actor: Principal, tid: str, incomplete: bool,
           reason: str | None) -> dict[str, Any]:
    """Finish the tournament. Refused (409 ``play_unfinished``, listing what is open)
    while play is not done, unless the organizer ends it early on purpose
    (``incomplete``)."""
    state = _staff(uow, actor, tid)
    open_items = open_play(uow, state) if state.status == t.state.RUNNING else []
    new_state, _ = uow.decide(t.TOURNAMENT, tid, t.FinishTournament(
        uow.now.isoformat(), tuple(open_items), incomplete, reason))
    return summary(new_state)


# -- queries --------------------------------------------------------------------------

def get(reads: Reads, tid: str, actor: Principal | None = None,
        now: float | None = None) -> dict[str, Any]:
    """The public summary (the projected view); the tournament's staff also see the
    failed registration codes (``registration_guesses``, auth/guessing.py)."""
    doc = reads.views.get(summary_id(tournament.checked_tid(tid)))
    if doc is None:
        raise tournament.tournament_not_found(tid)
    doc = with_sanctioning(doc)
    if actor is not None and is_staff(actor, tournament.load(reads, tid)):
        doc["registration_guesses"] = guessing.failed_codes(
            reads.tally, tid, now if now is not None else reads.service.clock().timestamp())
    return doc


def listing(reads: Reads, game: str | None, status: str | None, after: str | None,
            limit: int) -> tuple[list[dict[str, Any]], str | None]:
    """Tournaments oldest first, filtered by ``game`` and ``status``: a page of at most
    ``limit`` and the sort key after which the next page starts (None on the last)."""
    items: list[dict[str, Any]] = []
    cursor = after
    while len(items) < limit:
        page = reads.views.list("tournament", after=cursor, limit=LIST_PAGE)
        for view in page:
            cursor = view.sort
            if (game is None or view.doc["game"] == game) and \
                    (status is None or view.doc["status"] == status):
                items.append(with_sanctioning(view.doc))
                if len(items) == limit:
                    break
        if len(page) < LIST_PAGE:
            break
    more = len(items) == limit and bool(reads.views.list("tournament", after=cursor, limit=1))
    return items, cursor if more else None


def event_log(reads: Reads, actor: Principal, tid: str, after: str | None,
              limit: int) -> tuple[dict[str, Any], str | None]:
    """Every event of every stream of the tournament (staff only), a page at a time:
    stream by stream in the order the streams began, each stream's events in order
    (``recorded_at`` orders them across streams). The seed stays hidden until the
    tournament finishes. Returns the page and the raw cursor of the next one."""
    state = tournament.load(reads, tid)
    require_tournament_staff(actor, state)
    events_store = reads.service.events
    at = _log_cursor(after)
    hide_seed = state.status != t.state.FINISHED
    events: list[Any] = []                     # StoredEvent
    at_each: list[tuple[str, str, int]] = []   # each event's cursor (to continue after it)
    upcoming: list[Any] = []
    following = None
    position, last_sort = at, at[1] if at else None
    while len(events) < limit:
        if position is None:
            if not upcoming:
                upcoming = reads.views.list(streams_kind(tid), after=last_sort, limit=100)
                if not upcoming:
                    break
            nxt = upcoming.pop(0)
            position = (nxt.doc["stream_id"], nxt.sort, 0)
        stream_id, sort, version = position
        room = limit - len(events)
        batch = events_store.read(stream_id, version, limit=room + 1)  # one more: is there more?
        events += batch[:room]
        at_each += [(stream_id, sort, e.version) for e in batch[:room]]
        if len(batch) > room:
            following = (stream_id, sort, batch[room - 1].version)
        elif len(events) == limit:
            following = (stream_id, sort, batch[-1].version) if batch else position
        position, last_sort = None, sort
    entries: list[dict[str, Any]] = [
        {"stream_id": e.stream_id, "version": e.version, "type": e.type,
         "data": {**e.data, "seed": None} if hide_seed and "seed" in e.data else e.data,
         "actor": e.meta.get("actor"), "recorded_at": e.recorded_at} for e in events]
    kept = page_bytes.fitting(entries)
    if kept < len(entries):              # the rest would pass a reply's bytes: next page
        entries, following = entries[:kept], at_each[kept - 1]
    page = {"tournament_id": tid, "events": entries}
    return with_card_facts(reads, tid, page), "|".join(map(str, following)) if following else None


def _log_cursor(raw: str | None) -> tuple[str, str, int] | None:
    """(stream id, its sort key in the stream index, the version read up to)."""
    if raw is None:
        return None
    parts = raw.rsplit("|", 3)
    if len(parts) != 4 or not parts[3].isdigit():
        raise InvalidQuery("query parameter 'after' is not a cursor")
    stream_id, sort_time, sort_stream, version = parts
    return stream_id, f"{sort_time}|{sort_stream}", int(version)
