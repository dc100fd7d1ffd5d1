"""FIDE Dutch pairing of one round by the ``pairing-core`` package, for ``bench swiss``.

Runs in whatever environment has ``pairing-core`` (it is never a product dependency):
``python bench/fide_bridge.py < request.json``. The request lists the players to pair
(``id``, ``no`` the pairing number, ``points``, ``colors`` as 'w'/'b'/'-' per earlier
round, ``opponents``) and the ``round``; the answer is ``{"pairs": [[a, b], ...],
"bye": id or null, "seconds": s}`` (``{"error": ...}`` when the engine fails). Only the
standard library and pairing-core."""
from __future__ import annotations

import json
import sys
import time


def pair(request: dict) -> dict:
    from pairing_core import PlayerData, pair_round

    players = [PlayerData(id=p["id"], pairing_no=p["no"], rating=0, points=p["points"],
                          color_hist=p["colors"], opponents=frozenset(p["opponents"]),
                          received_bye="-" in p["colors"])
               for p in request["players"]]
    started = time.perf_counter()
    got = pair_round(players, request["round"])
    seconds = time.perf_counter() - started
    pairs = [[c.white_id, c.black_id] for c in got.pairings if not c.is_bye]
    return {"pairs": pairs, "bye": got.bye_player_id, "seconds": seconds}


def answer(request: dict) -> dict:
    try:
        return pair(request)
    except Exception as exc:  # the engine refusing a round is a result to report
        return {"error": f"{type(exc).__name__}: {exc}"[:300]}


if __name__ == "__main__":
    print(json.dumps([answer(r) for r in json.load(sys.stdin)]))
