"""Re-sealing a tampered log as its server would: every chain recomputed and the manifest
rewritten to the new heads (a forger holding the deployment's key could), so only the
re-derivation of the events can catch the tampering."""
from __future__ import annotations

from chalicelib.domain import audit_chain

from .structure import rechain


def reseal(doc: dict) -> None:
    rechain(doc)
    heads: dict[str, tuple[int, int, str]] = {}
    for e in sorted(doc["events"], key=lambda e: (e["stream_id"], e["version"])):
        _, count, _ = heads.get(e["stream_id"], (0, 0, ""))
        heads[e["stream_id"]] = (e["version"], count + 1, e["chain"])
    old = doc["manifest"]
    doc["manifest"] = audit_chain.manifest(old["tournament_id"], old["seed_sha256"],
                                           doc.get("card_sets"), heads,
                                           old["podium_version"])
