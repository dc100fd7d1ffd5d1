"""A tournament's audit log: every event of its play streams in order, public once the
tournament is finished (the seed is revealed then, and so is everything hidden during
play: packs, picks, face-down cards), staff-only before. It carries the card sets its
product was collated from, so ``python -m chalicelib.verify`` can re-derive every draw
without Podium. Tokens, accounts, webhooks and report receipts are not play and never
appear; of a request's metadata only the actor (id and role) does, beside the version of
each event's shape and the Podium version that recorded it (the reply names the one
serving it), so the verifier can say which version it checks and refuse a newer one."""
from __future__ import annotations

from typing import Any

from ..auth import Principal
from ..auth.principal import Unauthorized, is_staff, require_tournament_staff
from ..auth.signing import Signer
from ..domain import audit_chain, audit_seal, streams
from ..domain import tournament as t
from ..domain.decks.aggregate import DECKS
from ..domain.errors import Forbidden, Invalid
from ..domain.version import PODIUM_VERSION
from ..projections.queries.tournaments import streams_kind
from . import audit_manifest, audit_private, page_bytes, tournament
from .card_facts import lists_cards
from .reads import Reads
from .sets import product_sets

# The stream kinds of play (``<kind>-<tid>[-...]``) an audit shows; every other stream of
# the tournament (and any kind added later) stays out until it is listed here.
AUDITED_KINDS = frozenset({"tournament", "swiss", "match", "tables", "table", "ffa", "draft",
                           "pod", "tdraft", "mixed", "sealed", "trade", "decks", "product",
                           "judging", "allegations", "clock"})
# Keys that never leave Podium (``audit_seal.SECRET_KEYS``); hidden until the finish:
# the seed and what is derived from it alone.
SECRET_KEYS = audit_seal.SECRET_KEYS
SEALED_UNTIL_FINISH = audit_seal.SEED_FIELDS
scrub = audit_seal.scrub


class BadCursor(Invalid, status=400):
    """A malformed query: 400 like every list route's bad cursor."""


@lists_cards
def audit_log(reads: Reads, actor: Principal | None, tid: str, after: str | None,
              limit: int, signer: Signer | None = None,
              secret: str = "") -> dict[str, Any]:
    """A page of the audit log (``after``: the previous page's cursor); the first page
    carries the manifest, signed by ``signer`` (the deployment's key); private fields are
    withheld behind commitments salted from ``secret`` (``audit_private.py``)."""
    state = tournament.load(reads, tid)
    finished = state.status == t.state.FINISHED
    if not finished:
        if actor is None:
            raise Unauthorized("the audit log is public once the tournament is finished; "
                               "before that only its staff may read it")
        if not is_staff(actor, state):
            raise Forbidden("the audit log is public once the tournament is finished; "
                            "before that only its staff may read it", code="audit_not_public")
    position = _cursor(after, tid)
    events, sorts, following = _page(reads, tid, position, limit)
    policy = _policy(reads, state, secret)

    def show(event: Any) -> dict[str, Any]:
        return shown(event, finished, policy)

    reply: dict[str, Any] = {
        "tournament_id": tid, "podium_version": PODIUM_VERSION,
        "status": state.status, "seed_sha256": state.seed_sha256,
        "seed": state.seed if finished else None,
        "events": audit_manifest.chained(reads, events, show, secret),
        "next": following}
    if position is None:
        reply["card_sets"] = {set_id: card_set.model_dump(mode="json") for set_id, card_set
                              in product_sets(reads, state.section("product")).items()}
        reply["manifest"] = audit_manifest.manifest(reads, state, reply["card_sets"],
                                                    audited, secret)
        if signer is not None:
            reply["signature"] = signer.sign(audit_chain.canonical(reply["manifest"]))
    entries = reply["events"]
    kept = page_bytes.fitting(entries, page_bytes.json_size(
        {k: v for k, v in reply.items() if k != "events"}))
    if kept < len(entries):              # the rest would pass a reply's bytes: next page
        reply["events"] = entries[:kept]
        reply["next"] = f"{sorts[kept - 1]}|{events[kept - 1].version}"
    return reply


def audited(stream_id: str) -> bool:
    return stream_id.split("-", 1)[0] in AUDITED_KINDS


def _policy(reads: Reads, state: Any, secret: str) -> audit_private.Policy:
    decks, _ = reads.service.read(DECKS, state.id)
    return audit_private.Policy(secret, lambda pid: pid not in state.players,
                                bool(decks.published))


def shown(event: Any, finished: bool, policy: audit_private.Policy) -> dict[str, Any]:
    """One stored event as the audit log shows it: its sealed form (what its recorded
    link covers: ``domain/audit_seal.py``) with each field that is public now shown open
    (value and salt under ``opened``); what ``policy`` keeps private, and the seed until
    the finish, stay withheld behind their commitments."""
    base = audit_seal.shown(event.stream_id, event.version, event.type, event.data,
                            event.meta, event.recorded_at)
    sealed, salts = audit_seal.seal(base, policy.key(event.meta))
    private = set(policy.fields(event.type, base["data"]))
    if not finished:
        private |= set(SEALED_UNTIL_FINISH)
    public = [f for f in salts if f not in private]
    if not public:
        return sealed
    withheld = {f: c for f, c in sealed["withheld"].items() if f not in public}
    out = {**sealed, "data": {**sealed["data"], **{f: base["data"][f] for f in public}},
           "opened": {f: salts[f] for f in public}}
    if withheld:
        out["withheld"] = withheld
    else:
        del out["withheld"]
    return out


def private_part(reads: Reads, actor: Principal | None, tid: str, after: str | None,
                 limit: int, secret: str) -> dict[str, Any]:
    """The staff's page of the log's private part: for each withheld field of the page's
    events, its value and salt, which open the public log's commitment; the organizer hands
    what concerns a player to them, or all of it to the federation."""
    state = tournament.load(reads, tid)
    if actor is None:
        raise Unauthorized("the private part of the audit log is for the tournament's staff")
    require_tournament_staff(actor, state)
    events, _, following = _page(reads, tid, _cursor(after, tid), limit)
    policy = _policy(reads, state, secret)
    openings = [o for e in events
                for o in policy.opening(e.stream_id, e.version, e.type, scrub(e.data),
                                        e.meta)]
    return {"tournament_id": tid, "openings": openings, "next": following}


def _page(reads: Reads, tid: str, position: tuple[str, int] | None,
          limit: int) -> tuple[list[Any], list[str], str | None]:
    """Up to ``limit`` events from ``position`` (a stream's sort key in the tournament's
    stream index, the version read up to), streams in the order they began; each event's
    stream's sort key; the cursor after them, or None on the last page."""
    sort, version = position if position is not None else (None, 0)
    pending = [(sort, sort.split("|", 1)[1])] if sort is not None else []
    index_after, events, sorts = sort, list[Any](), list[str]()
    while True:
        if not pending:
            batch = reads.views.list(streams_kind(tid), after=index_after, limit=100)
            if not batch:
                return events, sorts, None
            index_after = batch[-1].sort
            pending = [(v.sort, v.doc["stream_id"]) for v in batch
                       if audited(v.doc["stream_id"])]
            continue
        sort, stream_id = pending.pop(0)
        room = limit - len(events)
        read = reads.service.events.read(stream_id, version, limit=room + 1)
        events += read[:room]
        sorts += [sort] * len(read[:room])
        if len(read) > room or len(events) == limit:
            return events, sorts, f"{sort}|{read[min(room, len(read)) - 1].version}"
        version = 0


def _cursor(raw: str | None, tid: str) -> tuple[str, int] | None:
    """(the stream's sort key, the version read up to); only a stream of this
    tournament's audit log (a cursor can never open another stream)."""
    if raw is None:
        return None
    sort, _, version = raw.rpartition("|")
    stream_id = sort.split("|", 1)[1] if "|" in sort else ""
    if not version.isdigit() or len(version) > 9 or not audited(stream_id) \
            or streams.tournament_of(stream_id) != tid:
        raise BadCursor("query parameter 'after' is not a cursor of this log",
                        code="invalid_query")
    return sort, int(version)


def public_keys(signer: Signer) -> dict[str, Any]:
    """The deployment's public keys: the current one and every retired one still listed,
    so a log signed before a rotation still verifies."""
    return signer.public_keys()
