"""Stream ids and tally names: built and parsed here only.

A tournament's streams are named ``<kind>-<tid>[-<rest>]`` with a tournament id of the
form ``t`` + 12 hex digits; token streams (``token-<64 hex>``) belong to no tournament."""
from __future__ import annotations

import re
from collections.abc import Callable

_TOURNAMENT_STREAM = re.compile(r"^[a-z]+-(t[0-9a-f]{12})(-[0-9a-z-]+)?$")
_MATCH_STREAM = re.compile(r"^match-t[0-9a-f]{12}-([rc])([0-9]+)-([0-9]+)$")
_TABLE_STREAM = re.compile(r"^table-t[0-9a-f]{12}-r([0-9]+)-t([0-9]+)$")
# the streams of one pod of a limited format: a booster draft's, a table or mixed draft's,
# a restricted trade's
_POD_STREAM = re.compile(r"^(pod|tdraft|mixed|trade)-t[0-9a-f]{12}-([0-9]+)$")


_TID = re.compile(r"^t[0-9a-f]{12}$")

Builder = Callable[..., str]


def _of_kind(kind: str) -> Callable[[Builder], Builder]:
    """Mark a stream builder with the kind of the streams it builds (``builder.kind``),
    which a decider's binding reads (domain/decider.py)."""
    def mark(builder: Builder) -> Builder:
        builder.kind = kind            # type: ignore[attr-defined]
        return builder
    return mark


def is_tournament_id(tid: str) -> bool:
    """``t`` + 12 hex digits: the only form a tournament id takes."""
    return _TID.match(tid) is not None


def kind_of(stream_id: str) -> str:
    """What a stream holds, the part before its first ``-``: ``swiss-<tid>`` -> ``swiss``,
    ``match-<tid>-r3-12`` -> ``match``, ``token-<sha256>`` -> ``token``."""
    return stream_id.split("-", 1)[0]


@_of_kind("tournament")
def tournament(tid: str) -> str:
    return f"tournament-{tid}"


@_of_kind("swiss")
def swiss(tid: str) -> str:
    return f"swiss-{tid}"


@_of_kind("match")
def swiss_match(tid: str, match_id: str) -> str:
    """The stream of one Swiss match's results: ``R3-12`` -> ``match-<tid>-r3-12``."""
    return f"match-{tid}-{match_id.lower()}"


def swiss_round_tally(tid: str, number: int) -> str:
    """The tally of a Swiss round's tables whose result is final."""
    return f"swiss-{tid}-r{number}"


@_of_kind("tables")
def tables(tid: str) -> str:
    return f"tables-{tid}"


@_of_kind("table")
def table_result(tid: str, number: int, table: int) -> str:
    """The stream of one V:EKN table of round ``number``: ``table-<tid>-r2-t7``."""
    return f"table-{tid}-r{number}-t{table}"


def tables_round_tally(tid: str, number: int) -> str:
    """The tally of a V:EKN round's tables that have their result."""
    return f"tables-{tid}-r{number}"


def registration_client_tally(tid: str, client: str, window: int, index: int) -> str:
    """The tally of one client's self-registrations in a tournament during window
    ``index`` of ``window`` seconds (``client``: a keyed digest, never an address)."""
    return f"registrations-{tid}-{client}-{window}-{index}"


def guesses_client_tally(kind: str, client: str, window: int, index: int) -> str:
    """The tally of one client's failed guesses of a ``kind`` of secret (``code``: a
    registration code, ``token``: a bearer token or key) during window ``index``."""
    return f"guesses-{kind}-{client}-{window}-{index}"


def guesses_tournament_tally(tid: str, window: int, index: int) -> str:
    """The tally of failed registration codes of a tournament, from any client, during
    window ``index``."""
    return f"guesses-code-{tid}-{window}-{index}"


def guesses_total_tally(tid: str) -> str:
    """Every failed registration code of a tournament (what its organizer sees)."""
    return f"guesses-code-{tid}-total"


def table_of(stream_id: str) -> tuple[int, int] | None:
    """``table-<tid>-r2-t7`` -> (2, 7); None for any other stream."""
    match = _TABLE_STREAM.match(stream_id)
    return (int(match.group(1)), int(match.group(2))) if match else None


def tournament_of(stream_id: str) -> str | None:
    """The tournament a stream belongs to, or None (tokens, accounts, sets...)."""
    match = _TOURNAMENT_STREAM.match(stream_id)
    return match.group(1) if match else None


def match_id_of(stream_id: str) -> str | None:
    """``match-<tid>-r3-12`` -> ``R3-12``; None for any other stream."""
    match = _MATCH_STREAM.match(stream_id)
    if match is None:
        return None
    kind, number, table = match.groups()
    return f"{kind.upper()}{number}-{table}"


# -- one stream per tournament (``<kind>-<tid>``) or per pod (``<kind>-<tid>-<n>``) -------

def _whole(kind: str) -> Callable[[str], str]:
    return _of_kind(kind)(lambda tid: f"{kind}-{tid}")


def _pod(kind: str) -> Callable[[str, int], str]:
    return _of_kind(kind)(lambda tid, n: f"{kind}-{tid}-{n}")


ffa = _whole("ffa")                     # the free-for-all pods' games
decks = _whole("decks")                 # deck building: pools recorded, decklists, checks
draft = _whole("draft")                 # a booster draft: pods, starters, late arrivals
draft_pod = _pod("pod")                 # the picks of booster-draft pod n
table_draft = _whole("tdraft")          # a table draft's roster: pods, starters, late ones
table_draft_pod = _pod("tdraft")
mixed_draft = _whole("mixed")           # a mixed draft's roster
mixed_draft_pod = _pod("mixed")
sealed = _whole("sealed")               # sealed product: hand-out, opening, swap
trade = _whole("trade")                 # a restricted trade's set-ups and pods
trade_pod = _pod("trade")
product_gate = _whole("product")        # between entering physical product and handing it out
judging = _whole("judging")             # judges' records: officials, penalties, appeals, presence
clock = _whole("clock")                 # time extensions of matches and tables
allegations = _whole("allegations")     # cheating allegations and the head judge's decisions
checkin = _whole("checkin")             # players present for the event and each round
calls = _whole("calls")                 # judge calls: who called, acknowledged, resolved
announcements = _whole("announcements")  # staff's announcements to every player
push_log = _whole("pushlog")            # Web Push deliveries' outcomes, a batch per event
lease = _whole("lease")                 # who writes the tournament: the deployment or a venue node


@_of_kind("push")
def push(tid: str, player_id: str) -> str:
    """A player's Web Push subscriptions."""
    return f"push-{tid}-{player_id}"
# streams of no tournament, named by their own id
account = _whole("account")             # an organizer's or a federation's account
token = _whole("token")                 # a bearer token, by its SHA-256 (never the token)
keys = _whole("keys")                   # the staff credentials of an account or a judge


@_of_kind("product")
def player_product(tid: str, player_id: str) -> str:
    """The product entered for one player."""
    return f"product-{tid}-{player_id}"


@_of_kind("cardset")
def card_set(set_id: str) -> str:
    """An uploaded card set (belongs to no tournament)."""
    return f"cardset-s-{set_id}"


_CAPABILITIES = {"draft": "draft", "pod": "draft", "tdraft": "table-draft",
                 "mixed": "mixed-draft", "sealed": "sealed", "trade": "trade"}


def capability_of(stream_id: str) -> str | None:
    """The limited capability a stream belongs to: ``draft`` (booster draft), ``table-draft``,
    ``mixed-draft``, ``sealed`` or ``trade``, roster or pod alike; None for any other."""
    return _CAPABILITIES.get(stream_id.split("-", 1)[0])


def pod_number_of(stream_id: str) -> int | None:
    """``pod-<tid>-3``, ``tdraft-<tid>-3``, ``mixed-<tid>-3``, ``trade-<tid>-3`` -> 3;
    None for any other stream (a roster, ``trade-<tid>``...)."""
    match = _POD_STREAM.match(stream_id)
    return int(match.group(2)) if match else None


# -- streams of no tournament (``<kind>-<key>``) ------------------------------------------

report = _whole("report")               # a finished tournament's federation receipt
account = _whole("account")             # an account (organizer, federation...), by its id
league = _whole("league")               # a store's league season, by league id
ledger = _whole("ledger")               # a federation's ledger across events, by federation
webhooks = _whole("webhooks")           # an organizer's webhook endpoints, by organizer id
webhook_delivery = _whole("webhook")    # one webhook delivery's attempts, by delivery id


class StreamMismatch(TypeError):
    """A decider was given a stream of another aggregate (a programming error)."""
