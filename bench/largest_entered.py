"""Product entered player by player (source ``entered``) at the limit of each V:TES format
that takes it, through the HTTP app (see :mod:`bench.largest`): a sealed event to its end,
and the table and mixed drafts started (their picks to the end, tens of thousands at a few
ms each, do not fit a bench run; their start is the step that holds every player's packs
in one event). A hand-out's ``packs`` body holds a few hundred players (256 KB): a field
of 2,000 enters its product player by player, as here."""
from __future__ import annotations

from bench.largest_steps import event, open_sealed, tables_to_the_end
from bench.scale import Http
from chalicelib.data.sets import sample_sets
from chalicelib.domain.product.collation import collate
from chalicelib.domain.rng import derive

ONE_BOOSTER = {"source": "entered", "boosters": [{"set": "sample-vtes", "count": 1}],
               "starters": []}


def _entered(http: Http, fmt: str, players: int, settings: dict,
             boosters: int, starter: bool) -> tuple[str, str, int]:
    """The event started and every player's physical product entered by staff."""
    org, base, tokens = event(http, "vtes", fmt, players, "multiplayer-tables", settings)
    vtes = sample_sets()["sample-vtes"]
    for pid in tokens:
        body = {"packs": [{"cards": collate(vtes, "booster", derive("bench", pid, r))}
                          for r in range(boosters)],
                "starters": [{"starter": "starter-lumen"}] if starter else []}
        http.call("POST", f"{base}/product/players/{pid}", body, org)
    return org, base, len(tokens)


def sealed_entered(http: Http, players: int) -> str:
    org, base, n = _entered(http, "sealed", players, {"product": {"source": "entered"}}, 3,
                            True)
    open_sealed(http, org, base)
    return f"{n} players' product entered, 3 rounds and a final, audit log " \
           f"{tables_to_the_end(http, org, base)} events"


def table_draft_entered(http: Http, players: int) -> str:
    org, base, n = _entered(http, "table-draft", players,
                            {"product": ONE_BOOSTER, "draft": {"packs": 1}}, 1, False)
    pods = http.call("POST", f"{base}/table-draft", {}, org)["pods"]
    return f"{n} players' packs entered, {len(pods)} pods"


def mixed_draft_entered(http: Http, players: int) -> str:
    org, base, n = _entered(http, "mixed-draft", players, {"product": {"source": "entered"}},
                            3, True)
    pods = http.call("POST", f"{base}/mixed-draft", {"pile_size": 6}, org)["pods"]
    return f"{n} players' product entered, {len(pods)} pods"
