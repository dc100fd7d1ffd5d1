"""Request headers without the email parser. ``http.server`` parses every request's
headers with ``http.client.parse_headers``, which runs the whole ``email`` feed parser: a
sixth of the local server's CPU per request. :func:`parse_headers` gives the same message
for the same bytes (a test compares them on generated header blocks): plain ``Name:
value`` lines are split directly, anything else (folded lines, a line that is not a
header, bytes the email parser treats specially) goes to the standard parser."""
from __future__ import annotations

import email.parser
import http.client
import re

# feedparser's headerRE without its "From " and continuation branches (those fall back)
_PLAIN = re.compile(rb"[\x21-\x39\x3b-\x7e]+:[^\r\n]*\r?\n\Z")
_MAXLINE = 65536          # http.client's limits, with its errors
_MAXHEADERS = 100


def parse_headers(fp, _class=http.client.HTTPMessage):
    lines = []
    while True:
        line = fp.readline(_MAXLINE + 1)
        if len(line) > _MAXLINE:
            raise http.client.LineTooLong("header line")
        lines.append(line)
        if len(lines) > _MAXHEADERS:
            raise http.client.HTTPException(f"got more than {_MAXHEADERS} headers")
        if line in (b"\r\n", b"\n", b""):
            break
    if not all(_PLAIN.match(line) for line in lines[:-1]) or lines[-1] == b"":
        return email.parser.Parser(_class=_class).parsestr(
            b"".join(lines).decode("iso-8859-1"))
    message = _class()
    for line in lines[:-1]:
        name, _, value = line.decode("iso-8859-1").partition(":")
        message._headers.append((name, value.lstrip(" \t").rstrip("\r\n")))  # noqa: SLF001
    message.set_payload("")
    return message


def install() -> None:
    """Let ``http.server`` (which looks the function up on ``http.client`` per request)
    use :func:`parse_headers` in this process."""
    http.client.parse_headers = parse_headers
