"""The local server compresses replies as the deployed gateway does (devserver/
compression.py): from the stage's minimum compression size, gzip or deflate as the
request's Accept-Encoding takes them, never a reply already encoded."""
from __future__ import annotations

import gzip
import json
import urllib.request
import zlib

import pytest

from devserver import compression
from tests.e2e.live import live_server  # noqa: F401  (fixture)


@pytest.mark.parametrize(("accept", "coding"), [
    (None, None), ("", None), ("gzip", "gzip"), ("deflate", "deflate"),
    ("gzip, deflate, br", "gzip"), ("GZip", "gzip"), ("br", None), ("identity", None),
    ("gzip;q=0, deflate", "deflate"), ("gzip;q=0.5, deflate;q=0.9", "deflate"),
    ("*", None), ("*, gzip;q=0", None), ("*, deflate", "deflate"), ("gzip;q=x", None),
    ("deflate;q=1.0 , gzip ; q=0.2", "deflate"),
])
def test_the_coding_follows_accept_encoding(accept, coding):
    assert compression.chosen(accept) == coding


def test_small_bodies_and_encoded_replies_are_left_as_they_are():
    body = b"x" * 2000
    assert compression.compressed(b"x" * 1023, {}, "gzip", 1024) == (b"x" * 1023, {})
    assert compression.compressed(body, {}, "gzip", None) == (body, {})
    encoded = {"Content-Encoding": "br"}
    assert compression.compressed(body, encoded, "gzip", 1024) == (body, encoded)


def test_a_large_body_is_compressed_and_varies_by_accept_encoding():
    body = json.dumps({"players": [f"p{n:010x}" for n in range(200)]}).encode()
    sent, headers = compression.compressed(body, {"Vary": "Authorization", "ETag": '"a"'},
                                           "gzip", 1024)
    assert gzip.decompress(sent) == body and len(sent) < len(body) / 3
    assert headers == {"Vary": "Authorization, Accept-Encoding", "ETag": '"a"',
                       "Content-Encoding": "gzip"}
    sent, headers = compression.compressed(body, {}, "deflate", 1024)
    assert zlib.decompress(sent) == body and headers["Content-Encoding"] == "deflate"
    sent, headers = compression.compressed(body, {}, None, 1024)
    assert sent == body and headers == {"Vary": "Accept-Encoding"}


def test_the_deployed_stage_and_the_local_server_share_one_threshold():
    assert compression.minimum_size(stage="dev") == compression.minimum_size(stage="prod")
    assert compression.minimum_size() == 1024


def _get(server, path: str, accept: str | None):
    headers = {"Authorization": f"Bearer {server.admin_key}",
               **({"Accept-Encoding": accept} if accept else {})}
    request = urllib.request.Request(server.url + path, headers=headers)
    with urllib.request.urlopen(request, timeout=30) as reply:
        return reply.status, dict(reply.headers), reply.read()


def test_the_local_server_compresses_what_the_client_takes(live_server):  # noqa: F811
    status, plain_headers, plain = _get(live_server, "/v1/sets", None)
    assert status == 200 and len(plain) >= compression.minimum_size()
    assert "Content-Encoding" not in plain_headers
    assert "Accept-Encoding" in plain_headers["Vary"]
    for accept, decode in (("gzip", gzip.decompress), ("deflate", zlib.decompress)):
        status, headers, sent = _get(live_server, "/v1/sets", f"{accept}, br")
        assert status == 200 and headers["Content-Encoding"] == accept
        assert int(headers["Content-Length"]) == len(sent) < len(plain)
        assert json.loads(decode(sent)) == json.loads(plain)
    status, headers, sent = _get(live_server, "/v1/health", "gzip")    # under the minimum
    assert status == 200 and "Content-Encoding" not in headers and json.loads(sent)
