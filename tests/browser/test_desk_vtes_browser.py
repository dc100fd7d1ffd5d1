"""A V:TES booster draft event run through the desk alone, in Chromium: the event created
with its draft's pace (one booster drafted, no break between packs), self check-in opened
with its QR code (a player checks in with the code the desk shows, the staff mark the
others present, by keyboard), the draft judge-picked for every seat to the end, seated
rounds with their VP, a judge call from a table taken and resolved at the desk (by
keyboard), the final table, the finish and the report. axe-core checks every screen, and
the check-in and judge-call screens in all seven languages at 400 px."""
from __future__ import annotations

import json
import re

import httpx
import pytest

from tests.browser.desk_driver import LOCALES, Desk
from tests.browser.desk_fixtures import axe_core, chromium, desk_server, organizer_key, shots  # noqa: F401

NAMES = ["Ann", "Bob", "Cyd", "Dee"]
LANGS = sorted(p.stem for p in LOCALES.glob("*.json"))


def sign_in(d: Desk, key: str) -> None:
    d.field(d.t("signin.key")).fill(key)
    d.page.get_by_role("button", name=d.t("signin.submit"), exact=True).click()
    d.page.locator("#main[data-actions]").wait_for()


def press(d: Desk, locator) -> None:
    """Reaches ``locator`` with Tab alone and presses Enter; waits for the action."""
    d.tab_to(locator)
    before = d.actions()
    d.page.keyboard.press("Enter")
    d.settle(before)


def check_in(d: Desk, server: str, tid: str, token: str) -> None:
    page = d.page
    d.tab("checkin")
    d.click(d.t("checkin.open"))
    page.locator("[data-open=yes]").wait_for()
    qr_name = re.escape(d.t("checkin.qr_alt", code="")[:10])
    page.get_by_role("img", name=re.compile(qr_name)).wait_for()      # the QR code shown
    code = page.locator(".code").inner_text()
    reply = httpx.post(f"{server}/v1/tournaments/{tid}/checkin", json={"code": code},
                       headers={"Authorization": f"Bearer {token}"})
    assert reply.status_code == 201, reply.text
    page.get_by_role("table", name=d.t("checkin.here")).get_by_role(
        "rowheader", name="Eve", exact=True).wait_for(timeout=8000)          # polled
    d.shot("15-vtes-checkin")
    for name in NAMES:                                  # staff mark the others, by keyboard
        mark = page.get_by_role("button", name=f"{d.t('checkin.mark')}: {name}", exact=True)
        press(d, mark)
        mark.wait_for(state="detached")
    page.get_by_text(d.t("checkin.all_here")).wait_for()
    d.click(d.t("checkin.close"))
    page.locator("[data-open=no]").wait_for()


def draft(d: Desk) -> None:
    page = d.page
    d.tab("product")
    d.click(d.t("draft.start"))
    pick_all = page.get_by_role("button", name=re.compile("^" + re.escape(
        d.t("draft.pick_all", count=2).split("2")[0])))
    done = page.locator("p", has_text=re.compile("^" + re.escape(d.t("draft.finished")) + " ·"))
    for _ in range(40):
        if done.count():
            break
        pick_all.first.wait_for(timeout=8000)
        before = d.actions()
        pick_all.first.click()
        d.settle(before)
    assert done.count(), "the draft did not finish"
    d.shot("16-vtes-draft")


def judge_call(d: Desk, server: str, tid: str, token: str) -> None:
    """A player calls a judge from their table; the desk acknowledges and resolves it."""
    page = d.page
    reply = httpx.post(f"{server}/v1/tournaments/{tid}/judge-calls",
                       json={"reason": "a rules question about a bleed"},
                       headers={"Authorization": f"Bearer {token}"})
    assert reply.status_code == 201, reply.text
    cid = reply.json()["call_id"]
    d.tab("calls")
    page.get_by_text("a rules question about a bleed").wait_for()
    d.shot("17-vtes-judge-call")
    press(d, page.get_by_role("button", name=f"{d.t('calls.acknowledge')}: Eve", exact=True))
    page.locator(f"[data-call={cid}][data-status=acknowledged]").wait_for()
    d.tab_to(page.get_by_label(d.t("calls.note"), exact=True))
    page.keyboard.type("explained the bleed; no penalty")
    page.keyboard.press("Tab")
    before = d.actions()
    page.keyboard.press("Enter")
    d.settle(before)
    page.get_by_role("table", name=d.t("calls.resolved", count=1)).get_by_text(
        "explained the bleed; no penalty").wait_for()
    call = httpx.get(f"{server}/v1/tournaments/{tid}/judge-calls?status=all",
                     headers={"Authorization": f"Bearer {d.key}"}).json()["calls"][0]
    assert call["status"] == "resolved" and call["note"] == "explained the bleed; no penalty"


def rounds(d: Desk, server: str, tid: str, token: str) -> None:
    page = d.page
    d.tab("rounds")
    for n in (1, 2, 3):                               # the three preliminary rounds
        d.click(d.t("tables.seat", n=n))
        vp = page.locator("form.result input[type=number]")
        vp.first.wait_for()
        if n == 1:
            page.reload()                             # survives a reload mid-round
            vp.first.wait_for()
            d.field(d.t("clock.reason")).fill("deck check")
            d.click(d.t("clock.extend"))
            d.shot("11-vtes-round")
            judge_call(d, server, tid, token)
            d.tab("rounds")
            vp.first.wait_for()
        for k, points in enumerate((3, 1, 1, 0, 0)):
            vp.nth(k).fill(str(points))
        d.click(d.t("round.enter"))
        page.get_by_role("heading", name=d.t("tables.standings"), exact=True).wait_for()
    d.click(d.t("tables.final"))
    for _ in range(5):                                # each qualifier picks the first seat left
        d.click(d.t("tables.position", n=1))
    vp = page.locator("form.result input[type=number]")
    vp.first.wait_for()
    for k, points in enumerate((2, 1, 1, 1, 0)):
        vp.nth(k).fill(str(points))
    d.shot("12-vtes-final")
    d.click(d.t("round.enter"))
    page.locator(".winner").wait_for()


def every_language(d: Desk, tid: str) -> None:
    """The check-in and judge-call screens in each language at 400 px: no message key
    left untranslated on screen, no serious or critical axe violation."""
    page = d.page
    page.set_viewport_size({"width": 400, "height": 900})
    for lang in LANGS:
        page.get_by_label(re.compile("^(" + "|".join(
            re.escape(json.loads((LOCALES / f"{x}.json").read_text("utf-8"))["nav.language"])
            for x in LANGS) + ")$")).select_option(lang)
        d.lang, d.width, d.m = lang, 400, json.loads((LOCALES / f"{lang}.json").read_text("utf-8"))
        for tab in ("checkin", "calls"):
            d.tab(tab)
            page.get_by_role("heading", level=2).first.wait_for()
            text = page.locator("#main").inner_text()
            assert not re.search(r"\b(checkin|calls|live)\.[a-z_]+", text), (lang, tab, text)
            if lang == "de":                               # the screenshots at 400 px
                d.shot({"checkin": "15-vtes-checkin", "calls": "17-vtes-judge-call"}[tab])
            else:
                d.axe(f"{tab}-{lang}")


@pytest.mark.parametrize(("lang", "width"), [("en", 1280), ("de", 400)])
def test_a_vtes_draft_event_with_its_final_through_the_desk(
        desk_server, chromium, shots, axe_core, lang, width):  # noqa: F811
    server = desk_server
    context = chromium.new_context(viewport={"width": width, "height": 900}, locale=lang)
    page = context.new_page()
    d = Desk(page, lang, width, shots)
    d.key = organizer_key(server, "Sunday V:TES")
    page.goto(f"{server}/v1/desk")
    sign_in(d, d.key)
    d.field(d.t("events.name")).fill("Sunday V:TES draft")
    d.field(d.t("events.game")).select_option("vtes")
    d.field(d.t("events.format")).select_option("booster-draft")
    d.field(d.t("events.packs")).fill("1")
    d.field(d.t("events.review")).fill("0")
    d.click(d.t("events.create"))
    page.wait_for_url("**/players")
    tid = page.url.split("#/t/")[1].split("/")[0]
    for name in NAMES:
        d.field(d.t("players.name")).fill(name)
        page.keyboard.press("Enter")
        page.get_by_role("rowheader", name=name, exact=True).wait_for()
    eve = httpx.post(f"{server}/v1/tournaments/{tid}/players", json={"name": "Eve"})
    assert eve.status_code == 201, eve.text                # registered on her phone
    token = eve.json()["token"]
    check_in(d, server, tid, token)
    d.tab("players")
    d.click(d.t("players.start", count=5))
    draft(d)
    rounds(d, server, tid, token)
    d.tab("finish")
    d.click(d.t("finish.finish"))
    page.get_by_text(d.t("finish.report", count=5)).wait_for()
    page.get_by_role("button", name=d.t("finish.archon")).wait_for()
    d.shot("13-vtes-report")
    every_language(d, tid)
    assert not d.violations, "\n".join(d.violations)
    live = httpx.get(f"{server}/v1/tournaments/{tid}/live").json()
    assert live["status"] == "finished" and live["format"] == "booster-draft"
    context.close()
