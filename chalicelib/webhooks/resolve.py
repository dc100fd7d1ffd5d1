"""Resolve an endpoint's host at send time and vet every address of the answer.

Registration only checks literal addresses: a hostname's DNS can later point at
169.254.169.254 or 10.x. So each attempt resolves the host once, refuses when any address
is not public (``address_problem``), and the sender connects only to these vetted
addresses, so a second DNS answer (DNS rebinding) is never consulted."""
from __future__ import annotations

import socket
from dataclasses import dataclass

from ..domain.webhooks import address_problem, parse_address


class RefusedAddress(Exception):
    """The host resolves to an address a webhook must not reach; nothing was sent."""


@dataclass(frozen=True)
class Vetted:
    family: int
    sockaddr: tuple        # as getaddrinfo gives it: (ip, port) or (ip, port, flow, scope)


def vetted_addresses(host: str, port: int, allow_loopback: bool) -> list[Vetted]:
    """Every address ``host`` resolves to now, in resolver order; raises RefusedAddress
    when any of them is not global unicast (loopback allowed where enabled:
    ``address_problem``), and ``socket.gaierror`` (an OSError) when it does not resolve."""
    answer = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    vetted: list[Vetted] = []
    refused = []
    for family, _, _, _, sockaddr in answer:
        if family not in (socket.AF_INET, socket.AF_INET6):
            continue
        address = parse_address(str(sockaddr[0]))
        problem = "not an IP address" if address is None else address_problem(
            address, allow_loopback)
        if problem:
            refused.append(f"{sockaddr[0]} ({problem})")
        elif all(v.sockaddr != tuple(sockaddr) for v in vetted):
            vetted.append(Vetted(family, tuple(sockaddr)))
    if refused:
        raise RefusedAddress(f"{host} resolves to {', '.join(refused)}; not connecting")
    if not vetted:
        raise RefusedAddress(f"{host} resolves to no IP address; not connecting")
    return vetted


def recheck(address: Vetted, allow_loopback: bool) -> None:
    """The same rule once more at connect time, on the exact socket address."""
    ip = parse_address(str(address.sockaddr[0]))
    problem = "not an IP address" if ip is None else address_problem(ip, allow_loopback)
    if problem:
        raise RefusedAddress(f"{address.sockaddr[0]} ({problem}); not connecting")
