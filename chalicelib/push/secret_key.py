"""The VAPID private key kept in AWS Secrets Manager (the stack's ``VapidKey``): the
secret is JSON, either ``{"private_key": <raw P-256 key, base64url>}`` (a key of the
operator's own) or ``{"seed": <generated string>}`` (CloudFormation's
``GenerateSecretString``, which cannot draw an EC key), from which the key is derived:
SHA-256 of the seed, reduced into [1, n-1] of P-256. The key never appears in the
template, its parameters or the functions' environment; it is read once per process."""
from __future__ import annotations

import base64
import functools
import hashlib
import json

# the order of the P-256 group (SEC 2, secp256r1)
P256_ORDER = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551


def key_from_seed(seed: str) -> str:
    number = int.from_bytes(hashlib.sha256(seed.encode()).digest(), "big")
    private = number % (P256_ORDER - 1) + 1
    return base64.urlsafe_b64encode(private.to_bytes(32, "big")).decode().rstrip("=")


def key_from_document(text: str) -> str:
    document = json.loads(text)
    if document.get("private_key"):
        return str(document["private_key"]).strip()
    if document.get("seed"):
        return key_from_seed(str(document["seed"]))
    raise ValueError("the VAPID secret holds neither private_key nor seed")


@functools.lru_cache(maxsize=2)
def from_secret(arn: str) -> str:
    import boto3
    value = boto3.client("secretsmanager").get_secret_value(SecretId=arn)
    return key_from_document(value["SecretString"])
