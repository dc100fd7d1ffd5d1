"""The product phase comes before play: the first Swiss pairing, the first tables
seating, free-for-all pod results and opening deck building wait for it (409
``product_phase_open`` listing what is open), and starting a draft, handing out sealed
product or forming trading pods once play has started (409 ``play_started``) or once
deck building opened on product handed out at the table (409 ``deckbuilding_open``) is
refused. What is open is each format's to say (:mod:`.formats`)."""
from __future__ import annotations

from typing import Any

from ..domain.decks.aggregate import DECKS
from ..domain.errors import Conflict
from ..domain.tournament import TournamentState
from . import formats, sources


def require_product_ready(source: Any, tournament: TournamentState, what: str) -> None:
    """409 ``product_phase_open`` while the product phase is not over (``what``: the
    refused step, for the message)."""
    items = formats.open_items(source, tournament)
    if items:
        raise Conflict(f"{what} waits for the end of the product phase (V:EKN 7.3.1, "
                       f"7.5.4): {'; '.join(i['message'] for i in items)}",
                       {"format": tournament.format, "open": items},
                       code="product_phase_open")


def require_product_phase_not_over(source: Any, tournament: TournamentState,
                                   what: str) -> None:
    """The product phase can still begin in Podium (``what``: the refused step). 409
    ``play_started`` once the first round is paired or seated (or a pod game reported):
    the product phase comes before play. 409 ``deckbuilding_open`` once deck building
    opened: with the product handed out at the table (``decks/open`` with
    ``at_the_table``), the pools are the staff's to record, and a draft or hand-out now
    would give players a second pool. Guarded in a unit of work."""
    if formats.play_started(source, tournament, guard=True):
        raise Conflict(f"{what} is no longer possible: play has started "
                       f"(the product phase comes first, V:EKN 7.3.1, 7.5.4)",
                       {"structure": tournament.structure}, code="play_started")
    if sources.state(source, DECKS, tournament.id, guard=True).opened:
        raise Conflict(f"{what} is no longer possible: deck building is open on product "
                       f"handed out at the table (record each pool instead, V:EKN 7.2.3)",
                       {"format": tournament.format}, code="deckbuilding_open")
