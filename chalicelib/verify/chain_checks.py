"""Is the log whole? Each stream's versions run without a gap or a repeat, each event's
chain links it to the one before (``domain/audit_chain.py``), and the manifest names
exactly the log's streams, each with its last version, its event count and its head.
Every break is named by its event (or, for what is missing, by the stream and versions)."""
from __future__ import annotations

from typing import Any

from ..domain.audit_chain import GENESIS, digest, link
from .findings import Difference, Finding, Recorded
from .log import AuditLog


def _missing(stream: str, first: int, last: int, why: str) -> Recorded:
    span = f"v{first}" if first == last else f"v{first}..v{last}"
    return Recorded(stream, first, f"(missing {span})", {"why": why})


def streams_whole(log: AuditLog) -> list[Finding]:
    """Gaps, repeats and broken links, stream by stream; the first break of a stream is
    named (every later link of the stream follows from it)."""
    out: list[Finding] = [Difference(e, "(version)", "again", "each version once: a "
                                     "duplicated or inserted event") for e in log.duplicates]
    for stream_id, events in log.streams.items():
        expected = 1
        for e in events:
            if e.version != expected:
                out.append(Difference(_missing(stream_id, expected, e.version - 1,
                                               "deleted"), "(version)", "absent",
                                      f"every version before v{e.version}: deleted"))
                break
            expected += 1
        previous = GENESIS
        for e in events:
            derived = link(previous, e.content)
            if e.chain != derived:
                out.append(Difference(e, "chain", e.chain,
                                      f"{derived} (from the event before it: the event or "
                                      "one before it was changed, inserted, deleted or "
                                      "moved)"))
                break
            previous = derived
    return out


def manifest_matches(log: AuditLog) -> list[Finding]:
    """The manifest against the log: every stream it names, none more, each ending at
    its head."""
    tid = log.tournament_id
    manifest: Any = log.manifest
    anchor = Recorded(f"tournament-{tid}", 0, "(manifest)", {})
    if not isinstance(manifest, dict) or not isinstance(manifest.get("streams"), dict):
        return [Difference(anchor, "manifest", None, "the manifest of every stream's head "
                           "(the log cannot be shown whole without it)")]
    out: list[Finding] = []
    if manifest.get("tournament_id") != tid:
        out.append(Difference(anchor, "manifest.tournament_id", manifest.get("tournament_id"),
                              tid))
    sets = digest(log.card_sets_raw or {})
    if manifest.get("card_sets_sha256") != sets:
        out.append(Difference(anchor, "card_sets", f"sha256 {sets}",
                              f"sha256 {manifest.get('card_sets_sha256')} (the manifest)"))
    heads = manifest["streams"]
    for stream_id, events in log.streams.items():
        if stream_id not in heads:
            out.append(Difference(events[0], "(stream)", "present", "no such stream in the "
                                  "manifest: an inserted stream"))
    for stream_id, head in sorted(heads.items()):
        out += _head(log, stream_id, head)
    return out


def _head(log: AuditLog, stream_id: str, head: Any) -> list[Finding]:
    events = log.streams.get(stream_id, [])
    try:
        version, count, chain = int(head["version"]), int(head["events"]), str(head["head"])
    except (KeyError, TypeError, ValueError):
        return [Difference(Recorded(stream_id, 0, "(manifest)", {}), "manifest.streams",
                           head, "{version, events, head}")]
    if not events:
        return [Difference(_missing(stream_id, 1, version, "stream"), "(stream)", "absent",
                           f"the stream the manifest names ({count} events): a deleted "
                           "stream")]
    last = events[-1]
    if last.version < version:
        return [Difference(_missing(stream_id, last.version + 1, version, "truncated"),
                           "(version)", "absent", f"up to v{version} (the manifest): the "
                           "stream was truncated")]
    if last.version > version or len(events) > count:
        extra = next((e for e in events if e.version > version), last)
        return [Difference(extra, "(version)", "present", f"the stream ends at v{version} "
                           "(the manifest): an appended or inserted event")]
    if len(events) < count:
        return [Difference(last, "(version)", f"{len(events)} events", f"{count} events "
                           "(the manifest): an event was deleted and the rest renumbered")]
    previous = GENESIS
    for e in events:
        previous = link(previous, e.content)
    if previous != chain:
        return [Difference(last, "(head)", previous, f"{chain} (the manifest): an event of "
                           "the stream was changed, moved or replaced")]
    return []
