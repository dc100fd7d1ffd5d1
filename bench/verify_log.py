"""``python -m bench verify_log [players] [rounds]``: the offline verifier's time and peak
memory on a whole Swiss event's audit log (default 4,096 players, 12 rounds).
``--format table-draft|booster-draft|mixed-draft [--players N]``: a draft's log instead
(``bench/verify_draft_log.py``: N and N / 4 in one run, growth at most linear).

The event is played purely through the deciders (``bench/swiss_events.py``: every round
paired by ``PairRound``, every match's result in its own stream, rounds closed, 1% drops),
its events written as the audit log shows them (chained, a signed manifest, gzip'd), and
``python -m chalicelib.verify`` run on the file in a child process, as a federation would:
wall time and the child's peak resident memory (``ru_maxrss``)."""
from __future__ import annotations

import gzip
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from typing import Any

from chalicelib.auth.signing import signer
from chalicelib.domain import audit_chain, streams
from chalicelib.domain.profiles import resolve_settings
from chalicelib.domain.rng import commitment
from chalicelib.domain.swiss import SWISS, CloseRound
from chalicelib.domain.swiss.aggregate import MATCH
from chalicelib.domain.swiss.recording import record_result
from chalicelib.domain.version import PODIUM_VERSION

from .swiss_events import NOW, Event, _result

TID = "tbench0000001"


class Recorded(Event):
    """A bench event that keeps every stream's events (type, data) in order."""

    def __init__(self, n: int, rounds: int) -> None:
        super().__init__(n, rounds, 1)
        self.log: dict[str, list[Any]] = {}

    def _fold(self, events: list) -> None:
        self.log.setdefault(streams.swiss(TID), []).extend(events)
        super()._fold(events)

    def play(self, paired) -> None:          # as Event.play, keeping the match streams
        from chalicelib.domain.decider import fold
        from chalicelib.domain.swiss import EnterResult
        matches = {}
        for m in paired.matches():
            a, b, d = _result(self.rng, self.strength, m["a"], m["b"])
            got = record_result(self.state, MATCH.initial(),
                                EnterResult(m["id"], "judge", a, b, NOW, d))
            self.log.setdefault(streams.swiss_match(TID, m["id"]), []).extend(got.match)
            matches[m["id"]] = fold(MATCH, MATCH.initial(), got.match)
        results = {mid: s.record for mid, s in matches.items()}
        self._fold(SWISS.decide(CloseRound(paired.round, results), self.state))


def _tournament(n: int, seed: str) -> list[dict[str, Any]]:
    created = {"tournament_id": TID, "organizer_id": "obench", "name": "bench", "game": "mtg",
               "format": "booster-draft", "structure": "swiss",
               "settings": resolve_settings("mtg", {}), "seed": seed,
               "seed_sha256": commitment(seed), "starts_at": None, "location": None,
               "created_at": NOW}
    out = [("TournamentCreated", created)]
    out += [("PlayerRegistered", {"player_id": f"p{i:05d}", "name": f"Player {i}",
                                  "member_id": None, "late": False, "registered_at": NOW})
            for i in range(n)]
    out += [("TournamentStarted", {"at": NOW}), ("TournamentFinished", {"at": NOW,
                                                                         "seed": seed})]
    return out


def build(n: int, rounds: int) -> tuple[dict[str, Any], dict[str, Any]]:
    event = Recorded(n, rounds)
    for _ in event.run():
        pass
    raw = {streams.tournament(TID): _tournament(n, event.seed)}
    for stream_id, events in event.log.items():
        raw[stream_id] = [(e.type, e.data) for e in events]
    shown, heads = [], {}
    for stream_id, events in raw.items():
        previous = audit_chain.GENESIS
        for version, (type_, data) in enumerate(events, start=1):
            e = {"stream_id": stream_id, "version": version, "type": type_,
                 "schema_version": 1, "podium_version": PODIUM_VERSION, "data": data,
                 "recorded_at": NOW, "actor": None}
            previous = audit_chain.link(previous, audit_chain.content(e))
            shown.append({**e, "chain": previous})
        heads[stream_id] = (len(events), len(events), previous)
    key = signer("bench secret, thirty-two characters long")
    manifest = audit_chain.manifest(TID, commitment(event.seed), {}, heads, PODIUM_VERSION)
    doc = {"tournament_id": TID, "podium_version": PODIUM_VERSION, "card_sets": {},
           "manifest": manifest, "signature": key.sign(audit_chain.canonical(manifest)),
           "events": shown}
    return doc, key.public_keys()


def main(argv: list[str]) -> int:
    if "--format" in argv:          # a draft's log, to its opened pods (verify_draft_log)
        from .verify_draft_log import main as drafts
        return drafts(argv)
    n = int(argv[0]) if argv else 4096
    rounds = int(argv[1]) if len(argv) > 1 else 12
    started = time.perf_counter()
    doc, keys = build(n, rounds)
    print(f"built {n} players x {rounds} rounds: {len(doc['events'])} events in "
          f"{time.perf_counter() - started:.1f}s")
    with tempfile.TemporaryDirectory() as tmp:
        log, key_file = os.path.join(tmp, "audit.json.gz"), os.path.join(tmp, "keys.json")
        with gzip.open(log, "wt", encoding="utf-8") as out:
            json.dump(doc, out)
        with open(key_file, "w", encoding="utf-8") as out:
            json.dump(keys, out)
        del doc
        size = os.path.getsize(log)
        started = time.perf_counter()
        ran = subprocess.run([sys.executable, "-m", "chalicelib.verify", log, "--keys",
                              key_file], capture_output=True, text=True, check=False)
        seconds = time.perf_counter() - started
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(ran.stdout.strip().splitlines()[-1] if ran.stdout.strip() else ran.stderr)
    print(f"verifier: exit {ran.returncode}, {seconds:.2f}s wall, peak RSS {peak:.0f} MB, "
          f"log {size / 1e6:.1f} MB gzip'd")
    return ran.returncode
