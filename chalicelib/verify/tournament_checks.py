"""The seed: its SHA-256 published at creation, the same seed revealed at the finish."""
from __future__ import annotations

from typing import Any

from ..domain.rng import commitment
from .context import Context
from .findings import Difference, Finding, Recorded


def created(ctx: Context, state: Any, event: Recorded) -> list[Finding]:
    published = event.data.get("seed_sha256")
    out: list[Finding] = []
    if ctx.expected_sha256 is not None and published != ctx.expected_sha256:
        out.append(Difference(event, "seed_sha256", published,
                              f"{ctx.expected_sha256} (given on the command line)"))
    manifest = ctx.log.manifest if isinstance(ctx.log.manifest, dict) else {}
    if manifest and manifest.get("seed_sha256") != published:
        out.append(Difference(event, "seed_sha256", published,
                              f"{manifest.get('seed_sha256')} (the manifest)"))
    seed = event.data.get("seed")
    if isinstance(seed, str) and commitment(seed) != published:
        out.append(Difference(event, "seed", f"sha256 {published}",
                              f"sha256 {commitment(seed)}"))
    return out


def finished(ctx: Context, state: Any, event: Recorded) -> list[Finding]:
    seed = event.data.get("seed")
    if not isinstance(seed, str):
        return [Difference(event, "seed", seed, "the revealed seed")]
    out: list[Finding] = []
    if commitment(seed) != state.seed_sha256:
        out.append(Difference(event, "seed", f"sha256 {commitment(seed)}",
                              f"sha256 {state.seed_sha256} (published at creation)"))
    if state.seed and state.seed != seed:
        out.append(Difference(event, "seed", seed, state.seed))
    return out
