"""Send-time address checks: the host is resolved afresh for every attempt, any non-public
address refuses the attempt before a connection is opened (logged and retried), and the
connection is pinned to the vetted address while Host, SNI and the certificate check stay
on the hostname. DNS is faked; the only sockets go to 127.0.0.1."""
from __future__ import annotations

import datetime as dt
import socket
import ssl
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from chalicelib.webhooks import sender, worker
from tests.api import test_webhooks as hooks
from tests.api.test_webhooks import register, vtes_round

local_hooks = hooks.local_hooks         # fixture: loopback receivers, loopback allowed

BODY = b'{"id":"d1"}'
HEADERS = {"Content-Type": "application/json", "X-Podium-Signature": "sha256=00"}


def fake_dns(monkeypatch, answers):
    """``answers``: host -> successive answers (lists of IPs; the last one repeats). Other
    hosts resolve for real. Returns the hosts looked up, in order."""
    real, asked = socket.getaddrinfo, []

    def getaddrinfo(host, port, family=0, type=0, proto=0, flags=0):
        if host not in answers:
            return real(host, port, family, type, proto, flags)
        asked.append(host)
        ips = answers[host][min(asked.count(host), len(answers[host])) - 1]
        return [(socket.AF_INET6, socket.SOCK_STREAM, 6, "", (ip, port, 0, 0)) if ":" in ip
                else (socket.AF_INET, socket.SOCK_STREAM, 6, "", (ip, port)) for ip in ips]
    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return asked


@pytest.fixture
def connects(monkeypatch):
    """Every outgoing TCP connect of the test, by address."""
    seen, real = [], socket.socket.connect

    def connect(self, address):
        seen.append(address)
        return real(self, address)
    monkeypatch.setattr(socket.socket, "connect", connect)
    return seen


@pytest.mark.parametrize("ips,reason", [
    (["169.254.169.254"], "169.254.169.254 (link-local)"),
    (["10.0.0.7"], "10.0.0.7 (private)"),
    (["93.184.216.34", "192.168.0.4"], "192.168.0.4 (private)"),
    (["::ffff:10.1.2.3"], "::ffff:10.1.2.3 (private)"),
    (["224.0.0.251"], "224.0.0.251 (multicast)"),
    (["127.0.0.1"], "127.0.0.1 (loopback)")])
def test_a_public_name_resolving_to_a_private_address_is_never_contacted(
        monkeypatch, connects, ips, reason):
    fake_dns(monkeypatch, {"hooks.example": [ips]})
    status, error = sender.post("https://hooks.example/x", BODY, HEADERS,
                                allow_loopback=False)
    assert status is None and connects == []
    assert error.startswith("address refused: hooks.example resolves to ")
    assert reason in error and error.endswith("not connecting")


def test_loopback_stays_refused_when_not_allowed_even_with_a_receiver_there(
        monkeypatch, local_hooks):
    receiver = local_hooks()
    fake_dns(monkeypatch, {"hooks.example": [["127.0.0.1"]]})
    port = receiver.server.server_port
    status, error = sender.post(f"http://hooks.example:{port}/hook", BODY, HEADERS,
                                allow_loopback=False)
    assert (status, error[:17]) == (None, "address refused: ")
    assert receiver.received == []
    status, error = sender.post(f"http://hooks.example:{port}/hook", BODY, HEADERS,
                                allow_loopback=True)
    assert (status, error) == (200, None) and len(receiver.received) == 1


def test_the_connection_is_pinned_to_the_vetted_answer(monkeypatch, local_hooks, connects):
    receiver = local_hooks()
    port = receiver.server.server_port
    # a rebinding resolver: the first answer is allowed, any later one is the metadata IP
    asked = fake_dns(monkeypatch, {"hooks.test": [["127.0.0.1"], ["169.254.169.254"]]})
    status, error = sender.post(f"http://hooks.test:{port}/hook?x=1", BODY, HEADERS,
                                allow_loopback=True)
    assert (status, error) == (200, None)
    assert asked == ["hooks.test"] and connects == [("127.0.0.1", port)]
    ((headers, body),) = receiver.received
    assert headers["host"] == f"hooks.test:{port}" and body == BODY
    assert headers["x-podium-signature"] == "sha256=00"
    # the next attempt resolves again and meets the rebound answer: refused, nothing sent
    status, error = sender.post(f"http://hooks.test:{port}/hook", BODY, HEADERS,
                                allow_loopback=True)
    assert status is None and "169.254.169.254 (link-local)" in error
    assert len(receiver.received) == 1 and len(connects) == 1


def test_a_refused_attempt_is_logged_and_retried_then_delivered_once_dns_is_fixed(
        api, rt, monkeypatch, local_hooks):
    monkeypatch.setenv("PODIUM_WEBHOOK_INLINE", "0")
    monkeypatch.setenv("PODIUM_WEBHOOK_BACKOFF_SECONDS", "0")
    receiver = local_hooks()        # loopback allowed, as in local runs
    port = receiver.server.server_port
    org = api.organizer()
    hook = register(api, org, f"http://localhost:{port}/hook", ["round.paired"])
    fake_dns(monkeypatch, {"localhost": [["10.0.0.7"], ["169.254.169.254"], ["127.0.0.1"]]})
    vtes_round(api, org)
    assert worker.deliver_due(rt) == ["retrying"]
    assert worker.deliver_due(rt) == ["retrying"]
    assert receiver.received == []
    assert worker.deliver_due(rt) == ["delivered"]
    assert len(receiver.received) == 1
    assert receiver.received[0][0]["host"] == f"localhost:{port}"
    (item,) = api.get(f"/v1/webhooks/{hook['endpoint_id']}/deliveries",
                      token=org).body["items"]
    assert item["status"] == "delivered"
    first, second, third = item["attempts"]
    assert first["error"] == ("address refused: localhost resolves to 10.0.0.7 (private); "
                              "not connecting")
    assert "169.254.169.254 (link-local)" in second["error"]
    assert [a["status_code"] for a in item["attempts"]] == [None, None, 200]
    assert [a["ok"] for a in item["attempts"]] == [False, False, True]


def test_loopback_endpoint_refused_once_local_endpoints_are_switched_off(
        api, rt, monkeypatch, local_hooks):
    monkeypatch.setenv("PODIUM_WEBHOOK_INLINE", "0")
    receiver = local_hooks()
    org = api.organizer()
    hook = register(api, org, receiver.url, ["round.paired"])
    monkeypatch.delenv("PODIUM_WEBHOOK_ALLOW_LOOPBACK")
    vtes_round(api, org)
    assert worker.deliver_due(rt) == ["retrying"]
    assert receiver.received == []
    (item,) = api.get(f"/v1/webhooks/{hook['endpoint_id']}/deliveries",
                      token=org).body["items"]
    assert "127.0.0.1 (loopback)" in item["attempts"][0]["error"]


# -- HTTPS: connect to the pinned IP, verify the certificate for the hostname ------------
def _certificate(tmp_path, name):
    x509 = pytest.importorskip("cryptography.x509")
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = dt.datetime.now(dt.UTC)
    cert = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - dt.timedelta(minutes=5))
            .not_valid_after(now + dt.timedelta(hours=1))
            .add_extension(x509.SubjectAlternativeName([x509.DNSName(name)]), critical=False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    cert_path, key_path = tmp_path / f"{name}.pem", tmp_path / f"{name}.key"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                           serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return cert_path, key_path


@pytest.fixture
def tls_receiver(tmp_path):
    """An HTTPS server on 127.0.0.1 presenting a certificate for ``hooks.test``."""
    cert, key = _certificate(tmp_path, "hooks.test")
    seen = {"sni": [], "hosts": []}

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            self.rfile.read(int(self.headers["Content-Length"]))
            seen["hosts"].append(self.headers["Host"])
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args):
            pass

    class Server(ThreadingHTTPServer):
        def handle_error(self, request, client_address):
            pass                      # a refused handshake is expected in one test

    server = Server(("127.0.0.1", 0), Handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    context.sni_callback = lambda sock, name, ctx: seen["sni"].append(name)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    seen["port"], seen["cert"] = server.server_port, cert
    yield seen
    server.shutdown()
    server.server_close()


def test_https_checks_the_certificate_and_sni_against_the_hostname(monkeypatch, tls_receiver,
                                                                   connects):
    fake_dns(monkeypatch, {"hooks.test": [["127.0.0.1"]], "other.test": [["127.0.0.1"]]})
    port = tls_receiver["port"]
    trust = ssl.create_default_context(cafile=str(tls_receiver["cert"]))
    status, error = sender.post(f"https://hooks.test:{port}/hook", BODY, HEADERS,
                                allow_loopback=True, context=trust)
    assert (status, error) == (204, None)
    assert connects == [("127.0.0.1", port)]
    assert tls_receiver["sni"] == ["hooks.test"]
    assert tls_receiver["hosts"] == [f"hooks.test:{port}"]
    # the same IP under another name: the certificate does not match, nothing is posted
    status, error = sender.post(f"https://other.test:{port}/hook", BODY, HEADERS,
                                allow_loopback=True, context=trust)
    assert status is None and "CERTIFICATE_VERIFY_FAILED" in error
    assert tls_receiver["hosts"] == [f"hooks.test:{port}"]
