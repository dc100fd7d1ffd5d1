"""The deployment's VAPID key pair (RFC 8292): ``PODIUM_VAPID_PRIVATE_KEY`` (the raw P-256
private key, base64url), else deployed the stack's ``VapidKey`` secret
(``PODIUM_VAPID_SECRET_ARN``, read once per process: ``secret_key.py``), else one
generated once into the data dir (``vapid.key``, owner-only) for local runs."""
from __future__ import annotations

import base64
import functools
import os
import secrets

import py_vapid
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

SUBJECT = "mailto:push@podium.invalid"


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _generate(path: str) -> str:
    key = ec.generate_private_key(ec.SECP256R1())
    raw = _b64(key.private_numbers().private_value.to_bytes(32, "big"))
    os.makedirs(os.path.dirname(path) or ".", mode=0o700, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return open(path, encoding="utf-8").read().strip()   # noqa: SIM115 - another process won
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(raw)
    return raw


@functools.lru_cache(maxsize=4)
def _load(raw: str) -> py_vapid.Vapid02:
    return py_vapid.Vapid02.from_raw(raw.encode())


def private_key_raw(data_dir: str) -> str:
    configured = os.environ.get("PODIUM_VAPID_PRIVATE_KEY")
    if configured:
        return configured.strip()
    arn = os.environ.get("PODIUM_VAPID_SECRET_ARN")
    if arn:
        from .secret_key import from_secret
        return from_secret(arn)
    path = os.path.join(data_dir, "vapid.key")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as handle:
            return handle.read().strip()
    return _generate(path)


def vapid(data_dir: str) -> py_vapid.Vapid02:
    return _load(private_key_raw(data_dir))


def public_key(data_dir: str) -> str:
    """The application server key browsers pass to ``pushManager.subscribe``."""
    point = vapid(data_dir).public_key.public_bytes(Encoding.X962,
                                                    PublicFormat.UncompressedPoint)
    return _b64(point)


def new_subscription_id() -> str:
    return "sub" + secrets.token_hex(8)
