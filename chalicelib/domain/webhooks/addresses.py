"""Which IP addresses a webhook may reach: global unicast only (loopback too where local
endpoints are enabled). Registration applies it to literal hosts; the sender applies it to
every address a hostname resolves to at send time."""
from __future__ import annotations

import ipaddress
import re

from .special_addresses import GLOBAL_UNICAST, embedded_ipv4, special_block

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
# Names every resolver answers with the loopback address (RFC 6761 reserves .localhost;
# Debian's /etc/hosts adds the ip6- names)
LOOPBACK_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback")
_LEGACY_PART = re.compile(r"0[xX][0-9A-Fa-f]{0,8}|0[0-7]{0,11}|[1-9][0-9]{0,9}")


def address_problem(address: Address, allow_loopback: bool) -> str | None:
    """Why ``address`` must not be contacted (``"private"``, ``"6to4, embeds
    10.0.0.1"``, ``"documentation"``...), or None for a global unicast address
    (special_addresses.py: the IANA special-purpose blocks and the IPv6 forms carrying
    an IPv4 address)."""
    if isinstance(address, ipaddress.IPv6Address):
        embedded = embedded_ipv4(address)
        if embedded is not None:
            form, inner = embedded
            if form == "IPv4-mapped":              # ::ffff:10.0.0.1 is 10.0.0.1
                return address_problem(inner, allow_loopback)
            if form == "NAT64":                    # translated to 10.0.0.1 by the gateway
                problem = address_problem(inner, allow_loopback=False)
                return None if problem is None else f"NAT64 of {inner}, {problem}"
            return f"{form}, embeds {inner}"
    if address.is_loopback:
        return None if allow_loopback else "loopback"
    block = special_block(address)
    if block is not None:
        return block
    if isinstance(address, ipaddress.IPv6Address) and address not in GLOBAL_UNICAST:
        return "not global unicast"
    return None if address.is_global and not address.is_multicast else "not globally routable"


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
