"""Sample card sets shipped with Podium (names of our own making), so a new user can run
a whole draft in minutes: ``sample-vtes`` (crypt + library, 11-card boosters, starters),
``sample-munchkin`` (heroes, draft-hero starter), ``sample-hack`` (.hack//ENEMY-like,
11-card boosters) and ``sample-mtg`` (basic lands and conspiracy cards drafted face up or
revealed)."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from chalicelib.domain.product.cards import CardSet, parse_set

HERE = Path(__file__).resolve().parent


@lru_cache(maxsize=1)
def sample_sets() -> dict[str, CardSet]:
    sets = {}
    for path in sorted(HERE.glob("*.json")):
        card_set = parse_set(json.loads(path.read_text(encoding="utf-8")))
        sets[card_set.id] = card_set
    return sets
