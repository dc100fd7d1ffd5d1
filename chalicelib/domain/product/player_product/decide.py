"""One player's physical product (stream ``product-<tid>-<player id>``): entered by the
staff from the physical packs and starters (source ``entered``, checked against the
product configuration, :mod:`.entered`) or from what the player brought (source
``own``, checked against the advertised limits, :mod:`.own`), corrected until it is
handed out. One stream per player, so entries for different players never contend.

Events: ``PlayerProductEntered`` {tournament, player, source, packs, starters,
revision, reason, at, by} (revision 1 is the entry, later ones corrections);
``PlayerProductHandedOut`` {player, consumer, at, by} (a late arrival's product,
handed out on its own, V:EKN 7.2.6)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ... import streams
from ...decider import unknown_command
from ...errors import Conflict, Invalid
from ...events import Event
from ...profiles.product import ProductSettings
from ..cards import CardSet
from ..entered import entered_product
from ..events import PlayerProductEntered, PlayerProductHandedOut
from ..own import own_product
from .commands import EnterProduct, HandOutAlone
from .state import PlayerProduct

player_stream = streams.player_product


def check_entry(settings: Mapping[str, Any] | ProductSettings, sets: Mapping[str, CardSet],
                packs: Sequence[Mapping[str, Any]],
                starters: Sequence[Mapping[str, Any]]
                ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The allocation and every problem of one player's product under ``settings``."""
    s = settings if isinstance(settings, ProductSettings) else \
        ProductSettings.model_validate(dict(settings))
    if s.source == "own":
        return own_product(s.own, sets, packs, starters)
    return entered_product(s, sets, packs, starters)


def entry_facts(entry: PlayerProduct) -> dict[str, Any] | None:
    """What the player opened, for the deck rules' booster table (V:EKN 7.2.1, packs of
    any size): ``{"boosters": [{"count": 1, "cards": n}, ...], "starters": n}``."""
    if not entry.entered:
        return None
    return {"boosters": [{"count": 1, "cards": len(p["cards"])} for p in entry.packs],
            "starters": len(entry.starters)}


def handout_problems(settings: Mapping[str, Any], sets: Mapping[str, CardSet],
                     entries: Mapping[str, PlayerProduct]) -> list[dict[str, Any]]:
    """Before handing out: every player has an entry, still valid under the current
    configuration (it may have changed since, before the tournament started)."""
    s = ProductSettings.model_validate(dict(settings))
    missing = sorted(p for p, e in entries.items() if not e.entered)
    problems: list[dict[str, Any]] = []
    if missing:
        problems.append({"code": "product_not_entered", "players": missing,
                         "msg": f"{len(missing)} players have no entered product"})
    for player, entry in sorted(entries.items()):
        if not entry.entered:
            continue
        if entry.source != s.source:
            problems.append({"code": "source_changed", "player_id": player,
                             "msg": f"entered as {entry.source!r}, the source is now "
                                    f"{s.source!r}: enter it again"})
            continue
        _, found = check_entry(s, sets, list(entry.packs), list(entry.starters))
        problems += [{**p, "player_id": player} for p in found]
    return problems


def decide(command: Any, state: PlayerProduct) -> list[Event]:
    if isinstance(command, EnterProduct):
        return _enter(command, state)
    if isinstance(command, HandOutAlone):
        if not state.entered:
            raise Invalid("enter this player's product first", {"player_id": command.player},
                          code="product_not_entered")
        if state.handed_out:
            raise Conflict("this player's product was already handed out",
                           {"consumer": state.handed_out}, code="product_handed_out")
        return [PlayerProductHandedOut(player=command.player, consumer=command.consumer,
                                       at=command.now, by=command.by)]
    unknown_command("player product", command)


def _enter(cmd: EnterProduct, state: PlayerProduct) -> list[Event]:
    source = dict(cmd.settings).get("source", "collated")
    if source not in ("entered", "own"):
        raise Conflict("this tournament's product is collated from the seed; set the "
                       "product source to 'entered' or 'own' to enter physical product",
                       {"source": source}, code="product_collated")
    refusal = cmd.gate.refuses(cmd.player)
    if refusal is None and state.handed_out:
        refusal = Conflict("this player's product was already handed out",
                           {"consumer": state.handed_out}, code="product_handed_out")
    if refusal is not None:
        raise refusal
    allocation, problems = check_entry(cmd.settings, cmd.sets, cmd.packs, cmd.starters)
    if problems:
        what = "the advertised limits" if source == "own" else "the product configuration"
        raise Invalid(f"this product does not fit {what}", problems,
                      code="invalid_product_entry")
    if state.entered and state.source == source and allocation == state.allocation():
        return []       # the same entry again (a retry): nothing changes
    return [PlayerProductEntered(
        tournament=cmd.tournament, player=cmd.player, source=source,
        packs=allocation["packs"], starters=allocation["starters"],
        revision=state.revision + 1, reason=cmd.reason, at=cmd.now, by=cmd.by)]
