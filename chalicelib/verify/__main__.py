"""``python -m chalicelib.verify LOG [--sha256 HEX] [--record FILE] [--keys FILE|URL]
[--private FILE]
[--save FILE] [--all]
[--allow-unknown] [--accept-newer]``

LOG is an audit log file (JSON, or gzip'd JSON) or its URL
(``https://.../v1/tournaments/<tid>/audit``: its pages are fetched one at a time with
urllib; a cursor that repeats or never ends is refused). Names the Podium version checking
and the versions that recorded the log, prints each difference and exits

- 0 if there is none; 1 if there is any (each names the event: stream, version, type);
- 2 if LOG cannot be read as an audit log (one line saying why: truncated gzip, not JSON,
  nested too deeply, too large, a paging loop...);
- 3 if the verifier cannot vouch for it: a newer Podium recorded it (``--accept-newer``
  checks it anyway), or it holds event types or streams this verifier does not know
  (``--allow-unknown`` checks the rest and lists them as not checked).

``--sha256`` is the seed hash you noted when the tournament was created, ``--record`` the
``tournament.created`` webhook body you received then (its ``seed_sha256``); ``--keys``
the deployment's public keys (``GET
/v1/.well-known/podium-keys``, a file or URL): one of them must have signed the log's
manifest; ``--private FILE`` the private part the organizer gave you (values and salts
of withheld fields), checked against the public commitments; ``--save`` writes the
fetched log to a file; ``--all`` lists every event not checked. What the verifier needs
to run: ``chalicelib/verify/README.md``."""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter

from .engine import verify
from .findings import NotChecked, Unknown
from .log import LogError, VersionError
from .source import MAX_BYTES, MAX_PAGES, SourceError, load, load_one


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m chalicelib.verify",
                                     description="Check a finished Podium event's audit log.")
    parser.add_argument("log", help="an audit log file or its URL")
    parser.add_argument("--sha256", help="the seed hash published when the event was created")
    parser.add_argument("--record", help="your own record of the seed's commitment: the "
                                         "tournament.created webhook body you received "
                                         "(or any JSON with seed_sha256 at its top or "
                                         "under data), a file")
    parser.add_argument("--keys", help="the deployment's public keys (a file or the URL of "
                                       "/v1/.well-known/podium-keys): the manifest must "
                                       "be signed by one of them")
    parser.add_argument("--private", help="the log's private part (file; GET .../audit/private "
                                          "pages joined): each opening must match the "
                                          "public log's commitment")
    parser.add_argument("--save", help="write the (fetched) audit log to this file")
    parser.add_argument("--all", action="store_true", help="list every event not checked")
    parser.add_argument("--accept-newer", action="store_true",
                        help="check a log recorded by a newer Podium version anyway")
    parser.add_argument("--allow-unknown", action="store_true",
                        help="check a log holding event types or streams this verifier "
                             "does not know (they are listed, not checked)")
    parser.add_argument("--max-bytes", type=int, default=MAX_BYTES,
                        help="refuse a log larger than this (decompressed)")
    parser.add_argument("--max-pages", type=int, default=MAX_PAGES,
                        help="refuse a URL with more pages than this")
    return parser


def commitment_of(record: object, given: str | None, tid: object = None) -> str:
    """The seed hash of a saved record (a tournament.created delivery, a feed entry);
    refused when it has none or disagrees with ``--sha256``."""
    data = record.get("data") if isinstance(record, dict) else None
    found = [r.get("seed_sha256") for r in (record, data) if isinstance(r, dict)]
    value = next((v for v in found if isinstance(v, str)), None)
    if value is None:
        raise SourceError("the record given has no seed_sha256 (expected the "
                          "tournament.created webhook body)")
    named = [r.get("tournament_id") for r in (record, data) if isinstance(r, dict)]
    if tid is not None and any(n is not None and n != tid for n in named):
        raise SourceError(f"the record given is of another tournament than {tid}")
    if given is not None and given != value:
        raise SourceError(f"--sha256 {given} and the record's seed_sha256 {value} differ")
    return value


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())[:300] or type(exc).__name__


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        document = load(args.log, args.max_bytes, args.max_pages)
        keys = load_one(args.keys) if args.keys else None
        expected = args.sha256
        if args.record:
            expected = commitment_of(load_one(args.record), expected,
                                     document.get("tournament_id"))
        private = load_one(args.private, args.max_bytes) if args.private else None
        if args.save:
            with open(args.save, "w", encoding="utf-8") as out:
                json.dump(document, out)
        outcome = verify(document, expected_sha256=expected,
                         accept_newer=args.accept_newer, keys=keys,
                         private=private)
    except VersionError as exc:
        print(f"REFUSED  {_one_line(exc)}", file=sys.stderr)
        return 3
    except (SourceError, LogError, OSError, ValueError, RecursionError, MemoryError) as exc:
        print(f"cannot read the audit log: {_one_line(exc)}", file=sys.stderr)
        return 2
    if outcome.versions is not None:
        print(outcome.versions.line())
    for warning in outcome.warnings:
        print(f"WARNING  {warning}")
    for difference in outcome.differences:
        print(difference.line())
    unknown = outcome.unknown
    if unknown and not args.allow_unknown:
        for refused in unknown[:50]:
            print(refused.line())
        print(f"REFUSED  {len(unknown)} event(s) of types or streams this verifier does not "
              "know: it cannot vouch for the log (--allow-unknown checks the rest)",
              file=sys.stderr)
        return 3
    skipped: list[NotChecked | Unknown] = [*outcome.not_checked, *unknown]
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
