"""The web desk served by a venue node shows, from the sign-in on, the address phones on
the venue's network use and its QR code (the image the node draws); served by a
deployment it shows neither. axe-core finds no serious or critical violation."""
from __future__ import annotations

import pytest

from chalicelib.runtime import runtime
from chalicelib.venue import sync
from chalicelib.venue.node import Node
from tests.browser.desk_driver import Desk
from tests.browser.desk_fixtures import axe_core, chromium, desk_server, shots  # noqa: F401

ADDRESS = "http://192.0.2.7:8000"


@pytest.mark.parametrize(("lang", "width"), [("en", 1280), ("fr", 400)])
def test_the_desk_shows_the_node_address_and_qr_code(desk_server, chromium, shots, axe_core,  # noqa: F811
                                                     monkeypatch, lang, width):
    context = chromium.new_context(viewport={"width": width, "height": 800}, locale=lang)
    page = context.new_page()
    d = Desk(page, lang, width, shots)
    page.goto(f"{desk_server}/v1/desk")                 # a deployment: no venue panel
    page.get_by_role("button", name=d.t("signin.submit"), exact=True).wait_for()
    assert page.locator("aside.venue").count() == 0

    monkeypatch.setenv("PODIUM_VENUE_NODE_ID", "hall-b")
    monkeypatch.setenv("PODIUM_VENUE_ADDRESS", ADDRESS)
    rt = runtime()                          # the node, without its sync thread
    monkeypatch.setattr(sync, "_nodes", {id(rt): Node(rt, "hall-b")})
    page.reload()
    venue = page.get_by_role("complementary", name=d.t("venue.title", node="hall-b"))
    venue.wait_for()
    assert venue.get_by_role("link", name=f"{ADDRESS}/v1").get_attribute("href") == \
        f"{ADDRESS}/v1"
    qr = venue.get_by_role("img", name=d.t("venue.qr", address=f"{ADDRESS}/v1"))
    qr.wait_for()
    page.wait_for_function("() => document.querySelector('aside.venue img').complete")
    assert qr.evaluate("img => img.naturalWidth") > 100           # the node's SVG drawn
    d.shot("venue-node")
    assert d.violations == [], d.violations
    context.close()
