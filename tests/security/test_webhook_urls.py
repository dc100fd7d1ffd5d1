"""Numeric and alias spellings of loopback are refused when an endpoint is registered, not
only when a delivery is attempted."""
from __future__ import annotations

import pytest


@pytest.mark.parametrize("host", ["2130706433", "0x7f000001", "127.1", "localhost.",
                                  "ip6-localhost"])
def test_registration_refuses_loopback_in_any_spelling(api, host):
    org = api.organizer()
    r = api.post("/v1/webhooks", {"url": f"https://{host}/hook", "topics": ["round.paired"]},
                 token=org)
    assert r.status == 422, r.body
    assert api.get("/v1/webhooks", token=org).body["endpoints"] == []
