"""The product phase comes before play: the first Swiss pairing, the first tables
seating, free-for-all pod results and opening deck building wait for it (409
``product_phase_open`` listing what is open), and starting a draft, handing out sealed
product or forming trading pods once play has started is refused (409
``play_started``). What is open is each format's to say (:mod:`.formats`)."""
from __future__ import annotations

from typing import Any

from ..domain.errors import Conflict
from ..domain.tournament import TournamentState
from . import formats


def require_product_ready(source: Any, tournament: TournamentState, what: str) -> None:
    """409 ``product_phase_open`` while the product phase is not over (``what``: the
    refused step, for the message)."""
    items = formats.open_items(source, tournament)
    if items:
        raise Conflict(f"{what} waits for the end of the product phase (V:EKN 7.3.1, "
                       f"7.5.4): {'; '.join(i['message'] for i in items)}",
                       {"format": tournament.format, "open": items},
                       code="product_phase_open")


def require_play_not_started(source: Any, tournament: TournamentState, what: str) -> None:
    """409 ``play_started`` once the first round is paired or seated (or a pod game
    reported): the product phase comes before play. Guarded in a unit of work."""
    if formats.play_started(source, tournament, guard=True):
        raise Conflict(f"{what} is no longer possible: play has started "
                       f"(the product phase comes first, V:EKN 7.3.1, 7.5.4)",
                       {"structure": tournament.structure}, code="play_started")
