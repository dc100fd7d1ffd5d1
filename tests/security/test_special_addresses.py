"""Webhook destinations reach global unicast hosts only (issue 26, finding 6): one test
per block of the IANA special-purpose registries (IPv4 and IPv6, written out here from
the registries, not read from the code), and the IPv6 forms that carry an IPv4 address.
Each is refused at registration (a literal host), when the host resolves at send time,
and again right before the connect."""
from __future__ import annotations

import ipaddress

import pytest

from chalicelib.domain.webhooks import address_problem, validate_url
from chalicelib.webhooks import sender
from chalicelib.webhooks.resolve import RefusedAddress, Vetted
from tests.api.test_webhooks_addresses import fake_dns

# (block, an address inside it) per entry of the IANA IPv4 Special-Purpose Address Registry
IPV4 = [
    ("0.0.0.0/8", "0.1.2.3"), ("0.0.0.0/32", "0.0.0.0"), ("10.0.0.0/8", "10.20.30.40"),
    ("100.64.0.0/10", "100.127.255.254"), ("127.0.0.0/8", "127.9.9.9"),
    ("169.254.0.0/16", "169.254.169.254"), ("172.16.0.0/12", "172.31.0.1"),
    ("192.0.0.0/24", "192.0.0.200"), ("192.0.0.0/29", "192.0.0.1"),
    ("192.0.0.8/32", "192.0.0.8"), ("192.0.0.9/32", "192.0.0.9"),
    ("192.0.0.10/32", "192.0.0.10"), ("192.0.0.170/32", "192.0.0.170"),
    ("192.0.0.171/32", "192.0.0.171"), ("192.0.2.0/24", "192.0.2.10"),
    ("192.31.196.0/24", "192.31.196.1"), ("192.52.193.0/24", "192.52.193.1"),
    ("192.88.99.0/24", "192.88.99.1"), ("192.168.0.0/16", "192.168.1.1"),
    ("192.175.48.0/24", "192.175.48.6"), ("198.18.0.0/15", "198.19.255.1"),
    ("198.51.100.0/24", "198.51.100.7"), ("203.0.113.0/24", "203.0.113.9"),
    ("240.0.0.0/4", "250.1.2.3"), ("255.255.255.255/32", "255.255.255.255"),
    ("224.0.0.0/4 (multicast registry)", "239.1.2.3"),
]
# ... and of the IPv6 Special-Purpose Address Registry, with the address architecture's
# own non-global ranges (site-local, multicast, IPv4-compatible)
IPV6 = [
    ("::1/128", "::1"), ("::/128", "::"), ("64:ff9b:1::/48", "64:ff9b:1::a00:1"),
    ("100::/64", "100::1"), ("100:0:0:1::/64", "100:0:0:1::1"),
    ("2001::/23", "2001:1ff::1"), ("2001::/32", "2001:0:4136:e378:8000:63bf:3fff:fdd2"),
    ("2001:1::1/128", "2001:1::1"), ("2001:1::2/128", "2001:1::2"),
    ("2001:1::3/128", "2001:1::3"), ("2001:2::/48", "2001:2:0:1::1"),
    ("2001:3::/32", "2001:3::1"), ("2001:4:112::/48", "2001:4:112::1"),
    ("2001:10::/28", "2001:10::1"), ("2001:20::/28", "2001:2f::1"),
    ("2001:30::/28", "2001:30::1"), ("2001:db8::/32", "2001:db8::1"),
    ("2002::/16", "2002:5db8:d822::1"), ("2620:4f:8000::/48", "2620:4f:8000::1"),
    ("3fff::/20", "3fff:fff::1"), ("5f00::/16", "5f00::1"), ("fc00::/7", "fd12:3456::1"),
    ("fe80::/10", "fe80::1"), ("fec0::/10 (site-local)", "fec0::1"),
    ("ff00::/8 (multicast)", "ff02::1"), ("::/96 (IPv4-compatible)", "::10.0.0.1"),
    ("::ffff:0:0:0/96 (IPv4-translated)", "::ffff:0:a00:1"),
]
# IPv6 forms carrying an IPv4 address: refused when it is not public (6to4 and Teredo
# always: deprecated tunnels)
EMBEDDED = [
    ("IPv4-mapped private", "::ffff:10.0.0.1", "private"),
    ("IPv4-mapped metadata", "::ffff:169.254.169.254", "link-local"),
    ("NAT64 private", "64:ff9b::a00:1", "NAT64 of 10.0.0.1, private"),
    ("NAT64 metadata", "64:ff9b::a9fe:a9fe", "NAT64 of 169.254.169.254, link-local"),
    ("NAT64 loopback", "64:ff9b::7f00:1", "NAT64 of 127.0.0.1, loopback"),
    ("6to4 private", "2002:a00:1::1", "6to4, embeds 10.0.0.1"),
    ("6to4 public", "2002:5db8:d822::1", "6to4, embeds 93.184.216.34"),
    ("Teredo", "2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo, embeds 192.0.2.45"),
]
PUBLIC = ["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111", "::ffff:93.184.216.34",
          "64:ff9b::5db8:d822"]
ALL = [(f"IPv4 {b}", a) for b, a in IPV4] + [(f"IPv6 {b}", a) for b, a in IPV6]


def _url(ip: str) -> str:
    return f"https://[{ip}]/hook" if ":" in ip else f"https://{ip}/hook"


@pytest.mark.parametrize("block,ip", ALL, ids=[b for b, _ in ALL])
def test_every_special_purpose_block_is_refused_everywhere(block, ip, monkeypatch, connects):
    address = ipaddress.ip_address(ip)
    assert address_problem(address, allow_loopback=False), block
    problems = validate_url(_url(ip), allow_loopback=False)
    assert any("must not point at" in p for p in problems), (block, problems)
    fake_dns(monkeypatch, {"hooks.example": [[ip]]})
    status, error = sender.post("https://hooks.example/x", b"{}", {}, allow_loopback=False)
    assert status is None and error.startswith(sender.REFUSED), (block, error)
    assert connects == []


@pytest.mark.parametrize("name,ip,problem", EMBEDDED, ids=[e[0] for e in EMBEDDED])
def test_ipv4_embedded_in_ipv6_is_checked_or_refused(name, ip, problem):
    assert address_problem(ipaddress.ip_address(ip), allow_loopback=False) == problem
    assert validate_url(_url(ip), allow_loopback=False)


@pytest.mark.parametrize("ip", PUBLIC)
def test_global_unicast_is_accepted(ip):
    assert address_problem(ipaddress.ip_address(ip), allow_loopback=False) is None
    assert validate_url(_url(ip), allow_loopback=False) == []


@pytest.mark.parametrize("ip", ["fec0::1", "2002:a00:1::1", "10.0.0.1", "64:ff9b::a00:1"])
def test_the_connect_itself_refuses_an_address_that_was_not_vetted(ip, connects):
    """Belt and braces: whatever list reaches the socket layer is checked again."""
    import socket
    family = socket.AF_INET6 if ":" in ip else socket.AF_INET
    sockaddr = (ip, 443, 0, 0) if ":" in ip else (ip, 443)
    with pytest.raises(RefusedAddress):
        sender._connect_to([Vetted(family, sockaddr)], timeout=1)
    assert connects == []


def test_registration_refuses_the_issue_reproductions(api):
    org = api.organizer()
    for ip in ("2002:a9fe:a9fe::1", "fec0::1", "2001:0:4136:e378:8000:63bf:3fff:fdd2",
               "64:ff9b::a9fe:a9fe"):
        r = api.post("/v1/webhooks", {"url": _url(ip), "topics": ["round.paired"]},
                     token=org)
        assert r.status == 422, (ip, r.body)
    assert api.get("/v1/webhooks", token=org).body["endpoints"] == []
