"""Deterministic randomness. Every shuffle, pack, pairing and auto-pick draws from a
``random.Random`` derived from the tournament seed (recorded in the creation event)
and a label naming the use, so a replay of the streams reproduces all of it and
anyone given the revealed seed can verify it."""
from __future__ import annotations

import hashlib
import random  # the one import: derive() below builds each seeded Random(...)

Rng = random.Random
"""The generator type, for annotations: ``from chalicelib.domain.rng import Rng``."""


def derive(seed: str, *labels: object) -> random.Random:
    """A generator for one purpose, e.g. ``derive(seed, "pack", pod, seat, 2)``."""
    material = "\x1f".join([seed, *(str(label) for label in labels)])
    digest = hashlib.sha256(material.encode("utf-8")).digest()
    return random.Random(int.from_bytes(digest, "big"))


def commitment(seed: str) -> str:
    """The SHA-256 published at creation; the seed itself is revealed at the end."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()
