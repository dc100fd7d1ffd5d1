"""The web desk in headless Chromium: an organizer runs a whole Munchkin sealed Swiss event
with a top 4 through the desk alone (create, register, start, product, structure, two
rounds, the cut, a penalty, finish, report), at 1280 px in English and at 400 px in German
with round 1 entered by keyboard alone; axe-core finds no serious or critical violation
on any screen; a reload mid-round comes back to the round; a result entered elsewhere
shows up through the event's change feed (the desk's polling is 30 s then). One server
and one browser serve the whole module (tests/browser/desk_fixtures.py)."""
from __future__ import annotations

import httpx
import pytest

from tests.browser.desk_driver import Desk
from tests.browser.desk_fixtures import axe_core, chromium, desk_server, organizer_key, shots  # noqa: F401

NAMES = ["Ann", "Bob", "Cyd", "Dee", "Eve", "Fay", "Gus", "Hal"]


@pytest.mark.parametrize(("lang", "width"), [("en", 1280), ("de", 400)])
def test_a_munchkin_swiss_event_with_top_cut_through_the_desk(
        desk_server, chromium, shots, axe_core, lang, width):  # noqa: F811
    server = desk_server
    context = chromium.new_context(viewport={"width": width, "height": 900}, locale=lang)
    page = context.new_page()
    d = Desk(page, lang, width, shots)
    page.goto(f"{server}/v1/desk")
    d.shot("01-sign-in")
    org = organizer_key(server)
    d.field(d.t("signin.key")).fill(org)
    page.get_by_role("button", name=d.t("signin.submit"), exact=True).click()
    page.get_by_role("heading", name=d.t("events.title"), exact=True).wait_for()
    # a new event from the Munchkin profile
    d.field(d.t("events.name")).fill("Friday sealed")
    d.field(d.t("events.game")).select_option("munchkin")
    d.field(d.t("events.format")).select_option("sealed")
    d.shot("02-events")
    d.click(d.t("events.create"))
    page.wait_for_url("**/players")
    for name in NAMES:
        d.field(d.t("players.name")).fill(name)
        page.keyboard.press("Enter")
        page.get_by_role("rowheader", name=name, exact=True).wait_for()
    d.shot("03-registration")
    d.click(d.t("players.start", count=8))
    d.tab("product")
    d.click(d.t("sealed.hand_out"))
    d.click(d.t("sealed.open"))
    d.shot("04-product")
    d.tab("rounds")
    page.get_by_text(d.t("swiss.structure"), exact=True).click()
    d.field(d.t("swiss.rounds")).fill("2")
    d.field(d.t("swiss.cut")).select_option("4")
    d.click(d.t("swiss.set"))
    d.click(d.t("swiss.pair", n=1))
    page.reload()                                   # survives a reload mid-round
    page.get_by_role("table", name=d.t("swiss.pairings", n=1)).wait_for()
    d.shot("05-round-1")
    assert d.enter_results(by_keyboard=lang != "en") == 4
    page.get_by_role("heading", name=d.t("swiss.standings_after", n=1)).wait_for()
    d.tab_to(page.get_by_role("button", name=d.t("swiss.pair", n=2)))
    before = d.actions()
    page.keyboard.press("Enter")
    d.settle(before)
    match = page.locator("form.result").first
    mid = match.locator("xpath=ancestor::tr").get_attribute("data-match")
    d.field(d.t("clock.minutes")).fill("3")
    d.field(d.t("clock.reason")).fill("judge call")
    d.click(d.t("clock.extend"))
    d.shot("06-round-2")
    # a result entered elsewhere (another judge's phone) comes through the change feed
    tid = page.url.split("#/t/")[1].split("/")[0]
    page.locator("[data-following=feed]").wait_for()
    elsewhere = page.locator("tr[data-match] form.result").last.locator(
        "xpath=ancestor::tr").get_attribute("data-match")
    reply = httpx.post(f"{server}/v1/tournaments/{tid}/swiss/matches/{elsewhere}/result",
                       json={"a": 0, "b": 1}, headers={"Authorization": f"Bearer {org}"})
    assert reply.status_code == 200, reply.text
    page.locator(f"tr[data-match='{elsewhere}'] form.result").wait_for(state="detached",
                                                                       timeout=8000)
    assert d.enter_results() == 3
    d.click(d.t("swiss.cut_to", n=4))
    d.shot("07-top-cut")
    assert d.enter_results() == 3            # the semifinals, then the final
    page.locator(".winner").wait_for()
    d.shot("08-champion")
    d.tab("judging")
    d.field(d.t("judging.reason")).fill("late to the table")
    d.click(d.t("judging.record"))
    page.get_by_text("late to the table").wait_for()
    d.shot("09-judging")
    d.tab("finish")
    d.click(d.t("finish.finish"))
    page.get_by_text(d.t("finish.report", count=8)).wait_for()
    d.shot("10-report")
    assert not d.violations, "\n".join(d.violations)
    # what the desk did is what the API says
    live = httpx.get(f"{server}/v1/tournaments/{tid}/live").json()
    assert live["status"] == "finished" and live["final_standings"]["winner"]
    assert mid and mid.startswith("R2-")
    context.close()


def test_a_booster_draft_followed_at_the_desk(desk_server, chromium, shots, axe_core):  # noqa: F811
    """A Munchkin booster draft: started at the desk, judge picks for one seat and for every
    waiting seat, the pod's progress, and a player registered after it began given sealed
    product instead (V:EKN 7.2.6)."""
    server = desk_server
    org = organizer_key(server)
    auth = {"Authorization": f"Bearer {org}"}
    event = {"name": "Draft night", "game": "munchkin", "format": "booster-draft"}
    tid = httpx.post(f"{server}/v1/tournaments", headers=auth, json=event).json()["tournament_id"]
    for name in NAMES[:4]:
        httpx.post(f"{server}/v1/tournaments/{tid}/players", json={"name": name})
    assert httpx.post(f"{server}/v1/tournaments/{tid}/start", headers=auth).status_code == 200
    context = chromium.new_context(viewport={"width": 1280, "height": 900}, locale="en")
    page = context.new_page()
    d = Desk(page, "en", 1280, shots)
    page.goto(f"{server}/v1/desk#/t/{tid}/product")
    d.field(d.t("signin.key")).fill(org)
    page.get_by_role("button", name=d.t("signin.submit"), exact=True).click()
    d.click(d.t("draft.start"))
    before = d.actions()                                 # the first seat's pick
    page.get_by_role("button", name=d.t("draft.pick_for") + ": ").first.click()
    d.settle(before)
    d.click(d.t("draft.pick_all", count=3))              # the three others
    page.get_by_text(d.t("draft.picks", count=4)).wait_for()
    late = httpx.post(f"{server}/v1/tournaments/{tid}/players", headers=auth,
                      json={"name": "Ivy"}).json()["player"]
    assert late["late"] is True
    page.get_by_text(d.t("draft.unseated", name="Ivy")).wait_for(timeout=8000)   # polled
    d.shot("14-draft")
    d.click(d.t("draft.late_product"))
    page.get_by_text(d.t("draft.late", names="Ivy")).wait_for()
    assert not d.violations, "\n".join(d.violations)
    context.close()
