"""The end of every event: the organizer finishes it, anyone verifies the revealed seed, and
the federation report (V:EKN 9) is read back and checked against the roster."""
from __future__ import annotations

import hashlib
from typing import Any

from ..client import Api


def finish_and_report(api: Api, ev) -> Any:
    done = api.post(f"{ev.base}/finish", token=ev.org)
    if hashlib.sha256(done["seed"].encode()).hexdigest() != done["seed_sha256"]:
        raise AssertionError("revealed seed does not match its published SHA-256")
    if api.get(ev.base)["status"] != "finished":
        raise AssertionError("summary view not finished")
    report = api.get(f"{ev.base}/report", token=ev.org)
    if not report["seed"]["verified"]:
        raise AssertionError("report: seed not verified")
    reported = {row["player_id"] for row in report["standings"]["rows"]}
    if reported != set(ev.token):
        raise AssertionError(f"report standings cover {len(reported)} of {len(ev.token)}")
    return report
