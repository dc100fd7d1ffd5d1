"""Which IP addresses a webhook may reach: public unicast only (loopback too where local
endpoints are enabled). Registration applies it to literal hosts; the sender applies it to
every address a hostname resolves to at send time."""
from __future__ import annotations

import ipaddress
import re

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
# Names every resolver answers with the loopback address (RFC 6761 reserves .localhost;
# Debian's /etc/hosts adds the ip6- names)
LOOPBACK_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback")
_LEGACY_PART = re.compile(r"0[xX][0-9A-Fa-f]{0,8}|0[0-7]{0,11}|[1-9][0-9]{0,9}")


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


def host_address(host: str) -> Address | None:
    """The address a URL's host means to a resolver without asking DNS: an IP literal,
    the legacy IPv4 spellings inet_aton accepts (``2130706433``, ``0x7f000001``,
    ``127.1``, ``0177.0.0.1``), and the loopback names (``localhost.``, ``ip6-localhost``,
    ``*.localhost``), or None for a name only DNS can answer."""
    host = host.lower().removesuffix(".")
    name_is_loopback = host in LOOPBACK_NAMES or host.endswith(".localhost")
    if name_is_loopback:
        return ipaddress.ip_address("::1" if host.startswith("ip6-") else "127.0.0.1")
    return parse_address(host) or _legacy_ipv4(host)


def _legacy_ipv4(host: str) -> Address | None:
    """inet_aton's forms: one to four parts, each decimal, octal (0...) or hex (0x...),
    the last part filling the bytes the others left."""
    parts = host.split(".")
    if not 1 <= len(parts) <= 4 or not all(_LEGACY_PART.fullmatch(p) for p in parts):
        return None
    values = [_legacy_part(p) for p in parts]
    *leading, last = values
    if any(v > 255 for v in leading) or last >= 1 << (8 * (4 - len(leading))):
        return None
    number = sum(v << (8 * (3 - i)) for i, v in enumerate(leading)) + last
    return ipaddress.IPv4Address(number)


def _legacy_part(part: str) -> int:
    if part[:2].lower() == "0x":
        return int(part[2:] or "0", 16)
    return int(part, 8) if len(part) > 1 and part[0] == "0" else int(part)
