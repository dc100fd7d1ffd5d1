"""Which IP addresses a webhook may reach: public unicast only (loopback too where local
endpoints are enabled). Registration applies it to literal hosts; the sender applies it to
every address a hostname resolves to at send time."""
from __future__ import annotations

import ipaddress

Address = ipaddress.IPv4Address | ipaddress.IPv6Address


def address_problem(address: Address, allow_loopback: bool) -> str | None:
    """Why ``address`` must not be contacted (``"private"``, ``"link-local"``...), or None."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped          # ::ffff:10.0.0.1 is 10.0.0.1
    if address.is_loopback:
        return None if allow_loopback else "loopback"
    checks = (("unspecified", address.is_unspecified), ("link-local", address.is_link_local),
              ("multicast", address.is_multicast), ("reserved", address.is_reserved),
              ("private", address.is_private), ("not globally routable", not address.is_global))
    return next((name for name, hit in checks if hit), None)


def parse_address(text: str) -> Address | None:
    """The IP address ``text`` spells (an IPv6 zone ``%eth0`` dropped), or None."""
    try:
        return ipaddress.ip_address(text.split("%", 1)[0])
    except ValueError:
        return None
