"""Signature headers with one or several secrets, and what a receiver accepts."""
from __future__ import annotations

import hashlib
import hmac

from chalicelib.domain.webhooks import sign, signature_header, verify

BODY = b'{"id":"d1","topic":"round.paired"}'


def test_one_secret_gives_the_single_entry_header():
    expected = "sha256=" + hmac.new(b"whsec_a", BODY, hashlib.sha256).hexdigest()
    assert sign("whsec_a", BODY) == expected
    assert signature_header(["whsec_a"], BODY) == expected


def test_several_secrets_give_one_entry_each_newest_first():
    header = signature_header(["whsec_new", "whsec_old"], BODY)
    assert header == sign("whsec_new", BODY) + "," + sign("whsec_old", BODY)
    assert verify("whsec_new", BODY, header) and verify("whsec_old", BODY, header)
    assert not verify("whsec_other", BODY, header)
    assert not verify("whsec_new", BODY + b" ", header)


def test_receivers_tolerate_spaces_and_refuse_missing_or_partial_headers():
    spaced = sign("whsec_new", BODY) + ", " + sign("whsec_old", BODY)
    assert verify("whsec_old", BODY, spaced)
    assert not verify("whsec_old", BODY, None)
    assert not verify("whsec_old", BODY, "")
    assert not verify("whsec_old", BODY, sign("whsec_old", BODY)[:-1])
