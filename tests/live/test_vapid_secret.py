"""Deployed, the VAPID private key comes from the stack's Secrets Manager secret (moto):
CloudFormation generates a seed the key is derived from (the same key every time), or
the operator puts a key of their own; the environment never holds it."""
from __future__ import annotations

import json

import boto3
import py_vapid
import pytest

from chalicelib.push import secret_key, vapid


@pytest.fixture
def secrets(aws, monkeypatch):
    monkeypatch.delenv("PODIUM_VAPID_PRIVATE_KEY", raising=False)
    secret_key.from_secret.cache_clear()
    yield boto3.client("secretsmanager")
    secret_key.from_secret.cache_clear()


def test_the_key_is_derived_from_the_generated_seed(secrets, monkeypatch, tmp_path):
    arn = secrets.create_secret(Name="podium/vapid-private-key",
                                SecretString=json.dumps({"seed": "x" * 64}))["ARN"]
    monkeypatch.setenv("PODIUM_VAPID_SECRET_ARN", arn)
    raw = vapid.private_key_raw(str(tmp_path))
    assert raw == secret_key.key_from_seed("x" * 64) != secret_key.key_from_seed("y" * 64)
    assert py_vapid.Vapid02.from_raw(raw.encode()).private_key is not None
    assert not (tmp_path / "vapid.key").exists()       # nothing generated locally
    assert len(vapid.public_key(str(tmp_path))) == 87  # an uncompressed P-256 point


def test_an_operators_own_key_wins(secrets, monkeypatch, tmp_path):
    own = secret_key.key_from_seed("mine")
    arn = secrets.create_secret(Name="podium/vapid-own",
                                SecretString=json.dumps({"private_key": own,
                                                         "seed": "ignored"}))["ARN"]
    monkeypatch.setenv("PODIUM_VAPID_SECRET_ARN", arn)
    assert vapid.private_key_raw(str(tmp_path)) == own
    with pytest.raises(ValueError):
        secret_key.key_from_document("{}")
