"""Web Push through a loopback push service that checks every message as a browser's push
service and the browser would: the VAPID signature (RFC 8292) against the key the API
publishes, and the payload decrypted with the subscription's own keys (RFC 8291,
aes128gcm) equal to the player's feed entry. A subscription answered 410 is dropped; one
answered 503 is retried; a command never waits for delivery."""
from __future__ import annotations

import base64
import json
import os
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from chalicelib.application import feeds
from chalicelib.push import worker


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Browser:
    """A subscription's keys, as the browser keeps them."""

    def __init__(self, name: str):
        self.name = name
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)

    def subscription(self, base: str) -> dict:
        point = self.key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        return {"endpoint": f"{base}/push/{self.name}", "keys": {"p256dh": b64(point),
                                                                  "auth": b64(self.auth)}}


class PushService:
    """Answers per subscription (``answers[name]``: statuses to give in turn, then 201) and
    keeps every message decrypted."""

    def __init__(self, vapid_public_key: str):
        self.browsers: dict[str, Browser] = {}
        self.answers: dict[str, list[int]] = {}
        self.received: dict[str, list[dict]] = {}
        self.problems: list[str] = []
        self.vapid_key = ec.EllipticCurvePublicKey.from_encoded_point(
            ec.SECP256R1(), unb64(vapid_public_key))
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802
                body = self.rfile.read(int(self.headers["Content-Length"]))
                name = self.path.rsplit("/", 1)[1]
                message = service.check(name, dict(self.headers), body)
                answers = service.answers.get(name) or []
                status = answers.pop(0) if answers else 201
                if status < 300 and message is not None:      # accepted: the phone shows it
                    service.received.setdefault(name, []).append(message)
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.server.server_port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def check(self, name: str, headers: dict, body: bytes) -> dict | None:
        try:
            headers = {k.lower(): v for k, v in headers.items()}
            auth = headers["authorization"]
            assert auth.startswith("vapid "), auth
            fields = dict(part.strip().split("=", 1) for part in auth[6:].split(","))
            token = fields["t"]
            head, claims, signature = token.split(".")
            raw = unb64(signature)
            self.vapid_key.verify(
                encode_dss_signature(int.from_bytes(raw[:32], "big"),
                                     int.from_bytes(raw[32:], "big")),
                f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
            assert json.loads(unb64(claims))["aud"] == self.base
            assert headers["content-encoding"] == "aes128gcm"
            browser = self.browsers[name]
            plain = http_ece.decrypt(body, private_key=browser.key,
                                     auth_secret=browser.auth, version="aes128gcm")
            return json.loads(plain)
        except Exception as exc:  # noqa: BLE001 - recorded, the test fails on it
            self.problems.append(f"{name}: {type(exc).__name__}: {exc}")
            return None

    def add(self, name: str) -> dict:
        self.browsers[name] = Browser(name)
        return self.browsers[name].subscription(self.base)

    def stop(self):
        self.server.shutdown()


@pytest.fixture
def push_service(api, monkeypatch):
    monkeypatch.setenv("PODIUM_PUSH_ALLOW_LOOPBACK", "1")
    monkeypatch.setenv("PODIUM_PUSH_INLINE", "0")        # the test drains the outbox itself
    monkeypatch.setenv("PODIUM_PUSH_BACKOFF_SECONDS", "0")
    monkeypatch.setenv("PODIUM_FEED_SETTLE_SECONDS", "0")
    monkeypatch.setattr(feeds, "HORIZON_CACHE_SECONDS", 0)
    service = PushService(api.get("/v1/push/key").body["public_key"])
    yield service
    service.stop()


def test_players_get_their_feed_pushed_and_gone_subscriptions_are_dropped(api, rt,
                                                                         push_service):
    event = api.ready("vtes", "sealed", players=5)
    tid, org = event["tid"], event["organizer"]
    ok, gone, flaky = event["players"][:3]
    push_service.answers = {"gone": [410], "flaky": [503]}
    for player, name in ((ok, "ok"), (gone, "gone"), (flaky, "flaky")):
        url = f"/v1/tournaments/{tid}/players/{player['player_id']}/push-subscriptions"
        r = api.post(url, push_service.add(name), token=player["token"])
        assert r.status == 201, r.body
    again = api.post(f"/v1/tournaments/{tid}/players/{ok['player_id']}/push-subscriptions",
                     push_service.browsers["ok"].subscription(push_service.base),
                     token=ok["token"])
    assert again.status == 201
    assert api.post(f"/v1/tournaments/{tid}/players/{ok['player_id']}/push-subscriptions",
                    push_service.add("x"), token=gone["token"]).status == 403

    assert api.post(f"/v1/tournaments/{tid}/tables/rounds", token=org).status == 201
    assert push_service.received == {}                # the command did not deliver
    first = worker.deliver_due(rt)
    assert first == {"delivered": 1, "gone": 1, "retrying": 1}, first
    second = worker.deliver_due(rt)
    assert second == {"delivered": 1}, second
    assert worker.deliver_due(rt) == {}
    assert not push_service.problems, push_service.problems

    for player, name in ((ok, "ok"), (flaky, "flaky")):
        feed = api.get(f"/v1/tournaments/{tid}/players/{player['player_id']}/feed",
                       token=player["token"]).body["entries"]
        assert push_service.received[name] == [e for e in feed if e["type"] == "seat"]
    assert "gone" not in push_service.received

    # the dropped subscription gets nothing more; the others get the next message
    api.post(f"/v1/tournaments/{tid}/penalties", {"player_id": gone["player_id"],
                                                  "kind": "warning", "reason": "r"}, token=org)
    api.post(f"/v1/tournaments/{tid}/penalties", {"player_id": ok["player_id"],
                                                  "kind": "warning", "reason": "r"}, token=org)
    assert worker.deliver_due(rt) == {"delivered": 1}
    assert [m["type"] for m in push_service.received["ok"]] == ["seat", "penalty"]


def test_subscription_refusals(api, push_service, monkeypatch):
    event = api.ready("vtes", "sealed", players=4)
    tid, player = event["tid"], event["players"][0]
    url = f"/v1/tournaments/{tid}/players/{player['player_id']}/push-subscriptions"
    sub = push_service.add("a")
    monkeypatch.setenv("PODIUM_PUSH_ALLOW_LOOPBACK", "0")
    r = api.post(url, sub, token=player["token"])
    assert r.status == 422 and r.body["error"] == "invalid_subscription"
    monkeypatch.setenv("PODIUM_PUSH_ALLOW_LOOPBACK", "1")
    bad = {**sub, "keys": {"p256dh": "!" * 87, "auth": sub["keys"]["auth"]}}
    assert api.post(url, bad, token=player["token"]).status == 422
    created = api.post(url, sub, token=player["token"]).body
    removed = api.post(f"{url}/{created['subscription_id']}/remove", token=player["token"])
    assert removed.status == 200 and removed.body["removed"]
    assert api.post(f"{url}/{created['subscription_id']}/remove",
                    token=player["token"]).status == 404
