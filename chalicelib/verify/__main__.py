"""``python -m chalicelib.verify LOG [--sha256 HEX] [--save FILE] [--all]``

LOG is an audit log file (JSON, or gzip'd JSON) or its URL
(``https://.../v1/tournaments/<tid>/audit``: every page is fetched with urllib). Names the
Podium version checking and the versions that recorded the log, prints each difference
and exits 1 if there is any, 0 if none, 2 if LOG is not an audit log, 3 if a newer Podium
(or one this verifier cannot read) recorded it: verify it with that version, or pass
``--accept-newer`` to check it anyway (a difference may then be only a newer rule).
``--sha256`` is the seed hash you noted when the tournament was created; ``--save``
writes the fetched log to a file; ``--all`` also lists every event not checked.

Needs only ``chalicelib/domain`` and ``chalicelib/verify`` (and the domain's pydantic,
pyrsistent, google-re2 and rustworkx), nothing of Podium's server: no chalice, boto3 or store."""
from __future__ import annotations

import argparse
import gzip
import json
import sys
import urllib.parse
import urllib.request
from collections import Counter
from typing import Any

from .engine import verify
from .log import LogError, VersionError


def fetch(url: str) -> dict[str, Any]:
    """Every page of the audit log at ``url``, joined."""
    document: dict[str, Any] = {"events": []}
    cursor = None
    while True:
        parts = urllib.parse.urlsplit(url)
        query = dict(urllib.parse.parse_qsl(parts.query))
        query["limit"] = "5000"
        if cursor:
            query["after"] = cursor
        page_url = urllib.parse.urlunsplit(parts._replace(query=urllib.parse.urlencode(query)))
        with urllib.request.urlopen(page_url, timeout=60) as reply:   # noqa: S310 - user's URL
            page = json.loads(reply.read())
        document["events"] += page.get("events", [])
        for key in ("tournament_id", "podium_version", "seed_sha256", "seed", "status",
                    "card_sets"):
            if key in page and key not in document:
                document[key] = page[key]
        cursor = page.get("next")
        if not cursor:
            return document


def load(source: str) -> dict[str, Any]:
    if source.startswith(("http://", "https://")):
        return fetch(source)
    with open(source, "rb") as handle:
        raw = handle.read()
    return json.loads(gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m chalicelib.verify",
                                     description="Check a finished Podium event's audit log.")
    parser.add_argument("log", help="an audit log file or its URL")
    parser.add_argument("--sha256", help="the seed hash published when the event was created")
    parser.add_argument("--save", help="write the (fetched) audit log to this file")
    parser.add_argument("--all", action="store_true", help="list every event not checked")
    parser.add_argument("--accept-newer", action="store_true",
                        help="check a log recorded by a newer Podium version anyway")
    args = parser.parse_args(argv)
    try:
        document = load(args.log)
        if args.save:
            with open(args.save, "w", encoding="utf-8") as out:
                json.dump(document, out)
        outcome = verify(document, expected_sha256=args.sha256,
                         accept_newer=args.accept_newer)
    except VersionError as exc:
        print(f"REFUSED  {exc}", file=sys.stderr)
        return 3
    except (OSError, ValueError, LogError) as exc:
        print(f"cannot read the audit log: {exc}", file=sys.stderr)
        return 2
    if outcome.versions is not None:
        print(outcome.versions.line())
    for warning in outcome.warnings:
        print(f"WARNING  {warning}")
    for difference in outcome.differences:
        print(difference.line())
    skipped = outcome.not_checked
    if args.all:
        for item in skipped:
            print(item.line())
    elif skipped:
        for reason, count in Counter(s.reason for s in skipped).most_common():
            print(f"NOT CHECKED  {count} event(s): {reason}")
    verdict = "OK" if outcome.ok else f"{len(outcome.differences)} DIFFERENCE(S)"
    print(f"{verdict}: tournament {outcome.tournament_id}, {outcome.events} events, "
          f"{outcome.checked} checked, {len(skipped)} not checked, "
          f"{outcome.seconds:.2f}s")
    return 0 if outcome.ok else 1


if __name__ == "__main__":
    sys.exit(main())
