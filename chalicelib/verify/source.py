"""Reading an audit log from a file (JSON or gzip'd JSON) or from its URL, within bounds:
the bytes read (decompressed) are capped, gzip is inflated piece by piece so a bomb stops
at the cap, a URL's pages are fetched one at a time and their number is capped, a cursor
seen twice ends the reading, and JSON nested deeper than any audit log is refused. Every
failure is a :class:`SourceError` with a one-line reason (the command exits 2)."""
from __future__ import annotations

import gzip
import json
import urllib.error
import urllib.parse
import urllib.request
import zlib
from collections.abc import Iterator
from typing import Any

MAX_BYTES = 2 * 1024 ** 3           # 2 GiB of JSON: a 16,384-player event is far below
MAX_PAGES = 10_000                  # at 5,000 events a page: 50 million events
MAX_DEPTH = 40                      # an audit log nests about 8 levels deep
PAGE_LIMIT = 5000
# the document's own keys a page may carry (the first page's value is kept)
HEADER_KEYS = ("tournament_id", "podium_version", "seed_sha256", "seed", "status",
               "card_sets", "manifest", "signature")


class SourceError(ValueError):
    """The input cannot be read as an audit log (one line: why)."""


def load(source: str, max_bytes: int = MAX_BYTES, max_pages: int = MAX_PAGES) -> dict:
    if source.startswith(("http://", "https://")):
        return fetch(source, max_bytes, max_pages)
    try:
        with open(source, "rb") as handle:
            return decode(_read(handle, max_bytes), source)
    except OSError as exc:
        raise SourceError(f"{source}: {exc.strerror or exc}") from None


def load_one(source: str, max_bytes: int = 1 << 20) -> Any:
    """One small JSON document (the deployment's keys) from a file or a URL."""
    try:
        if source.startswith(("http://", "https://")):
            with urllib.request.urlopen(source, timeout=60) as reply:  # noqa: S310 - user's URL
                return decode(_read(reply, max_bytes), source)
        with open(source, "rb") as handle:
            return decode(_read(handle, max_bytes), source)
    except (urllib.error.URLError, OSError) as exc:
        raise SourceError(f"{source}: {getattr(exc, 'reason', None) or exc}") from None


def _read(handle: Any, max_bytes: int) -> bytes:
    """The file's bytes, inflated if gzip'd, at most ``max_bytes`` of them."""
    head = handle.read(2)
    chunks: Iterator[bytes]
    if head == b"\x1f\x8b":
        chunks = _inflate(head, handle)
    else:
        chunks = _plain(head, handle)
    out, size = [], 0
    for chunk in chunks:
        size += len(chunk)
        if size > max_bytes:
            raise SourceError(f"larger than {max_bytes} bytes (--max-bytes raises the cap)")
        out.append(chunk)
    return b"".join(out)


def _plain(head: bytes, handle: Any) -> Iterator[bytes]:
    yield head
    yield from iter(lambda: handle.read(1 << 20), b"")


def _inflate(head: bytes, handle: Any) -> Iterator[bytes]:
    inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
    data = head
    try:
        while True:
            if data:
                yield inflater.decompress(data, 1 << 20)
                while inflater.unconsumed_tail:
                    yield inflater.decompress(inflater.unconsumed_tail, 1 << 20)
            if inflater.eof:
                return
            data = handle.read(1 << 20)
            if not data:
                raise SourceError("the gzip stream is truncated (it ends before its end mark)")
    except zlib.error as exc:
        raise SourceError(f"not a valid gzip stream: {exc}") from None


def decode(raw: bytes, where: str) -> Any:
    """JSON of an audit log: nesting checked before parsing, so no input can exhaust the
    parser's recursion."""
    if raw[:2] == b"\x1f\x8b":              # a gzip'd page from a server
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError, zlib.error) as exc:
            raise SourceError(f"{where}: not a valid gzip stream: {exc}") from None
    _check_depth(raw, where)
    try:
        return json.loads(raw)
    except UnicodeDecodeError:
        raise SourceError(f"{where}: not UTF-8 text") from None
    except ValueError as exc:
        raise SourceError(f"{where}: not JSON ({exc})") from None
    except RecursionError:
        raise SourceError(f"{where}: JSON nested too deeply") from None


def _check_depth(raw: bytes, where: str) -> None:
    """Refuse JSON nested deeper than ``MAX_DEPTH`` (brackets inside strings skipped)."""
    depth, in_string, escaped = 0, False, False
    for byte in raw:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:               # backslash
                escaped = True
            elif byte == 0x22:
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            if depth > MAX_DEPTH:
                raise SourceError(f"{where}: JSON nested deeper than {MAX_DEPTH} levels: "
                                  "no audit log is")
        elif byte in (0x5D, 0x7D):
            depth -= 1


def fetch(url: str, max_bytes: int = MAX_BYTES, max_pages: int = MAX_PAGES) -> dict:
    """Every page of the audit log at ``url``, one at a time, joined."""
    document: dict[str, Any] = {"events": []}
    cursor, seen, size = None, set(), 0
    for _ in range(max_pages):
        parts = urllib.parse.urlsplit(url)
        query = dict(urllib.parse.parse_qsl(parts.query))
        query["limit"] = str(PAGE_LIMIT)
        if cursor:
            query["after"] = cursor
        page_url = urllib.parse.urlunsplit(parts._replace(query=urllib.parse.urlencode(query)))
        try:
            with urllib.request.urlopen(page_url, timeout=60) as reply:  # noqa: S310 - user's URL
                raw = _read(reply, max_bytes - size)
        except (urllib.error.URLError, OSError) as exc:
            raise SourceError(f"{page_url}: {getattr(exc, 'reason', exc)}") from None
        size += len(raw)
        page = decode(raw, page_url)
        if not isinstance(page, dict) or not isinstance(page.get("events"), list):
            raise SourceError(f"{page_url}: not a page of an audit log")
        document["events"] += page["events"]
        for key in HEADER_KEYS:
            if key in page and key not in document:
                document[key] = page[key]
        cursor = page.get("next")
        if not cursor:
            return document
        if not isinstance(cursor, str) or cursor in seen:
            raise SourceError(f"{page_url}: the 'next' cursor {str(cursor)[:60]!r} repeats "
                              "an earlier page: the server's paging loops")
        seen.add(cursor)
    raise SourceError(f"more than {max_pages} pages: the 'next' cursor never ends "
                      "(--max-pages raises the cap)")
