"""Which addresses a webhook may reach (registration and send time share the rule)."""
from __future__ import annotations

import ipaddress

import pytest

from chalicelib.domain.webhooks import address_problem, parse_address, validate_url


@pytest.mark.parametrize("text,problem", [
    ("10.0.0.7", "private"), ("172.16.1.1", "private"), ("192.168.1.1", "private"),
    ("169.254.169.254", "link-local"), ("fe80::1", "link-local"),
    ("127.0.0.1", "loopback"), ("::1", "loopback"), ("0.0.0.0", "unspecified"),
    ("224.0.0.251", "multicast"), ("ff02::1", "multicast"), ("240.0.0.1", "reserved"),
    ("fc00::5", "unique-local"), ("100.64.0.1", "shared address space"),
    ("::ffff:10.0.0.7", "private"), ("::ffff:169.254.169.254", "link-local"),
    ("93.184.216.34", None), ("2606:4700:4700::1111", None)])
def test_address_problems(text, problem):
    assert address_problem(ipaddress.ip_address(text), allow_loopback=False) == problem


def test_loopback_only_where_allowed_and_nothing_else_with_it():
    assert address_problem(ipaddress.ip_address("127.0.0.1"), allow_loopback=True) is None
    assert address_problem(ipaddress.ip_address("::1"), allow_loopback=True) is None
    assert address_problem(ipaddress.ip_address("10.0.0.7"), allow_loopback=True) == "private"


def test_parse_address():
    assert parse_address("fe80::1%eth0") == ipaddress.ip_address("fe80::1")
    assert parse_address("hooks.example") is None


def test_registration_refuses_multicast_and_names_the_reason():
    problems = validate_url("https://224.0.0.251/x", allow_loopback=False)
    assert problems == ["must not point at a private, special-purpose or reserved "
                        "address (224.0.0.251 is multicast)"]
    assert validate_url("https://[::ffff:10.0.0.1]/x", allow_loopback=False)
    assert validate_url("https://hooks.example/x", allow_loopback=False) == []
    assert validate_url("http://127.0.0.1:8080/x", allow_loopback=True) == []


@pytest.mark.parametrize("host,address", [
    ("2130706433", "127.0.0.1"), ("0x7f000001", "127.0.0.1"), ("127.1", "127.0.0.1"),
    ("0177.0.0.1", "127.0.0.1"), ("localhost.", "127.0.0.1"), ("LOCALHOST", "127.0.0.1"),
    ("ip6-localhost", "::1"), ("ip6-loopback", "::1"), ("hooks.localhost", "127.0.0.1"),
    ("10.1", "10.0.0.1"), ("0", "0.0.0.0"), ("167772161", "10.0.0.1"),
    ("hooks.example", None), ("hooks.example.", None), ("1.2.3.4.5", None),
    ("256.1", None), ("4294967296", None), ("08.1.1.1", None)])
def test_a_host_means_the_address_a_resolver_would_give_it(host, address):
    """inet_aton's legacy IPv4 spellings and the loopback names resolve without DNS."""
    from chalicelib.domain.webhooks.addresses import host_address
    expected = None if address is None else ipaddress.ip_address(address)
    assert host_address(host) == expected


@pytest.mark.parametrize("host", ["2130706433", "0x7f000001", "127.1", "localhost.",
                                  "ip6-localhost", "[::1]", "0177.0.0.1", "hooks.localhost"])
def test_every_spelling_of_loopback_is_refused_at_registration(host):
    problems = validate_url(f"https://{host}/hook", allow_loopback=False)
    assert "must not point at this host" in problems
    assert validate_url(f"http://{host}:8080/hook", allow_loopback=True) == []


@pytest.mark.parametrize("host", ["167772161", "0xa000001", "10.1", "0", "0xa9fea9fe"])
def test_legacy_spellings_of_private_addresses_are_refused_at_registration(host):
    problems = validate_url(f"https://{host}/hook", allow_loopback=False)
    assert any(p.startswith("must not point at a private") for p in problems), problems
