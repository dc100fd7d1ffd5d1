"""The IANA special-purpose address registries (IPv4 and IPv6), as of 2026, and the IPv4
addresses IPv6 transition forms carry. A webhook reaches ordinary global unicast hosts
only: an address in any block below is refused, also the few the registries call globally
reachable (anycast services such as PCP, TURN or AS112, ORCHID identifiers: no webhook
receiver lives there), except the forms whose embedded IPv4 address is checked instead
(IPv4-mapped, and the NAT64 well-known prefix, which IPv6-only networks use
to reach IPv4 hosts). 6to4 and Teredo are refused whatever they embed: both are
deprecated tunnels whose relays nobody controls (RFC 7526), and the reason names the
embedded address. Any other IPv6 address outside 2000::/3 (the only global unicast space
allocated: IPv4-compatible and -translated forms, site-local, ...) is refused too."""
from __future__ import annotations

import ipaddress

Network = ipaddress.IPv4Network | ipaddress.IPv6Network

IPV4_BLOCKS: tuple[tuple[str, str], ...] = (
    ("0.0.0.0/8", "this network"),
    ("0.0.0.0/32", "unspecified"),
    ("10.0.0.0/8", "private"),
    ("100.64.0.0/10", "shared address space"),
    ("127.0.0.0/8", "loopback"),
    ("169.254.0.0/16", "link-local"),
    ("172.16.0.0/12", "private"),
    ("192.0.0.0/24", "IETF protocol assignments"),
    ("192.0.0.0/29", "IPv4 service continuity"),
    ("192.0.0.8/32", "IPv4 dummy address"),
    ("192.0.0.9/32", "port control protocol anycast"),
    ("192.0.0.10/32", "TURN anycast"),
    ("192.0.0.170/32", "NAT64/DNS64 discovery"),
    ("192.0.0.171/32", "NAT64/DNS64 discovery"),
    ("192.0.2.0/24", "documentation"),
    ("192.31.196.0/24", "AS112"),
    ("192.52.193.0/24", "AMT"),
    ("192.88.99.0/24", "6to4 relay anycast"),
    ("192.168.0.0/16", "private"),
    ("192.175.48.0/24", "AS112 direct delegation"),
    ("198.18.0.0/15", "benchmarking"),
    ("198.51.100.0/24", "documentation"),
    ("203.0.113.0/24", "documentation"),
    ("224.0.0.0/4", "multicast"),
    ("240.0.0.0/4", "reserved"),
    ("255.255.255.255/32", "limited broadcast"),
)

IPV6_BLOCKS: tuple[tuple[str, str], ...] = (
    ("::/128", "unspecified"),
    ("::1/128", "loopback"),
    ("::/96", "IPv4-compatible"),
    ("64:ff9b:1::/48", "local-use NAT64"),
    ("100::/64", "discard-only"),
    ("100:0:0:1::/64", "dummy prefix"),
    ("2001::/23", "IETF protocol assignments"),
    ("2001::/32", "Teredo"),
    ("2001:1::1/128", "port control protocol anycast"),
    ("2001:1::2/128", "TURN anycast"),
    ("2001:1::3/128", "DNS-SD service registration anycast"),
    ("2001:2::/48", "benchmarking"),
    ("2001:3::/32", "AMT"),
    ("2001:4:112::/48", "AS112"),
    ("2001:10::/28", "ORCHID"),
    ("2001:20::/28", "ORCHIDv2"),
    ("2001:30::/28", "drone remote ID"),
    ("2001:db8::/32", "documentation"),
    ("2002::/16", "6to4"),
    ("2620:4f:8000::/48", "AS112 direct delegation"),
    ("3fff::/20", "documentation"),
    ("5f00::/16", "segment routing SIDs"),
    ("fc00::/7", "unique-local"),
    ("fe80::/10", "link-local"),
    ("fec0::/10", "site-local"),
    ("ff00::/8", "multicast"),
)

# checked through the IPv4 address they carry
MAPPED = ipaddress.ip_network("::ffff:0:0/96")
NAT64 = ipaddress.ip_network("64:ff9b::/96")
GLOBAL_UNICAST = ipaddress.ip_network("2000::/3")      # all IPv6 unicast allocated so far


def _networks(blocks: tuple[tuple[str, str], ...]) -> list[tuple[Network, str]]:
    nets = [(ipaddress.ip_network(cidr), name) for cidr, name in blocks]
    return sorted(nets, key=lambda item: -item[0].prefixlen)      # most specific first


_V4 = _networks(IPV4_BLOCKS)
_V6 = _networks(IPV6_BLOCKS)


def special_block(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> str | None:
    """The name of the most specific special-purpose block holding ``address``."""
    table = _V4 if address.version == 4 else _V6
    return next((name for net, name in table if address in net), None)


def embedded_ipv4(address: ipaddress.IPv6Address) -> tuple[str, ipaddress.IPv4Address] | None:
    """(form, IPv4 address) for the IPv6 forms that carry one: mapped and NAT64 (checked
    through it), 6to4 and Teredo (refused, named)."""
    if address in MAPPED:
        return "IPv4-mapped", ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    if address in NAT64:
        return "NAT64", ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    if address.sixtofour is not None:
        return "6to4", address.sixtofour
    if address.teredo is not None:
        return "Teredo", address.teredo[1]          # (server, client): the client's
    return None
