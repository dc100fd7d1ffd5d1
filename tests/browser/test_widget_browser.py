"""The store-website widget in headless Chromium: a store page on another origin pastes
the snippet; a result reported through the API appears in the browser."""
from __future__ import annotations

import json
import os
import pathlib
import shutil
import threading
import urllib.request

import pytest

from tests.browser.conftest import close_contexts
from tests.browser.local_server import serve

CHROMIUM = os.environ.get("PODIUM_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run"]

# CI (.ci/run sets PODIUM_REQUIRE_BROWSER=1; CI=true does too) fails instead of skipping.
REQUIRED = os.environ.get("PODIUM_REQUIRE_BROWSER") == "1" \
    or os.environ.get("CI", "").lower() == "true"
try:
    from playwright import sync_api
    MISSING = None
except ImportError:
    sync_api, MISSING = None, "playwright is not installed (pip install playwright)"
if MISSING is None and not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
    MISSING = f"no Chromium at {CHROMIUM} (apt-get install -y chromium)"
if MISSING and not REQUIRED:
    pytest.skip(MISSING, allow_module_level=True)


def test_browser_prerequisites_are_present():
    assert MISSING is None, f"{MISSING}: required by PODIUM_REQUIRE_BROWSER=1 / CI=true"


@pytest.fixture(scope="module")
def rt(tmp_path_factory):
    """One runtime for the module (each test makes its own tournaments): a runtime, a
    server and a browser started once instead of once per test."""
    from chalicelib.runtime import build_runtime, set_runtime
    from tests.conftest import make_config
    runtime = build_runtime(make_config(tmp_path_factory.mktemp("widget") / "data"))
    set_runtime(runtime)
    yield runtime
    set_runtime(None)


@pytest.fixture(scope="module")
def server(rt, chalice_app):
    with serve(chalice_app) as base:
        yield base


@pytest.fixture
def store_site():
    """Serves a store's page from its own origin."""
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
    servers = []

    def serve(html: str) -> str:
        class Page(BaseHTTPRequestHandler):
            def do_GET(self):
                body = html.encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass
        httpd = ThreadingHTTPServer(("127.0.0.1", 0), Page)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        servers.append(httpd)
        return f"http://localhost:{httpd.server_port}/"
    yield serve
    for httpd in servers:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture(scope="module")
def browser(shared_chromium):
    yield shared_chromium
    close_contexts(shared_chromium)


@pytest.fixture
def shots(tmp_path):
    """Where the screenshots go: ``PODIUM_WIDGET_SHOTS`` (docs/widget when refreshing
    the committed ones), else the test's temporary directory."""
    target = pathlib.Path(os.environ.get("PODIUM_WIDGET_SHOTS") or tmp_path)
    target.mkdir(parents=True, exist_ok=True)
    return target


WIDTHS = (400, 1280)
AA = 4.5          # WCAG 2.x AA, normal text
# Each text-bearing element's colour against the first opaque background behind it.
CONTRAST_JS = """root => {
  function rgb(s) { const m = s.match(/[\\d.]+/g).map(Number);
                    return {r: m[0], g: m[1], b: m[2], a: m.length > 3 ? m[3] : 1}; }
  function lin(c) {
    c /= 255; return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  }
  function lum(c) { return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b); }
  function background(el) {
    for (let n = el; n; n = n.parentElement) {
      const c = rgb(getComputedStyle(n).backgroundColor);
      if (c.a > 0) return c;
    }
    return {r: 255, g: 255, b: 255, a: 1};
  }
  const out = [];
  for (const el of root.querySelectorAll("*")) {
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own || !el.getClientRects().length) continue;
    const fg = lum(rgb(getComputedStyle(el).color)), bg = lum(background(el));
    const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
    out.push({text: el.textContent.trim().slice(0, 40), tag: el.tagName,
              ratio: Math.round(ratio * 100) / 100});
  }
  return out;
}"""


def _store_page(server: str, tid: str, attrs: str = "", style: str = "") -> str:
    return ("<!doctype html><html><head><meta name='viewport' content='width=device-width'>"
            f"<style>{style}</style></head><body><h1>Game store</h1>"
            f'<div data-podium-tournament="{tid}" data-refresh="1" {attrs}></div>'
            f'<script src="{server}/v1/widget.js" async></script></body></html>')


def _collect_errors(page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


def _column(page, table: str, n: int) -> list[str]:
    """The n-th cell (1-based, the row header counting) of each body row."""
    return [c.strip() for c in
            page.locator(f"{table} tbody tr > :nth-child({n})").all_text_contents()]


def _phase(page) -> str:
    return page.locator(".podium-phase-name").text_content()


def _reload(page, phase: str) -> None:
    page.reload()
    page.locator(f'.podium-w[data-phase="{phase}"]').wait_for(timeout=10_000)


def _contrast(page) -> list[dict]:
    return page.locator(".podium-w").evaluate(CONTRAST_JS)


def _contrast_failures(page) -> list[dict]:
    return [c for c in _contrast(page) if c["ratio"] < AA]


# Words (and records such as "3–0–0") laid out on more than one line: broken mid-token.
BROKEN_JS = """root => {
  const broken = [];
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    const text = node.textContent;
    for (const m of text.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].filter(r => r.width > 0)
                            .map(r => Math.round(r.top)));
      if (lines.size > 1) broken.push(m[0]);
    }
  }
  return broken;
}"""


def _shoot(page, shots: pathlib.Path, name: str) -> None:
    """The widget at 400 and 1280 px; at 400 nothing overflows sideways and no word or
    record is broken across lines ("Ta|ble", "3-|0-0")."""
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        box = page.locator(".podium-w")
        if width == 400:
            overflow = page.evaluate("document.documentElement.scrollWidth")
            assert overflow <= width, f"{name}: {overflow}px wide at {width}px"
            assert box.evaluate(BROKEN_JS) == [], f"{name}: broken mid-word at {width}px"
        _screenshot(box, shots / f"{name}-{width}.png")
    page.set_viewport_size({"width": 1280, "height": 900})


def _screenshot(box, path: pathlib.Path, tries: int = 3) -> None:
    """The widget's poll may replace its root between finding it and taking the picture
    ("not attached to the DOM"): take it again from the new root."""
    for attempt in range(tries):
        try:
            box.screenshot(path=str(path), animations="disabled")
            return
        except sync_api.Error as exc:
            if "not attached" not in str(exc) or attempt == tries - 1:
                raise


def test_vtes_tables_and_final_in_the_widget(api, server, browser, store_site, shots):
    """A V:TES event: a seated table (its clock), its VP/GW result arriving while the page
    is open, the five-player final, then the final standings; and the iframe page."""
    t = api.ready("vtes", "sealed", players=5, settings={"tables": {"rounds": 2}})
    tid, org = t["tid"], t["organizer"]
    base = f"/v1/tournaments/{tid}"
    seating = api.post(f"{base}/tables/rounds", token=org).body
    names = {p["player_id"]: p["name"] for p in t["players"]}
    tokens = {p["player_id"]: p["token"] for p in t["players"]}
    # A store website on another origin (another port, and "localhost": loopback, so
    # Chromium's private-network rules allow it) pastes the snippet.
    store_url = store_site(_store_page(server, tid))
    page = browser.new_page()
    errors = _collect_errors(page)
    page.goto(store_url)
    page.locator(".podium-round tbody tr").first.wait_for(timeout=10_000)
    table = seating["tables"][0]
    assert _column(page, ".podium-round", 2) == [names[p] for p in table]
    clock = page.locator(".podium-clock").text_content()
    assert clock.startswith(("2:00:", "1:59:")) and clock.endswith(" left"), clock
    assert page.locator(".podium-standings").count() == 0    # nothing reported yet

    winner = table[2]
    vp = {p: 0 for p in table}
    vp[winner], vp[table[0]] = 4, 1
    r = api.post(f"{base}/tables/rounds/1/tables/1/result", {"vp": vp}, token=org)
    assert r.status == 200
    page.locator(".podium-standings tbody tr").first.wait_for(timeout=10_000)
    first = page.locator(".podium-standings tbody tr").first
    assert [c.strip() for c in first.locator("th, td").all_text_contents()[:4]] == \
        ["1", names[winner], "1", "4"]
    assert _column(page, ".podium-round", 3) == [str(vp[p]) for p in table]
    assert _column(page, ".podium-round", 4) == ["1" if p == winner else "0" for p in table]
    assert page.locator(".podium-clock").count() == 0        # every result is in
    assert _phase(page) == "Round 1 of 2 complete"
    _shoot(page, shots, "vtes-round")
    second = api.post(f"{base}/tables/rounds", token=org).body["tables"][0]
    r = api.post(f"{base}/tables/rounds/2/tables/1/result",
                 {"vp": dict(zip(second, (2, 2, 1, 0, 0), strict=False))}, token=org)
    assert r.status == 200, r.body

    cut = api.post(f"{base}/tables/final", token=org).body
    for player in reversed(cut["qualifiers"]):       # V:EKN 3.1.3: the seat-choice row
        placed = api.post(f"{base}/tables/final/cards", {"position": 0},
                          token=tokens[player]).body
    _reload(page, "final")
    assert _phase(page).startswith("Final table")
    assert page.locator(".podium-clock").count() == 1
    assert _column(page, ".podium-round", 2) == [names[p] for p in placed["seating"]]
    _shoot(page, shots, "vtes-final")
    final_vp = dict(zip(placed["seating"], (3, 1, 1, 0, 0), strict=True))
    assert api.post(f"{base}/tables/final/result", {"vp": final_vp},
                    token=org).status == 200
    assert api.post(f"{base}/finish", token=org).status == 200
    _reload(page, "finished")
    champion = names[placed["seating"][0]]
    assert page.locator(".podium-winner").text_content() == f"Winner: {champion}"
    assert _column(page, ".podium-final", 2)[0] == champion
    assert page.locator(".podium-clock").count() == 0
    _shoot(page, shots, "vtes-finished")
    assert _contrast_failures(page) == []
    assert errors == []
    # The iframe page renders the same widget from the API's own origin, themed by ?theme=.
    frame = browser.new_page()
    frame.goto(f"{server}/v1/widget/{tid}?theme=dark")
    frame.locator(".podium-final tbody tr").first.wait_for(timeout=10_000)
    assert champion in frame.locator(".podium-final").text_content()
    assert frame.locator(".podium-w").get_attribute("data-theme") == "dark"
    assert _contrast_failures(frame) == []


def test_live_endpoint_over_http_revalidates_with_304(api, server):
    t = api.ready("vtes", "sealed", players=4)
    api.post(f"/v1/tournaments/{t['tid']}/tables/rounds", token=t["organizer"])
    url = f"{server}/v1/tournaments/{t['tid']}/live"
    with urllib.request.urlopen(url, timeout=5) as response:
        etag = response.headers["ETag"]
        assert response.headers["Access-Control-Allow-Origin"] == "*"
        assert json.loads(response.read())["round"]["number"] == 1
    request = urllib.request.Request(url, headers={"If-None-Match": etag,
                                                   "Origin": "http://store.example"})
    with pytest.raises(urllib.error.HTTPError) as not_modified:
        urllib.request.urlopen(request, timeout=5)
    assert not_modified.value.code == 304


# What a person reads at each phase of the Swiss event (tests/support/widget_event.py).
def _reads(phase: str, facts: dict) -> list[str]:
    return {
        "registration": ["Registration open", f"{facts['players']} players registered"],
        "product": ["Drafting"],
        "deck-building": ["Deck building", "Pairings appear here when round 1 starts"],
        "round-1": ["Round 1 of 2 in play", " left", "playing"],
        "round-2": ["Round 2 of 2 in play", "Bye (+2 pts)", "Dropped", "Standings after round 1"],
        "results": ["Round 2 of 2 complete", "draw", "2\u20130", "+ bye",
                    "Standings after round 2"],
        "top-cut": ["Top cut: Semifinals", "Top 4 bracket", "to be decided", "+ bye"],
        "finished": ["Final standings", f"Winner: {facts.get('winner')}", "Champion",
                     "Finalist", "Top 4 bracket"],
    }[phase]


def test_widget_through_each_phase_of_an_event(api, server, browser, store_site, shots):
    """One Swiss event from registration to the finish; at each phase the widget is read
    (the phase named, results as "2–1", the bye, the dropped player, the final standings
    and the winner, no clock after the finish), photographed at 400 and 1280 px, and
    its text contrast computed from the rendered colours in the light and dark themes."""
    from tests.support.widget_event import swiss_event
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = _collect_errors(page)
    lowest = {}
    for phase, facts in swiss_event(api):
        if phase == "registration":
            page.goto(store_site(_store_page(server, facts["tid"])))
        kind = {"round-1": "round", "round-2": "round", "results": "round"}.get(phase, phase)
        page.emulate_media(color_scheme="light")
        _reload(page, kind)
        text = page.locator(".podium-w").inner_text()
        for expected in _reads(phase, facts):
            assert expected in text, f"{phase}: {expected!r} not in {text!r}"
        assert "{" not in text and '":' not in text, f"{phase}: raw data shown: {text!r}"
        clocks = page.locator(".podium-clock").count()
        # Munchkin: "each round except the final match" is timed: the semifinals too
        assert clocks == (1 if phase in ("round-1", "round-2", "top-cut") else 0), phase
        if phase == "round-1":
            a, b, score = facts["scored"]
            row = page.locator(".podium-round tbody tr").filter(has_text=a)
            assert [c.strip() for c in row.locator("th, td").all_text_contents()[1:]] == \
                [a, b, score]
        if phase == "round-2":
            bye = page.locator(".podium-round tbody tr").filter(has_text="Bye (+2 pts)")
            assert bye.locator("td").first.text_content() == facts["bye"]
            dropped = page.locator(".podium-standings tbody tr").filter(
                has_text=facts["dropped"])
            assert dropped.locator(".podium-tag").text_content() == "Dropped"
        if phase == "results":
            bye_row = page.locator(".podium-standings tbody tr").filter(has_text=facts["bye"])
            points, record = [c.strip() for c in bye_row.locator("td").all_text_contents()[1:]]
            assert record.endswith(" + bye"), record          # a bye is not a win (issue 28)
            wins, losses, draws = map(int, record.split(" ")[0].split("\u2013"))
            assert int(points) == 2 * (wins + 1) + draws, (points, record)   # 2 a win or bye
        if phase == "finished":
            assert page.locator(".podium-winner").text_content() == f"Winner: {facts['winner']}"
            assert _column(page, ".podium-final", 2)[0] == facts["winner"]
            assert "Time!" not in text and " left" not in text
        # Table semantics: captions and scoped headers on every table.
        tables = page.locator(".podium-w table")
        for k in range(tables.count()):
            assert tables.nth(k).locator("caption").count() == 1
            assert tables.nth(k).locator("thead th[scope=col]").count() >= 2
        _shoot(page, shots, phase)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            ratios = _contrast(page)
            assert [c for c in ratios if c["ratio"] < AA] == [], (phase, scheme)
            lowest[scheme] = min([lowest.get(scheme, 99)] + [c["ratio"] for c in ratios])
        if phase in ("round-2", "finished"):
            _shoot(page, shots, f"{phase}-dark")      # the dark theme, by the preference
    assert page.locator(".podium-w").evaluate(
        "n => getComputedStyle(n).backgroundColor") == "rgb(21, 24, 29)"
    print(f"lowest text contrast: {lowest}")
    assert errors == []


def test_a_store_themes_the_widget(api, server, browser, store_site):
    """data-theme overrides the reader's preference; --podium-* properties override both."""
    t = api.ready("munchkin", "booster-draft", players=4)
    api.post(f"/v1/tournaments/{t['tid']}/swiss/rounds", token=t["organizer"])
    page = browser.new_page()
    page.emulate_media(color_scheme="dark")
    page.goto(store_site(_store_page(server, t["tid"], 'data-theme="light"')))
    page.locator(".podium-w").wait_for(timeout=10_000)
    colours = "n => [getComputedStyle(n).backgroundColor, getComputedStyle(n).color]"
    assert page.locator(".podium-w").evaluate(colours) == ["rgb(255, 255, 255)",
                                                           "rgb(27, 31, 36)"]
    assert _contrast_failures(page) == []
    styled = store_site(_store_page(
        server, t["tid"], 'data-theme="dark"',
        "body{--podium-accent:#ffd54f;--podium-accent-fg:#1a1a1a;--podium-bg:#101010}"))
    page.goto(styled)
    page.locator(".podium-w").wait_for(timeout=10_000)
    assert page.locator(".podium-w").evaluate(colours) == ["rgb(16, 16, 16)",
                                                           "rgb(238, 241, 244)"]
    pill = page.locator(".podium-phase-name").evaluate(
        "n => [getComputedStyle(n).backgroundColor, getComputedStyle(n).color]")
    assert pill == ["rgb(255, 213, 79)", "rgb(26, 26, 26)"]
    assert _contrast_failures(page) == []


def test_the_widget_speaks_the_readers_language(api, server, browser, store_site, shots):
    """data-lang="de" (and a German browser for the iframe page): every word German,
    numbers and times by Intl, at 400 px nothing broken mid-word."""
    t = api.ready("munchkin", "sealed", players=5)
    tid, org = t["tid"], t["organizer"]
    api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org)
    page = browser.new_page(viewport={"width": 400, "height": 900})
    errors = _collect_errors(page)
    page.goto(store_site(_store_page(server, tid, 'data-lang="de"')))
    page.locator(".podium-round tbody tr").first.wait_for(timeout=10_000)
    text = page.locator(".podium-w").inner_text()
    for expected in ("Runde 1 von 3 läuft", "Paarungen Runde 1", "Freilos (+2 Pkt.)",
                     "Tisch", "Gegner", "läuft"):
        assert expected in text, (expected, text)
    for english in ("Round", "Table", "Bye", "Opponent", " left"):   # names are "Player N"
        assert english not in text, (english, text)
    assert page.locator(".podium-clock").text_content().startswith("noch ")
    assert page.locator(".podium-w").get_attribute("lang") == "de"
    assert page.locator(".podium-w").evaluate(BROKEN_JS) == []
    _screenshot(page.locator(".podium-w"), shots / "round-de-400.png")
    frame = browser.new_page(locale="fr-FR")
    frame.goto(f"{server}/v1/widget/{tid}")
    frame.locator(".podium-round tbody tr").first.wait_for(timeout=10_000)
    assert "Appariements de la ronde 1" in frame.locator(".podium-w").inner_text()
    frame.goto(f"{server}/v1/widget/{tid}?lang=ru")
    frame.locator(".podium-round tbody tr").first.wait_for(timeout=10_000)
    assert "Пары тура 1" in frame.locator(".podium-w").inner_text()
    assert errors == []


def test_the_widget_follows_the_change_feed_without_polling(api, server, browser, store_site):
    """With polling an hour apart, a result still appears: the widget's EventSource on the
    public feed (here the app's own route: one answer, then ``retry``) says to read again."""
    t = api.ready("vtes", "sealed", players=5)
    tid, org = t["tid"], t["organizer"]
    base = f"/v1/tournaments/{tid}"
    table = api.post(f"{base}/tables/rounds", token=org).body["tables"][0]
    page = browser.new_page()
    errors = _collect_errors(page)
    page.goto(store_site(_store_page(server, tid).replace('data-refresh="1"',
                                                          'data-refresh="3600"')))
    page.locator(".podium-round tbody tr").first.wait_for(timeout=10_000)
    assert page.locator(".podium-standings").count() == 0
    vp = {p: 0 for p in table}
    vp[table[0]] = 5
    assert api.post(f"{base}/tables/rounds/1/tables/1/result", {"vp": vp},
                    token=org).status == 200
    page.locator(".podium-standings tbody tr").first.wait_for(timeout=15_000)
    assert errors == [], errors
