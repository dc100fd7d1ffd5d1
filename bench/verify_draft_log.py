"""``python -m bench verify_log --format table-draft|booster-draft|mixed-draft --players N``:
the offline verifier's time on the public audit log of a draft of ``N`` players, to its
formed and opened pods (no picks, decks or play), beside the same format at ``N / 4`` in
the same run, so the verdict is whether verification grows at most linearly in the pods.

The event is real: created, registered (by the registration use case, 500 a unit of
work, as ``python -m bench draft_start`` does), started, its draft started through the
HTTP app in-process on SQLite (each pod opened in its own commit), then finished early by
the organizer (``incomplete``, which reveals the seed), and its public audit log read page
after page as anyone reads it. ``verify()`` runs in-process on that document with the
deployment's public keys; any difference fails the run."""
from __future__ import annotations

import logging
import tempfile
import time
from typing import Any

from bench.draft_start import FORMATS as STARTS
from bench.draft_start import started_draft
from bench.guard import require, target
from chalicelib.verify.engine import verify

# format -> (game, route, start body, the start's own event, a pod's first event): the
# booster draft is V:TES's (each pod's opening records its players' starters, dealt from
# the seed as to the whole field); Munchkin's has no starters
FORMATS = {"table-draft": STARTS["table-draft"], "mixed-draft": STARTS["mixed-draft"],
           "booster-draft": ("vtes", "draft", {}, "DraftStarted", "PodOpened"),
           "munchkin-draft": STARTS["booster-draft"]}
# verification per pod at N may cost at most this many times what it costs at N / 4
# (linear: ~1; quadratic: ~4)
PER_POD_RATIO = 2.0


def audit_log(fmt: str, players: int) -> tuple[dict[str, Any], dict[str, Any], int]:
    """The finished draft's public audit log, the deployment's public keys, its pods."""
    game, route, body, _, _ = FORMATS[fmt]
    with tempfile.TemporaryDirectory() as directory:
        rt, api, org, tid = started_draft(directory, game, fmt, players, 500, "Verified draft")
        pods = api.post(f"/v1/tournaments/{tid}/{route}", body, token=org)["pods"]
        api.post(f"/v1/tournaments/{tid}/finish", {"incomplete": True, "reason": "bench"},
                 token=org)
        doc: dict[str, Any] = {"events": []}
        after = None
        while True:
            page = api.get(f"/v1/tournaments/{tid}/audit?limit=5000"
                           + (f"&after={after}" if after else ""))
            doc["events"] += page.pop("events")
            for key, value in page.items():
                doc.setdefault(key, value)
            after = page["next"]
            if after is None:
                break
        return doc, api.get("/v1/.well-known/podium-keys"), len(pods)


def measure(fmt: str, players: int) -> tuple[float, int]:
    """Verification seconds and pods of the format's draft at ``players``."""
    started = time.perf_counter()
    doc, keys, pods = audit_log(fmt, players)
    built = time.perf_counter() - started
    opened = sum(e["type"] == FORMATS[fmt][4] for e in doc["events"])
    require(opened == pods, f"{opened} of {pods} pods opened in the audit log")
    outcome = verify(doc, keys=keys)
    print(f"{fmt}, {players} players, {pods} pods: log of {len(doc['events'])} events built "
          f"in {built:.1f} s; verify() {outcome.seconds:.2f} s "
          f"({outcome.seconds / pods * 1000:.2f} ms a pod), {outcome.checked} checked, "
          f"{len(outcome.differences)} differences, {len(outcome.not_checked)} not checked")
    ok = target(f"{fmt} at {players}: the honest log verifies with no difference",
                outcome.ok)
    for d in outcome.differences[:5]:
        print(f"  {d.line()}")
    return (outcome.seconds if ok else float("inf")), pods


def run(fmt: str, players: int) -> int:
    logging.disable(logging.WARNING)
    small, small_pods = measure(fmt, max(players // 4, 8))
    large, large_pods = measure(fmt, players)
    ratio = (large / large_pods) / (small / small_pods) if small else float("inf")
    passed = target(f"{fmt}: verification per pod at {players} players within "
                    f"{PER_POD_RATIO}x of at {max(players // 4, 8)} (x{ratio:.2f})",
                    ratio <= PER_POD_RATIO)
    return 0 if passed else 1


def main(argv: list[str]) -> int:
    import argparse
    parser = argparse.ArgumentParser(prog="python -m bench verify_log")
    parser.add_argument("--format", choices=sorted(FORMATS), required=True)
    parser.add_argument("--players", type=int, default=4096)
    args = parser.parse_args(argv)
    return run(args.format, args.players)
