"""Staff credentials die: organizers' and federations' keys and judges' tokens are
listed, revoked and rotated, each with an optional expiry, every step an event of the
owner's ``keys-<owner>`` stream (who, when, which key; never a token). A revoked or
expired credential answers 401 at once, also to a request already under way
(``auth.credentials``). A rotation issues the new credential and revokes every active
one of the owner (and the caller's own, if it predates the key records) in one unit."""
from __future__ import annotations

from datetime import timedelta
from typing import Any

from ..auth import Principal, is_staff, issue_token, require_role
from ..auth.tokens import token_hash
from ..domain import streams
from ..domain.accounts import ACCOUNT, TOKEN, RevokeToken
from ..domain.accounts.aggregate import KEYS
from ..domain.accounts.keys.commands import IssueKey, RevokeKey
from ..domain.errors import Forbidden, NotFound
from ..service import UnitOfWork
from .reads import Reads


def issue(uow: UnitOfWork, actor: Principal, token: str, principal: dict[str, Any],
          expires_in: int | None, rotation_of: tuple[str, ...] = ()) -> dict[str, Any]:
    """Record ``token`` for ``principal`` (its hash) and its key in the owner's stream."""
    now = uow.now.isoformat()
    expires_at = (uow.now + timedelta(seconds=expires_in)).isoformat() if expires_in else None
    issue_token(uow, token, {**principal, **({"expires_at": expires_at} if expires_at else {})})
    key_id = uow.new_id("k")
    uow.decide(KEYS, principal["id"], IssueKey(
        key_id, token_hash(token), principal["role"], principal["id"],
        principal.get("tournament_id"), expires_at, rotation_of, actor.ref(), now))
    return {"key_id": key_id, "expires_at": expires_at}


def _revoke(uow: UnitOfWork, actor: Principal, owner_id: str, key_id: str,
            reason: str) -> None:
    state, _ = uow.decide(KEYS, owner_id, RevokeKey(
        key_id, reason, actor.ref(), uow.now.isoformat()))
    token_sha256 = state.keys[key_id].token_sha256
    if uow.load(TOKEN, token_sha256).active:
        uow.decide(TOKEN, token_sha256, RevokeToken(uow.now.isoformat()))


def _rotate(uow: UnitOfWork, actor: Principal, token: str, principal: dict[str, Any],
            expires_in: int | None) -> dict[str, Any]:
    owner = principal["id"]
    state = uow.load(KEYS, owner)
    replaced = tuple(k.key_id for k in state.active())
    for key_id in replaced:
        _revoke(uow, actor, owner, key_id, "rotated")
    known = {k.token_sha256 for k in state.keys.values()}
    if actor.id == owner and actor.token_hash and actor.token_hash not in known:
        own = streams.token(actor.token_hash)        # a key from before key records
        if uow.load(TOKEN, own).active:
            uow.decide(TOKEN, own, RevokeToken(uow.now.isoformat()))
    issued = issue(uow, actor, token, principal, expires_in, replaced)
    return {**issued, "revoked": list(replaced)}


def _listing(state: Any, owner_id: str, now: str) -> dict[str, Any]:
    keys = sorted(state.keys.values(), key=lambda k: (k.issued_at, k.key_id))
    return {"owner_id": owner_id, "keys": [k.public(now) for k in keys]}


# -- organizers' and federations' keys -------------------------------------------------

def _account(source: Any, actor: Principal, account_id: str) -> Any:
    """The account (404), which only the admin and the account itself manage."""
    if actor.role != "admin" and actor.id != account_id:
        require_role(actor, "admin")
    account = (source.state(ACCOUNT, account_id) if isinstance(source, Reads)
               else source.load(ACCOUNT, account_id))
    if not account.exists:
        raise NotFound(f"no account {account_id!r}", code="not_found")
    return account


def rotate_account_key(uow: UnitOfWork, actor: Principal, account_id: str,
                       expires_in: int | None, token: str) -> dict[str, Any]:
    """A new key for the account; every active key of it is revoked (a lost key)."""
    account = _account(uow, actor, account_id)
    done = _rotate(uow, actor, token, {"role": account.role, "id": account.id,
                                       "name": account.name}, expires_in)
    return {"account_id": account_id, **done}


def revoke_account_key(uow: UnitOfWork, actor: Principal, account_id: str,
                       key_id: str) -> dict[str, Any]:
    _account(uow, actor, account_id)
    _revoke(uow, actor, account_id, key_id, "revoked")
    return {"account_id": account_id, "key_id": key_id, "revoked": True}


def account_keys(reads: Reads, actor: Principal, account_id: str,
                 now: str) -> dict[str, Any]:
    _account(reads, actor, account_id)
    return _listing(reads.state(KEYS, account_id), account_id, now)


# -- judges' tokens ------------------------------------------------------------------------

def _judge(source: Any, actor: Principal, tid: str, judge_id: str) -> tuple[Any, str]:
    """(the tournament, the judge's name): the organizer (or admin) manages a judge's
    tokens, a judge their own."""
    from . import tournament  # loaded on the first judge's token (cold start)
    t = tournament.load(source, tid)
    if judge_id not in t.judges:
        raise NotFound(f"no judge {judge_id!r} in this tournament", code="not_found")
    own = actor.role == "judge" and actor.id == judge_id and actor.tournament_id == tid
    if not own and not (is_staff(actor, t) and actor.role != "judge"):
        raise Forbidden("only the tournament's organizer (or the judge themself) manages "
                        "a judge's tokens")
    return t, t.judges[judge_id]


def rotate_judge_token(uow: UnitOfWork, actor: Principal, tid: str, judge_id: str,
                       expires_in: int | None, token: str) -> dict[str, Any]:
    """A new token for the judge; every active one of theirs is revoked."""
    _, name = _judge(uow, actor, tid, judge_id)
    done = _rotate(uow, actor, token, {"role": "judge", "id": judge_id, "name": name,
                                       "tournament_id": tid}, expires_in)
    return {"tournament_id": tid, "judge_id": judge_id, **done}


def revoke_judge_token(uow: UnitOfWork, actor: Principal, tid: str, judge_id: str,
                       key_id: str) -> dict[str, Any]:
    _judge(uow, actor, tid, judge_id)
    _revoke(uow, actor, judge_id, key_id, "revoked")
    return {"tournament_id": tid, "judge_id": judge_id, "key_id": key_id, "revoked": True}


def judge_tokens(reads: Reads, actor: Principal, tid: str, judge_id: str,
                 now: str) -> dict[str, Any]:
    _judge(reads, actor, tid, judge_id)
    return _listing(reads.state(KEYS, judge_id), judge_id, now)
