"""A venue node's settings and sync position, kept in the data dir (``venue.json``, owner
only: it holds the organizer keys the node acts upward with)."""
from __future__ import annotations

import json
import os
import socket
import threading
from dataclasses import asdict, dataclass, field
from typing import Any

FILE = "venue.json"
_LOCK = threading.Lock()


@dataclass
class Taken:
    key: str                 # the organizer's (or a judge's) key on the deployment
    lease_id: str
    organizer_id: str
    reclaimed: bool = False
    released: bool = False
    registration_key: str = ""   # the deployment's key of the tournament's code


@dataclass
class NodeSettings:
    node_id: str
    upstream: str = ""
    cursor: int = 0          # the node's last event position the deployment acknowledged
    tournaments: dict[str, Taken] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def load(data_dir: str, node_id: str) -> NodeSettings:
    path = os.path.join(data_dir, FILE)
    try:
        with open(path, encoding="utf-8") as handle:
            raw = json.load(handle)
    except FileNotFoundError:
        return NodeSettings(node_id)
    return NodeSettings(raw.get("node_id") or node_id, raw.get("upstream", ""),
                        int(raw.get("cursor", 0)),
                        {tid: Taken(**t) for tid, t in raw.get("tournaments", {}).items()})


def save(data_dir: str, settings: NodeSettings) -> None:
    """Written whole to a new file, fsync'd, then renamed over the old one."""
    path = os.path.join(data_dir, FILE)
    with _LOCK:
        tmp = path + ".tmp"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(settings.to_json(), handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)


def local_address(port: int) -> str:
    """The URL phones on the venue's network use: ``PODIUM_VENUE_ADDRESS``, else this
    machine's address on the network its default route leaves by (no packet is sent)."""
    configured = os.environ.get("PODIUM_VENUE_ADDRESS")
    if configured:
        return configured.rstrip("/")
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            host = probe.getsockname()[0]
        except OSError:
            host = "127.0.0.1"
    return f"http://{host}:{port}"
