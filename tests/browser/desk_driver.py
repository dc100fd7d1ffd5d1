"""Drives the web desk (/v1/desk) in Chromium as an organizer would, finding everything by
the words of the desk's own translation files, checking each screen with axe-core and
saving a screenshot of each phase."""
from __future__ import annotations

import json
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
LOCALES = ROOT / "desk" / "src" / "locales"
AXE = ROOT / "desk" / "node_modules" / "axe-core" / "axe.min.js"


def messages(lang: str) -> dict[str, str]:
    return json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))


class Desk:
    def __init__(self, page, lang: str, width: int, shots: pathlib.Path | None):
        self.page, self.lang, self.width, self.shots = page, lang, width, shots
        self.m = messages(lang)
        self.seen: list[str] = []
        self.violations: list[str] = []

    def t(self, key: str, **vars) -> str:
        if "count" in vars:
            key = f"{key}.{'one' if vars['count'] == 1 and f'{key}.one' in self.m else 'other'}"
        text = self.m[key]
        return re.sub(r"\{(\w+)\}", lambda m: str(vars.get(m.group(1), m.group(0))), text)

    # -- checks ------------------------------------------------------------------------
    def axe(self, screen: str) -> None:
        """axe-core over the whole page: no serious or critical violation."""
        page = self.page
        if not page.evaluate("() => !!window.axe"):
            page.add_script_tag(path=str(AXE))
        found = page.evaluate("""async () => {
            const r = await axe.run(document, {resultTypes: ['violations']});
            return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
              .map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '));
        }""")
        self.violations += [f"{screen} ({self.lang}, {self.width}px): {v}" for v in found]

    def shot(self, name: str) -> None:
        """axe-core over the screen; its screenshot when screenshots are wanted."""
        self.axe(name)
        self.seen.append(name)
        if self.shots is not None:
            self.page.screenshot(path=str(self.shots / f"{name}-{self.lang}-{self.width}.png"),
                                 full_page=True)

    def no_error(self) -> None:
        alerts = self.page.locator(".error")
        assert alerts.count() == 0, alerts.first.inner_text()

    # -- acting ------------------------------------------------------------------------
    def actions(self) -> int:
        """How many actions the desk has finished (``main[data-actions]``)."""
        return int(self.page.locator("#main").get_attribute("data-actions") or 0)

    def click(self, name: str) -> None:
        """Clicks an action's button and waits for the action to finish, refused or not."""
        before = self.actions()
        self.page.get_by_role("button", name=name, exact=True).first.click()
        self.settle(before)

    def settle(self, before: int) -> None:
        """Waits for the action to finish and for the reads it started (``aria-busy``)."""
        self.page.wait_for_function(
            "n => Number(document.getElementById('main').dataset.actions) > n", arg=before)
        self.page.evaluate("() => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))")
        self.page.wait_for_function(
            "() => document.getElementById('main').getAttribute('aria-busy') !== 'true'")
        self.no_error()

    def tab(self, name: str) -> None:
        self.page.get_by_role("link", name=self.t(f"tab.{name}"), exact=True).click()
        self.page.get_by_role("link", name=self.t(f"tab.{name}"), exact=True).and_(
            self.page.locator("[aria-current=page]")).wait_for()

    def field(self, label: str):
        return self.page.get_by_label(label, exact=True)

    def tab_to(self, locator, limit: int = 400) -> None:
        """Presses Tab until ``locator`` has the focus (the keyboard alone reaches it)."""
        handle = locator.element_handle()
        for _ in range(limit):
            if self.page.evaluate("el => document.activeElement === el", handle):
                return
            self.page.keyboard.press("Tab")
        raise AssertionError(f"Tab never reached {locator}")

    def enter_results(self, by_keyboard: bool = False) -> int:
        """Enters a win for side a (1-0 in a best of one, 2-0 in a best of three) in every
        open match shown."""
        entered = 0
        while True:
            forms = self.page.locator("form.result")
            if forms.count() == 0:
                return entered
            form = forms.first
            inputs = form.locator("input[type=number]")
            row = form.locator("xpath=ancestor::tr")
            mid = row.get_attribute("data-match")
            best_of = int(row.get_attribute("data-best-of") or 1)
            a, b = str(best_of // 2 + 1), "0"
            before = self.actions()
            if by_keyboard:
                self.tab_to(inputs.nth(0))
                self.page.keyboard.type(a)
                self.page.keyboard.press("Tab")
                self.page.keyboard.type(b)
                self.page.keyboard.press("Enter")
            else:
                inputs.nth(0).fill(a)
                inputs.nth(1).fill(b)
                form.locator("button[type=submit]").click()
            try:
                self.page.wait_for_function(
                    "m => !document.querySelector(`tr[data-match='${m}'] form.result`)",
                    arg=mid, timeout=10000)
            except Exception:
                if self.shots is not None:
                    failed = self.shots / f"failed-{self.lang}-{self.width}.png"
                    self.page.screenshot(path=str(failed), full_page=True)
                raise
            self.settle(before)
            entered += 1
